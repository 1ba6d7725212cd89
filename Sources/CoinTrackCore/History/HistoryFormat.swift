#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One close of a coin's local price history.
public struct HistoryRow: Hashable, Sendable {
  public var day: Day
  public var symbol: String
  /// The close as the API gave it, in `Price`'s canonical form.
  public var price: Price
  public var currency: String
  /// The live source the close was synced from, such as `binance`.
  public var source: String

  public init(day: Day, symbol: String, price: Price, currency: String, source: String) {
    self.day = day
    self.symbol = symbol
    self.price = price
    self.currency = currency
    self.source = source
  }
}

/// The text of a history file: CSV with a header, one row per day in ascending order, LF line
/// ends, the columns of `cointrack prices --format csv` without `closed`, so that awk, sort,
/// spreadsheets and every CSV reader take it as it is.
///
/// No value can hold a comma, quote or line break (dates, symbols, plain decimals, currency
/// codes and source names), so no field is ever quoted.
enum HistoryFormat {
  static let header = HistoryStore.header
  /// The bound of every line, which the reader and the writer both hold lines to.
  static let maximumLineLength = HistoryStore.maximumLineLength
  /// The shortest line a row can be: a date, a symbol and a price of one character, a
  /// currency of three letters, a source of five, four commas and a line break.
  private static let minimumLineLength = Day.isoLength + 1 + 1 + 3 + 5 + 4 + 1

  /// The file's text for `rows`, which are in ascending order of day: refused, before anything
  /// is written, when a row's line is longer than the reader takes, so that what sync writes
  /// is always read back.
  static func text(of rows: [HistoryRow]) throws(HistoryError) -> String {
    var text = header + "\n"
    for row in rows {
      let line = "\(row.day),\(row.symbol),\(row.price.text),\(row.currency),\(row.source)"
      guard line.utf8.count <= maximumLineLength else {
        throw HistoryError.closeTooLong(
          symbol: row.symbol, source: row.source, day: row.day,
          length: row.price.text.utf8.count)
      }
      text += line + "\n"
    }
    return text
  }

  /// A file's rows dated after today, which no source can have closed: the first one's line
  /// and day, and how many there are.
  struct RowsAfterToday: Hashable {
    let line: Int
    let day: Day
    var count: Int
  }

  /// The history a whole file holds, checked: the header, every row, days strictly ascending,
  /// one symbol (`symbol`, unless nil) and one currency throughout. The rows stay in the
  /// file's bytes, found once. Rows dated after `today` (the real date) are checked and left
  /// out, and said in `afterToday`.
  static func history(of bytes: [UInt8], path: String, symbol: String?, today: Day)
    throws(HistoryError) -> (history: CoinHistory, afterToday: RowsAfterToday?)
  {
    var afterToday: RowsAfterToday?
    // Room for the most lines the bytes can hold, as a shorter guess would grow the rows by
    // copying them all.
    let history = try CoinHistory.Builder.history(
      of: bytes, capacity: bytes.count / minimumLineLength
    ) { builder throws(HistoryError) in
      try bytes.withUnsafeBufferPointer { bytes throws(HistoryError) in
        let headerEnd = endOfLine(in: bytes, from: 0) ?? bytes.count
        try checkHeader(UnsafeBufferPointer(rebasing: bytes[..<headerEnd]), path: path)
        guard headerEnd < bytes.count else {
          throw HistoryError.damaged(
            path: path, line: 1, reason: "the last line does not end with a line break")
        }
        var start = headerEnd + 1
        var number = 2
        /// The line break ending the line from `start`.
        func lineBreak() throws(HistoryError) -> Int {
          guard let end = HistoryFormat.endOfLine(in: bytes, from: start) else {
            throw HistoryError.damaged(
              path: path, line: number, reason: "the last line does not end with a line break")
          }
          return end
        }
        /// Keeps `line`, the one numbered `number`, unless it is dated after today.
        // Inlined into the loop over the lines.
        @inline(__always)
        func keep(_ line: Line) {
          if line.day > today {
            afterToday = afterToday ?? RowsAfterToday(line: number, day: line.day, count: 0)
            afterToday?.count += 1
          } else {
            builder.append(line)
          }
        }
        guard start < bytes.count else { return }
        // The line read last, which the next is compared with, moved on from line to line in
        // place.
        var line = try Line(
          in: bytes, start..<lineBreak(), number: number, path: path, symbol: symbol, after: nil)
        keep(line)
        // Positions within the bytes and a count of lines, far from overflowing.
        while line.end &+ 1 < bytes.count {
          start = line.end &+ 1
          number &+= 1
          let previousDay = line.day
          if !line.moveToRepeat(in: bytes, from: start) {
            line = try Line(
              in: bytes, start..<lineBreak(), number: number, path: path, symbol: symbol,
              after: line)
          }
          guard previousDay < line.day else {
            throw HistoryError.damaged(
              path: path, line: number,
              reason: "\(line.day) does not come after \(previousDay); days must ascend")
          }
          guard !line.isNew.symbol, !line.isNew.currency else {
            throw HistoryError.damaged(
              path: path, line: number,
              reason: "the symbol or currency differs from the line before; a file holds one "
                + "coin in one currency")
          }
          keep(line)
        }
      }
    }
    return (history, afterToday)
  }

