import Testing

@testable import CoinTrackCore

@Suite struct LatestPricesTests {
  static let day = Day(year: 2026, month: 5, day: 20)!

  static func row(_ symbol: String, _ price: String) -> PriceRow {
    PriceRow(
      day: day, symbol: symbol, price: Price(decimalText: price), currency: "USDT",
      source: "offline")
  }

  @Test func eachCoinKeepsItsOwnRowAndOnlyRowsTakeRoom() {
    let given: [PriceRow?] = [nil, Self.row("BTC", "1.5"), nil, nil, Self.row("ETH", "0.25"), nil]
    let latest = LatestPrices(given)
    #expect(latest.count == given.count)
    #expect(Array(latest) == given)
    #expect(latest.rows == given.compactMap { $0 })
  }

  @Test func noCoinsAndNoPricesAreBothEmptyOfRows() {
    let noCoins = LatestPrices([PriceRow?]())
    #expect(noCoins.isEmpty)
    let none = LatestPrices([PriceRow?](repeating: nil, count: 3))
    #expect(none.count == 3)
    #expect(none.rows.isEmpty)
    #expect(none.allSatisfy { $0 == nil })
  }
}
