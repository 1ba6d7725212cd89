import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// Price series with one price per day from 2024-01-01, nil for a day without one.
private func rows(_ prices: [String?]) -> PriceRows {
  let first = Day(iso: "2024-01-01")!
  return PriceRows(
    prices.enumerated().map { offset, text in
      PriceRow(
        day: first.adding(days: offset), symbol: "BTC",
        price: text.map { Price(decimalText: $0)! }, currency: "USD", source: "test")
    })
}

/// The sparkline and chart of the extremes any source can give: exact, never an overflow trap.
@Suite struct PriceChartExtremeTests {
  static let nearMaximum = "170141183460469231731687303715884105727"

  @Test(arguments: [
    // Zero and 1e37; 1e-30 and 1e8; near ±1.7e38 with zero between: the spans that trapped.
    (["0", "10000000000000000000000000000000000000"], "▁█"),
    (["0.000000000000000000000000000001", "100000000"], "▁█"),
    (["-\(nearMaximum)", "0", nearMaximum], "▁▅█"),
    // 2^128 and more: beyond any fixed width.
    (
      [
        "340282366920938463463374607431768211456", "0.5", "680564733841876926926749214863536422912",
      ], "▄▁█"
    ),
    // A single day, all-equal prices written differently, and zeros sit at the bottom.
    (["42"], "▁"), (["2", "2.0", "2.00"], "▁▁▁"), (["0", "0.00", "-0"], "▁▁▁"),
  ])
  func sparklinesScaleAnySpanExactly(_ prices: [String], _ expected: String) {
    #expect(PriceChart.sparkline(rows(prices), width: 80) == expected + "\n")
  }

  @Test func chartsLabelExtremesWithTheirOwnText() {
    let chart = PriceChart.chart(
      rows(["0.000000000000000000000000000001", nil, "100000000"]), width: 80
    ).split(separator: "\n")
    #expect(chart.count == 9)
    #expect(chart[0] == "                       100000000 ┤  █")
    #expect(chart[7] == "0.000000000000000000000000000001 ┤▁ █")
    let single = PriceChart.chart(rows(["7.50"]), width: 40).split(separator: "\n")
    #expect(single[0] == "7.50 ┤")
    #expect(single[7] == "7.50 ┤▁")
  }
}

extension FuzzTests {
  static let chartSeriesCount = 600

  /// Random and extreme series, with gaps, of 1 to 300 days, drawn at random widths: nothing
  /// traps, and every picture agrees with an independent exact reading of the series.
  @Test func chartsOfRandomAndExtremeSeriesDrawEveryPrice() throws {
    var generator = SeededGenerator(seed: Self.seed)
    CrashReporter.install()
    defer { CrashReporter.clear() }
    var failures = 0
    for index in 0..<Self.chartSeriesCount {
      let prices = ChartFuzzing.series(using: &generator)
      let width = Int.random(in: 1...200, using: &generator)
      let replay = "seed \(Self.seed), series \(index) at width \(width): \(prices)"
      CrashReporter.record(replay)
      if let problem = ChartFuzzing.problem(prices: prices, width: width) {
        failures += 1
        Issue.record("\(problem) (\(replay))")
        if failures == 10 { break }
      }
    }
  }
}

/// The generator and the independent oracle of the chart fuzz test.
private enum ChartFuzzing {
  static let extremes = [
    "0", "-0", "0.00", "170141183460469231731687303715884105727",
    "-170141183460469231731687303715884105728", "340282366920938463463374607431768211455",
    "0.000000000000000000000000000001", "10000000000000000000000000000000000000", "100000000",
  ]

