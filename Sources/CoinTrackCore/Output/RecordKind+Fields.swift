/// Each record kind's fields, declared with their values, and the records each command prints.
extension RecordKind {
  /// `coins list`: a tracked coin with its latest price, `latestPrices[i]` that of `coins[i]`.
  struct CoinListings: Sendable {
    let coins: [TrackedCoin]
    let latestPrices: LatestPrices
  }

  static let coinListingFields = RecordFields<CoinListings>([
    .init("id", isNumeric: true) { .number(String($0.coins[$1].id)) },
    .init("symbol") { .text($0.coins[$1].coin.symbol) },
    .init("name") { .text($0.coins[$1].coin.name) },
    .init("price", isNumeric: true) { .price($0.latestPrices[$1]?.price) },
    .init("date") { .day($0.latestPrices[$1]?.day) },
    .init("currency") { .optional($0.latestPrices[$1]?.currency) },
    .init("source") { .optional($0.latestPrices[$1]?.source) },
    // A note on stderr tells a person that a price is a close; tables leave the flag out.
    .init("closed", isShownInTables: false) {
      $0.latestPrices[$1].map { .bool($0.isClosed) } ?? .null
    },
    .init("coin_id") { .text($0.coins[$1].coin.id) },
  ])

  static let trackedCoinFields = RecordFields<[TrackedCoin]>([
    .init("id", isNumeric: true) { .number(String($0[$1].id)) },
    .init("symbol") { .text($0[$1].coin.symbol) },
    .init("name") { .text($0[$1].coin.name) },
    .init("coin_id") { .text($0[$1].coin.id) },
  ])

  static let catalogueEntryFields = RecordFields<[Catalogue.Entry]>([
    .init("symbol") { .text($0[$1].coin.symbol) },
    .init("name") { .text($0[$1].coin.name) },
    .init("first_date") { .day($0[$1].held?.first) },
    .init("last_date") { .day($0[$1].held?.last) },
  ])

  static let priceRowFields = RecordFields<PriceRows>([
    .init("date") { .day($0.day(at: $1)) },
    .init("symbol") { .text($0.symbol(at: $1)) },
    .init("price", isNumeric: true) { .price($0.price(at: $1)) },
    .init("currency") { .text($0.currency(at: $1)) },
    .init("source") { .text($0.source(at: $1)) },
    .init("closed", isShownInTables: false) { .bool($0.isClosed(at: $1)) },
  ])

  static let priceStatisticsFields = RecordFields<PriceStatistics>(
    isSingleRecord: true,
    [
      .init("symbol") { statistics, _ in .text(statistics.symbol) },
      .init("currency") { statistics, _ in .text(statistics.currency) },
      .init("source") { statistics, _ in .text(statistics.source) },
      .init("first_date") { statistics, _ in .day(statistics.first?.day) },
      .init("last_date") { statistics, _ in .day(statistics.last?.day) },
      .init("first_price", isNumeric: true) { statistics, _ in .price(statistics.first?.price) },
      .init("last_price", isNumeric: true) { statistics, _ in .price(statistics.last?.price) },
      .init("min_price", isNumeric: true) { statistics, _ in .price(statistics.minimum?.price) },
      .init("min_date") { statistics, _ in .day(statistics.minimum?.day) },
      .init("max_price", isNumeric: true) { statistics, _ in .price(statistics.maximum?.price) },
      .init("max_date") { statistics, _ in .day(statistics.maximum?.day) },
      .init("mean_price", isNumeric: true) { statistics, _ in .price(statistics.mean) },
      .init("change", isNumeric: true) { statistics, _ in .price(statistics.change) },
      .init("change_percent", isNumeric: true) { statistics, _ in
        .price(statistics.changePercent)
      },
      .init("days_with_data", isNumeric: true) { statistics, _ in
        .number(String(statistics.daysWithData))
      },
      .init("days_without_data", isNumeric: true) { statistics, _ in
        .number(String(statistics.daysWithoutData))
      },
    ])

  static let profileFields = RecordFields<Profile>(
    isSingleRecord: true,
    [
      .init("username") { profile, _ in .text(profile.username) },
      .init("source") { profile, _ in
        .text(profile.preferredSource ?? SnapshotPriceSource.sourceName)
      },
      .init("currency") { profile, _ in .optional(profile.preferredCurrency) },
    ])
}

extension RecordSet {
  /// `coins list`: each tracked coin with its latest price, `latestPrices[i]` that of `coins[i]`.
  public static func coinListings(_ coins: [TrackedCoin], latestPrices: LatestPrices) -> RecordSet {
    precondition(coins.count == latestPrices.count, "one latest price for each coin")
    return RecordKind.coinListingFields.records(
      of: .init(coins: coins, latestPrices: latestPrices), count: coins.count)
  }

  /// `coins add` and `coins remove`: the coins added or removed.
  public static func trackedCoins(_ coins: [TrackedCoin]) -> RecordSet {
    RecordKind.trackedCoinFields.records(of: coins, count: coins.count)
  }

  /// `coins available`: the catalogue with the days held for each coin.
  public static func catalogue(_ entries: [Catalogue.Entry]) -> RecordSet {
    RecordKind.catalogueEntryFields.records(of: entries, count: entries.count)
  }

  /// `prices`: one row per day, each read from `rows` when it is written, never held.
  public static func priceRows(_ rows: PriceRows) -> RecordSet {
    RecordKind.priceRowFields.records(of: rows, count: rows.count)
  }

  /// `prices --stats`: the statistics of a range as one record.
  public static func priceStatistics(_ statistics: PriceStatistics) -> RecordSet {
    RecordKind.priceStatisticsFields.records(of: statistics, count: 1)
  }

  /// `profile show` and `profile set`: the profile as one record.
  public static func profile(_ profile: Profile) -> RecordSet {
    RecordKind.profileFields.records(of: profile, count: 1)
  }
}
