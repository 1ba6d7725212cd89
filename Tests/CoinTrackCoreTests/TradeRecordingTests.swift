import Foundation
import Testing

@testable import CoinTrackCore

/// Recording trades: ids in order, all or none, no sale of more than is held on its day (on one
/// day in the order entered), no day after today, and the trades kept in the state file.
@Suite struct TradeRecordingTests {
  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
  static let ether = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")

  /// A trade of `quantity` units at 100 each, no fee, in USDT, with id `id`.
  static func trade(
    _ side: TradeSide, _ quantity: String, _ day: String, coin: Coin = bitcoin, id: Int = 0
  ) -> Trade {
    Trade(
      id: id, day: Day(iso: day)!, side: side, coin: coin, quantity: Price(decimalText: quantity)!,
      price: Price(decimalText: "100")!, fee: Price(decimalText: "0")!, currency: "USDT")
  }

  @Test func noSaleOfMoreThanIsHeld() {
    let trades = [
      Self.trade(.buy, "1.5", "2024-01-01", id: 1),
      Self.trade(.sell, "0.5", "2024-01-02", id: 2),
      Self.trade(.buy, "2", "2024-01-02", coin: Self.ether, id: 3),
      Self.trade(.sell, "1", "2024-01-03", id: 4),
    ]
    #expect(PortfolioCheck.firstOversell(in: trades) == nil)
    let over = Self.trade(.sell, "0.000000000000000001", "2024-01-04", id: 5)
    #expect(
      PortfolioCheck.firstOversell(in: trades + [over])
        == Oversell(trade: over, held: Price(decimalText: "0")!))
    // Ether held does not cover a sale of bitcoin.
    let wrongCoin = Self.trade(.sell, "1.5", "2024-01-03", id: 5)
    #expect(
      PortfolioCheck.firstOversell(in: trades.dropLast() + [wrongCoin])
        == Oversell(trade: wrongCoin, held: Price(decimalText: "1")!))
  }

  @Test func onOneDayTradesCountInIdOrder() {
    let sellFirst = [
      Self.trade(.sell, "1", "2024-01-01", id: 1), Self.trade(.buy, "1", "2024-01-01", id: 2),
    ]
    #expect(PortfolioCheck.firstOversell(in: sellFirst)?.trade.id == 1)
    let buyFirst = [
      Self.trade(.buy, "1", "2024-01-01", id: 1), Self.trade(.sell, "1", "2024-01-01", id: 2),
    ]
    #expect(PortfolioCheck.firstOversell(in: buyFirst) == nil)
    // Given in any order, trades count by day and then by id.
    let shuffled = [
      Self.trade(.sell, "1", "2024-01-02", id: 1), Self.trade(.buy, "1", "2024-01-01", id: 2),
    ]
    #expect(PortfolioCheck.firstOversell(in: shuffled) == nil)
    #expect(PortfolioCheck.firstOversell(in: shuffled.reversed()) == nil)
  }

  @Test func recordsInOrderAndKeepsTheTradesInTheFile() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    let first = try tracker.recordTrades([Self.trade(.buy, "2", "2024-01-01")])
    #expect(first.map(\.id) == [1])
    let next = try tracker.recordTrades([
      Self.trade(.sell, "0.5", "2024-01-05"), Self.trade(.buy, "0.25", "2024-01-03"),
    ])
    #expect(next.map(\.id) == [2, 3])
    #expect(next.map(\.quantity.text) == ["0.5", "0.25"])
    let state = try directory.store().load()
    #expect(try directory.store().loadTrades() == first + next)
    #expect(state.nextTradeID == 4)
    // Oldest first, by day.
    #expect(try tracker.trades(coin: nil).map(\.id) == [1, 3, 2])
    #expect(try tracker.trades(coin: "bitcoin").map(\.id) == [1, 3, 2])
    #expect(try tracker.trades(coin: "eth").isEmpty)
    #expect(throws: TrackerError.self) { try tracker.trades(coin: "nosuchcoin") }
  }

  @Test func aSaleOfMoreThanIsHeldStoresNothing() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    _ = try tracker.recordTrades([Self.trade(.buy, "1", "2024-01-01")])
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.store().path))
    // The first sale fits; the second, recorded with it, does not: neither is stored.
    let sales = [Self.trade(.sell, "0.75", "2024-01-02"), Self.trade(.sell, "0.5", "2024-01-03")]
    #expect(
      throws: TradeError.oversold(
        Oversell(
          trade: Self.trade(.sell, "0.5", "2024-01-03", id: 3),
          held: Price(decimalText: "0.25")!), isNew: true)
    ) { try tracker.recordTrades(sales) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.store().path)) == before)
    #expect(try directory.store().load().nextTradeID == 2)
  }

  @Test func anEarlierSaleThatLeavesAStoredOneOversellingIsRefused() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    _ = try tracker.recordTrades([
      Self.trade(.buy, "1", "2024-01-01"), Self.trade(.sell, "1", "2024-01-10"),
    ])
    #expect(
      throws: TradeError.oversold(
        Oversell(
          trade: Self.trade(.sell, "1", "2024-01-10", id: 2), held: Price(decimalText: "0.5")!),
        isNew: false)
    ) { try tracker.recordTrades([Self.trade(.sell, "0.5", "2024-01-05")]) }
    #expect(try directory.store().loadTrades().count == 2)
  }

  @Test func aDayAfterTodayIsRefused() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker(today: "2024-01-01")
    #expect(
      throws: TrackerError.dateAfterToday(
        input: "2024-01-02", day: Day(iso: "2024-01-02")!, today: Day(iso: "2024-01-01")!)
    ) { try tracker.recordTrades([Self.trade(.buy, "1", "2024-01-02")]) }
    _ = try tracker.recordTrades([Self.trade(.buy, "1", "2024-01-01")])
  }

  /// A version 4 file, as cointrack wrote it before the portfolio: no trades.
  static let version4 = Array(
    (#"{"schema_version":4,"profile":{"username":"carol","source":null,"currency":null},"#
      + #""coins":[{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":"bitcoin"}],"#
      + #""next_id":2,"revision":3,"alerts":[],"next_alert_id":1}"# + "\n").utf8)

  @Test func aVersion4FileReadsWithoutTradesAndMigratesWhenOneIsRecorded() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version4)
    let store = fixture.store()
    #expect(try store.loadTrades().isEmpty)
    #expect(try store.load().nextTradeID == 1)
    let tracker = Tracker(
      openStore: { store }, source: SnapshotPriceSource(), today: Day(iso: "2026-05-20")!)
    let recorded = try tracker.recordTrades([Self.trade(.buy, "0.000000000000000001", "2024-01-01")]
    )
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 4)) == Self.version4)
    let document = try JSONParser.parse(try #require(fixture.bytes()))
    #expect(document["schema_version"] == .number("6"))
    #expect(document["next_trade_id"] == .number("2"))
    #expect(document["trades"] == nil)
    let journal = try #require(fixture.bytes(of: TradesFile(besideStateFile: fixture.path).path))
    let line = try JSONParser.parse(Array(journal.dropLast()))
    #expect(journal.last == UInt8(ascii: "\n"))
    #expect(line["quantity"] == .number("0.000000000000000001"))
    let after = try store.load()
    #expect(try store.loadTrades() == recorded)
    #expect(after.coins.map(\.coin.id) == ["bitcoin"])
    #expect(after.revision == 4)
  }
}

