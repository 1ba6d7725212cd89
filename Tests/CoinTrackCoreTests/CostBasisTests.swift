import Testing

@testable import CoinTrackCore

/// Cost basis on hand-worked examples: FIFO and average cost, partial sales, fees, a sale that
/// empties a holding, trades on one day; every expected number is worked out in the comments.
@Suite struct CostBasisTests {
  /// One example: trades (side, quantity, price, fee, day), the method, the price the holding is
  /// valued at, and the expected row as `quantity,cost,average_cost,value,unrealised,
  /// unrealised_percent,realised` ("-" for a coin no longer held) and total realised profit.
  struct Example: CustomTestStringConvertible, Sendable {
    let name: String
    let trades: [(TradeSide, String, String, String, String)]
    let method: CostMethod
    let price: String
    let row: String
    let totalRealised: String
    var testDescription: String { "\(name), \(method)" }
  }

  static let examples: [Example] = [
    // Lot 1: 2 × 100 + 2 = 202; lot 2: 1 × 130 + 1 = 131. The sale of 2.5 at 150 less 3 brings
    // 372 and takes lot 1 (202) and half of lot 2 (65.5): realised 372 − 267.5 = 104.5. Held:
    // 0.5 costing 65.5 (131 a unit), worth 0.5 × 160 = 80: unrealised 14.5, 14.5 / 65.5 =
    // 22.137…%.
    Example(
      name: "FIFO, a partial sale across two lots with fees",
      trades: [
        (.buy, "2", "100", "2", "2024-01-01"), (.buy, "1", "130", "1", "2024-01-05"),
        (.sell, "2.5", "150", "3", "2024-01-10"),
      ], method: .fifo, price: "160",
      row: "0.5,65.50,131.00,80.00,14.50,22.14,104.50", totalRealised: "104.50"),
    // The same trades at average cost: 333 for 3 units; the sale takes 2.5 / 3 of it, 277.5:
    // realised 372 − 277.5 = 94.5. Held: 0.5 costing 55.5 (111 a unit), worth 80: unrealised
    // 24.5, 24.5 / 55.5 = 44.144…%.
    Example(
      name: "average cost, the same trades",
      trades: [
        (.buy, "2", "100", "2", "2024-01-01"), (.buy, "1", "130", "1", "2024-01-05"),
        (.sell, "2.5", "150", "3", "2024-01-10"),
      ], method: .average, price: "160",
      row: "0.5,55.50,111.00,80.00,24.50,44.14,94.50", totalRealised: "94.50"),
    // 1 × 10.5 + 0.25 = 10.75; sold for 12 − 0.1 = 11.9: realised 1.15, nothing held. Bought
    // again: 2 × 11 = 22 (11 a unit), worth 2 × 9.995 = 19.99: unrealised −2.01, −9.136…%.
    Example(
      name: "a sale that empties the holding, then a purchase",
      trades: [
        (.buy, "1", "10.5", "0.25", "2024-02-01"), (.sell, "1", "12", "0.1", "2024-02-02"),
        (.buy, "2", "11", "0", "2024-02-03"),
      ], method: .fifo, price: "9.995",
      row: "2,22.000,11.000,19.990,-2.010,-9.14,1.150", totalRealised: "1.150"),
    // 3 × 100 + 1 = 301. Selling 1 takes 301 / 3 = 100.333… (kept to 36 decimals): realised
    // 120 − 100.333… = 19.666…, shown 19.67; held 2 costing 200.666…, shown 200.67, 100.33 a
    // unit, worth 240: unrealised 240 − 200.67 = 39.33, 19.599…%.
    Example(
      name: "average cost that does not divide evenly",
      trades: [(.buy, "3", "100", "1", "2024-03-01"), (.sell, "1", "120", "0", "2024-03-02")],
      method: .average, price: "120",
      row: "2,200.67,100.33,240.00,39.33,19.60,19.67", totalRealised: "19.67"),
    // Selling the other 2 at 120 takes all that is left of the cost: in all 360 − 301 = 59,
    // exactly, and nothing held.
    Example(
      name: "average cost, sold out after a share that did not divide evenly",
      trades: [
        (.buy, "3", "100", "1", "2024-03-01"), (.sell, "1", "120", "0", "2024-03-02"),
        (.sell, "2", "120", "0", "2024-03-03"),
      ], method: .average, price: "120", row: "-", totalRealised: "59.00"),
    // On one day, in the order entered: bought 1 at 100, sold at 110 less 0.5: realised 9.5.
    Example(
      name: "a purchase and a sale on one day",
      trades: [(.buy, "1", "100", "0", "2024-04-01"), (.sell, "1", "110", "0.5", "2024-04-01")],
      method: .fifo, price: "120", row: "-", totalRealised: "9.50"),
    // Three lots: 1 at 10, 1 at 20, 1 at 30. Selling 2.5 at 40 takes 10 + 20 + 15 = 45 for
    // 100: realised 55. Held 0.5 costing 15 (30 a unit), worth 0.5 × 25 = 12.5: −2.5, −16.67%.
    Example(
      name: "FIFO, a sale across three lots",
      trades: [
        (.buy, "1", "10", "0", "2024-05-01"), (.buy, "1", "20", "0", "2024-05-02"),
        (.buy, "1", "30", "0", "2024-05-03"), (.sell, "2.5", "40", "0", "2024-05-04"),
      ], method: .fifo, price: "25",
      row: "0.5,15.00,30.00,12.50,-2.50,-16.67,55.00", totalRealised: "55.00"),
    // A wei: 0.000000000000000001 at 2000.123 costs 0.000000000000002000123, shown 0.000;
    // worth as much at 2000.123, unrealised 0; the cost is not above 0 as shown, so no
    // percentage.
    Example(
      name: "a quantity of one wei",
      trades: [(.buy, "0.000000000000000001", "2000.123", "0", "2024-06-01")], method: .fifo,
      price: "2000.123", row: "0.000000000000000001,0.000,2000.123,0.000,0.000,-,0.000",
      totalRealised: "0.000"),
  ]

