import Testing

@testable import CoinTrackCore

/// `portfolio history` on hand-worked examples: each day's value, cost and profit at that day's
/// closes, a day a coin held has no close, FIFO against average cost, and each day's row equal
/// to the totals `portfolio show` gives for that day.
@Suite struct PortfolioHistoryTests {
  static let aaa = Coin(symbol: "AAA", name: "AAA", coingeckoID: "aaa-coin")
  static let bbb = Coin(symbol: "BBB", name: "BBB", coingeckoID: "bbb-coin")

  /// Closes in the local history of two coins only it holds; AAA has none on 2024-01-03.
  static let closes: [(Coin, [(String, String)])] = [
    (
      aaa,
      [
        ("2024-01-01", "10"), ("2024-01-02", "12"), ("2024-01-04", "15"),
        ("2024-01-05", "9.5"),
      ]
    ),
    (
      bbb,
      [
        ("2024-01-01", "100"), ("2024-01-02", "100"), ("2024-01-03", "100"),
        ("2024-01-04", "110"), ("2024-01-05", "120"),
      ]
    ),
  ]

  /// Bought AAA 10 at 10 with a fee of 1 (lot 1: 101) and 10 at 11 (lot 2: 110), BBB 1 at 100
  /// with a fee of 0.5 (100.5); sold AAA 15 at 16 less a fee of 2 (238), and all the BBB at
  /// 120 (realised 19.5).
  static let trades: [(String, TradeSide, Coin, String, String, String)] = [
    ("2024-01-01", .buy, aaa, "10", "10", "1"), ("2024-01-02", .buy, aaa, "10", "11", "0"),
    ("2024-01-02", .buy, bbb, "1", "100", "0.5"), ("2024-01-04", .sell, aaa, "15", "16", "2"),
    ("2024-01-05", .sell, bbb, "1", "120", "0"),
  ]

  /// A tracker over a state holding `trades` and the offline source with `closes` in its
  /// history (beside the snapshot).
  static func tracker(
    in directory: TemporaryDirectory, today: String = "2024-01-10",
    closes: [(Coin, [(String, String)])] = closes,
    trades: [(String, TradeSide, Coin, String, String, String)] = trades
  ) throws -> Tracker {
    let history = HistoryStore(
      directory: directory.url.appendingPathComponent("history").path, lockTimeoutSeconds: 2,
      today: Day(iso: "2026-11-26")!)
    for (coin, rows) in closes {
      _ = try history.add(
        rows.map {
          HistoryRow(
            day: Day(iso: $0.0)!, symbol: coin.symbol, price: Price(decimalText: $0.1)!,
            currency: "USDT", source: "binance")
        }, to: coin)
    }
    let store = directory.store()
    let tracker = Tracker(
      openStore: { store }, source: OfflinePriceSource(history: history),
      today: Day(iso: today)!)
    _ = try tracker.recordTrades(
      trades.map { day, side, coin, quantity, price, fee in
        Trade(
          id: 0, day: Day(iso: day)!, side: side, coin: coin,
          quantity: Price(decimalText: quantity)!, price: Price(decimalText: price)!,
          fee: Price(decimalText: fee)!, currency: "USDT")
      })
    return tracker
  }

  static func date(_ text: String) -> DatedInput { DatedInput(day: Day(iso: text)!, input: text) }

  /// Each day as `date,value,cost,unrealised,unrealised_percent,realised,coins`, "-" for none.
  static func rows(_ history: PortfolioHistory) -> [String] {
    history.days.map { day in
      ([day.day.description]
        + [
          day.total.value, day.total.cost, day.total.unrealised, day.total.unrealisedPercent,
          day.total.realised,
        ].map { $0?.text ?? "-" } + [String(day.coinsHeld)]).joined(separator: ",")
    }
  }

  /// The history of every trade the tracker's store holds, as the command asks for it.
  static func history(of tracker: Tracker, from: DatedInput?, to: DatedInput, method: CostMethod)
    throws -> PortfolioHistory
  {
    try tracker.portfolioHistory(of: tracker.trades(coin: nil), from: from, to: to, method: method)
  }

