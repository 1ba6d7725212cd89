import Foundation
import Testing

@testable import CoinTrackCore

/// `prices --stats`: exact decimal arithmetic on the price text, checked against Foundation's
/// Decimal as an independent oracle.
@Suite struct PriceStatisticsTests {
  static func rows(_ prices: [String?], from start: String = "2024-01-01") -> PriceRows {
    let first = Day(iso: start)!
    return PriceRows(
      prices.enumerated().map { offset, text in
        PriceRow(
          day: first.adding(days: offset), symbol: "BTC",
          price: text.flatMap(Price.init(decimalText:)),
          currency: "USDT", source: "test")
      })
  }

  static func statistics(_ prices: [String?]) -> PriceStatistics {
    PriceStatistics(symbol: "BTC", currency: "USDT", source: "test", rows: rows(prices))
  }

  @Test func meanRoundsHalfToEvenAtThePricesOwnDecimals() {
    // 0.15 and 0.25 are exact ties at one decimal: they go to the even neighbour.
    #expect(Self.statistics(["0.1", "0.2"]).mean?.text == "0.2")
    #expect(Self.statistics(["0.2", "0.3"]).mean?.text == "0.2")
    #expect(Self.statistics(["0.1", "0.2", "0.2"]).mean?.text == "0.2")
    // Binary floating point would say 0.30000000000000004 here.
    #expect(Self.statistics(["0.1", "0.2", "0.6"]).mean?.text == "0.3")
    // Mixed scales are aligned to the most decimals.
    #expect(Self.statistics(["1", "2.25"]).mean?.text == "1.62")
    #expect(Self.statistics(["-1", "-2.25"]).mean?.text == "-1.62")
  }

  @Test func extremesTakeTheFirstDayOnATieAndGapsAreCounted() {
    let statistics = Self.statistics([nil, "5", "3.0", "7", "3", nil, "7.00", nil])
    #expect(statistics.first?.day.description == "2024-01-02")
    #expect(statistics.last?.price.text == "7.00")
    #expect(statistics.last?.day.description == "2024-01-07")
    #expect(statistics.minimum?.price.text == "3.0")
    #expect(statistics.minimum?.day.description == "2024-01-03")
    #expect(statistics.maximum?.price.text == "7")
    #expect(statistics.maximum?.day.description == "2024-01-04")
    #expect(statistics.change?.text == "2.00")
    #expect(statistics.changePercent?.text == "40.00")
    #expect(statistics.daysWithData == 5)
    #expect(statistics.daysWithoutData == 3)
  }

  @Test func noPriceAndZeroFirstPriceLeaveValuesOut() {
    let empty = Self.statistics([nil, nil])
    #expect(empty.first == nil && empty.mean == nil && empty.change == nil)
    #expect(empty.daysWithoutData == 2)
    let fromZero = Self.statistics(["0", "1.5"])
    #expect(fromZero.change?.text == "1.5")
    #expect(fromZero.changePercent == nil)
  }

  /// Prices of over 38 digits, and spans no fixed width holds, are exact too (they were null).
  @Test func pricesOfAnySizeAreExact() {
    let huge = Self.statistics([
      "10000000000000000000000000000000000000", nil, "0.000000000000000000000000000001",
      "100000000",
    ])
    #expect(huge.minimum?.price.text == "0.000000000000000000000000000001")
    #expect(huge.minimum?.day.description == "2024-01-03")
    #expect(huge.maximum?.price.text == "10000000000000000000000000000000000000")
    // (1e37 + 1e-30 + 1e8) / 3, rounded half to even at the 30th decimal.
    #expect(
      huge.mean?.text == "3333333333333333333333333333366666666.666666666666666666666666666667")
    #expect(
      huge.change?.text == "-9999999999999999999999999999900000000."
        + String(repeating: "0", count: 30))
    #expect(huge.changePercent?.text == "-100.00")
    let wide = Self.statistics([
      "-170141183460469231731687303715884105728", "340282366920938463463374607431768211455.5",
    ])
    #expect(wide.mean?.text == "85070591730234615865843651857942052863.8")
    #expect(wide.change?.text == "510423550381407695195061911147652317183.5")
    #expect(wide.changePercent?.text == "-300.00")
    let many = Self.statistics(
      Array(repeating: "99999999999999999999999999999999999999999", count: 1000))
    #expect(many.mean?.text == "99999999999999999999999999999999999999999")
    #expect(many.minimum?.day.description == "2024-01-01")
    #expect(many.maximum?.day.description == "2024-01-01")
  }

  /// Every coin's whole history, against Decimal: the same mean, change and percentage.
  @Test func matchesFoundationDecimalOnTheWholeSnapshot() throws {
    let source = SnapshotPriceSource()
    for entry in source.catalogue().entries {
      let range = try #require(entry.held)
      let rows = try source.dailyPrices(of: entry.coin, in: range)
      let statistics = PriceStatistics(
        symbol: entry.coin.symbol, currency: "USDT", source: "offline", rows: rows)
      let prices = rows.compactMap(\.price)
      let decimals = prices.map { Decimal(string: $0.text)! }
      let scale = prices.map { $0.text.split(separator: ".").dropFirst().first?.count ?? 0 }.max()!
      var mean = decimals.reduce(0, +) / Decimal(decimals.count)
      var rounded = Decimal()
      NSDecimalRound(&rounded, &mean, scale, .bankers)
      #expect(Decimal(string: statistics.mean!.text) == rounded, "\(entry.coin.symbol)")
      #expect(statistics.mean!.text.split(separator: ".").last?.count == scale)
      let change = decimals.last! - decimals.first!
      #expect(Decimal(string: statistics.change!.text) == change)
      var percent = change / decimals.first! * 100
      var roundedPercent = Decimal()
      NSDecimalRound(&roundedPercent, &percent, 2, .bankers)
      #expect(Decimal(string: statistics.changePercent!.text) == roundedPercent)
      #expect(Decimal(string: statistics.minimum!.price.text) == decimals.min())
      #expect(Decimal(string: statistics.maximum!.price.text) == decimals.max())
      #expect(statistics.daysWithData + statistics.daysWithoutData == range.count)
    }
  }
}