/// The sides of issue 28: income holds like a buy, a transfer holds nothing and is checked
/// against nothing, and a trade that breaks its side's rule is never written.
@Suite struct IncomeAndTransferRecordingTests {
  static func trade(_ side: TradeSide, _ quantity: String, _ day: String, id: Int = 0)
    -> Trade
  {
    TradeRecordingTests.trade(side, quantity, day, id: id)
  }

  @Test func incomeIsHeldAndATransferIsNot() {
    let trades = [
      Self.trade(.staking, "1", "2024-01-01", id: 1),
      Self.trade(.transfer, "5", "2024-01-02", id: 2),
      Self.trade(.sell, "1", "2024-01-03", id: 3),
    ]
    #expect(PortfolioCheck.firstOversell(in: trades) == nil)
    let over = Self.trade(.sell, "0.5", "2024-01-04", id: 4)
    #expect(
      PortfolioCheck.firstOversell(in: trades + [over])
        == Oversell(trade: over, held: Price(decimalText: "0")!))
  }

  @Test(arguments: [
    (TradeSide.airdrop, "fee", TradeSideRule.incomeWithoutFee),
    (.transfer, "price", .transferWithoutPrice),
    (.transfer, "fee", .transferWithoutFee),
  ])
  func aTradeBreakingItsSidesRuleIsNotRecorded(
    _ side: TradeSide, _ nonZero: String, _ rule: TradeSideRule
  ) throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    var trade = Self.trade(side, "1", "2024-01-01")
    trade.price = Price(decimalText: nonZero == "price" ? "7" : "0")!
    trade.fee = Price(decimalText: nonZero == "fee" ? "7" : "0")!
    #expect(throws: TradeError.sideRuleBroken(rule, side: side, input: "7")) {
      try tracker.recordTrades([trade])
    }
    var named = Self.trade(.staking, "1", "2024-01-01")
    named.lots = [1]
    #expect(throws: TradeError.sideRuleBroken(.lotsOnlyOnSell, side: .staking, input: "1")) {
      try tracker.recordTrades([named])
    }
    #expect(try tracker.trades(coin: nil).isEmpty)
  }
}