  /// The position of the first line break at or after `start`: found by memchr, which looks at
  /// many bytes at once, as a file of years of closes has a line break every few dozen bytes.
  private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    position(of: UInt8(ascii: "\n"), in: bytes, from: start, to: bytes.count)
  }

  /// The position of the first `byte` in `bytes[start..<end]`, found by memchr.
  private static func position(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard let base = bytes.baseAddress, start < end,
      let found = memchr(base + start, Int32(byte), end - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Checks the first line of a file.
  static func checkHeader(_ line: UnsafeBufferPointer<UInt8>, path: String) throws(HistoryError) {
    // Compared where both lie: `coins list` checks the header of every coin's file.
    guard header.hasUTF8(line) else {
      throw HistoryError.damaged(
        path: path, line: 1, reason: "the first line is not '\(header)'")
    }
  }

  /// One row read alone, checked as every row of a file is: the last row of a file.
  static func row(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, path: String, symbol: String?
  ) throws(HistoryError) -> HistoryRow {
    let fields = try Line(
      in: line, line.indices, number: number, path: path, symbol: symbol, after: nil)
    func text(_ field: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: line[field]), as: UTF8.self)
    }
    return HistoryRow(
      day: fields.day, symbol: text(fields.symbol),
      // Checked as plain decimal text.
      price: Price(decimalText: text(fields.price))!, currency: text(fields.currency),
      source: text(fields.source))
  }

  /// Every currency some source quotes, made once rather than for every row.
  static let knownCurrencies = Set(PriceSourceKind.allCases.flatMap(\.currencies))

  /// Where the fields of one line lie in the file's bytes, and its day and close, checked as the
  /// live sources check an answer: a real day, a symbol as stored, a plain decimal above zero, a
  /// currency some source quotes and a live source's name.
  ///
  /// A symbol, currency or source with the same bytes as the line before's is that one again,
  /// already checked, and no text is made for it; a line that repeats the one before but for
  /// its date and price is recognised by comparing the bytes around its price with that line's.
  struct Line {
    private(set) var day: Day
    /// The close's value, found when its text was checked; `none` when it does not fit a word.
    private(set) var close: ExactDecimal.Word
    /// Where the line ends (its line break, or the end of the bytes of a line read alone), and
    /// the positions of its four commas.
    private(set) var end: Int
    private var commas: (Int, Int, Int, Int)
    /// Whether the symbol, currency and source differ from the line before's (or there is none).
    private(set) var isNew: (symbol: Bool, currency: Bool, source: Bool)

    // The commas of a line lie in order within the bytes, found so when it was checked, so the
    // fields' ranges are made without checking them again.
    var symbol: Range<Int> { Range(uncheckedBounds: (commas.0 &+ 1, commas.1)) }
    var price: Range<Int> { Range(uncheckedBounds: (commas.1 &+ 1, commas.2)) }
    var currency: Range<Int> { Range(uncheckedBounds: (commas.2 &+ 1, commas.3)) }
    var source: Range<Int> { Range(uncheckedBounds: (commas.3 &+ 1, end)) }

    /// Moves to the line from `start` of `bytes` when it is this line, the one before it, with
    /// another date and price: the same bytes from the comma after the date through the comma
    /// after the symbol, and from the comma after the price through the line break, a real day
    /// and a plain decimal above zero. The price is read up to the first byte that cannot
    /// continue it, where the comma must follow, so that the line's end is found by the
    /// comparison rather than looked for first. False for any other line, which is left to the
    /// full reading to check and name what is wrong with, and this line as it was. Years of
    /// closes of one coin are such lines.
    // Inlined into the reading of a file, which calls it for every line.
    @inline(__always)
    mutating func moveToRepeat(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
      // Positions and counts within the bytes, far from overflowing, so computed wrapping.
      let middleCount = commas.1 &- commas.0 &+ 1
      // From the comma after the price through the line break.
      let tailCount = end &- commas.2 &+ 1
      let dateEnd = start &+ Day.isoLength
      let priceStart = dateEnd &+ middleCount
      // The price ends early enough for the tail to lie in `bytes` and the line to keep to
      // the bound.
      let priceLimit = Swift.min(
        bytes.count &- tailCount, start &+ maximumLineLength &+ 1 &- tailCount)
      // Both lines lie in `bytes` (the price before the tail is not empty), so the comparisons
      // read only its bytes.
      guard priceStart < priceLimit, let base = bytes.baseAddress else { return false }
      /// The `count` bytes from `start`, which lie in `bytes`.
      func field(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: count)
      }
      guard
        field(from: commas.0, count: middleCount).hasSameBytes(
          as: field(from: dateEnd, count: middleCount)),
        let day = Line.day(
          at: base + start, inMonthOf: self.day, at: base + (commas.0 &- Day.isoLength))
          ?? Day(isoBytes: field(from: start, count: Day.isoLength))
      else { return false }
      let price = PlainDecimalScan(
        leadingTextOf: field(from: priceStart, count: priceLimit &- priceStart))
      let priceEnd = priceStart &+ price.length
      // A plain decimal holds no comma or line break, so the line has the five fields of the
      // one before and ends where its tail does.
      guard price.isAboveZero,
        field(from: commas.2, count: tailCount).hasSameBytes(
          as: field(from: priceEnd, count: tailCount))
      else { return false }
      self.day = day
      close = price.word
      commas = (dateEnd, priceStart &- 1, priceEnd, priceEnd &+ commas.3 &- commas.2)
      end = priceEnd &+ tailCount &- 1
      isNew = (false, false, false)
      return true
    }

    /// The day the ten bytes at `date` write when it lies in the month of `previous`, whose
    /// date's bytes are at `previousDate`: the same year and month, and a day of the month
    /// from 1 to 28, which every month has, so that it is `previous` moved on by the
    /// difference of their days of the month. Nil for any other date, which `Day(isoBytes:)`
    /// then reads and checks. A file of daily closes dates most of its lines so.
    // Inlined into the reading of a line like the one before it.
    @inline(__always)
    static func day(
      at date: UnsafePointer<UInt8>, inMonthOf previous: Day, at previousDate: UnsafePointer<UInt8>
    ) -> Day? {
      // `YYYY-MM-` compared as one word.
      guard
        UnsafeRawPointer(date).loadUnaligned(as: UInt64.self)
          == UnsafeRawPointer(previousDate).loadUnaligned(as: UInt64.self)
      else { return nil }
      // A byte below "0" wraps around to far above 9.
      let (tens, ones) = (date[8] &- UInt8(ascii: "0"), date[9] &- UInt8(ascii: "0"))
      guard tens < 10, ones < 10 else { return nil }
      let dayOfMonth = Int(tens) &* 10 &+ Int(ones)
      guard (1...28).contains(dayOfMonth) else { return nil }
      // The previous date was read whole and checked, so its day of the month is two digits.
      let previousDayOfMonth =
        Int(previousDate[8] &- UInt8(ascii: "0")) &* 10 &+ Int(previousDate[9] &- UInt8(ascii: "0"))
      return previous.adding(days: dayOfMonth &- previousDayOfMonth)
    }

    /// The fields of the line at `range` of `bytes`, `previous` the line before it (nil for the
    /// first), checked; the first line's symbol must be `symbol`, the file's coin's, unless that
    /// is nil.
    init(
      in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int, path: String,
      symbol: String?, after previous: Line?
    ) throws(HistoryError) {
      func damaged(_ reason: String) -> HistoryError {
        HistoryError.damaged(path: path, line: number, reason: reason)
      }
      guard range.count <= maximumLineLength else {
        throw damaged("the line is longer than \(maximumLineLength) bytes")
      }
      // Each comma found by memchr, as line ends are.
      func comma(after index: Int) -> Int? {
        position(of: UInt8(ascii: ","), in: bytes, from: index + 1, to: range.upperBound)
      }
      guard let first = comma(after: range.lowerBound - 1), let second = comma(after: first),
        let third = comma(after: second), let fourth = comma(after: third),
        comma(after: fourth) == nil
      else {
        let count = bytes[range].count { $0 == UInt8(ascii: ",") }
        throw damaged("the line has \(count + 1) fields, not 5 (\(header))")
      }
      let commas = (first, second, third, fourth)
      (end, self.commas) = (range.upperBound, commas)
      guard
        let day = Day(isoBytes: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<commas.0]))
      else { throw damaged("the date is not YYYY-MM-DD") }
      self.day = day
      /// Whether the field differs from `earlier`'s bytes: only then is its text made and
      /// checked.
      func differs(_ field: Range<Int>, _ earlier: Range<Int>?) -> Bool {
        guard let earlier else { return true }
        return !UnsafeBufferPointer(rebasing: bytes[field]).hasSameBytes(
          as: UnsafeBufferPointer(rebasing: bytes[earlier]))
      }
      func text(_ field: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[field]), as: UTF8.self)
      }
      let isNewSymbol = differs((commas.0 + 1)..<commas.1, previous?.symbol)
      if isNewSymbol {
        let named = text((commas.0 + 1)..<commas.1)
        guard UntrustedText.isSymbol(named) else { throw damaged("the symbol is not valid") }
        // A file of another coin's rows is never read as this coin's prices. A later line
        // must name the first line's symbol, which the file's reading checks.
        if let symbol, previous == nil, named != symbol {
          throw damaged("the row names \(named), not \(symbol), the coin of this file")
        }
      }
      let price = PlainDecimalScan(UnsafeBufferPointer(rebasing: bytes[(commas.1 + 1)..<commas.2]))
      guard price.isAboveZero else {
        throw damaged("the price is not a plain decimal above zero")
      }
      close = price.word
      let isNewCurrency = differs((commas.2 + 1)..<commas.3, previous?.currency)
      if isNewCurrency, !knownCurrencies.contains(text((commas.2 + 1)..<commas.3)) {
        throw damaged("the currency is not one a source quotes")
      }
      let isNewSource = differs((commas.3 + 1)..<end, previous?.source)
      if isNewSource,
        PriceSourceKind(rawValue: text((commas.3 + 1)..<end)).map({ $0 == .offline }) ?? true
      {
        throw damaged("the source is not a live source's name")
      }
      isNew = (isNewSymbol, isNewCurrency, isNewSource)
    }
  }
}
