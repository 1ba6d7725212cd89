import CoinTrackCore

/// The words for a trade file that `portfolio import` cannot read or `portfolio export` cannot
/// write: each names the line and the field, and quotes what is there.
extension ErrorFunnel {
  static func message(for error: TradeFileError) -> String {
    switch error {
    case .missingFile(let path):
      return "cannot read \(quote(path, shortened: false)): there is no such file; nothing was "
        + "imported."
    case .unreadableFile(let path, let reason):
      let file = path == "-" ? "standard input" : quote(path, shortened: false)
      return "cannot read \(file): \(reason); nothing was imported."
    case .emptyFile:
      return "the trade file is empty; it needs at least the header line "
        + "'\(TradeCSV.header)'."
    case .byteOrderMark:
      return "the trade file starts with a byte order mark; save it as UTF-8 without one."
    case .wrongHeader(let found):
      return "line 1 of the trade file is \(quote(found)), not the header "
        + "'\(TradeCSV.header)'" + headerDifference(found) + "."
    case .notUTF8(let line):
      return "line \(line) of the trade file is not valid UTF-8."
    case .emptyLine(let line):
      return "line \(line) of the trade file is empty; every line after the header is a trade."
    case .wrongFieldCount(let line, let found):
      return "line \(line) of the trade file has \(found) field\(found == 1 ? "" : "s"), not "
        + "the header's \(TradeCSV.Column.allCases.count) (\(TradeCSV.header))."
    case .invalidField(let line, let column, let value, let problem):
      return "line \(line) of the trade file, field \(column.rawValue): "
        + fieldProblem(problem, value: value)
    case .tradeRefused(let line, let error):
      return "line \(line) of the trade file: \(message(for: error))"
    case .unwritableCoin(let coin):
      return "cannot write the coin \(quote(coin.symbol)) to a trade file: its symbol does not "
        + "name it alone, and its id \(quote("@" + coin.id)) holds a comma, quote, control "
        + "character or surrounding space."
    }
  }

  static func message(for error: JournalAccountError) -> String {
    let rule: String
    switch error.dialect {
    case .ledger, .hledger:
      rule = "use parts separated by ':' of letters, digits, - _ . and single spaces"
    case .beancount:
      rule =
        "use " + listing(TradeJournal.beancountRoots, conjunction: "or")
        + ", then ':' and parts that start with a capital or digit and hold only letters, "
        + "digits and -"
    }
    return "invalid --\(error.role.rawValue)-account \(quote(error.name)) for "
      + "\(error.dialect.rawValue): \(rule)."
  }

  static func message(for error: JournalError) -> String {
    switch error {
    case .numberTooLong(let trade, let number):
      return "cannot write trade \(trade.id) to beancount: the number \(quote(number)) has more "
        + "than the 28 significant digits beancount computes with; nothing was written."
    case .averageInBeancount:
      return "--method average cannot be written to beancount, which books no average cost; "
        + "use --method fifo, lifo or hifo, or --format ledger or hledger."
    }
  }

  /// What a field's value breaks, as the end of a sentence that names its line and field.
  private static func fieldProblem(_ problem: TradeFileError.FieldProblem, value: String)
    -> String
  {
    let value = quote(value)
    switch problem {
    case .quoted:
      return "\(value) is quoted; the trade file takes no quotes, as no field needs them."
    case .control:
      return "\(value) holds a control character."
    case .date:
      return "\(value) is not a day written YYYY-MM-DD."
    case .afterToday(let today):
      return "the date \(value) is after today, \(today)."
    case .side:
      return "\(value) is none of \(TradeSide.names)."
    case .trade(let error):
      return message(for: error)
    case .coin(let error):
      return message(for: error)
    }
  }

  /// `; the column 'fee' is missing` or `; 'note' is no column`, when a header's names say what
  /// differs; else nothing.
  private static func headerDifference(_ found: String) -> String {
    let names = found.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let expected = TradeCSV.Column.allCases.map(\.rawValue)
    if let missing = expected.first(where: { !names.contains($0) }) {
      return "; the column '\(missing)' is missing"
    }
    if let extra = names.first(where: { !expected.contains($0) }) {
      return "; \(quote(extra)) is no column"
    }
    return names.count > expected.count
      ? "; a column is named twice" : "; the columns are in another order"
  }
}