  @Test func fifoDayByDayWorkedOutByHand() throws {
    let directory = try TemporaryDirectory()
    let history = try Self.history(
      of: Self.tracker(in: directory), from: Self.date("2023-12-31"), to: Self.date("2024-01-05"),
      method: .fifo)
    #expect(
      Self.rows(history) == [
        // Nothing held yet: nothing is worth nothing.
        "2023-12-31,0,0,0,-,0,0",
        // AAA 10 costing 101 at 10: 100, −1, −1 / 101 = −0.990…%.
        "2024-01-01,100.00,101.00,-1.00,-0.99,0.00,1",
        // AAA 20 costing 211 at 12 (240) and BBB costing 100.5 at 100: 340 for 311.5, 28.5,
        // 28.5 / 311.5 = 9.149…%.
        "2024-01-02,340.00,311.50,28.50,9.15,0.00,2",
        // AAA has no close: no value, the cost still known.
        "2024-01-03,-,311.50,-,-,0.00,2",
        // The sale of 15 takes lot 1 (101) and half of lot 2 (55): realised 238 − 156 = 82.
        // AAA 5 costing 55 at 15 (75) and BBB at 110: 185 for 155.5, 29.5, 18.971…%.
        "2024-01-04,185.00,155.50,29.50,18.97,82.00,2",
        // BBB sold out at 120: realised 82 + 19.5. AAA 5 costing 55 at 9.5: 47.5, −7.5,
        // −13.636…%.
        "2024-01-05,47.50,55.00,-7.50,-13.64,101.50,1",
      ])
    #expect(history.days.map(\.isPriced) == [true, true, true, false, true, true])
    #expect(history.gaps == [.init(coin: Self.aaa, days: [Day(iso: "2024-01-03")!])])
  }

  @Test func averageCostDayByDayWorkedOutByHand() throws {
    let directory = try TemporaryDirectory()
    let history = try Self.history(
      of: Self.tracker(in: directory), from: Self.date("2024-01-04"), to: Self.date("2024-01-05"),
      method: .average)
    #expect(
      Self.rows(history) == [
        // The sale of 15 of 20 costing 211 takes 158.25: realised 238 − 158.25 = 79.75. AAA 5
        // costing 52.75 at 15 (75) and BBB at 110: 185 for 153.25, 31.75, 20.717…%.
        "2024-01-04,185.00,153.25,31.75,20.72,79.75,2",
        // BBB sold out: realised 79.75 + 19.5. AAA at 9.5: 47.5 for 52.75, −5.25, −9.952…%.
        "2024-01-05,47.50,52.75,-5.25,-9.95,99.25,1",
      ])
    #expect(history.gaps.isEmpty)
  }

  /// A coin first traded after the range's end takes no part in it: the days are those
  /// without its trade.
  @Test func aCoinFirstTradedAfterTheRangeTakesNoPart() throws {
    let ccc = Coin(symbol: "CCC", name: "CCC", coingeckoID: "ccc-coin")
    let directory = try TemporaryDirectory()
    let tracker = try Self.tracker(
      in: directory, trades: Self.trades + [("2024-01-06", .buy, ccc, "1", "5", "0")])
    let history = try Self.history(
      of: tracker, from: Self.date("2024-01-01"), to: Self.date("2024-01-02"), method: .fifo)
    #expect(
      Self.rows(history) == [
        "2024-01-01,100.00,101.00,-1.00,-0.99,0.00,1", "2024-01-02,340.00,311.50,28.50,9.15,0.00,2",
      ])
  }

  /// Without --from, the range starts on the first trade's day.
  @Test func theRangeStartsOnTheFirstTradeByDefault() throws {
    let directory = try TemporaryDirectory()
    let history = try Self.history(
      of: Self.tracker(in: directory), from: nil, to: Self.date("2024-01-02"), method: .fifo)
    #expect(history.days.map(\.day.description) == ["2024-01-01", "2024-01-02"])
  }

  /// Every day of the range is the totals row of `portfolio show` on that day, by both methods,
  /// on the snapshot's real closes (which have every day in 2024).
  @Test(arguments: CostMethod.allCases)
  func everyDayIsTheTotalsOfShowOnThatDay(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker(today: "2024-03-31")
    let bitcoin = try tracker.source.resolveCoin("btc")
    let ether = try tracker.source.resolveCoin("eth")
    _ = try tracker.recordTrades(
      [
        ("2024-01-03", TradeSide.buy, bitcoin, "0.5", "42000.5", "12.25"),
        ("2024-01-20", .buy, ether, "3.125", "2450", "1"),
        ("2024-02-01", .buy, bitcoin, "0.25", "43000", "0"),
        ("2024-02-14", .sell, bitcoin, "0.6", "51000.01", "7"),
        ("2024-03-01", .sell, ether, "3.125", "3400", "2.5"),
        ("2024-03-05", .buy, ether, "1", "3500.123", "0"),
      ].map { day, side, coin, quantity, price, fee in
        Trade(
          id: 0, day: Day(iso: day)!, side: side, coin: coin,
          quantity: Price(decimalText: quantity)!, price: Price(decimalText: price)!,
          fee: Price(decimalText: fee)!, currency: "USDT")
      })
    let history = try Self.history(
      of: tracker, from: Self.date("2024-01-01"), to: Self.date("2024-03-31"), method: method)
    #expect(history.days.count == 91)
    #expect(history.gaps.isEmpty)
    try Self.expectEachPricedDayIsTheTotalsOfShow(history, of: tracker, method: method)
  }

  /// Expects each day of `history` with a value to be the totals row of its currency that
  /// `portfolio show` gives on that day.
  static func expectEachPricedDayIsTheTotalsOfShow(
    _ history: PortfolioHistory, of tracker: Tracker, method: CostMethod
  ) throws {
    let trades = try tracker.trades(coin: nil)
    for row in history.days where row.isPriced {
      let totals = try tracker.portfolio(
        of: trades, on: DatedInput(day: row.day, input: ""), method: method
      ).totals
      #expect(totals.filter { $0.currency == row.total.currency } == [row.total], "\(row.day)")
    }
  }

  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")

  /// AAA's closes with none to eight decimals and some beyond 64-bit units, and a gap; BTC's
  /// history from 2024-01-10 on, the snapshot's closes before it.
  static let mixedCloses: [(Coin, [(String, String)])] = [
    (
      aaa,
      [
        ("2024-01-01", "10"), ("2024-01-02", "10.5"), ("2024-01-03", "10.25"),
        ("2024-01-04", "10.125"), ("2024-01-05", "10.0625"), ("2024-01-06", "10.03125"),
        ("2024-01-07", "10.015625"), ("2024-01-08", "10.0078125"), ("2024-01-09", "10.00390625"),
        ("2024-01-10", "123456789012345678901234.5"), ("2024-01-11", "9.99"),
        ("2024-01-13", "9.99"), ("2024-01-14", "9.990"), ("2024-01-15", "12345678901234567.8"),
        ("2024-01-16", "11"), ("2024-01-17", "11.00000001"), ("2024-01-18", "11.1"),
        ("2024-01-19", "11.1"), ("2024-01-20", "11.12"),
      ]
    ),
    (
      bitcoin,
      (10...20).map { ("2024-01-\($0)", $0.isMultiple(of: 2) ? "45000.5" : "45123.456789") }
    ),
  ]

  /// Quantities of eighteen decimals and beyond 64-bit units, prices of up to eight decimals.
  static let mixedTrades: [(String, TradeSide, Coin, String, String, String)] = [
    ("2024-01-01", .buy, aaa, "0.123456789012345678", "10.5", "0.01"),
    ("2024-01-02", .buy, bitcoin, "0.5", "42000.5", "1"),
    ("2024-01-03", .buy, aaa, "12345678901234567890.5", "0.00000001", "0"),
    ("2024-01-08", .sell, aaa, "5", "11", "0.5"),
    ("2024-01-12", .buy, bitcoin, "0.25", "43000", "0"),
    ("2024-01-15", .sell, bitcoin, "0.6", "45000.01", "2"),
    ("2024-01-18", .sell, aaa, "12345678901234567885", "12", "0"),
  ]

  /// Each priced day's row is the totals `portfolio show` gives that day, whatever the closes'
  /// decimals from one day to the next, with closes and quantities of more than 64-bit units;
  /// and a range that starts before BTC's history takes the snapshot's closes until it.
  @Test(arguments: CostMethod.allCases)
  func closesOfAnyDecimalsAndSizeAreValuedAsShowValuesThem(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let tracker = try Self.tracker(
      in: directory, today: "2024-01-31", closes: Self.mixedCloses, trades: Self.mixedTrades)
    let history = try Self.history(
      of: tracker, from: Self.date("2024-01-01"), to: Self.date("2024-01-20"), method: method)
    #expect(history.days.count == 20)
    #expect(history.gaps == [.init(coin: Self.aaa, days: [Day(iso: "2024-01-12")!])])
    try Self.expectEachPricedDayIsTheTotalsOfShow(history, of: tracker, method: method)
  }

  /// Coins held over days whose closes keep their decimals, two or five, so that each day sums
  /// values of different decimals: every day is the totals of `portfolio show`.
  @Test(arguments: CostMethod.allCases)
  func valuesOfDifferentDecimalsAreSummedOnEveryDay(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let days = (1...9).map { "2024-01-0\($0)" }
    let tracker = try Self.tracker(
      in: directory, today: "2024-01-31",
      closes: [
        (Self.aaa, days.enumerated().map { ($1, "10.\(10 + $0)") }),
        (Self.bbb, days.enumerated().map { ($1, "2.0000\($0 + 1)") }),
        (Self.bitcoin, days.enumerated().map { ($1, "4500\($0).25") }),
      ],
      trades: [
        ("2024-01-01", .buy, Self.aaa, "3", "10", "0"),
        ("2024-01-02", .buy, Self.bbb, "7", "2", "0.01"),
        ("2024-01-03", .buy, Self.bitcoin, "0.5", "45000", "1"),
        ("2024-01-06", .sell, Self.aaa, "1", "11", "0"),
      ])
    let history = try Self.history(
      of: tracker, from: Self.date("2024-01-01"), to: Self.date("2024-01-09"), method: method)
    #expect(history.days.count == 9)
    #expect(history.days.map(\.isPriced) == Array(repeating: true, count: 9))
    try Self.expectEachPricedDayIsTheTotalsOfShow(history, of: tracker, method: method)
  }

  /// A day after one without a close is valued, and its costs shown, at its close's decimals
  /// (four here, against the trades' two; a cost of two thirds of 30.10 shows the difference),
  /// as on any other day: the gap leaves nothing behind.
  @Test(arguments: CostMethod.allCases)
  func theDayAfterAGapIsShownAtItsClosesDecimals(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let tracker = try Self.tracker(
      in: directory, today: "2024-01-31",
      closes: [
        (
          Self.aaa,
          [
            ("2024-01-01", "10.1234"), ("2024-01-02", "10.2345"), ("2024-01-04", "10.3456"),
            ("2024-01-05", "10.4567"),
          ]
        )
      ],
      trades: [
        ("2024-01-01", .buy, Self.aaa, "3", "10.01", "0.07"),
        ("2024-01-01", .sell, Self.aaa, "1", "11", "0"),
      ])
    let history = try Self.history(
      of: tracker, from: Self.date("2024-01-01"), to: Self.date("2024-01-05"), method: method)
    #expect(history.days.map(\.isPriced) == [true, true, false, true, true])
    // Two thirds of 30.10: on the day without a close at the trades' two decimals (where
    // `portfolio show` takes the day before's close, and its four), then at the close's four.
    #expect(
      history.days.map(\.total.cost.text) == ["20.0667", "20.0667", "20.07", "20.0667", "20.0667"])
    try Self.expectEachPricedDayIsTheTotalsOfShow(history, of: tracker, method: method)
  }

  @Test func datesAreCheckedAsPricesChecksThem() throws {
    let directory = try TemporaryDirectory()
    let tracker = try Self.tracker(in: directory)
    #expect(throws: TrackerError.self) {
      try Self.history(of: tracker, from: nil, to: Self.date("2024-01-11"), method: .fifo)
    }
    #expect(throws: TrackerError.self) {
      try Self.history(
        of: tracker, from: Self.date("2024-01-05"), to: Self.date("2024-01-04"), method: .fifo)
    }
  }
}
