import Testing

@testable import CoinTrackCore

/// Price directives: the symbol rules of ledger, hledger and beancount.
@Suite struct PriceDirectiveTests {
  static func row(_ symbol: String, _ price: String?, currency: String = "USDT") -> PriceRow {
    PriceRow(
      day: Day(iso: "2024-01-01")!, symbol: symbol, price: price.flatMap(Price.init(decimalText:)),
      currency: currency, source: "test")
  }

  @Test func eachDialectWritesItsOwnLineAndSkipsDaysWithoutData() throws {
    let rows = PriceRows([Self.row("BTC", "42280.23"), Self.row("BTC", nil)])
    #expect(try PriceDirectiveDialect.ledger.render(rows) == "P 2024-01-01 BTC 42280.23 USDT\n")
    #expect(try PriceDirectiveDialect.hledger.render(rows) == "P 2024-01-01 BTC 42280.23 USDT\n")
    #expect(
      try PriceDirectiveDialect.beancount.render(rows) == "2024-01-01 price BTC 42280.23 USDT\n")
    #expect(try PriceDirectiveDialect.ledger.render(PriceRows([Self.row("BTC", nil)])) == "")
  }

  @Test(arguments: [PriceDirectiveDialect.ledger, .hledger])
  func ledgerAndHledgerQuoteSymbolsThatAreNotAllLetters(_ dialect: PriceDirectiveDialect) throws {
    #expect(try dialect.commodity("BTC") == "BTC")
    #expect(try dialect.commodity("btc") == "btc")
    #expect(try dialect.commodity("1INCH") == "\"1INCH\"")
    #expect(try dialect.commodity("USD COIN") == "\"USD COIN\"")
    #expect(try dialect.commodity("A-B") == "\"A-B\"")
    #expect(throws: PriceDirectiveError(symbol: "A\"B", dialect: dialect)) {
      try dialect.commodity("A\"B")
    }
    #expect(throws: PriceDirectiveError(symbol: "A\nB", dialect: dialect)) {
      try dialect.commodity("A\nB")
    }
  }

  @Test func beancountRejectsWhatItCannotName() throws {
    let dialect = PriceDirectiveDialect.beancount
    for symbol in ["BTC", "USDT", "B", "BRK.B", "A_1", "X'Y", "1INCHX".dropFirst().description] {
      #expect(try dialect.commodity(symbol) == symbol)
    }
    for symbol in ["1INCH", "btc", "Btc", "BTC-", "", String(repeating: "A", count: 25), "A B"] {
      #expect(throws: PriceDirectiveError(symbol: symbol, dialect: dialect)) {
        try dialect.commodity(symbol)
      }
    }
    // Nothing is handed on when any row cannot be written, even a later one.
    var written = ""
    #expect(throws: PriceDirectiveError(symbol: "1INCH", dialect: dialect)) {
      try dialect.write(PriceRows([Self.row("BTC", "1"), Self.row("1INCH", "2")])) {
        written += $0
      }
    }
    #expect(throws: PriceDirectiveError(symbol: "usd", dialect: dialect)) {
      try dialect.write(PriceRows([Self.row("BTC", "1", currency: "usd")])) { written += $0 }
    }
    #expect(written == "")
  }
}
