#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the journal: in parts at the same time, one a core, each by the one block loop.
extension TradesFile {
  /// The shortest line a trade can have, its newline included: every member a trade must have,
  /// each `"key":` and a value of one byte at least, separated by commas within braces. A part of
  /// the journal holds at most its size over this many trades, which is the room it is given.
  static let shortestLineLength: Int = {
    let required = Trade.keys.count - Trade.optionalKeyCount
    let members = (0..<required).reduce(0) { $0 + Trade.keys[$1].utf8.count + 4 }
    return members + (required - 1) + 2 + 1
  }()

  /// How many bytes of the journal are read at a time.
  static let blockSize = 32 << 10

  /// The fewest bytes worth a thread of their own: a journal smaller than two parts is read on
  /// the calling thread alone, where a thread would cost more than it saves.
  static let smallestPart = 4 << 20
  /// The most parts a journal is read in, however many cores there are.
  static let mostParts = 4
  /// How many parts a journal of `size` bytes is read in: one a core, at most `mostParts`, each
  /// of at least `smallestPart` bytes.
  static func partCount(size: Int) -> Int {
    max(1, min(mostParts, sysconf(Int32(_SC_NPROCESSORS_ONLN)), size / smallestPart))
  }

  /// The trades of the journal, in id order, each below `nextTradeID`; none when there is no
  /// journal. Read a block at a time, never the whole file at once, in `parts` (by default
  /// `partCount(size:)`) read at the same time on threads of their own.
  ///
  /// Every part reads its trades straight into the one array returned, each into room of its
  /// own as large as its lines could hold (`shortestLineLength`), and the parts are then moved
  /// together: no trade is copied, only moved, and the memory is that of the trades once.
  func readTrades(nextTradeID: Int, parts: Int? = nil) throws(StateError) -> [Trade] {
    let opened: (descriptor: Int32, status: stat)?
    do {
      opened = try FileSystem.openRegularFile(path, flags: O_RDONLY, operation: "read")
    } catch {
      throw StateError.unreadable(path: path, reason: error.reason)
    }
    guard let (descriptor, status) = opened else { return [] }
    defer { close(descriptor) }
    let size = Int(status.st_size)
    guard size <= TradesFile.maximumFileSize else {
      throw unusable(
        FileError(
          path: path, operation: "read", cause: .tooLarge(limit: TradesFile.maximumFileSize)
        )
        .reason)
    }
    let starts = try partStarts(
      descriptor, size: size, parts: parts ?? TradesFile.partCount(size: size))
    let lengths = zip(starts, starts.dropFirst() + [size]).map { $1 - $0 }
    let rooms = lengths.map { $0 / TradesFile.shortestLineLength }
    // Where each part's room starts in the array.
    let firsts = rooms.indices.map { rooms[..<$0].reduce(0, +) }
    var failure: StateError?
    let trades = [Trade](unsafeUninitializedCapacity: rooms.reduce(0, +)) { buffer, count in
      let room = UncheckedBuffer(buffer)
      let results = PartResults(count: starts.count)
      defer { results.deallocate() }
      ParallelWork.run(
        groups: Array(repeating: 0, count: starts.count), limits: [starts.count],
        threads: starts.count
      ) { part in
        let result = Result { () throws(PartFailure) in
          try self.readPart(
            descriptor, from: starts[part], length: lengths[part],
            into: room.slice(from: firsts[part], count: rooms[part]))
        }
        results.keep(result, of: part)
      }
      // The parts in file order, each moved down to follow the one before: the first failure is
      // the first bad line of the file, numbered once the lines before it are counted. After a
      // failure, the trades of every part are let go.
      count = 0
      for part in starts.indices {
        switch results.take(part) {
        case .success(let read) where failure == nil:
          // Down to just after the trades before: to a lower place or the same, never past the
          // part's own trades, which a move from front to back reads before it overwrites.
          room.move(from: firsts[part], count: read, to: count)
          count += read
        case .success(let read):
          room.slice(from: firsts[part], count: read).deinitialize()
        case .failure(let partFailure):
          if failure == nil { failure = error(partFailure, linesBefore: count) }
        }
      }
      if failure != nil {
        room.slice(from: 0, count: count).deinitialize()
        count = 0
      }
      // The later parts' trades were first written past where they now are: that memory is
      // given back rather than held for as long as the trades are.
      if starts.count > 1 { room.giveBackPages(from: count) }
    }
    if let failure { throw failure }
    // The line of the trade the check blames; nil for `next_trade_id`.
    var blamed: Int?
    do {
      try TrackerState.checkTrades(trades, nextTradeID: nextTradeID) { index, key in
        blamed = index
        return key
      }
    } catch {
      throw unusable(problem(error, line: blamed.map { $0 + 1 }))
    }
    return trades
  }