  /// A series of one of several shapes: ordinary prices, extremes, all equal, mostly gaps.
  static func series(using generator: inout SeededGenerator) -> [String?] {
    let count = Int.random(in: 1...300, using: &generator)
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      let price = number(using: &generator)
      return Array(repeating: price, count: count)
    case 1:
      return (0..<count).map { _ in
        Bool.random(using: &generator) ? extremes.randomElement(using: &generator) : nil
      }
    default:
      return (0..<count).map { _ in
        Int.random(in: 0..<5, using: &generator) == 0 ? nil : number(using: &generator)
      }
    }
  }

  /// A plain decimal of up to 60 digits before the point and 40 after, or an extreme.
  static func number(using generator: inout SeededGenerator) -> String {
    if Int.random(in: 0..<6, using: &generator) == 0 {
      return extremes.randomElement(using: &generator)!
    }
    let digits = { (count: Int, generator: inout SeededGenerator) in
      String(
        decoding: (0..<count).map { _ in UInt8.random(in: 48...57, using: &generator) },
        as: UTF8.self)
    }
    var text = digits(1, &generator)
    text += digits(Int.random(in: 0...60, using: &generator), &generator)
    let fraction = Int.random(in: 0...40, using: &generator)
    if fraction > 0 { text += "." + digits(fraction, &generator) }
    return Int.random(in: 0..<4, using: &generator) == 0 ? "-" + text : text
  }

  /// What is wrong with the sparkline and chart of `prices` at `width`, or nil.
  static func problem(prices: [String?], width: Int) -> String? {
    let series = rows(prices)
    let sparkline = PriceChart.sparkline(series, width: width)
    let chart = PriceChart.chart(series, width: max(width, 40))
    let values = prices.map { $0.map(TextDecimal.init) }
    let known = values.compactMap { $0 }
    // The first of equal prices, as the chart labels them.
    guard let lowest = known.min(), let highest = known.max() else {
      return sparkline.isEmpty && chart.isEmpty ? nil : "a series without prices drew something"
    }
    // The columns: runs of days, each showing its last price.
    let columns = min(prices.count, width)
    let closes = (0..<columns).map { column in
      values[(column * prices.count / columns)..<((column + 1) * prices.count / columns)]
        .last { $0 != nil } ?? nil
    }
    let blocks = Array(sparkline.dropLast())
    guard sparkline.hasSuffix("\n"), blocks.count <= columns else {
      return "the sparkline \(sparkline.debugDescription) does not fit \(columns) columns"
    }
    let blockOrder = Array("▁▂▃▄▅▆▇█")
    var drawn: [(close: TextDecimal, level: Int)] = []
    for (column, close) in closes.enumerated() {
      let block = column < blocks.count ? blocks[column] : " "
      guard let close else {
        if block != " " { return "the blank column \(column) drew \(block)" }
        continue
      }
      guard let level = blockOrder.firstIndex(of: block) else {
        return "column \(column) of \(close.text) drew \(block.debugDescription)"
      }
      drawn.append((close, level))
    }
    // In the order of their prices, the columns never go down, and span the whole height.
    drawn.sort { $0.close < $1.close }
    if zip(drawn, drawn.dropFirst()).contains(where: { $0.level > $1.level }) {
      return "a column is drawn above a higher one: \(drawn.map { ($0.close.text, $0.level) })"
    }
    let (bottom, top) = (drawn[0], drawn[drawn.count - 1])
    guard bottom.level == 0, top.level == (bottom.close < top.close ? 7 : 0) else {
      return "the columns span levels \(bottom.level) to \(top.level)"
    }
    let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard lines.count == 9 else { return "the chart has \(lines.count) lines" }
    let labels = [lines[0], lines[7]].map { $0.split(separator: " ").first.map(String.init) }
    guard labels == [highest.canonicalText, lowest.canonicalText] else {
      return
        "the chart is labelled \(labels), not \(highest.canonicalText) and \(lowest.canonicalText)"
    }
    return nil
  }
}

/// A plain decimal compared as text: sign, then the digits before the point, then after;
/// independent of the arithmetic under test.
private struct TextDecimal: Comparable {
  let text: String
  /// -1, 0 or 1.
  private let sign: Int
  /// Without leading zeros.
  private let integer: [UInt8]
  /// Without trailing zeros.
  private let fraction: [UInt8]

  init(_ text: String) {
    self.text = text
    let negative = text.hasPrefix("-")
    let pieces = text.utf8.dropFirst(negative ? 1 : 0).split(
      separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    integer = Array(pieces[0].drop { $0 == UInt8(ascii: "0") })
    var fraction = pieces.count > 1 ? Array(pieces[1]) : []
    while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
    self.fraction = fraction
    sign = integer.isEmpty && fraction.isEmpty ? 0 : negative ? -1 : 1
  }

  /// The text as prices are printed: no zero before another digit of the whole part, no sign
  /// on zero, the digits after the point as written.
  var canonicalText: String {
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self)
    return (sign < 0 ? "-" : "") + whole + (pieces.count > 1 ? "." + pieces[1] : "")
  }

  static func < (left: TextDecimal, right: TextDecimal) -> Bool {
    if left.sign != right.sign { return left.sign < right.sign }
    let magnitudeOrder =
      left.integer.count != right.integer.count
      ? left.integer.count < right.integer.count
      : left.integer != right.integer
        ? left.integer.lexicographicallyPrecedes(right.integer)
        : left.fraction.lexicographicallyPrecedes(right.fraction)
    let equal = left.integer == right.integer && left.fraction == right.fraction
    return !equal && (left.sign < 0 ? !magnitudeOrder : magnitudeOrder)
  }

  static func == (left: TextDecimal, right: TextDecimal) -> Bool {
    left.sign == right.sign && left.integer == right.integer && left.fraction == right.fraction
  }
}
