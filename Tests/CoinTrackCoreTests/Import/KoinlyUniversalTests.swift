import Testing

@testable import CoinTrackCore

/// Koinly's universal import file: the two real samples under Fixtures/Exchanges/koinly (see
/// PROVENANCE.md) booked, worked by hand from their rows, and each rule for tags, sides,
/// currencies and origins on rows written for the rule.
@Suite struct KoinlyUniversalTests {
  /// A day after every row of the samples (2026-03-26 to 2026-04-02).
  static let today = Day(iso: "2026-06-30")!

  /// Closes made up for the test: no source has Quantus (QTC), the samples' coin.
  static let closes = StubCloses(closes: [
    "QTC": [
      "2026-03-26": ("21.5", "USDT"), "2026-03-30": ("23", "USDT"),
      "2026-03-31": ("22", "USDT"),
    ]
  ])

  /// The samples' `ID:56784085` named as QTC, as `--symbol ID:56784085=QTC` names it.
  static let quantus = ["ID:56784085": Coin(symbol: "QTC", name: "QTC", coingeckoID: "qtc")]

  static func events(_ text: String) throws -> [ImportEvent] {
    try ExportReader.events(Array(text.utf8), format: nil, today: today)
  }

  static func booked(_ path: String, coins: [String: Coin] = quantus) throws -> [String] {
    let events = try ExportReader.events(
      try ExportSamples.bytes(path), format: nil, today: today)
    var booking = ImportBooking(source: closes, coins: coins)
    return try booking.trades(of: events).map { summary($0.trade) }
  }

  static let hash = "0x50000000000000000000000000000000000000000000000000000000000000"

