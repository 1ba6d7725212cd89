import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Each trade-file error as the user reads it: one sentence that names the line and field and
/// quotes the value, with its exit code.
@Suite struct TradeFileMessageTests {
  static let coin = Coin(symbol: "A,B", name: "Comma", coingeckoID: "a,b")

  /// (error, exit code, the message after "cointrack: ")
  static let cases: [(TradeFileError, ExitCode, String)] = [
    (
      .missingFile(path: "/t/trades.csv"), .notFound,
      "cannot read '/t/trades.csv': there is no such file; nothing was imported."
    ),
    (
      .unreadableFile(path: "/t", reason: "it is a directory"), .ioError,
      "cannot read '/t': it is a directory; nothing was imported."
    ),
    (
      .unreadableFile(path: "-", reason: "Input/output error"), .ioError,
      "cannot read standard input: Input/output error; nothing was imported."
    ),
    (
      .emptyFile, .invalidValue,
      "the trade file is empty; it needs at least the header line "
        + "'date,side,coin,quantity,price,fee,currency'."
    ),
    (
      .byteOrderMark, .invalidValue,
      "the trade file starts with a byte order mark; save it as UTF-8 without one."
    ),
    (
      .wrongHeader(found: "date,side,coin,quantity,price,fee"), .invalidValue,
      "line 1 of the trade file is 'date,side,coin,quantity,price,fee', not the header "
        + "'date,side,coin,quantity,price,fee,currency'; the column 'currency' is missing."
    ),
    (
      .wrongHeader(found: "date,side,coin,quantity,price,fee,currency,note"), .invalidValue,
      "line 1 of the trade file is 'date,side,coin,quantity,price,fee,currency,note', not the "
        + "header 'date,side,coin,quantity,price,fee,currency'; 'note' is no column."
    ),
    (.notUTF8(line: 3), .invalidValue, "line 3 of the trade file is not valid UTF-8."),
    (
      .emptyLine(line: 4), .invalidValue,
      "line 4 of the trade file is empty; every line after the header is a trade."
    ),
    (
      .wrongFieldCount(line: 2, found: 6), .invalidValue,
      "line 2 of the trade file has 6 fields, not the header's 7 "
        + "(date,side,coin,quantity,price,fee,currency)."
    ),
    (
      .invalidField(line: 2, column: .coin, value: "\"BT", .quoted), .invalidValue,
      "line 2 of the trade file, field coin: '\"BT' is quoted; the trade file takes no quotes, "
        + "as no field needs them."
    ),
    (
      .invalidField(
        line: 5, column: .quantity, value: "1e3",
        .trade(.malformedNumber(input: "1e3", what: .quantity))), .invalidValue,
      "line 5 of the trade file, field quantity: invalid quantity '1e3': use a plain decimal "
        + "such as 0.5 or 60000, without sign, exponent or separators."
    ),
    (
      .invalidField(
        line: 2, column: .date, value: "2099-01-01", .afterToday(Day(iso: "2024-06-30")!)),
      .invalidValue,
      "line 2 of the trade file, field date: the date '2099-01-01' is after today, 2024-06-30."
    ),
    (
      .invalidField(
        line: 7, column: .coin, value: "XYZ", .coin(.unknownCoin(input: "XYZ", suggestions: []))),
      .invalidValue,
      "line 7 of the trade file, field coin: unknown coin 'XYZ'; see 'cointrack coins available'."
    ),
    (
      .unwritableCoin(coin), .invalidValue,
      "cannot write the coin 'A,B' to a trade file: its symbol does not name it alone, and its "
        + "id '@a,b' holds a comma, quote, control character or surrounding space."
    ),
  ]

  @Test func anAccountNameIsRefusedWithTheRuleOfItsJournal() {
    let ledger = ErrorFunnel.failure(
      for: JournalAccountError(name: "Assets::X", role: .cash, dialect: .hledger))
    #expect(
      ledger.message
        == "invalid --cash-account 'Assets::X' for hledger: use parts separated by ':' of "
        + "letters, digits, - _ . and single spaces.")
    #expect(ledger.code == .usage)
    let beancount = ErrorFunnel.failure(
      for: JournalAccountError(name: "Income:gains", role: .income, dialect: .beancount))
    #expect(
      beancount.message
        == "invalid --income-account 'Income:gains' for beancount: use Assets, Liabilities, "
        + "Equity, Income or Expenses, then ':' and parts that start with a capital or digit "
        + "and hold only letters, digits and -.")
  }

  @Test(arguments: 0..<cases.count)
  func eachErrorIsOneSentenceWithItsCode(_ index: Int) {
    let (error, code, message) = Self.cases[index]
    let failure = ErrorFunnel.failure(for: error)
    #expect(failure.message == message)
    #expect(failure.code == code)
    #expect(failure.report == "cointrack: \(message)\n")
  }
  @Test func aJournalThatCannotBeWrittenIsRefusedNamingTheTrade() {
    let trade = Trade(
      id: 7, day: Day(iso: "2024-01-02")!, side: .sell,
      coin: Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum"),
      quantity: Price(decimalText: "1")!, price: Price(decimalText: "3000")!,
      fee: Price(decimalText: "0")!, currency: "EUR")
    let long = ErrorFunnel.failure(
      for: JournalError.numberTooLong(trade: trade, number: "123456789012345678901234567890"))
    #expect(
      long.message
        == "cannot write trade 7 to beancount: the number '123456789012345678901234567890' has "
        + "more than the 28 significant digits beancount computes with; nothing was written.")
    #expect(long.code == .invalidValue)
    #expect(ErrorFunnel.failure(for: JournalError.averageInBeancount).code == .usage)
  }
}