  /// Where each part of a journal of `size` bytes starts: just after the first newline from
  /// each of `parts` equal shares on, so that every part but the last ends with a whole line.
  /// A share with no newline within a line's bound after it (its line is too long, or torn at
  /// the end) starts no part: its bytes are read by the part before.
  func partStarts(_ descriptor: Int32, size: Int, parts: Int) throws(StateError) -> [Int] {
    var starts = [0]
    guard parts > 1 else { return starts }
    var window = [UInt8](repeating: 0, count: TradesFile.maximumLineLength)
    for part in 1..<parts {
      let share = size / parts * part
      guard share > starts[starts.count - 1] else { continue }
      let count = window.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress!, min($0.count, size - share), off_t(share))
      }
      guard count >= 0 else {
        throw StateError.unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      guard let newline = window[..<count].firstIndex(of: UInt8(ascii: "\n")),
        share + newline + 1 < size
      else { continue }
      starts.append(share + newline + 1)
    }
    return starts
  }

  /// Reads the trades on the lines of the `length` bytes from `first` on into `room`, returning
  /// how many; a failure names its line counted from the part's first and leaves none in
  /// `room`. A last line without its newline is a torn line, ignored: only the last part can end
  /// with one, as every other ends after a newline. Bytes past `length` are never read, so that
  /// `room`, sized from `length`, holds every trade.
  private func readPart(
    _ descriptor: Int32, from first: Int, length: Int, into room: UnsafeMutableBufferPointer<Trade>
  ) throws(PartFailure) -> Int {
    var read = 0
    var lineNumber = 0
    var shared = SharedTradeTexts()
    // Room for a block after the start of a line carried from the block before. Only what is
    // read into is ever touched: the buffer is not zeroed, and a block is small enough that a
    // small journal touches few pages and a large one re-uses the same pages block after block.
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: TradesFile.blockSize + TradesFile.maximumLineLength)
    defer { buffer.deallocate() }
    do throws(PartFailure) {
      let base = buffer.baseAddress!
      var offset = first
      // Bytes at the start of the buffer that are the beginning of a line not yet complete.
      var carried = 0
      while true {
        let wanted = min(TradesFile.blockSize, first + length - offset)
        if wanted == 0 { break }
        let count = pread(descriptor, base + carried, wanted, off_t(offset))
        if count < 0 {
          if errno == EINTR { continue }
          throw .file(
            StateError.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        // What is carried at the end is a torn last line: ignored.
        if count == 0 { break }
        offset += count
        let filled = carried + count
        var start = 0
        while start < filled,
          let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), filled - start)
        {
          let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
          lineNumber += 1
          guard end + 1 - start <= TradesFile.maximumLineLength else {
            throw .tooLong(line: lineNumber)
          }
          let trade: Trade
          do throws(StateDocumentError) {
            trade = try self.trade(
              in: UnsafeBufferPointer(rebasing: buffer[start..<end]), sharing: &shared)
          } catch {
            throw .invalid(error, line: lineNumber)
          }
          // A trade's line is at least `shortestLineLength` long, so the part's room, its
          // length over that, always has a place for it.
          precondition(read < room.count, "a part's room holds every trade its length can")
          room.initializeElement(at: read, to: trade)
          read += 1
          start = end + 1
        }
        carried = filled - start
        guard carried < TradesFile.maximumLineLength else {
          throw .tooLong(line: lineNumber + 1)
        }
        if carried > 0, start > 0 { memmove(base, base + start, carried) }
      }
    } catch {
      UnsafeMutableBufferPointer(rebasing: room[..<read]).deinitialize()
      throw error
    }
    return read
  }

  /// The trade on the line `bytes` (without its newline), sharing the texts of the lines before.
  private func trade(
    in bytes: UnsafeBufferPointer<UInt8>, sharing shared: inout SharedTradeTexts
  ) throws(StateDocumentError) -> Trade {
    try JSONReader.reading(bytes) { reader throws(StateDocumentError) in
      let trade = try reader.readTrade(at: .document, sharing: &shared)
      try syntax { () throws(JSONSyntaxError) in try reader.finish() }
      return trade
    }
  }

  /// `failure` as the reader reports it, its line numbered in the whole file after the
  /// `linesBefore` lines of the parts before.
  private func error(_ failure: PartFailure, linesBefore: Int) -> StateError {
    switch failure {
    case .file(let error): return error
    case .tooLong(let line): return tooLong(line: linesBefore + line)
    case .invalid(let error, let line): return unusable(problem(error, line: linesBefore + line))
    }
  }

  /// `error` in words, after the number of the line it is on.
  private func problem(_ error: StateDocumentError, line: Int?) -> String {
    let place = line.map { "line \($0): " } ?? ""
    switch error {
    case .syntax(let syntaxError):
      return place + "invalid JSON at byte \(syntaxError.offset): \(syntaxError.reason)"
    case .schema(let schemaError):
      return place + schemaError.description
    }
  }

  private func tooLong(line: Int) -> StateError {
    unusable("line \(line) is longer than the \(TradesFile.maximumLineLength) bytes allowed")
  }

}

