import Synchronization

/// Something a source wants the user to know about an answer that still succeeded, such as
/// days a live source could not give because of the API plan, or rows of the local history it
/// left out. The core never prints it: the CLI does, on stderr, after the data.
public enum SourceNotice: Hashable, Sendable {
  /// The plan in use answers only the last `windowDays` days, so `days` got no price.
  case historyBeyondPlan(source: String, windowDays: Int, days: DayRange)
  /// The history file at `path` has `count` rows after the real date, from `day` at `line` on,
  /// which no source can have closed; they are left out.
  case historyRowsAfterToday(path: String, line: Int, day: Day, count: Int)
}

/// Where the sources of one run leave their notices; the CLI reads them once the command is done.
///
/// A class, because a source is a value handed around freely while the run needs one board.
public final class SourceNotices: Sendable {
  private let notices = Mutex<[SourceNotice]>([])

  public init() {}

  /// Every notice posted so far, in order; notices about the same limit are merged into one.
  public var all: [SourceNotice] { notices.withLock { $0 } }

  /// Adds `notice`, widening an earlier notice about the same plan limit instead of repeating it.
  func post(_ notice: SourceNotice) {
    notices.withLock { notices in
      guard case .historyBeyondPlan(let source, let window, let days) = notice,
        let index = notices.firstIndex(where: {
          if case .historyBeyondPlan(source, window, _) = $0 { return true }
          return false
        }),
        case .historyBeyondPlan(_, _, let earlier) = notices[index],
        let merged = DayRange(
          from: Swift.min(earlier.first, days.first), to: Swift.max(earlier.last, days.last))
      else {
        if !notices.contains(notice) { notices.append(notice) }
        return
      }
      notices[index] = .historyBeyondPlan(source: source, windowDays: window, days: merged)
    }
  }
}
