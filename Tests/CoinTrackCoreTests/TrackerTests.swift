import Testing

@testable import CoinTrackCore

@Suite struct TrackerTests {
  private func day(_ text: String) -> DatedInput {
    DatedInput(day: Day(iso: text)!, input: text)
  }

  @Test func listsTheDefaultsWithTheLatestPriceOnOrBeforeToday() throws {
    let directory = try TemporaryDirectory()
    let listings = try directory.tracker(today: "2024-01-01").listedTrackedCoins()
    #expect(listings.map(\.tracked.coin.symbol) == ["BTC", "ETH", "BNB", "SOL", "XRP"])
    let bitcoin = try #require(listings[0].latest)
    #expect(bitcoin.day.description == "2024-01-01")
    #expect(bitcoin.price?.text == "44179.55")
    #expect(bitcoin.currency == "USDT")
    #expect(bitcoin.source == "offline")
  }

  @Test func aGapDayFallsBackToTheDayBefore() throws {
    let directory = try TemporaryDirectory()
    // 2026-01-08 is one of the days the snapshot lacks.
    let listings = try directory.tracker(today: "2026-01-08").listedTrackedCoins()
    #expect(listings[0].latest?.day.description == "2026-01-07")
  }

  @Test func aDayBeforeAnyDataHasNoPrice() throws {
    let directory = try TemporaryDirectory()
    let listings = try directory.tracker(today: "2017-08-01").listedTrackedCoins()
    #expect(listings.allSatisfy { $0.latest == nil })
  }

