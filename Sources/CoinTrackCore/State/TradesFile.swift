#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The trades journal, `trades.jsonl` beside the state file: one trade a line, each its JSON
/// object (`Trade.json`) written compactly, in id order, appended to and never rewritten except
/// by a removal.
///
/// A last line without its newline is an append that a crash cut short: readers ignore it and the
/// next append removes it first. Its trade was never reported recorded, and its id stays given
/// out, because the state file's `next_trade_id` is saved before the append.
public struct TradesFile: Sendable {
  /// The journal's name in the state file's directory.
  public static let fileName = "trades.jsonl"
  /// The longest line, its newline included: a trade is some hundred bytes, so a longer line is
  /// not one cointrack wrote; the bound keeps a reader's memory bounded.
  public static let maximumLineLength = 65_536
  /// The largest journal: over two million trades of the usual size, all of which a reader holds
  /// in memory.
  public static let maximumFileSize = 512 * 1024 * 1024

  /// The journal file.
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The journal beside the state file at `statePath`.
  public init(besideStateFile statePath: String) {
    self.init(path: FileSystem.directory(of: statePath) + "/" + TradesFile.fileName)
  }

  /// How many trades an append encodes and writes at a time: a million trades' lines are not
  /// held in memory at once.
  static let appendBlock = 4096

  /// The lines of `trades`, each checked against the reader's bound first.
  func lines(of trades: some Collection<Trade>) throws(StateError) -> [UInt8] {
    var bytes: [UInt8] = []
    for trade in trades {
      // An origin the reader would refuse is never written (import checks each on the way in).
      if let origin = trade.origin, !origin.withUTF8Bytes(Trade.isOrigin) {
        throw StateError.unwritable(
          path: path, reason: "trade \(trade.id) has an origin no reader would read back")
      }
      let start = bytes.count
      bytes += JSONWriter.compact(trade.json).utf8
      bytes.append(UInt8(ascii: "\n"))
      guard bytes.count - start <= TradesFile.maximumLineLength else {
        throw StateError.wouldBeTooLarge(
          path: path, size: bytes.count - start, limit: TradesFile.maximumLineLength)
      }
    }
    return bytes
  }

  /// Refuses a journal of `size` bytes, which no reader would read.
  func checkSize(_ size: Int) throws(StateError) {
    guard size <= TradesFile.maximumFileSize else {
      throw StateError.wouldBeTooLarge(path: path, size: size, limit: TradesFile.maximumFileSize)
    }
  }

  /// The journal as one cointrack cannot use, for `reason`.
  func unusable(_ reason: String) -> StateError {
    StateError.unusable(path: path, reason: reason)
  }

  /// The size of the lines of `trades`, each checked against the reader's bound.
  func size(of trades: [Trade]) throws(StateError) -> Int {
    var size = 0
    for start in stride(from: 0, to: trades.count, by: TradesFile.appendBlock) {
      size += try lines(of: trades[start..<min(start + TradesFile.appendBlock, trades.count)]).count
    }
    return size
  }

  /// Appends the lines of `trades` at `end`, the end of the journal's last whole line (which
  /// removes a torn line), and flushes them to the disk. On failure the journal is cut back to
  /// its whole lines, as it was.
  ///
  /// Only under the state's lock, after `size(of:)` and `prepareAppend` have checked the bounds.
  func append(_ trades: [Trade], at end: Int) throws(StateError) {
    let descriptor: Int32
    do throws(FileError) {
      guard
        let opened = try FileSystem.openRegularFile(
          path, flags: O_WRONLY | O_CREAT | O_NOFOLLOW, operation: "write")
      else { throw FileError(path: path, operation: "write", errorNumber: ENOENT) }
      descriptor = opened.descriptor
    } catch {
      throw StateError.unwritable(path: path, reason: error.reason)
    }
    defer { close(descriptor) }
    var offset = end
    var failure: Int32 = 0
    for start in stride(from: 0, to: trades.count, by: TradesFile.appendBlock) where failure == 0 {
      let lines = try lines(of: trades[start..<min(start + TradesFile.appendBlock, trades.count)])
      var written = 0
      while written < lines.count {
        let count = lines.withUnsafeBytes {
          pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(offset + written))
        }
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        written += count
      }
      offset += written
    }
    if failure == 0, ftruncate(descriptor, off_t(offset)) != 0 { failure = errno }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    guard failure == 0 else {
      _ = ftruncate(descriptor, off_t(end))
      throw StateError.unwritable(path: path, reason: String(cString: strerror(failure)))
    }
    // A journal this append may have created is kept only once its directory entry is flushed.
    if end == 0 { FileSystem.syncDirectory(of: path) }
  }

  /// Where the next line goes: the end of the journal's last whole line (0 with no journal),
  /// after checking that `count` more bytes there keep the journal within its bound.
  ///
  /// Reads at most the last line, never the journal.
  func prepareAppend(count: Int) throws(StateError) -> Int {
    let opened: (descriptor: Int32, status: stat)?
    do {
      opened = try FileSystem.openRegularFile(path, flags: O_RDONLY, operation: "read")
    } catch {
      throw StateError.unreadable(path: path, reason: error.reason)
    }
    guard let (descriptor, status) = opened else {
      try checkSize(count)
      return 0
    }
    defer { close(descriptor) }
    let size = Int(status.st_size)
    let tail = min(size, TradesFile.maximumLineLength)
    var bytes = [UInt8](repeating: 0, count: tail)
    let readCount = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress!, tail, off_t(size - tail))
    }
    guard readCount == tail else {
      throw StateError.unreadable(
        path: path, reason: readCount < 0 ? String(cString: strerror(errno)) : "it shrank")
    }
    guard let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) else {
      // No newline in the last line's room: the journal holds only a torn line, or is no journal.
      guard size < TradesFile.maximumLineLength else {
        throw unusable(
          "its last line is longer than the \(TradesFile.maximumLineLength) bytes allowed")
      }
      try checkSize(count)
      return 0
    }
    let end = size - tail + newline + 1
    try checkSize(end + count)
    return end
  }
}
