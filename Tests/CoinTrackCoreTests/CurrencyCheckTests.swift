import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// The currency check walks the trades once and asks the source about each coin once: it must
/// refuse exactly the trade that checking every trade in day order, one by one, refuses.
struct CurrencyCheckTests {
  static let coins = ["BTC", "ETH", "SOL", "XRP"].map {
    Coin(symbol: $0, name: "Coin \($0)", coingeckoID: "coin-\($0.lowercased())")
  }

  /// What the check refuses, as the model and the check both tell it: the trade's id, the
  /// coin's currency and whether the trade is new; nil when nothing is refused.
  struct Refusal: Equatable {
    let tradeID: Int
    let coinCurrency: String
    let isNew: Bool
  }

  /// The independent model: every trade in day order (on one day in id order), each coin's
  /// currency the source's, else that of its first trade.
  static func modelRefusal(_ trades: [Trade], valued: [String: String], firstNewID: Int)
    -> Refusal?
  {
    let ordered = trades.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
    var currencies = valued
    for trade in ordered {
      let currency = currencies[trade.coin.id] ?? trade.currency
      currencies[trade.coin.id] = currency
      if trade.currency != currency {
        return Refusal(
          tradeID: trade.id, coinCurrency: currency, isNew: trade.id >= firstNewID)
      }
    }
    return nil
  }

  /// What the check refuses.
  static func checkRefusal(_ trades: [Trade], valued: [String: String], firstNewID: Int) throws
    -> Refusal?
  {
    let tracker = try TemporaryDirectory().tracker()
    do {
      try tracker.checkCurrencies(of: trades, firstNewID: firstNewID) { coins in
        coins.map { valued[$0.id] }
      }
      return nil
    } catch TradeError.currencyMismatch(let trade, let coinCurrency, _, let isNew) {
      return Refusal(tradeID: trade.id, coinCurrency: coinCurrency, isNew: isNew)
    }
  }

  static func trade(id: Int, day: String, coin: Int, currency: String) -> Trade {
    Trade(
      id: id, day: Day(iso: day)!, side: .buy, coin: coins[coin],
      quantity: Price(decimalText: "1")!, price: Price(decimalText: "100")!,
      fee: Price(decimalText: "0")!, currency: currency)
  }

  @Test func theFirstTradeOffItsCoinsCurrencyInDayOrderIsRefused() throws {
    // ETH's stray trade (id 4) comes before BTC's (id 2) by day, though after it by id.
    let trades = [
      Self.trade(id: 1, day: "2024-01-01", coin: 0, currency: "USDT"),
      Self.trade(id: 2, day: "2024-01-05", coin: 0, currency: "USD"),
      Self.trade(id: 3, day: "2024-01-02", coin: 1, currency: "USDT"),
      Self.trade(id: 4, day: "2024-01-03", coin: 1, currency: "EUR"),
    ]
    #expect(
      try Self.checkRefusal(trades, valued: [:], firstNewID: 4)
        == Refusal(tradeID: 4, coinCurrency: "USDT", isNew: true))
    // Valued in USD by the source, BTC's first trade is the stray one.
    #expect(
      try Self.checkRefusal(trades, valued: ["coin-btc": "USD"], firstNewID: 5)
        == Refusal(tradeID: 1, coinCurrency: "USD", isNew: false))
    // Valued in USD, BTC's trade 2 keeps it and trade 1 is refused; SOL never traded is asked
    // about and ignored.
    #expect(
      try Self.checkRefusal(
        Array(trades[..<2]), valued: ["coin-btc": "USDT", "coin-sol": "USD"], firstNewID: 2)
        == Refusal(tradeID: 2, coinCurrency: "USDT", isNew: true))
    #expect(try Self.checkRefusal([], valued: [:], firstNewID: 1) == nil)
  }

  @Test func randomTradesAreRefusedAsTheModelRefusesThem() throws {
    var generator = SeededGenerator(seed: 32)
    let currencies = ["USD", "USDT", "EUR"]
    for _ in 0..<300 {
      let count = Int(generator.next(below: 12))
      let trades = (0..<count).map { index in
        Self.trade(
          id: index + 1, day: "2024-01-0\(1 + generator.next(below: 4))",
          coin: Int(generator.next(below: 4)),
          // Mostly the coin's usual currency, so that some sets pass.
          currency: generator.next(below: 5) == 0
            ? currencies[Int(generator.next(below: 3))] : "USDT")
      }
      var valued: [String: String] = [:]
      for coin in Self.coins where generator.next(below: 3) == 0 {
        valued[coin.id] = generator.next(below: 2) == 0 ? "USDT" : "USD"
      }
      let firstNewID = 1 + Int(generator.next(below: UInt64(count + 1)))
      #expect(
        try Self.checkRefusal(trades, valued: valued, firstNewID: firstNewID)
          == Self.modelRefusal(trades, valued: valued, firstNewID: firstNewID))
    }
  }
}
