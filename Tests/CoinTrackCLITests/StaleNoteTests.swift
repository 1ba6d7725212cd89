import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// An offline source whose coins' data ends on days of the test's choosing.
private struct EndingSource: OfflinePriceData {
  let lastDays: [String: Day]
  var name: String { "offline" }
  var currency: String { "USDT" }

  func resolveCoin(_ input: String) throws -> Coin {
    Coin(symbol: input, name: input, coingeckoID: nil)
  }

  func offlineLastDays(of coins: [Coin]) -> [Day?] { coins.map { lastDays[$0.symbol] } }

  func latestPrices(of coins: [Coin], onOrBefore day: Day) -> LatestPrices {
    LatestPrices(
      coins.map { coin in
        lastDays[coin.symbol].map {
          PriceRow(
            day: Swift.min($0, day), symbol: coin.symbol, price: Price(decimalText: "1"),
            currency: currency, source: name)
        }
      })
  }

  func dailyPrices(of coin: Coin, in range: DayRange) throws -> PriceRows { PriceRows([]) }
}

/// The stale note's form for coins whose offline data ends on different days, which the
/// snapshot alone (every coin ends on one day) cannot show.
@Suite struct StaleNoteTests {
  private static let today = Day(year: 2026, month: 11, day: 22)!

  private func note(_ lastDays: [(String, Day?)]) throws -> String? {
    let source = EndingSource(
      lastDays: Dictionary(
        uniqueKeysWithValues: lastDays.compactMap { symbol, day in
          day.map { (symbol, $0) }
        }))
    let tracker = Tracker(
      openStore: { () throws(StateError) -> StateStore in throw .noHomeDirectory }, source: source,
      today: Self.today)
    let coins = lastDays.enumerated().map { index, entry in
      TrackedCoin(id: index + 1, coin: Coin(symbol: entry.0, name: entry.0, coingeckoID: nil))
    }
    let stale = try tracker.staleOfflinePrices(
      of: coins, latest: try tracker.latestPrices(of: coins))
    return stale.isEmpty ? nil : CoinsListCommand.staleNote(stale, today: Self.today)
  }

  private func day(_ offset: Int) -> Day { Self.today.adding(days: offset) }

  @Test func coinsEndingOnDifferentDaysAreGroupedOldestFirst() throws {
    #expect(
      try note([("BTC", day(-10)), ("PEPE", day(-3)), ("ETH", day(-10)), ("NEW", day(-1))])
        == "note: the offline prices of BTC and ETH end on 2026-11-12 (10 days ago) and of PEPE "
        + "on 2026-11-19 (3 days ago); run 'cointrack sync' to fetch the closed days since, or "
        + "ask a live source with --source.")
  }

  @Test func beyondThreeDaysTheRestAreCounted() throws {
    let lastDays: [(String, Day?)] = [
      ("A", day(-9)), ("B", day(-8)), ("C", day(-7)), ("D", day(-6)), ("E", day(-5)),
      ("F", day(-5)), ("G", nil),
    ]
    #expect(
      try note(lastDays)
        == "note: the offline prices of A end on 2026-11-13 (9 days ago), of B on 2026-11-14 "
        + "(8 days ago), of C on 2026-11-15 (7 days ago) and of 3 more coins on later days; run "
        + "'cointrack sync' to fetch the closed days since, or ask a live source with --source.")
  }

  /// Planted once: the symbols listed without `shown`; the escape sequence reached the text.
  @Test func symbolsAreEscapedForTheTerminal() throws {
    let text = try #require(try note([("X\u{1b}[31m", day(-5))]))
    #expect(!text.unicodeScalars.contains("\u{1b}"))
    #expect(text.hasPrefix("note: the offline prices of X\\u{1b}[31m end on 2026-11-17"))
  }

  @Test func currentDataAndLiveSourcesGetNoNote() throws {
    #expect(try note([("BTC", day(-1)), ("ETH", day(0)), ("NONE", nil)]) == nil)
  }
}
