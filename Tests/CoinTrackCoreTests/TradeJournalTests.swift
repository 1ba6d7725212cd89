import Testing

@testable import CoinTrackCore

/// Trades as journal transactions with cointrack's lots and gains, written out in full for each
/// dialect and method, and the account names each dialect takes.
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

  /// FIFO, worked by hand: the sale of 0.6 takes all of trade 1 (cost 20010) and 0.1 of trade
  /// 2's 0.25 (a fifth of 10500.125: 4200.05); proceeds 0.6 × 50000 - 12.5 = 29987.5; gain
  /// 29987.5 - 24210.05 = 5777.45.
  @Test func beancountOpensLabelledLotsAndPostsTheGainToTheIncomeAccount() throws {
    var accounts = TradeJournal.Accounts()
    accounts.income = "Income:Crypto:Gains"
    let journal = TradeJournal(dialect: .beancount, accounts: accounts)
    #expect(
      try journal.text(of: Self.trades, method: .fifo) == """
        option "inferred_tolerance_default" "USD:0.0000000000000001"

        2024-01-02 open Assets:Crypto "FIFO"
        2024-01-02 open Assets:Cash
        2024-01-02 open Income:Crypto:Gains

        2024-01-02 * "buy 0.5 BTC (trade 1)"
          Assets:Crypto  0.5 BTC {{20010 USD, 2024-01-02, "trade 1"}}
          Assets:Cash  -20010 USD

        2024-01-03 * "buy 0.25 BTC (trade 2)"
          Assets:Crypto  0.25 BTC {{10500.125 USD, 2024-01-03, "trade 2"}}
          Assets:Cash  -10500.125 USD

        2024-02-01 * "sell 0.6 BTC (trade 3)"
          Assets:Crypto  -0.5 BTC {2024-01-02, "trade 1"} @ 50000 USD
          Assets:Crypto  -0.1 BTC {2024-01-03, "trade 2"} @ 50000 USD
          Assets:Cash  29987.5 USD
          Income:Crypto:Gains  -5777.45 USD

        """)
  }

  /// LIFO, worked by hand: the sale takes all of trade 2 (10500.125) and 0.35 of trade 1's 0.5
  /// (0.7 of 20010: 14007); gain 29987.5 - 24507.125 = 5480.375.
  @Test func ledgerAnnotatesEachLotTheMethodTakesAndPostsTheGain() throws {
    let journal = TradeJournal(dialect: .ledger, accounts: .init())
    #expect(
      try journal.text(of: Self.trades, method: .lifo) == """

        2024-01-02 * buy 0.5 BTC (trade 1)
            Assets:Crypto  0.5 BTC {{20010 USD}} [2024-01-02] (trade 1)
            Assets:Cash  -20010 USD

        2024-01-03 * buy 0.25 BTC (trade 2)
            Assets:Crypto  0.25 BTC {{10500.125 USD}} [2024-01-03] (trade 2)
            Assets:Cash  -10500.125 USD

        2024-02-01 * sell 0.6 BTC (trade 3)
            Assets:Crypto  -0.25 BTC {{10500.125 USD}} [2024-01-03] (trade 2) @ 50000 USD
            Assets:Crypto  -0.35 BTC {{14007 USD}} [2024-01-02] (trade 1) @ 50000 USD
            Assets:Cash  29987.5 USD
            Income:Gains  -5480.375 USD

        """)
  }

  /// HIFO: trade 2 cost 42000.5 a unit, trade 1 40020 (fee in): as LIFO here.
  @Test func hledgerPostsEachLotAtItsCostWithTheLotInAComment() throws {
    let journal = TradeJournal(dialect: .hledger, accounts: .init())
    #expect(
      try journal.text(of: Self.trades, method: .hifo) == """

        2024-01-02 * buy 0.5 BTC (trade 1)
            Assets:Crypto  0.5 BTC @@ 20010 USD  ; lot: trade 1
            Assets:Cash  -20010 USD

        2024-01-03 * buy 0.25 BTC (trade 2)
            Assets:Crypto  0.25 BTC @@ 10500.125 USD  ; lot: trade 2
            Assets:Cash  -10500.125 USD

        2024-02-01 * sell 0.6 BTC (trade 3)
            Assets:Crypto  -0.25 BTC @@ 10500.125 USD  ; lot: trade 2, acquired 2024-01-03
            Assets:Crypto  -0.35 BTC @@ 14007 USD  ; lot: trade 1, acquired 2024-01-02
            Assets:Cash  29987.5 USD
            Income:Gains  -5480.375 USD

        """)
  }

  /// Average: 0.6 of 0.75 held at 30510.125 is 24408.1; gain 5579.4; the lot dates from the
  /// first buy.
  @Test func averageIsPostedAtTheAverageCostForLedgerAndRefusedForBeancount() throws {
    let ledger = try TradeJournal(dialect: .ledger, accounts: .init())
      .text(of: Self.trades, method: .average)
    #expect(
      ledger.hasSuffix(
        """
            Assets:Crypto  -0.6 BTC {{24408.1 USD}} [2024-01-02] @ 50000 USD
            Assets:Cash  29987.5 USD
            Income:Gains  -5579.4 USD

        """))
    #expect(throws: JournalError.averageInBeancount) {
      try TradeJournal(dialect: .beancount, accounts: .init()).text(
        of: Self.trades, method: .average)
    }
  }

  /// The cases: a fee that makes a per-unit cost without end (3 ETH for 7501), two
  /// same-day buys at an equal cost kept apart by their labels, FIFO taking all of trade 1 and a
  /// third of trade 2 (2500.33333333333333333333, rounded half to even 20 decimals in).
  @Test func sameDayEqualCostLotsStayApartByTheirLabels() throws {
    let ether = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")
    func trade(_ id: Int, _ day: String, _ side: TradeSide, _ quantity: String) -> Trade {
      Trade(
        id: id, day: Day(iso: day)!, side: side, coin: ether,
        quantity: Price(decimalText: quantity)!,
        price: Price(decimalText: side == .buy ? "2500" : "3000")!,
        fee: Price(decimalText: "1")!, currency: "USDT")
    }
    let trades = [
      trade(1, "2024-01-02", .buy, "3"), trade(2, "2024-01-02", .buy, "3"),
      trade(3, "2024-01-03", .sell, "4"),
    ]
    let beancount = try TradeJournal(dialect: .beancount, accounts: .init())
      .text(of: trades, method: .fifo)
    #expect(
      beancount.hasSuffix(
        """
        2024-01-02 * "buy 3 ETH (trade 2)"
          Assets:Crypto  3 ETH {{7501 USDT, 2024-01-02, "trade 2"}}
          Assets:Cash  -7501 USDT

        2024-01-03 * "sell 4 ETH (trade 3)"
          Assets:Crypto  -3 ETH {2024-01-02, "trade 1"} @ 3000 USDT
          Assets:Crypto  -1 ETH {2024-01-02, "trade 2"} @ 3000 USDT
          Assets:Cash  11999 USDT
          Income:Gains  -1997.66666666666666666667 USDT

        """))
    let ledger = try TradeJournal(dialect: .ledger, accounts: .init())
      .text(of: trades, method: .fifo)
    #expect(
      ledger.contains(
        "    Assets:Crypto  -1 ETH {{2500.33333333333333333333 USDT}} [2024-01-02] (trade 2) "
          + "@ 3000 USDT\n"))
  }

  @Test func aSymbolTheDialectCannotHoldIsQuotedOrRefusedBeforeAnythingIsWritten() throws {
    let trades = [Self.trades[0], Self.trade(4, "2024-01-04", .buy, Self.oneInch, "10", "1", "0")]
    let ledger = try TradeJournal(dialect: .ledger, accounts: .init())
      .text(of: trades, method: .fifo)
    #expect(ledger.contains("    Assets:Crypto  10 \"1INCH\" {{10 USD}} [2024-01-04] (trade 4)\n"))
    var written = ""
    #expect(throws: PriceDirectiveError(symbol: "1INCH", dialect: .beancount)) {
      try TradeJournal(dialect: .beancount, accounts: .init())
        .write(trades, method: .fifo) { written += $0 }
    }
    #expect(written == "")
  }

  /// A gain of 1e10 and more, with 20 decimals: beancount gets 28 significant digits of it.
  @Test func beancountGetsAtMost28SignificantDigitsOfAGain() {
    let gain = ExactDecimal(Price(decimalText: "12345678901.12345678901234567890")!)
    #expect(TradeJournal.beancountAmount(gain) == "12345678901.12345678901234568")
    #expect(TradeJournal.significantDigits(ExactDecimal(Price(decimalText: "0.00012")!)) == 2)
  }

  /// A quantity of 30 digits is refused for beancount, naming the trade, and written for
  /// ledger, which computes exactly.
  @Test func beancountRefusesANumberBeyond28Digits() throws {
    let huge = Self.trade(
      9, "2024-01-02", .buy, Self.bitcoin, "123456789012345678901234567890", "1", "0")
    #expect(
      throws: JournalError.numberTooLong(trade: huge, number: "123456789012345678901234567890")
    ) {
      try TradeJournal(dialect: .beancount, accounts: .init()).check([huge])
    }
    #expect(throws: Never.self) {
      try TradeJournal(dialect: .ledger, accounts: .init()).check([huge])
    }
  }

  @Test func noTradesIsAnEmptyJournal() throws {
    for dialect in PriceDirectiveDialect.allCases {
      #expect(
        try TradeJournal(dialect: dialect, accounts: .init()).text(of: [], method: .fifo) == "")
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

extension TradeJournal {
  /// The whole journal of `trades` as one text.
  fileprivate func text(of trades: [Trade], method: CostMethod) throws -> String {
    var text = ""
    try write(trades, method: method) { text += $0 }
    return text
  }
}
