/// The trade file that `portfolio import` reads and `portfolio export` writes: CSV with the
/// header `date,side,coin,quantity,price,fee,currency` and one trade a line.
///
/// A strict subset of RFC 4180, so that what one program writes another reads the same way: no
/// quoting (no field needs it: no comma, quote or line break can be in one), lines end in LF or
/// CRLF, UTF-8 without a byte order mark. Reading is all or none: the first bad line ends it,
/// named by its number and field.
public enum TradeCSV {
  /// The columns, in the one order the header must give them.
  public enum Column: String, CaseIterable, Hashable, Sendable {
    case date
    case side
    case coin
    case quantity
    case price
    case fee
    case currency
  }

  /// The first line of every trade file, exactly.
  public static let header = Column.allCases.map(\.rawValue).joinedText(separator: ",")

  /// The largest file read: a million trades take well under this.
  public static let maximumBytes = 64 << 20

  /// The trades of a trade file, in file order, with id 0 and coins resolved by `resolveCoin`
  /// (the source's resolver, which the reader does not know); a header alone is no trade.
  ///
  /// Throws `TradeFileError` for the first line that is not a trade of today or before, and
  /// rethrows a fault of `resolveCoin` other than a `TrackerError` (a source that cannot be
  /// reached).
  public static func read(
    _ bytes: [UInt8], today: Day, resolveCoin: (String) throws -> Coin
  ) throws -> [Trade] {
    guard !bytes.isEmpty else { throw TradeFileError.emptyFile }
    guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { throw TradeFileError.byteOrderMark }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The line break that ends the last line starts no line of its own.
    if lines.last?.isEmpty == true { lines.removeLast() }
    let header = try text(of: lines[0], line: 1)
    guard header == TradeCSV.header else { throw TradeFileError.wrongHeader(found: header) }
    var coins: [String: Coin] = [:]
    var trades: [Trade] = []
    trades.reserveCapacity(lines.count - 1)
    for (offset, bytes) in lines.enumerated().dropFirst() {
      let line = offset + 1
      let fields = try text(of: bytes, line: line).split(
        separator: ",", omittingEmptySubsequences: false
      ).map(String.init)
      guard fields != [""] else { throw TradeFileError.emptyLine(line: line) }
      let reader = FieldReader(fields: fields, line: line)
      // A quote first: a quoted comma or line break splits a field, and the count it leaves
      // would hide the reason.
      try reader.checkUnquoted()
      guard fields.count == Column.allCases.count else {
        throw TradeFileError.wrongFieldCount(line: line, found: fields.count)
      }
      let day = try reader.day(today: today)
      let side = try reader.side()
      let coinInput = reader.field(.coin)
      let coin = try coins[coinInput] ?? reader.coin(coinInput, resolveCoin: resolveCoin)
      coins[coinInput] = coin
      let trade = Trade(
        id: 0, day: day, side: side, coin: coin,
        quantity: try reader.number(.quantity, Trade.checkedQuantity),
        price: try reader.number(.price) { input throws(TradeError) in
          try Trade.checkedAmount(input, what: .price)
        },
        fee: try reader.number(.fee) { input throws(TradeError) in
          try Trade.checkedAmount(input, what: .fee)
        },
        currency: try reader.number(.currency, Trade.checkedCurrency))
      do {
        try trade.checkSideRules()
      } catch {
        // The file has no lots column: only a price or fee can break a side's rule.
        let column: Column = trade.brokenSideRule == .transferWithoutPrice ? .price : .fee
        throw TradeFileError.invalidField(
          line: line, column: column, value: reader.field(column), .trade(error))
      }
      trades.append(trade)
    }
    return trades
  }

  /// A line as text, without the carriage return of a CRLF end; refused when it is not UTF-8.
  private static func text(of bytes: ArraySlice<UInt8>, line: Int) throws(TradeFileError)
    -> String
  {
    let content = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
    guard let text = String(validating: content, as: UTF8.self) else {
      throw TradeFileError.notUTF8(line: line)
    }
    return text
  }

  /// The fields of one line, each checked and turned into its value, with the line's number for
  /// the errors.
  private struct FieldReader {
    let fields: [String]
    let line: Int

    /// Refuses the first field, of those the columns name, that is quoted or holds a control
    /// character: a program that unquotes fields would read it differently.
    func checkUnquoted() throws(TradeFileError) {
      for (column, value) in zip(Column.allCases, fields) {
        if value.contains("\"") {
          throw TradeFileError.invalidField(line: line, column: column, value: value, .quoted)
        }
        // The control characters (general category Cc) are exactly these two ranges; asking
        // for each character's category cost most of an import of a million lines.
        if value.unicodeScalars.contains(where: {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }) {
          throw TradeFileError.invalidField(line: line, column: column, value: value, .control)
        }
      }
    }

    func field(_ column: Column) -> String {
      fields[Column.allCases.firstIndex(of: column)!]
    }

    func day(today: Day) throws(TradeFileError) -> Day {
      let value = field(.date)
      guard let day = Day(iso: value) else {
        throw TradeFileError.invalidField(line: line, column: .date, value: value, .date)
      }
      guard day <= today else {
        throw TradeFileError.invalidField(
          line: line, column: .date, value: value, .afterToday(today))
      }
      return day
    }

    /// A side's name (`buy`, `sell`, `staking`...), in any case.
    func side() throws(TradeFileError) -> TradeSide {
      let value = field(.side)
      guard let side = TradeSide(rawValue: value.lowercased()) else {
        throw TradeFileError.invalidField(line: line, column: .side, value: value, .side)
      }
      return side
    }

    func coin(_ input: String, resolveCoin: (String) throws -> Coin) throws -> Coin {
      do {
        return try resolveCoin(input)
      } catch let error as TrackerError {
        throw TradeFileError.invalidField(line: line, column: .coin, value: input, .coin(error))
      }
    }

    /// A number or currency checked by the rule a typed one follows.
    func number<Value>(_ column: Column, _ check: (String) throws(TradeError) -> Value)
      throws(TradeFileError) -> Value
    {
      let value = field(column)
      do {
        return try check(value)
      } catch {
        throw TradeFileError.invalidField(line: line, column: column, value: value, .trade(error))
      }
    }
  }
}