  static let coin = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")

  @Test(arguments: examples)
  func theRowIsWorkedOutByHand(_ example: Example) throws {
    let trades = example.trades.enumerated().map { index, trade in
      Trade(
        id: index + 1, day: Day(iso: trade.4)!, side: trade.0, coin: Self.coin,
        quantity: Price(decimalText: trade.1)!, price: Price(decimalText: trade.2)!,
        fee: Price(decimalText: trade.3)!, currency: "USDT")
    }
    var basis = CostBasis(trades: trades, method: example.method)
    let day = Day(iso: "2024-12-31")!
    try basis.advance(through: day)
    let valuation = basis.valuation(on: day, currency: "USDT") { held in
      LatestPrices(
        held.map { _ in
          PriceRow(
            day: day, symbol: "ETH", price: Price(decimalText: example.price), currency: "USDT",
            source: "offline")
        })
    }
    let rows = valuation.holdings.map { row in
      [
        row.quantity, row.cost, row.averageCost, row.value, row.unrealised,
        row.unrealisedPercent, row.realised,
      ].map { $0?.text ?? "-" }.joined(separator: ",")
    }
    #expect(rows == (example.row == "-" ? [] : [example.row]))
    #expect(valuation.total.realised.text == example.totalRealised)
  }

  @Test func aLaterDayAppliesOnlyTheTradesAfterTheEarlierOne() throws {
    let trades = [
      Trade(
        id: 1, day: Day(iso: "2024-01-01")!, side: .buy, coin: Self.coin,
        quantity: Price(decimalText: "1")!, price: Price(decimalText: "10")!,
        fee: Price(decimalText: "0")!, currency: "USDT"),
      Trade(
        id: 2, day: Day(iso: "2024-01-03")!, side: .buy, coin: Self.coin,
        quantity: Price(decimalText: "1")!, price: Price(decimalText: "20")!,
        fee: Price(decimalText: "0")!, currency: "USDT"),
    ]
    var basis = CostBasis(trades: trades, method: .fifo)
    try basis.advance(through: Day(iso: "2024-01-02")!)
    #expect(basis.applied.map(\.id) == [1])
    #expect(basis.positions.map(\.cost) == [ExactDecimal(10)])
    try basis.advance(through: Day(iso: "2024-01-03")!)
    #expect(basis.applied.map(\.id) == [1, 2])
    #expect(basis.positions.map(\.cost) == [ExactDecimal(30)])
  }

  @Test func exactProductsAndRoundingHalfToEven() {
    let value = { (text: String) in ExactDecimal(Price(decimalText: text)!) }
    #expect((value("1.5") * value("-0.25")).price.text == "-0.375")
    // As Python's exact integers have it: 1234567890123456789 * 9876543210987654321.
    #expect(
      (value("123456789012345678.9") * value("98765432109876543.21")).price.text
        == "12193263113702179522374638011112635.269")
    #expect(value("2.345").rounded(toScale: 2).price.text == "2.34")
    #expect(value("2.355").rounded(toScale: 2).price.text == "2.36")
    #expect(value("-2.345").rounded(toScale: 2).price.text == "-2.34")
    #expect(value("2.3451").rounded(toScale: 2).price.text == "2.35")
    #expect(value("7").rounded(toScale: 2).price.text == "7.00")
  }
}
