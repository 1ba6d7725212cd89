import Testing

@testable import CoinTrackCore

/// Trades as journal transactions, written out in full for each dialect, and the account names
/// each dialect takes.
@Suite struct TradeJournalTests {
  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
  static let oneInch = Coin(symbol: "1INCH", name: "1inch", coingeckoID: "1inch")

  static func trade(
    _ id: Int, _ day: String, _ side: TradeSide, _ coin: Coin, _ quantity: String,
    _ price: String, _ fee: String
  ) -> Trade {
    Trade(
      id: id, day: Day(iso: day)!, side: side, coin: coin, quantity: Price(decimalText: quantity)!,
      price: Price(decimalText: price)!, fee: Price(decimalText: fee)!, currency: "USD")
  }

  static let trades = [
    trade(1, "2024-01-02", .buy, bitcoin, "0.5", "40000", "10"),
    trade(2, "2024-01-03", .buy, bitcoin, "0.25", "42000.5", "0"),
    trade(3, "2024-02-01", .sell, bitcoin, "0.6", "50000", "12.5"),
  ]

  @Test(arguments: [PriceDirectiveDialect.ledger, .hledger])
  func ledgerAndHledgerPostTheTotalPriceAndTheFee(_ dialect: PriceDirectiveDialect) throws {
    let journal = TradeJournal(dialect: dialect, accounts: .init())
    #expect(
      try journal.render(Self.trades) == """

        2024-01-02 * buy 0.5 BTC (trade 1)
            Assets:Crypto  0.5 BTC @@ 20000.0 USD
            Expenses:Fees  10 USD
            Assets:Cash  -20010.0 USD

        2024-01-03 * buy 0.25 BTC (trade 2)
            Assets:Crypto  0.25 BTC @@ 10500.125 USD
            Assets:Cash  -10500.125 USD

        2024-02-01 * sell 0.6 BTC (trade 3)
            Assets:Crypto  -0.6 BTC @@ 30000.0 USD
            Expenses:Fees  12.5 USD
            Assets:Cash  29987.5 USD

        """)
  }

  @Test func beancountKeepsFeesInTheCostAndLeavesTheGainToFIFOBooking() throws {
    var accounts = TradeJournal.Accounts()
    accounts.income = "Income:Crypto:Gains"
    let journal = TradeJournal(dialect: .beancount, accounts: accounts)
    #expect(
      try journal.render(Self.trades) == """
        2024-01-02 open Assets:Crypto "FIFO"
        2024-01-02 open Assets:Cash
        2024-01-02 open Income:Crypto:Gains

        2024-01-02 * "buy 0.5 BTC (trade 1)"
          Assets:Crypto  0.5 BTC {40000 # 10 USD}
          Assets:Cash  -20010.0 USD

        2024-01-03 * "buy 0.25 BTC (trade 2)"
          Assets:Crypto  0.25 BTC {42000.5 USD}
          Assets:Cash  -10500.125 USD

        2024-02-01 * "sell 0.6 BTC (trade 3)"
          Assets:Crypto  -0.6 BTC {} @ 50000 USD
          Assets:Cash  29987.500000000000000000 USD
          Income:Crypto:Gains

        """)
  }

  @Test func aSymbolTheDialectCannotHoldIsQuotedOrRefusedBeforeAnythingIsWritten() throws {
    let trades = [Self.trades[0], Self.trade(4, "2024-01-04", .buy, Self.oneInch, "10", "1", "0")]
    let ledger = try TradeJournal(dialect: .ledger, accounts: .init()).render(trades)
    #expect(ledger.contains("    Assets:Crypto  10 \"1INCH\" @@ 10 USD\n"))
    #expect(throws: PriceDirectiveError(symbol: "1INCH", dialect: .beancount)) {
      try TradeJournal(dialect: .beancount, accounts: .init()).render(trades)
    }
  }

  @Test func noTradesIsAnEmptyJournal() throws {
    for dialect in PriceDirectiveDialect.allCases {
      #expect(try TradeJournal(dialect: dialect, accounts: .init()).render([]) == "")
    }
  }

  @Test func productsAreExactWhateverTheirSize() {
    let product =
      ExactDecimal(Price(decimalText: "123456789.123456789012345678")!)
      * ExactDecimal(Price(decimalText: "-99999999999999999999.99")!)
    #expect(
      product.price.text == "-12345678912345678901233333232.10876543210987654322")
    #expect((ExactDecimal(0) * ExactDecimal(Price(decimalText: "-5")!)).price.text == "0")
  }

  /// (name, dialect, accepted)
  static let accountNames: [(String, PriceDirectiveDialect, Bool)] = [
    ("Assets:Crypto", .ledger, true),
    ("Aktiva:Kryptowährung:Kalte Börse", .hledger, true),
    ("Assets:Crypto  Wallet", .ledger, false),
    ("Assets::Crypto", .ledger, false),
    ("Assets:Crypto:", .hledger, false),
    ("(Assets:Crypto)", .ledger, false),
    ("Assets:Crypto;note", .ledger, false),
    ("Assets:Crypto\tX", .hledger, false),
    ("", .ledger, false),
    ("Assets:Crypto:2024", .beancount, true),
    ("Income:Capital-Gains", .beancount, true),
    ("Assets", .beancount, false),
    ("Crypto:Wallet", .beancount, false),
    ("Assets:crypto", .beancount, false),
    ("Assets:Crypto Wallet", .beancount, false),
    ("Assets:Kryptowährung", .beancount, false),
  ]

  @Test(arguments: 0..<accountNames.count)
  func accountNamesFollowEachDialectsSyntax(_ index: Int) {
    let (name, dialect, accepted) = Self.accountNames[index]
    if accepted {
      #expect(throws: Never.self) {
        try TradeJournal.checkedAccount(name, role: .assets, dialect: dialect)
      }
    } else {
      #expect(throws: JournalAccountError(name: name, role: .assets, dialect: dialect)) {
        try TradeJournal.checkedAccount(name, role: .assets, dialect: dialect)
      }
    }
  }
}
