/// A coin's history as read from its file: rows in ascending order of day, one symbol and one
/// currency.
///
/// The rows stay in the file's bytes: each is a day and where its price lies, and a row's price
/// is made only when it is read, so that `prices` over years of closes streams its rows.
public struct CoinHistory: Sendable {
  /// The symbol of every row.
  public let symbol: String
  /// The currency of every row.
  public let currency: String
  /// The file's bytes, which the prices lie in.
  private let bytes: [UInt8]
  private let entries: [Entry]
  /// The sources the rows name, each once, in the order first named.
  private let sources: [String]
  /// For each day from the first row's on, the position of its row, or -1: `prices` looks a
  /// day up for every row it prints.
  private let positions: [Int32]

  /// One row: its day, its close's value, where its price lies in `bytes` and its source's
  /// place in `sources`.
  struct Entry: Sendable {
    var day: Day
    /// The value of the close, found when the file was read; `none` when it does not fit a
    /// word, and is read from the text.
    var close: ExactDecimal.Word
    var priceStart: Int32
    var priceLength: UInt16
    var source: UInt8
  }

  /// The rows as `HistoryRow`s, each made when it is read.
  public var rows: Rows { Rows(history: self) }

  /// The rows of a history, made when read.
  public struct Rows: RandomAccessCollection, Sendable {
    let history: CoinHistory
    public var startIndex: Int { 0 }
    public var endIndex: Int { history.entries.count }

    public subscript(position: Int) -> HistoryRow {
      HistoryRow(
        day: history.day(at: position), symbol: history.symbol,
        price: history.price(at: position), currency: history.currency,
        source: history.source(at: position))
    }
  }

  /// How many rows the history has.
  public var count: Int { entries.count }

  /// The day of the row at `position`.
  public func day(at position: Int) -> Day { entries[position].day }

  /// The source the row at `position` was synced from.
  public func source(at position: Int) -> String { sources[Int(entries[position].source)] }

  /// The close of the row at `position`, exactly as the file writes it.
  public func price(at position: Int) -> Price {
    // Checked as plain decimal text when the file was read.
    withPriceText(at: position) { Price(plainDecimalUTF8: $0) }
  }

  /// `body` of the bytes of the close of the row at `position`, where they lie.
  func withPriceText<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let start = Int(entries[position].priceStart)
    let end = start + Int(entries[position].priceLength)
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// `body` of the closes of the rows from `first` through `last`, lent in one run where they
  /// lie, placed as the range's rows from `origin` are (how many days after it): the rows of a
  /// range in one pass.
  func lendCloses(
    from first: Day, through last: Day, placedFrom origin: Day, _ body: PriceRows.CloseBody
  ) {
    // A single row, as `prices` reads them, is found in the table of days.
    let start = position(on: first) ?? position(from: first)
    let end = position(on: last).map { $0 + 1 } ?? position(from: last.adding(days: 1))
    guard start < end, end <= entries.count else { return }
    bytes.withUnsafeBufferPointer { bytes in
      entries.withUnsafeBufferPointer { entries in
        // The bytes hold at least the header, so they have an address.
        guard let base = bytes.baseAddress else { return }
        body(
          LentCloses(
            entries: UnsafeBufferPointer(rebasing: entries[start..<end]), bytes: base,
            origin: origin))
      }
    }
  }

  /// The position of the first row on or after `day` (`count` when there is none).
  func position(from day: Day) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].day < day { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position of the row of `day`, if the history holds one. A position rather than the
  /// row, so that reading one field of it makes no other.
  func position(on day: Day) -> Int? {
    guard let first = entries.first?.day else { return nil }
    let offset = day.daysSince1970 - first.daysSince1970
    guard positions.indices.contains(offset), positions[offset] >= 0 else { return nil }
    return Int(positions[offset])
  }

  /// The last row on or before `day`.
  func lastRow(onOrBefore day: Day) -> HistoryRow? {
    let position = position(from: day.adding(days: 1))
    return position > 0 ? rows[position - 1] : nil
  }

  /// How many rows lie in `range`.
  func count(in range: DayRange) -> Int {
    position(from: range.last.adding(days: 1)) - position(from: range.first)
  }

  /// Gathers the checked lines of a file into a history, each line's entry written straight
  /// into the room made for all of them.
  struct Builder {
    private let bytes: [UInt8]
    /// Room for the entries, of which the first `count` are written.
    private let room: UnsafeMutableBufferPointer<Entry>
    private var count = 0
    private var symbol = ""
    private var currency = ""
    private var sources: [String] = []
    private var source: UInt8 = 0

    private init(bytes: [UInt8], room: UnsafeMutableBufferPointer<Entry>) {
      self.bytes = bytes
      self.room = room
    }

    /// The history of the lines of `bytes` that `body` adds, at most `capacity` of them: the
    /// entries are written into an array's room as they are added, never copied or grown.
    static func history(
      of bytes: [UInt8], capacity: Int, _ body: (inout Builder) throws(HistoryError) -> Void
    ) throws(HistoryError) -> CoinHistory {
      var failure: HistoryError?
      var added: Builder?
      let entries = [Entry](unsafeUninitializedCapacity: capacity) { room, count in
        var builder = Builder(bytes: bytes, room: room)
        do throws(HistoryError) { try body(&builder) } catch { failure = error }
        // Entries hold no references, so those written before a failure need no clean-up.
        count = builder.count
        added = builder
      }
      if let failure { throw failure }
      // Set by the closure, which always runs.
      guard let added else { preconditionFailure("the entries were gathered") }
      var positions: [Int32] = []
      if let first = entries.first?.day, let last = entries.last?.day {
        positions = Array(repeating: -1, count: last.daysSince1970 - first.daysSince1970 + 1)
        for (position, entry) in entries.enumerated() {
          positions[entry.day.daysSince1970 - first.daysSince1970] = Int32(position)
        }
      }
      return CoinHistory(
        symbol: added.symbol, currency: added.currency, bytes: bytes, entries: entries,
        sources: added.sources, positions: positions)
    }

    /// Adds a line of `bytes`, checked and in order.
    // Inlined into the reading of a file, which calls it for every line.
    @inline(__always)
    mutating func append(_ line: HistoryFormat.Line) {
      if line.isNew.symbol { symbol = text(line.symbol) }
      if line.isNew.currency { currency = text(line.currency) }
      if line.isNew.source {
        let name = text(line.source)
        // A live source's name: there are few, so a search is as quick as a table.
        source = UInt8(sources.firstIndex(of: name) ?? sources.count)
        if Int(source) == sources.count { sources.append(name) }
      }
      // The reader makes room for as many lines as the bytes can hold.
      precondition(count < room.count, "room for every line")
      // A file is read only up to `HistoryStore.maximumFileSize` bytes and a line up to
      // `HistoryStore.maximumLineLength`, so both fit.
      (room.baseAddress.unsafelyUnwrapped + count).initialize(
        to: Entry(
          day: line.day, close: line.close,
          priceStart: Int32(truncatingIfNeeded: line.price.lowerBound),
          priceLength: UInt16(truncatingIfNeeded: line.price.count), source: source))
      count &+= 1
    }

    private func text(_ field: Range<Int>) -> String {
      String(decoding: bytes[field], as: UTF8.self)
    }
  }
}