/// Why a part of the journal was not read: the file, or one of its lines, numbered from the
/// part's first.
private enum PartFailure: Error {
  case file(StateError)
  case tooLong(line: Int)
  case invalid(StateDocumentError, line: Int)
}

/// How many trades each part read, or why it failed: each part's thread keeps its result in a
/// place of its own, and the caller takes them once every thread is done (`ParallelWork.run`
/// has joined them).
private struct PartResults: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Result<Int, PartFailure>?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  func keep(_ result: Result<Int, PartFailure>, of part: Int) {
    slots[part] = result
  }

  /// The result of `part`, no longer held here. Every part has one once `ParallelWork.run`
  /// has returned.
  func take(_ part: Int) -> Result<Int, PartFailure> {
    defer { slots[part] = nil }
    return slots[part]!
  }

  /// Lets go of the places, and of any result not taken.
  func deallocate() {
    _ = slots.deinitialize()
    slots.deallocate()
  }
}

/// The array's memory being filled, handed to the parts' threads: each writes only the room of
/// its own part, and the caller reads none of it until every thread is done.
private struct UncheckedBuffer: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Trade>

  init(_ buffer: UnsafeMutableBufferPointer<Trade>) {
    self.buffer = buffer
  }

  /// The `count` places from `first` on.
  func slice(from first: Int, count: Int) -> UnsafeMutableBufferPointer<Trade> {
    UnsafeMutableBufferPointer(rebasing: buffer[first..<first + count])
  }

  /// Gives the whole pages of the places from `first` on back to the system: none holds a
  /// trade, and one written again later is a page of zeros.
  func giveBackPages(from first: Int) {
    guard let base = buffer.baseAddress else { return }
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    let start = UInt(bitPattern: base + first)
    let end = UInt(bitPattern: base + buffer.count)
    let (firstPage, endPage) = ((start + UInt(pageSize) - 1) / UInt(pageSize), end / UInt(pageSize))
    guard firstPage < endPage else { return }
    _ = madvise(
      UnsafeMutableRawPointer(bitPattern: firstPage * UInt(pageSize)),
      Int(endPage - firstPage) * pageSize, MADV_DONTNEED)
  }

  /// Moves the `count` trades from `first` on to the places from `destination` on, which may
  /// overlap them.
  func move(from first: Int, count: Int, to destination: Int) {
    guard count > 0, let base = buffer.baseAddress else { return }
    (base + destination).moveInitialize(from: base + first, count: count)
  }
}
