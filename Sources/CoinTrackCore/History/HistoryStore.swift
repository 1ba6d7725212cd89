#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local price history: one CSV file per coin under `$XDG_DATA_HOME/cointrack/history/`,
/// which `cointrack sync` extends and the offline source reads beside the embedded snapshot.
///
/// Beside the state rather than in the cache, which users delete. Every write replaces one
/// coin's file atomically while holding `lockPath`, merging with what the file holds at that
/// moment, so that two syncs at once lose nothing and a killed one leaves each file as it was
/// before or after its write. Reading takes no lock: a reader sees the old file or the new one.
public struct HistoryStore: Sendable {
  /// The history's folder inside the data directory.
  public static let folderInDataHome = "cointrack/history"
  /// What a coin's file name adds to its encoded coin id.
  public static let fileExtension = ".csv"
  /// The first line of every file: the fields of each row.
  public static let header = "date,symbol,price,currency,source"
  /// What the lock file's path adds to the folder's.
  public static let lockSuffix = ".lock"
  /// A file larger than this is not one cointrack wrote (a century of closes is under 5 MB).
  public static let maximumFileSize = 16 * 1024 * 1024
  /// The longest line of a file, without its line break: the reader refuses a longer one, and
  /// the writer refuses to write one (a close of hundreds of digits), so that whatever sync
  /// stores is read back.
  public static let maximumLineLength = 512
  /// How many bytes from the end of a file hold its last row whatever its length: the longest
  /// line, its line break and the line break before it.
  static let tailLength = HistoryFormat.maximumLineLength + 2

  /// The history's folder.
  public let directory: String
  /// How long a writer waits for another writer's lock.
  public let lockTimeoutSeconds: Double
  /// The real date, whatever `--today` says: a row after it is one no source can have closed.
  public let today: Day
  /// Where a read says the rows it leaves out; nil where nobody is told.
  private let notices: SourceNotices?
  private let checkpoint: @Sendable (FileSystem.ReplaceStep) -> Void

  /// The history in `directory`, read on the real date `today`; `checkpoint` runs at each step
  /// of replacing a file, for the crash tests, as the state store's does.
  public init(
    directory: String, lockTimeoutSeconds: Double, today: Day,
    notices: SourceNotices? = nil,
    checkpoint: @escaping @Sendable (FileSystem.ReplaceStep) -> Void = { _ in }
  ) {
    self.directory = directory
    self.lockTimeoutSeconds = lockTimeoutSeconds
    self.today = today
    self.notices = notices
    self.checkpoint = checkpoint
  }

  /// `$XDG_DATA_HOME/cointrack/history`, under the same rules as the state file.
  public static func defaultDirectory(environment: Environment) throws(StateError) -> String {
    try StateStore.dataHome(environment: environment) + "/" + folderInDataHome
  }

  /// The lock beside the folder, held by every write of any coin's file.
  public var lockPath: String { directory + HistoryStore.lockSuffix }

  /// The file name of the coin with id `coinID`: the id percent-encoded as the cache encodes its
  /// entries, so that `symbol/..` becomes `symbol%2F...csv` and no id is ever a path of its own;
  /// the encoding is one to one, so two coins never share a file.
  public static func fileName(of coinID: String) -> String {
    PriceCache.fileName(coinID) + fileExtension
  }

