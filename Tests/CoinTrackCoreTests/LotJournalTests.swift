import Testing

@testable import CoinTrackCore

/// The journals with lots, written out in full for the cases: a buy whose fee makes a
/// per-unit cost that does not end (3 ETH for 7501), an integer cost (3 BTC for 4), two
/// same-day lots at an equal cost kept apart by their labels, and a sale taking from both.
@Suite struct LotJournalTests {
  static let ether = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")

  static func trade(
    _ id: Int, _ day: String, _ side: TradeSide, _ quantity: String, _ price: String,
    _ fee: String
  ) -> Trade {
    Trade(
      id: id, day: Day(iso: day)!, side: side, coin: ether,
      quantity: Price(decimalText: quantity)!, price: Price(decimalText: price)!,
      fee: Price(decimalText: fee)!, currency: "USDT")
  }

  static let buys = [
    trade(1, "2024-01-02", .buy, "3", "2500", "1"),
    trade(2, "2024-01-02", .buy, "3", "2500", "1"),
  ]
  static let sale = trade(3, "2024-01-03", .sell, "4", "3000", "1")
  /// What FIFO takes for the sale, worked by hand: all of trade 1 (7501) and 1 of trade 2's 3
  /// units, a third of 7501, rounded half to even 20 decimals in: 2500.33333333333333333333.
  static let taken = [
    LotJournal.LotTaken(
      lotID: 1, acquired: Day(iso: "2024-01-02")!, quantity: ExactDecimal(3),
      cost: ExactDecimal(7501)),
    LotJournal.LotTaken(
      lotID: 2, acquired: Day(iso: "2024-01-02")!, quantity: ExactDecimal(1),
      cost: ExactDecimal(Price(decimalText: "2500.33333333333333333333")!)),
  ]

  static func journal(_ dialect: PriceDirectiveDialect) throws -> String {
    let journal = LotJournal(dialect: dialect, accounts: .init())
    let checked = try journal.check(buys + [sale])
    return journal.preamble(checked, firstDay: buys[0].day, method: .fifo)
      + buys.map { journal.buy($0, checked) }.joined()
      + journal.sale(sale, taken: taken, checked)
  }

  /// Proceeds 4 × 3000 - 1 = 11999; cost 7501 + 2500.33333333333333333333; gain
  /// 1997.66666666666666666667.
  @Test func beancountOpensLabelledLotsAtTheirTotalCostAndPostsTheGain() throws {
    #expect(
      try Self.journal(.beancount) == """
        option "inferred_tolerance_default" "USDT:0.0000000000000001"

        2024-01-02 open Assets:Crypto "FIFO"
        2024-01-02 open Assets:Cash
        2024-01-02 open Income:Gains

        2024-01-02 * "buy 3 ETH (trade 1)"
          Assets:Crypto  3 ETH {{7501 USDT, 2024-01-02, "trade 1"}}
          Assets:Cash  -7501 USDT

        2024-01-02 * "buy 3 ETH (trade 2)"
          Assets:Crypto  3 ETH {{7501 USDT, 2024-01-02, "trade 2"}}
          Assets:Cash  -7501 USDT

        2024-01-03 * "sell 4 ETH (trade 3)"
          Assets:Crypto  -3 ETH {2024-01-02, "trade 1"} @ 3000 USDT
          Assets:Crypto  -1 ETH {2024-01-02, "trade 2"} @ 3000 USDT
          Assets:Cash  11999 USDT
          Income:Gains  -1997.66666666666666666667 USDT

        """)
  }

  @Test func ledgerAnnotatesEachLotAndPostsTheGain() throws {
    #expect(
      try Self.journal(.ledger) == """

        2024-01-02 * buy 3 ETH (trade 1)
            Assets:Crypto  3 ETH {{7501 USDT}} [2024-01-02] (trade 1)
            Assets:Cash  -7501 USDT

        2024-01-02 * buy 3 ETH (trade 2)
            Assets:Crypto  3 ETH {{7501 USDT}} [2024-01-02] (trade 2)
            Assets:Cash  -7501 USDT

        2024-01-03 * sell 4 ETH (trade 3)
            Assets:Crypto  -3 ETH {{7501 USDT}} [2024-01-02] (trade 1) @ 3000 USDT
            Assets:Crypto  -1 ETH {{2500.33333333333333333333 USDT}} [2024-01-02] (trade 2) @ 3000 USDT
            Assets:Cash  11999 USDT
            Income:Gains  -1997.66666666666666666667 USDT

        """)
  }

  /// A gain of 1e10 and more, with 20 decimals: beancount gets 28 significant digits of it.
  @Test func beancountGetsAtMost28SignificantDigitsOfAGain() {
    let gain = ExactDecimal(Price(decimalText: "12345678901.12345678901234567890")!)
    #expect(LotJournal.beancountAmount(gain) == "12345678901.12345678901234568")
    #expect(LotJournal.significantDigits(ExactDecimal(Price(decimalText: "0.00012")!)) == 2)
  }

  /// A quantity of 30 digits is refused for beancount, naming the trade, and written for
  /// ledger, which computes exactly.
  @Test func beancountRefusesANumberBeyond28Digits() throws {
    let huge = Self.trade(9, "2024-01-02", .buy, "123456789012345678901234567890", "1", "0")
    #expect(
      throws: JournalNumberError(
        trade: huge, number: "123456789012345678901234567890", dialect: .beancount)
    ) {
      try LotJournal(dialect: .beancount, accounts: .init()).check([huge])
    }
    #expect(throws: Never.self) {
      try LotJournal(dialect: .ledger, accounts: .init()).check([huge])
    }
  }
}
