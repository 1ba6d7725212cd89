import Testing

@testable import CoinTrackCore

/// The bounds on live work, the strict reading of their variables, and what the cache asks for.
@Suite struct LiveWorkLimitsTests {
  private func range(_ first: String, _ last: String) -> DayRange {
    DayRange(from: Day(iso: first)!, to: Day(iso: last)!)!
  }

  @Test(arguments: [
    ("0", 0, 0), ("100", 0, 100), ("007", 0, 7), ("120", 3, 120_000), ("0.5", 3, 500),
    ("1.25", 3, 1250), ("86400.000", 3, 86_400_000), ("2.", 3, nil), (".5", 3, nil),
    ("2.5", 0, nil), ("0.0001", 3, nil), ("0x10", 0, nil), ("1e3", 0, nil), ("+5", 0, nil),
    ("-1", 0, nil), (" 5", 0, nil), ("5 ", 0, nil), ("1_000", 0, nil), ("", 0, nil),
    ("1.2.3", 3, nil), ("٣", 0, nil), ("99999999999999999999", 0, nil),
    ("9223372036854775807", 3, nil),
  ])
  func onlyPlainDecimalsAreRead(input: String, fractionDigits: Int, expected: Int?) {
    #expect(Environment.scaledDecimal(input, fractionDigits: fractionDigits) == expected)
  }

  @Test func anOutOfRangeCountNamesTheVariableAndItsRange() throws {
    let environment: Environment = ["COINTRACK_MAX_REQUESTS": "100001"]
    #expect(
      throws: EnvironmentError.invalidCount(
        variable: "COINTRACK_MAX_REQUESTS", input: "100001", allowed: 0...100_000)
    ) {
      try environment.count("COINTRACK_MAX_REQUESTS", allowed: 0...100_000)
    }
    #expect(try environment.count("COINTRACK_RUN_TIMEOUT", allowed: 0...1) == nil)
  }

  @Test func theBudgetStopsAtTheRequestCountAndTheTime() throws {
    final class Clock: @unchecked Sendable { var now = 1_000 }
    let clock = Clock()
    var limits = LiveWorkLimits()
    limits.maximumRequests = 2
    limits.maximumMilliseconds = 500
    let budget = LiveWorkBudget(limits: limits) { clock.now }
    try budget.spendRequest(for: .binance)
    clock.now += 499
    #expect(budget.remainingMilliseconds == 1)
    try budget.spendRequest(for: .binance)
    #expect(throws: SourceError.workLimitReached(source: "binance", limit: .requests(2))) {
      try budget.spendRequest(for: .binance)
    }
    let timed = LiveWorkBudget(limits: limits) { clock.now }
    clock.now += 500
    #expect(timed.remainingMilliseconds == 0)
    #expect(throws: SourceError.workLimitReached(source: "binance", limit: .milliseconds(500))) {
      try timed.spendRequest(for: .binance)
    }
  }

  @Test func refreshAsksFromTheFirstToTheLastDayWithoutAClose() {
    var cached = CachedCloses()
    let price = Price(decimalText: "1")!
    cached.record(
      [
        Day(iso: "2024-01-01")!: price, Day(iso: "2024-01-04")!: price,
        Day(iso: "2024-01-06")!: price,
      ],
      covering: range("2024-01-01", "2024-01-06"))
    #expect(cached.uncoveredSpan(in: range("2024-01-01", "2024-01-06")) == nil)
    #expect(
      cached.daysWithoutClose(in: range("2024-01-01", "2024-01-06"))
        == range("2024-01-02", "2024-01-05"))
    #expect(cached.daysWithoutClose(in: range("2024-01-04", "2024-01-04")) == nil)
    #expect(
      cached.uncoveredSpan(in: range("2023-12-30", "2024-01-09"))
        == range("2023-12-30", "2024-01-09"))
    #expect(
      cached.uncoveredSpan(in: range("2024-01-03", "2024-01-09"))
        == range("2024-01-07", "2024-01-09"))
  }
}