  @Test func theQuantusWalletIsAnAirdropTwoMovesAndACostPaidInTheCoin() throws {
    let trades = try Self.booked("koinly/universal-quantus-utc.csv")
    #expect(
      trades == [
        // `airdrop`: income at the day's close.
        "2026-03-26 airdrop QTC 64.739476427143 @ 21.5 + 0 USDT koinly:in:\(Self.hash)01",
        // Sent only, no tag: a move of the user's own coins; its fee in the coin a sale of it
        // whose fee is its proceeds, 0.001001071364 x 21.5 = 0.021523034326.
        "2026-03-26 transfer QTC 38.363 @ 0 + 0 USDT koinly:out:\(Self.hash)02",
        "2026-03-26 sell QTC 0.001001071364 @ 21.5 + 0.021523034326 USDT "
          + "koinly:out:\(Self.hash)02#fee",
        "2026-03-30 transfer QTC 9.9 @ 0 + 0 USDT koinly:in:\(Self.hash)03",
        // `cost`: the coins paid, 0.001325932421 x 22 = 0.029170513262, as a fee sale.
        "2026-03-31 sell QTC 0.001325932421 @ 22 + 0.029170513262 USDT koinly:out:\(Self.hash)04",
      ])
  }

  @Test func theSafeTradeWalletIsTradesInUSDTAndMoves() throws {
    let trades = try Self.booked("koinly/universal-safetrade-utc.csv")
    #expect(
      trades == [
        // The deposit the Quantus wallet's withdrawal made (one hash, the other side), its
        // deposit fee 0.005 x 21.5 = 0.1075.
        "2026-03-26 transfer QTC 38.363 @ 0 + 0 USDT koinly:in:\(Self.hash)02",
        "2026-03-26 sell QTC 0.005 @ 21.5 + 0.1075 USDT koinly:in:\(Self.hash)02#fee",
        // QTC sold for USDT, a stablecoin: sales in USDT at total / quantity (63.1504 / 2.9),
        // the fee in USDT as it is.
        "2026-03-26 sell QTC 2.9 @ 21.776 + 0.0631504 USDT koinly:safetrade-trade-70001",
        "2026-03-26 sell QTC 2.901 @ 21.776 + 0.063172176 USDT koinly:safetrade-trade-70002",
        "2026-03-26 sell QTC 10.269 @ 20.985 + 0.215494965 USDT koinly:safetrade-trade-70003",
        "2026-03-26 sell QTC 19.185 @ 21.738 + 0.41704353 USDT koinly:safetrade-trade-70004",
        "2026-03-26 sell QTC 2.803 @ 22.316 + 0.062551748 USDT koinly:safetrade-trade-70005",
        // USDC in: money, no trade; USDC for USDT, money for money: no trade either.
        // USDT out: money, no trade. QTC bought with its fee in QTC: 0.01 x 23 added to the
        // cost, and a sale of those 0.01 QTC at the close.
        "2026-03-30 buy QTC 10 @ 21.193 + 0.23 USDT koinly:safetrade-trade-70007",
        "2026-03-30 sell QTC 0.01 @ 23 + 0 USDT koinly:safetrade-trade-70007#fee",
        "2026-03-30 transfer QTC 9.9 @ 0 + 0 USDT koinly:out:\(Self.hash)03",
        "2026-03-30 sell QTC 0.02 @ 23 + 0.46 USDT koinly:out:\(Self.hash)03#fee",
        // Two more USDT withdrawals: no trades.
      ])
  }

  @Test func koinlysNumberForACoinIsRefusedUnlessNamed() {
    #expect {
      try Self.booked("koinly/universal-quantus-utc.csv", coins: [:])
    } throws: { error in
      guard case ImportError.invalidField(2, "coin", "ID:56784085", .koinlyNumber) = error else {
        return false
      }
      return true
    }
    #expect(ImportBooking.isExportSymbol("ID:56784085"))
    #expect(!ImportBooking.isExportSymbol("ID:5678x"))
    #expect(KoinlyUniversal.asset("usdt:0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9") == "USDT")
    #expect(KoinlyUniversal.asset("WIF:EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm:SOL") == "WIF")
    #expect(KoinlyUniversal.asset("ID:0xabc") == "ID")
    #expect(KoinlyUniversal.asset("ID:18431515") == "ID:18431515")
  }

  static let header =
    "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,"
    + "Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n"

  @Test func theOlderLabelColumnAndKoinlysSpellingsOfTags() throws {
    let events = try Self.events(
      Self.header
        + "2024-01-02 10:00:00,,,0.5,ETH,,,1000,USD,Lending_Interest,,0xa\n"
        + "2024-01-03 10:00:00,,,2,BCH,,,,,fork,,0xb\n"
        + "2024-01-04 10:00:00,,,0.1,ETH,,,,,Reward,,0xc\n"
        + "2024-01-05 10:00:00,1,ETH,,,,,,,stake,,0xd\n"
        + "2024-01-06 10:00:00,0.01,ETH,,,,,,,margin fee,,0xe\n"
        + "2024-01-07 10:00:00,1,ETH,0.05,BTC,,,,,swap,,0xf\n")
    #expect(
      events.map(\.kind) == [
        .income(rowType: "lending interest", coin: "ETH", quantity: price("0.5")),
        .income(rowType: "fork", coin: "BCH", quantity: price("2")),
        .income(rowType: "reward", coin: "ETH", quantity: price("0.1")),
        .transfer(rowType: "withdrawal", coin: "ETH", quantity: price("1")),
        .cost(rowType: "margin fee", coin: "ETH", quantity: price("0.01")),
        .swap(
          given: [ExportAmount(asset: "ETH", quantity: price("1"))],
          received: [ExportAmount(asset: "BTC", quantity: price("0.05"))]),
      ])
    #expect(
      ["lending interest", "fork", "reward"].map(ImportBooking.incomeSide)
        == [.interest, .airdrop, .staking])
    #expect(
      events.map(\.origin).prefix(4) == [
        "koinly:in:0xa", "koinly:in:0xb", "koinly:in:0xc", "koinly:out:0xd",
      ])
    #expect(events[5].origin == "koinly:0xf")
  }

  @Test func emptySidesZeroSidesAndOrigins() throws {
    let events = try Self.events(
      Self.header
        // A zero amount with no currency is an empty side, as converters write one.
        + "2024-01-02 10:00:00,0.000000,,1,ETH,0,,,,,,0xa\n"
        // One hash twice on the same side: both kept, by occurrence.
        + "2024-01-02 10:00:00,,,1,ETH,,,,,,,0xa\n"
        // No hash: the row's hash.
        + "2024-01-03 10:00:00,,,1,ETH,,,,,,,\n")
    #expect(events.count == 3)
    #expect(events[0].kind == .transfer(rowType: "deposit", coin: "ETH", quantity: price("1")))
    #expect(events[0].fees == [])
    #expect(events[0].origin == "koinly:in:0xa")
    #expect(events[1].origin == "koinly:in:0xa-2")
    #expect(events[2].origin.hasPrefix("koinly:") && events[2].origin.hasSuffix("-1"))
    #expect(events[2].origin.count == "koinly:".count + 16 + 2)
  }

  /// (a row after `header`, the error it is refused with)
  static let refusals: [(String, ImportError)] = [
    (
      "2024-01-02 10:00:00,1,ETH,,,,,,,gift,,\n",
      .invalidField(
        line: 2, column: "Label", value: "gift",
        .value(expected: [
          "empty", "cost", "fee", "funding fee", "futures fee", "loan fee", "margin fee",
          "other fee", "stake",
        ]))
    ),
    (
      "2024-01-02 10:00:00,,,1,ETH,,,,,mining,,\n",
      .invalidField(
        line: 2, column: "Label", value: "mining",
        .value(expected: [
          "empty", "airdrop", "fork", "interest", "lending interest", "reward", "staking",
          "unstake",
        ]))
    ),
    (
      "2024-01-02 10:00:00,1,ETH,1,LP-TOKEN,,,,,liquidity in,,\n",
      .invalidField(
        line: 2, column: "Label", value: "liquidity in", .value(expected: ["empty", "swap"]))
    ),
    (
      "2024-01-02 10:00:00,1,,,,,,,,,,\n",
      .invalidField(line: 2, column: "Sent Currency", value: "", .value(expected: []))
    ),
    (
      "2024-01-02 10:00:00,,ETH,,,,,,,,,\n",
      .invalidField(line: 2, column: "Sent Amount", value: "", .number)
    ),
    (
      "2024-01-02 10:00:00,,,,,0.1,ETH,,,,,\n",
      .incompleteTrade(line: 2, reason: "it neither sends nor receives an amount")
    ),
    (
      "2024-07-02 10:00:00,,,1,ETH,,,,,,,\n",
      .invalidField(
        line: 2, column: "Date", value: "2024-07-02 10:00:00",
        .afterToday(Day(iso: "2024-07-01")!))
    ),
  ]

  @Test(arguments: 0..<refusals.count)
  func aRowCointrackCannotBookIsRefusedByLineAndColumn(_ index: Int) {
    let (row, expected) = Self.refusals[index]
    #expect(throws: expected) {
      try ExportReader.events(
        Array((Self.header + row).utf8), format: nil, today: Day(iso: "2024-07-01")!)
    }
  }

  @Test func theHeaderIsKoinlysByItsFiveRequiredColumns() throws {
    let bytes = try ExportSamples.bytes("koinly/universal-quantus-utc.csv")
    #expect(try ExportReader.layout(of: bytes, format: nil) == .koinlyUniversal)
    #expect(try ExportReader.layout(of: bytes, format: .koinly) == .koinlyUniversal)
    #expect(throws: ImportError.self) {
      try ExportReader.layout(of: bytes, format: .kraken)
    }
    let kraken = try ExportSamples.bytes("kraken/trades.csv")
    #expect {
      try ExportReader.layout(of: kraken, format: .koinly)
    } throws: { error in
      guard case ImportError.headerNotOfFormat(.koinly, _) = error else { return false }
      return true
    }
  }
}
