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
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    try checkHeader(lines.first ?? [], path: path)
    guard bytes.last == UInt8(ascii: "\n") else {
      throw HistoryError.damaged(
        path: path, line: lines.count, reason: "the last line does not end with a line break")
    }
    var rows: [HistoryRow] = []
    rows.reserveCapacity(lines.count - 2)
    // The split leaves an empty piece after the final line break.
    for (index, line) in lines.enumerated().dropFirst().dropLast() {
      let row = try self.row(line, number: index + 1, path: path, after: rows.last)
      if let previous = rows.last {
        guard previous.day < row.day else {
          throw HistoryError.damaged(
            path: path, line: index + 1,
            reason: "\(row.day) does not come after \(previous.day); days must ascend")
        }
        guard previous.symbol == row.symbol, previous.currency == row.currency else {
          throw HistoryError.damaged(
            path: path, line: index + 1,
            reason: "the symbol or currency differs from the line before; a file holds one coin "
              + "in one currency")
        }
      }
      rows.append(row)
    }
    return rows
  }

  /// Checks the first line of a file.
  static func checkHeader(_ line: some Collection<UInt8>, path: String) throws(HistoryError) {
    guard line.elementsEqual(header.utf8) else {
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
    _ line: some Collection<UInt8>, number: Int, path: String, after previous: HistoryRow? = nil
  ) throws(HistoryError) -> HistoryRow {
    let damaged = { (reason: String) in
      HistoryError.damaged(path: path, line: number, reason: reason)
    }
    guard line.count <= maximumLineLength else {
      throw damaged("the line is longer than \(maximumLineLength) bytes")
    }
    let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard fields.count == 5 else {
      throw damaged("the line has \(fields.count) fields, not 5 (\(header))")
    }
    let text = { (field: Int) in String(decoding: fields[field], as: UTF8.self) }
    let same = { (field: Int, earlier: String?) in
      earlier.map { fields[field].elementsEqual($0.utf8) } ?? false
    }
    guard let day = Day(iso: text(0)) else { throw damaged("the date is not YYYY-MM-DD") }
    let symbol = same(1, previous?.symbol) ? previous!.symbol : text(1)
    guard symbol == previous?.symbol || UntrustedText.isSymbol(symbol) else {
      throw damaged("the symbol is not valid")
    }
    guard let price = Price(decimalText: text(2)), price.isAboveZero else {
      throw damaged("the price is not a plain decimal above zero")
    }
    let currency = same(3, previous?.currency) ? previous!.currency : text(3)
    guard currency == previous?.currency || knownCurrencies.contains(currency) else {
      throw damaged("the currency is not one a source quotes")
    }
    let source = same(4, previous?.source) ? previous!.source : text(4)
    guard
      source == previous?.source
        || PriceSourceKind(rawValue: source).map({ $0 != .offline }) == true
    else { throw damaged("the source is not a live source's name") }
    return HistoryRow(day: day, symbol: symbol, price: price, currency: currency, source: source)
  }
}

/// A coin's history as read from its file: rows in ascending order of day, one currency.
public struct CoinHistory: Sendable {
  public let rows: [HistoryRow]

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

  /// The row of `day`, if the history holds one.
  func row(on day: Day) -> HistoryRow? {
    let position = position(from: day)
    return position < rows.count && rows[position].day == day ? rows[position] : nil
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