  /// The coin id a history file name stands for; nil for a name `fileName` never gives.
  static func coinID(ofFileName name: String) -> String? {
    guard name.hasSuffix(fileExtension) else { return nil }
    let encoded = Array(name.utf8.dropLast(fileExtension.utf8.count))
    var bytes: [UInt8] = []
    var index = 0
    while index < encoded.count {
      if encoded[index] == UInt8(ascii: "%") {
        guard index + 2 < encoded.count,
          let value = UInt8(
            String(decoding: encoded[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(value)
        index += 3
      } else {
        bytes.append(encoded[index])
        index += 1
      }
    }
    guard let id = String(validating: bytes, as: UTF8.self), fileName(of: id) == name else {
      return nil
    }
    return id
  }

  /// The file of `coin`.
  public func path(of coin: Coin) -> String {
    directory + "/" + HistoryStore.fileName(of: coin.id)
  }

  /// The ids of the coins the history holds, from the file names alone.
  public func coinIDs() -> [String] {
    FileSystem.entryNames(in: directory).compactMap(HistoryStore.coinID(ofFileName:)).sorted()
  }

  /// The coin's whole history, checked; nil when it has no file.
  public func history(of coin: Coin) throws(HistoryError) -> CoinHistory? {
    try read(path(of: coin), symbol: coin.symbol)
  }

  /// The last row of each coin's file, by position. The folder is listed first, so that a coin
  /// without a file is never opened: a list of a thousand tracked coins, few of them synced,
  /// would otherwise try a thousand missing files.
  public func lastRows(of coins: [Coin]) throws(HistoryError) -> LastHistoryRows {
    var lastRows = LastHistoryRows(capacity: coins.count)
    let folder = try HistoryFolder(path: directory)
    for coin in coins {
      let name = HistoryStore.fileName(of: coin.id)
      lastRows.append(
        folder.contains(name)
          ? try lastRow(inFileAt: directory + "/" + name, symbol: coin.symbol) : nil)
    }
    return lastRows
  }

  /// The coin's last row, read from the end of its file (and its header from the start), so
  /// that `coins list` costs the same whatever the history's length; nil when it has none.
  public func lastRow(of coin: Coin) throws(HistoryError) -> HistoryRow? {
    try lastRow(inFileAt: path(of: coin), symbol: coin.symbol)
  }

  /// The symbol the rows of the file of the coin with id `coinID` name: how a coin only the
  /// history holds is known; nil when it has no file or no row.
  public func symbol(ofCoinID coinID: String) throws(HistoryError) -> String? {
    try lastRow(inFileAt: directory + "/" + HistoryStore.fileName(of: coinID), symbol: nil)?
      .symbol
  }

  /// The last row of the file at `path` on or before today, its rows naming `symbol` (any one,
  /// when nil); nil when there is no such file or it has no such row.
  private func lastRow(inFileAt path: String, symbol: String?) throws(HistoryError)
    -> HistoryRow?
  {
    let opened: (descriptor: Int32, status: stat)?
    do {
      opened = try FileSystem.openRegularFile(path, flags: O_RDONLY, operation: "read")
    } catch {
      throw HistoryError.unreadable(path: path, reason: error.reason)
    }
    guard let (descriptor, status) = opened else { return nil }
    defer { close(descriptor) }
    let size = Int(status.st_size)
    let headerLength = HistoryFormat.header.utf8.count + 1
    // The header and the tail share one buffer, as both are read of every coin's file.
    let result: Result<HistoryRow?, HistoryError> =
      withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: headerLength + HistoryStore.tailLength
      ) { buffer in
        Result { () throws(HistoryError) in
          try lastRow(
            descriptor, size: size, headerLength: headerLength, buffer: buffer, path: path,
            symbol: symbol)
        }
      }
    // A last row after today is left out, as a whole read leaves it out and says so; the rows
    // before it are found by that read.
    let last = try result.get()
    guard let last, last.day > today else { return last }
    return try read(path, symbol: symbol)?.rows.last
  }

  /// The last row of the open file of `size` bytes, read into `buffer`, which holds its header
  /// and its tail; nil when the file has no row.
  private func lastRow(
    _ descriptor: Int32, size: Int, headerLength: Int, buffer: UnsafeMutableBufferPointer<UInt8>,
    path: String, symbol: String?
  ) throws(HistoryError) -> HistoryRow? {
    let headCount = try readBytes(
      descriptor, at: 0, count: min(size, headerLength), into: buffer, path: path)
    let head = UnsafeBufferPointer(rebasing: buffer[..<headCount])
    try HistoryFormat.checkHeader(UnsafeBufferPointer(rebasing: head.dropLast()), path: path)
    guard head.last == UInt8(ascii: "\n") else {
      throw HistoryError.damaged(path: path, line: 1, reason: "the first line does not end")
    }
    guard size > headerLength else { return nil }
    let start = max(headerLength, size - HistoryStore.tailLength)
    let tailBuffer = UnsafeMutableBufferPointer(rebasing: buffer[headerLength...])
    let tailCount = try readBytes(
      descriptor, at: start, count: size - start, into: tailBuffer, path: path)
    let tail = UnsafeBufferPointer(rebasing: tailBuffer[..<tailCount])
    guard tail.last == UInt8(ascii: "\n") else {
      throw HistoryError.damaged(
        path: path, line: 0, reason: "the last line does not end with a line break")
    }
    let body = tail.dropLast()
    guard
      let lineStart = body.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 })
        ?? (start == headerLength ? body.startIndex : nil)
    else {
      throw HistoryError.damaged(
        path: path, line: 0,
        reason: "the last line is longer than \(HistoryFormat.maximumLineLength) bytes")
    }
    let line = UnsafeBufferPointer(rebasing: body[lineStart...])
    // The line number would cost reading the whole file; 0 stands for "the last line".
    return try HistoryFormat.row(line, number: 0, path: path, symbol: symbol)
  }

