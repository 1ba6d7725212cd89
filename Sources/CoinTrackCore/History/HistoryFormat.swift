#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One close of a coin's local price history.
public struct HistoryRow: Hashable, Sendable {
  public var day: Day
  public var symbol: String
  /// The close exactly as the API gave it.
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
  /// The longest row cointrack writes is far shorter; a longer line is not ours.
  static let maximumLineLength = 512

  /// The file's text for `rows`, which are in ascending order of day.
  static func text(of rows: [HistoryRow]) -> String {
    var text = header + "\n"
    for row in rows {
      text += "\(row.day),\(row.symbol),\(row.price.text),\(row.currency),\(row.source)\n"
    }
    return text
  }

  /// The rows of a whole file, checked: the header, every row, days strictly ascending, one
  /// symbol and one currency throughout.
  static func rows(of bytes: [UInt8], path: String) throws(HistoryError) -> [HistoryRow] {
    try bytes.withUnsafeBufferPointer { bytes throws(HistoryError) in
      let headerEnd = endOfLine(in: bytes, from: 0) ?? bytes.count
      try checkHeader(UnsafeBufferPointer(rebasing: bytes[..<headerEnd]), path: path)
      guard headerEnd < bytes.count else {
        throw HistoryError.damaged(
          path: path, line: 1, reason: "the last line does not end with a line break")
      }
      var rows: [HistoryRow] = []
      rows.reserveCapacity(bytes.count / 40)
      var start = headerEnd + 1
      var number = 2
      while start < bytes.count {
        guard let end = endOfLine(in: bytes, from: start) else {
          throw HistoryError.damaged(
            path: path, line: number, reason: "the last line does not end with a line break")
        }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let row = try self.row(line, number: number, path: path, after: rows.last)
        if let previous = rows.last {
          guard previous.day < row.day else {
            throw HistoryError.damaged(
              path: path, line: number,
              reason: "\(row.day) does not come after \(previous.day); days must ascend")
          }
          guard previous.symbol == row.symbol, previous.currency == row.currency else {
            throw HistoryError.damaged(
              path: path, line: number,
              reason: "the symbol or currency differs from the line before; a file holds one "
                + "coin in one currency")
          }
        }
        rows.append(row)
        start = end + 1
        number += 1
      }
      return rows
    }
  }

  /// The position of the first line break at or after `start`: found by memchr, which looks at
  /// many bytes at once, as a file of years of closes has a line break every few dozen bytes.
  private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
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

  /// Every currency some source quotes, made once rather than for every row.
  private static let knownCurrencies = Set(PriceSourceKind.allCases.flatMap(\.currencies))

  /// One row, checked as the live sources check an answer: a real day, a symbol as stored, a
  /// plain decimal above zero, a currency some source quotes and a live source's name.
  ///
  /// Each checker accepts ASCII alone, so the bytes need no UTF-8 check of their own. A symbol,
  /// currency or source with the same bytes as `previous`'s is that one again, already checked:
  /// a file of years of closes then costs a date and a price a row.
  static func row(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, path: String, after previous: HistoryRow? = nil
  ) throws(HistoryError) -> HistoryRow {
    func damaged(_ reason: String) -> HistoryError {
      HistoryError.damaged(path: path, line: number, reason: reason)
    }
    guard line.count <= maximumLineLength else {
      throw damaged("the line is longer than \(maximumLineLength) bytes")
    }
    // The commas after the first four fields.
    var ends = (0, 0, 0, 0)
    var commas = 0
    for index in line.indices where line[index] == UInt8(ascii: ",") {
      commas += 1
      switch commas {
      case 1: ends.0 = index
      case 2: ends.1 = index
      case 3: ends.2 = index
      case 4: ends.3 = index
      default: break
      }
    }
    guard commas == 4 else {
      throw damaged("the line has \(commas + 1) fields, not 5 (\(header))")
    }
    let dateField = UnsafeBufferPointer(rebasing: line[..<ends.0])
    let symbolField = UnsafeBufferPointer(rebasing: line[(ends.0 + 1)..<ends.1])
    let priceField = UnsafeBufferPointer(rebasing: line[(ends.1 + 1)..<ends.2])
    let currencyField = UnsafeBufferPointer(rebasing: line[(ends.2 + 1)..<ends.3])
    let sourceField = UnsafeBufferPointer(rebasing: line[(ends.3 + 1)...])
    /// The field's text: `earlier` when the bytes are the same (already checked), else new
    /// text that `isValid` must accept.
    func text(
      _ field: UnsafeBufferPointer<UInt8>, sameAs earlier: String?,
      isValid: (String) -> Bool, _ problem: String
    ) throws(HistoryError) -> String {
      if let earlier, earlier.hasUTF8(field) { return earlier }
      let text = String(decoding: field, as: UTF8.self)
      guard isValid(text) else { throw damaged(problem) }
      return text
    }
    guard let day = Day(isoBytes: dateField) else { throw damaged("the date is not YYYY-MM-DD") }
    let symbol = try text(
      symbolField, sameAs: previous?.symbol, isValid: UntrustedText.isSymbol,
      "the symbol is not valid")
    guard let price = Price(decimalText: String(decoding: priceField, as: UTF8.self)),
      price.isAboveZero
    else { throw damaged("the price is not a plain decimal above zero") }
    let currency = try text(
      currencyField, sameAs: previous?.currency, isValid: knownCurrencies.contains,
      "the currency is not one a source quotes")
    let source = try text(
      sourceField, sameAs: previous?.source,
      isValid: { PriceSourceKind(rawValue: $0).map { $0 != .offline } ?? false },
      "the source is not a live source's name")
    return HistoryRow(
      day: day, symbol: symbol, price: price, currency: currency, source: source)
  }
}

/// A coin's history as read from its file: rows in ascending order of day, one currency.
public struct CoinHistory: Sendable {
  public let rows: [HistoryRow]
  /// For each day from the first row's on, the position of its row, or -1: `prices` looks a
  /// day up for every row it prints.
  private let positions: [Int32]

  init(rows: [HistoryRow]) {
    self.rows = rows
    var positions: [Int32] = []
    if let first = rows.first?.day, let last = rows.last?.day {
      positions = Array(repeating: -1, count: last.daysSince1970 - first.daysSince1970 + 1)
      for (position, row) in rows.enumerated() {
        positions[row.day.daysSince1970 - first.daysSince1970] = Int32(position)
      }
    }
    self.positions = positions
  }

  /// The position of the first row on or after `day` (`rows.count` when there is none).
  func position(from day: Day) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].day < day { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position in `rows` of the row of `day`, if the history holds one. A position rather
  /// than the row, so that reading one field of it copies no other.
  func position(on day: Day) -> Int? {
    guard let first = rows.first?.day else { return nil }
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
}