  @Test func addsBySymbolOrNameAllOrNone() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    let added = try tracker.addCoins(["ada", "Bitcoin Cash", "CARDANO"])
    #expect(added.map(\.coin.symbol) == ["ADA", "BCH"])
    #expect(added.map(\.id) == [6, 7])
    #expect(
      throws: TrackerError.coinAlreadyTracked(
        input: "btc",
        coin: TrackedCoin(
          id: 1, coin: Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")))
    ) {
      try tracker.addCoins(["doge", "btc"])
    }
    #expect(throws: TrackerError.self) { try tracker.addCoins(["trx", "nonsense"]) }
    #expect(
      try tracker.listedTrackedCoins().map(\.tracked.coin.symbol) == [
        "BTC", "ETH", "BNB", "SOL", "XRP", "ADA", "BCH",
      ])
  }

  @Test func unknownCoinsComeWithSuggestions() throws {
    let directory = try TemporaryDirectory()
    #expect {
      try directory.tracker().addCoins(["bitcon"])
    } throws: { error in
      guard case .unknownCoin(let input, let suggestions) = error as? TrackerError else {
        return false
      }
      return input == "bitcon" && suggestions.map(\.symbol) == ["BTC"]
    }
  }

  @Test func removesByIdSymbolOrNameAndNeverReusesIds() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    let removed = try tracker.removeCoins(["1", "eth", "Solana"])
    #expect(removed.map(\.coin.symbol) == ["BTC", "ETH", "SOL"])
    #expect(throws: TrackerError.coinNotTracked(input: "btc")) { try tracker.removeCoins(["btc"]) }
    #expect(throws: TrackerError.coinNotTracked(input: "99")) {
      try tracker.removeCoins(["bnb", "99"])
    }
    #expect(try tracker.listedTrackedCoins().count == 2)
    let readded = try tracker.addCoins(["BTC"])
    #expect(readded.map(\.id) == [6])
  }

  @Test func pricesHaveOneRowPerDayWithGapsAsNil() throws {
    let directory = try TemporaryDirectory()
    let history = try directory.tracker().prices(
      coin: "btc", from: day("2026-01-06"), to: day("2026-01-09"))
    #expect(
      history.rows.map(\.day.description) == [
        "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09",
      ])
    #expect(history.rows.map { $0.price?.text } == ["93747.97", "91364.16", nil, "90641.28"])
    #expect(history.missingDays == 1)
  }

  @Test func aRangeOverlappingTheDataKeepsEveryDay() throws {
    let directory = try TemporaryDirectory()
    let history = try directory.tracker().prices(
      coin: "SOL", from: day("2020-08-09"), to: day("2020-08-12"))
    #expect(history.rows.count == 4)
    #expect(history.missingDays == 2)
  }

  @Test func rejectsBadRanges() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker(today: "2024-06-01")
    #expect(
      throws: TrackerError.rangeStartsAfterEnd(
        from: Day(iso: "2024-02-01")!, to: Day(iso: "2024-01-01")!)
    ) {
      try tracker.prices(coin: "BTC", from: day("2024-02-01"), to: day("2024-01-01"))
    }
    #expect(
      throws: TrackerError.dateAfterToday(
        input: "2024-06-02", day: Day(iso: "2024-06-02")!, today: Day(iso: "2024-06-01")!)
    ) {
      try tracker.prices(coin: "BTC", from: day("2024-06-01"), to: day("2024-06-02"))
    }
    #expect(
      throws: TrackerError.noPricesInRange(
        symbol: "SOL",
        requested: DayRange(from: Day(iso: "2019-01-01")!, to: Day(iso: "2019-12-31")!)!,
        held: DayRange(from: Day(iso: "2020-08-11")!, to: Day(iso: "2026-05-20")!)!,
        source: "offline")
    ) {
      try tracker.prices(coin: "solana", from: day("2019-01-01"), to: day("2019-12-31"))
    }
  }

  @Test func setsAValidUsernameAndRefusesInvalidOnes() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    #expect(
      try tracker.updateProfile(username: "  alice  ", source: nil, currency: nil).username
        == "alice")
    #expect(try tracker.profile().username == "alice")
    let cases: [(String, UsernameProblem)] = [
      ("   ", .empty), (String(repeating: "x", count: 33), .tooLong(33)), ("a\nb", .lineBreak),
      ("a\u{7}b", .invisibleCharacter("\u{7}", position: 2)), ("-a", .leadingDash),
      ("bob\n", .lineBreak),
      // Direction overrides, zero-width and tag characters make the name shown lie.
      ("  ev\u{202E}il", .invisibleCharacter("\u{202E}", position: 5)),
      ("a\u{200B}b", .invisibleCharacter("\u{200B}", position: 2)),
      ("bob\u{E0041}", .invisibleCharacter("\u{E0041}", position: 4)),
      ("\u{FEFF}bob", .invisibleCharacter("\u{FEFF}", position: 1)),
      ("a\u{3164}b", .invisibleCharacter("\u{3164}", position: 2)),
    ]
    for (input, problem) in cases {
      #expect(throws: TrackerError.invalidUsername(input: input, problem: problem)) {
        try tracker.updateProfile(username: input, source: nil, currency: nil)
      }
    }
    #expect(
      try tracker.updateProfile(
        username: String(repeating: "é", count: 32), source: nil, currency: nil
      ).username.count == 32)
    #expect(try tracker.profile().username.count == 32)
  }
}

@Suite struct IDExhaustionTests {
  @Test func theLastIDIsGivenOutOnceAndTheFileStaysReadable() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    try tracker.openStore().update { $0.nextID = TrackerState.largestID }
    #expect(try tracker.addCoins(["ada"]).map(\.id) == [TrackerState.largestID])
    #expect(try tracker.openStore().load().nextID == TrackerState.largestID + 1)
    #expect(throws: TrackerError.noIDsLeft(input: "doge")) { try tracker.addCoins(["doge"]) }
    #expect(try tracker.listedTrackedCoins().count == 6)
  }
}

/// A tracked coin with its latest price, as `coins list` shows it.
private struct Listing {
  var tracked: TrackedCoin
  var latest: PriceRow?
}

extension Tracker {
  /// The stored coins with their latest prices, as the runner lists them.
  fileprivate func listedTrackedCoins() throws -> [Listing] {
    let coins = try openStore().load().coins
    return zip(coins, try latestPrices(of: coins)).map(Listing.init)
  }
}