  /// Adds `rows` (one coin's, ascending) for the days the file lacks, under the lock, merged
  /// with what the file holds then; returns the rows added. The file is left as it was when
  /// nothing is new or anything fails, such as a row longer than a line may be. Rows the file
  /// holds after today, which its readers leave out, are dropped.
  public func add(_ rows: [HistoryRow], to coin: Coin) throws -> [HistoryRow] {
    guard let first = rows.first else { return [] }
    let path = self.path(of: coin)
    do {
      try FileSystem.makePrivateDirectory(directory)
    } catch {
      throw HistoryError.unwritable(path: error.path, reason: error.reason)
    }
    return try FileLock.withLock(path: lockPath, timeoutSeconds: lockTimeoutSeconds) {
      FileSystem.removeLeftoverTemporaries(of: path)
      let held = try read(path, symbol: coin.symbol).map { Array($0.rows) } ?? []
      if let currency = held.first?.currency, currency != first.currency {
        throw HistoryError.currencyMismatch(
          symbol: coin.symbol, held: currency, source: first.source, quotes: [first.currency])
      }
      let heldDays = Set(held.map(\.day))
      let added = rows.filter { !heldDays.contains($0.day) }
      guard !added.isEmpty else { return [] }
      let merged = (held + added).sorted { $0.day < $1.day }
      let bytes = Array(try HistoryFormat.text(of: merged).utf8)
      guard bytes.count <= HistoryStore.maximumFileSize else {
        throw HistoryError.unwritable(
          path: path,
          reason: "it would be larger than the \(HistoryStore.maximumFileSize) bytes a price "
            + "history file may hold")
      }
      do throws(FileError) {
        try FileSystem.replaceAtomically(path, with: bytes, mode: 0o600, checkpoint: checkpoint)
      } catch {
        throw HistoryError.unwritable(path: error.path, reason: error.reason)
      }
      return added
    }
  }

  /// The checked history in `path`, its rows naming `symbol` (any one, when nil), without the
  /// rows after today, which are said to `notices`; nil when there is no file.
  private func read(_ path: String, symbol: String?) throws(HistoryError) -> CoinHistory? {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFileIfPresent(path, limit: HistoryStore.maximumFileSize)
    } catch {
      if case .tooLarge = error.cause {
        throw HistoryError.damaged(path: path, line: 0, reason: error.reason)
      }
      throw HistoryError.unreadable(path: path, reason: error.reason)
    }
    guard let bytes else { return nil }
    let read = try HistoryFormat.history(of: bytes, path: path, symbol: symbol, today: today)
    if let after = read.afterToday {
      notices?.post(
        .historyRowsAfterToday(path: path, line: after.line, day: after.day, count: after.count))
    }
    return read.history
  }

  /// Reads `count` bytes of the file from `offset` into the start of `buffer`, which holds at
  /// least that many; returns how many it read, fewer only when the file shrank meanwhile.
  private func readBytes(
    _ descriptor: Int32, at offset: Int, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>,
    path: String
  ) throws(HistoryError) -> Int {
    var initialized = 0
    while initialized < count {
      let read = pread(
        descriptor, buffer.baseAddress! + initialized, count - initialized,
        off_t(offset + initialized))
      if read < 0 {
        if errno == EINTR { continue }
        throw HistoryError.unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if read == 0 { break }
      initialized += read
    }
    return initialized
  }
}

/// The last row of each of a list of coins' history files, by the coin's position; nil where a
/// coin has none.
public struct LastHistoryRows: Sendable {
  private var rows: [HistoryRow?] = []

  init(capacity: Int) {
    rows.reserveCapacity(capacity)
  }

  /// Adds the next coin's last row.
  mutating func append(_ row: HistoryRow?) {
    rows.append(row)
  }

  /// The last row of the coin at `coin`.
  public subscript(coin: Int) -> HistoryRow? { rows[coin] }
}
