#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The disk cache of live sources: one small JSON document per entry, written atomically.
///
/// The cache is an optimisation: an entry that cannot be read as what it should be is deleted and
/// fetched again, and a failed write only means the next run asks the API again. It holds only
/// what an answer proved; see `LivePriceSource`.
public struct PriceCache: Sendable {
  /// Entries larger than this are not ours; they are dropped rather than parsed.
  static let maximumEntrySize = 16 * 1024 * 1024

  /// `$XDG_CACHE_HOME/cointrack` or `~/.cache/cointrack`.
  public let directory: String
  /// Seconds since the Unix epoch, for the age of entries.
  public let now: @Sendable () -> Int

  public init(directory: String, now: @escaping @Sendable () -> Int) {
    self.directory = directory
    self.now = now
  }

  /// The variable naming the directory the cache's folder lives in.
  public static let cacheHomeVariable = "XDG_CACHE_HOME"
  /// Where in HOME the cache directory is when the variable does not say (the XDG default).
  public static let cacheHomeInHome = ".cache"
  /// The cache's folder inside the cache directory.
  public static let folderInCacheHome = "cointrack"

  /// The cache directory the XDG spec gives: XDG_CACHE_HOME when absolute, else ~/.cache; nil when
  /// neither is known, and live sources then run uncached.
  public static func defaultDirectory(environment: Environment) throws(EnvironmentError)
    -> String?
  {
    try environment.directory(cacheHomeVariable, underHome: cacheHomeInHome).map {
      $0 + "/" + folderInCacheHome
    }
  }

  /// The document stored as `name`, or nil when there is none or it cannot be used.
  ///
  /// A regular file that does not parse is removed, so it is fetched again. Anything else at the
  /// path (a FIFO, a directory, a socket, a link to one of them, a file we may not read) is not
  /// ours: it is left alone, never opened blocking, and the entry counts as missing.
  func document(_ name: String) -> JSONValue? {
    let path = self.path(of: name)
    guard
      let bytes = try? FileSystem.readFileIfPresent(path, limit: PriceCache.maximumEntrySize)
    else { return nil }
    guard let document = try? JSONParser.parse(bytes) else {
      unlink(path)
      return nil
    }
    return document
  }

  /// Drops the entry `name`, for an entry that parsed but is not the shape it should be.
  func discard(_ name: String) {
    unlink(path(of: name))
  }

  /// Stores `document` as `name`, replacing any older entry in one step, and removes what
  /// killed runs left behind in the same folder; a document larger than a read takes is not
  /// stored.
  ///
  /// Something other than a regular file at the path is not ours to replace: the entry is then
  /// not stored, as with any other failed write.
  func store(_ document: JSONValue, as name: String) {
    let path = self.path(of: name)
    var status = stat()
    if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG { return }
    let bytes = Array(JSONWriter.compact(document).utf8)
    // An entry the reader would drop unread is not written.
    guard bytes.count <= PriceCache.maximumEntrySize else { return }
    do {
      let folder = FileSystem.directory(of: path)
      try FileSystem.makePrivateDirectory(folder)
      FileSystem.removeAbandonedTemporaries(in: folder, now: now())
      // Not flushed: an entry lost in a crash costs a request, while a flush of each entry
      // made a sync of a thousand coins wait for the disk a thousand times more.
      try FileSystem.replaceAtomically(path, with: bytes, mode: 0o600, isDurable: false)
    } catch {
      // A cache that cannot be written costs a request next time; it must not fail the command.
    }
  }

  /// `name` made safe as a file name: percent-encoded as in a URL, so that the '/' of `BTC/USD`
  /// becomes `%2F`.
  static func fileName(_ name: String) -> String {
    let safe = LiveRequester.percentEncoded(name)
    // A name of dots alone would walk the directory tree.
    return safe.allSatisfy { $0 == "." } ? "%2E" + safe.dropFirst() : safe
  }

  private func path(of name: String) -> String {
    directory + "/" + name
  }
}

/// The closed days of one coin and currency that a source has answered for.
struct CachedCloses: Equatable {
  /// The close of each day that has one.
  var closes: [Day: Price] = [:]
  /// The ranges of days the source was asked for; a covered day without a close has none.
  var covered: [DayRange] = []

  /// The days from the first to the last day of `range` that no earlier answer proved; nil when
  /// it proved them all.
  func uncoveredSpan(in range: DayRange) -> DayRange? {
    let gaps = uncovered(in: range)
    return gaps.first.flatMap { DayRange(from: $0.first, to: gaps[gaps.count - 1].last) }
  }

  /// The days from the first to the last day of `range` that have no close, whether or not an
  /// answer proved them absent; nil when every day has one.
  func daysWithoutClose(in range: DayRange) -> DayRange? {
    guard let first = range.first(where: { closes[$0] == nil }) else { return nil }
    var last = range.last
    while closes[last] != nil { last = last.adding(days: -1) }
    return DayRange(from: first, to: last)
  }

  /// The parts of `range` that no earlier answer proved, in order.
  func uncovered(in range: DayRange) -> [DayRange] {
    var gaps: [DayRange] = []
    var start = range.first
    for known in covered.sorted(by: { $0.first < $1.first }) where known.last >= start {
      if known.first > range.last { break }
      if known.first > start, let gap = DayRange(from: start, to: known.first.adding(days: -1)) {
        gaps.append(gap)
      }
      start = Swift.max(start, known.last.adding(days: 1))
      if start > range.last { return gaps }
    }
    if let tail = DayRange(from: start, to: range.last) { gaps.append(tail) }
    return gaps
  }

  /// Adds what a request returned, and the days it proved (`range`, nil for none), merging
  /// overlapping or adjacent covered ranges.
  mutating func record(_ fetched: [Day: Price], covering range: DayRange?) {
    closes.merge(fetched) { _, new in new }
    guard let range else { return }
    var merged: [DayRange] = []
    for next in (covered + [range]).sorted(by: { $0.first < $1.first }) {
      if let last = merged.last, next.first <= last.last.adding(days: 1) {
        merged[merged.count - 1] = DayRange(from: last.first, to: Swift.max(last.last, next.last))!
      } else {
        merged.append(next)
      }
    }
    covered = merged
  }

  /// The cache document.
  var json: JSONValue {
    .object([
      JSONMember(
        "closes",
        .object(
          closes.sorted { $0.key < $1.key }.map {
            JSONMember($0.key.description, .string($0.value.text))
          }
        )),
      JSONMember(
        "covered",
        .array(
          covered.map { .array([.string($0.first.description), .string($0.last.description)]) })),
    ])
  }

  /// Reads a cache document; nil when it is not one.
  init?(json: JSONValue) {
    guard case .object(let closeMembers)? = json["closes"],
      case .array(let ranges)? = json["covered"]
    else { return nil }
    for member in closeMembers {
      guard let day = Day(iso: member.key), case .string(let text) = member.value,
        let price = Price(decimalText: text)
      else { return nil }
      closes[day] = price
    }
    for range in ranges {
      guard case .array(let ends) = range, ends.count == 2, case .string(let first) = ends[0],
        case .string(let last) = ends[1], let firstDay = Day(iso: first),
        let lastDay = Day(iso: last), let days = DayRange(from: firstDay, to: lastDay)
      else { return nil }
      covered.append(days)
    }
  }

  init() {}
}
