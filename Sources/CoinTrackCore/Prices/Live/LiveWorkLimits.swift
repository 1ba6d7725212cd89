#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bounds on one command's live work (for `sync`, on each coin's): how many requests it may
/// make, and how long all of them may take together, so that no range and no slow server makes
/// a command run for hours, while a sync of a thousand coins is bounded coin by coin.
public struct LiveWorkLimits: Hashable, Sendable {
  public static let defaultMaximumRequests = 100
  public static let defaultMaximumMilliseconds = 120_000
  /// The variable that overrides `maximumRequests`.
  public static let requestsVariable = EnvironmentVariable(
    "COINTRACK_MAX_REQUESTS", .count(allowed: 0...100_000, default: defaultMaximumRequests),
    meaning: "How many requests one command (sync: each coin) may send to a live source, "
      + "retries included; 0 allows none.")
  /// The variable that overrides `maximumMilliseconds`.
  public static let timeVariable = EnvironmentVariable(
    "COINTRACK_RUN_TIMEOUT",
    .seconds(allowed: 0...86_400, default: Double(defaultMaximumMilliseconds) / 1000, whole: false),
    meaning: "How long one command (sync: each coin) may spend on live requests in all; 0 "
      + "allows none.")

  /// Requests one command may send, retries included; 0 allows none.
  public var maximumRequests = defaultMaximumRequests
  /// Milliseconds one command may spend on requests and rate-limit waits, from its start.
  public var maximumMilliseconds = defaultMaximumMilliseconds

  public init() {}
}

/// What one source has spent of its `LiveWorkLimits`, shared by all of its requests: a command
/// makes one source, `sync` one for each coin.
///
/// A class so that every copy of a requester draws on the same budget. `@unchecked Sendable`
/// because a source sends its requests one after another on one thread (`sync` fetches each
/// coin on one thread, with a source of its own); the budget is never touched concurrently.
final class LiveWorkBudget: @unchecked Sendable {
  let limits: LiveWorkLimits
  private let clock: @Sendable () -> Int
  private let startedAt: Int
  private var requestsMade = 0

  /// A budget whose time starts now; `clock` gives monotonic milliseconds.
  init(limits: LiveWorkLimits, clock: @escaping @Sendable () -> Int = LiveWorkBudget.monotonic) {
    self.limits = limits
    self.clock = clock
    startedAt = clock()
  }

  /// Milliseconds left before the command's time is up (0 when it is).
  var remainingMilliseconds: Int {
    Swift.max(0, limits.maximumMilliseconds - (clock() - startedAt))
  }

  /// Takes one request from the budget for `source`; fails when the requests or the time are
  /// used up.
  func spendRequest(for source: PriceSourceKind) throws(SourceError) {
    guard requestsMade < limits.maximumRequests else {
      throw SourceError.workLimitReached(
        source: source.rawValue, limit: .requests(limits.maximumRequests))
    }
    guard remainingMilliseconds > 0 else { throw timeIsUp(for: source) }
    requestsMade += 1
  }

  /// The error for a command whose time is up.
  func timeIsUp(for source: PriceSourceKind) -> SourceError {
    .workLimitReached(source: source.rawValue, limit: .milliseconds(limits.maximumMilliseconds))
  }

  /// Milliseconds from an arbitrary start, never going back.
  @Sendable static func monotonic() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }
}

extension PriceSourceKind {
  /// The first day this live source has prices for; a range starting earlier is asked only from
  /// here, and the days before have no price. Nil for the snapshot.
  ///
  /// Binance spot opened on 2017-07-14; CoinGecko's history starts on 2013-04-28. Twelve Data
  /// does not publish where its crypto history starts, so no crypto price can be older than
  /// Bitcoin's first block (2009-01-03) is the conservative bound.
  var firstDayWithPrices: Day? {
    switch self {
    case .offline: return nil
    case .coingecko: return Day(year: 2013, month: 4, day: 28)
    case .binance: return Day(year: 2017, month: 7, day: 14)
    case .twelvedata: return Day(year: 2009, month: 1, day: 3)
    }
  }
}
