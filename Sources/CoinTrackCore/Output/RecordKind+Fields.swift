/// Each record kind's fields, declared with their values, and the records each command prints.
extension RecordKind {
  /// What `coins list` shows: tracked coins with their latest prices, `latestPrices[i]` that of
  /// `coins[i]`.
  struct CoinListings: Sendable {
    let coins: [TrackedCoin]
    let latestPrices: LatestPrices
  }

  /// The fields of `coins list`.
  static let coinListingFields = RecordFields<CoinListings>([
    .init("id", isNumeric: true) { listing in { .integer(listing.coins[$0].id) } },
    .init("symbol") { listing in { .text(listing.coins[$0].coin.symbol) } },
    .init("name") { listing in { .text(listing.coins[$0].coin.name) } },
    .init("price", isNumeric: true) { listing in { .price(listing.latestPrices[$0]?.price) } },
    .init("date") { listing in { .day(listing.latestPrices[$0]?.day) } },
    .init("currency") { listing in { .optional(listing.latestPrices[$0]?.currency) } },
    .init("source") { listing in { .optional(listing.latestPrices[$0]?.source) } },
    // A note on stderr tells a person that a price is a close; tables leave the flag out.
    .init("closed", isShownInTables: false) { listing in
      { listing.latestPrices[$0].map { .bool($0.isClosed) } ?? .null }
    },
    .init("coin_id") { listing in { .text(listing.coins[$0].coin.id) } },
  ])

  /// The fields of `coins add` and `coins remove`.
  static let trackedCoinFields = RecordFields<[TrackedCoin]>([
    .init("id", isNumeric: true) { coins in { .integer(coins[$0].id) } },
    .init("symbol") { coins in { .text(coins[$0].coin.symbol) } },
    .init("name") { coins in { .text(coins[$0].coin.name) } },
    .init("coin_id") { coins in { .text(coins[$0].coin.id) } },
  ])

  /// The fields of `coins available`.
  static let catalogueEntryFields = RecordFields<[Catalogue.Entry]>([
    .init("symbol") { entries in { .text(entries[$0].coin.symbol) } },
    .init("name") { entries in { .text(entries[$0].coin.name) } },
    .init("first_date") { entries in { .day(entries[$0].held?.first) } },
    .init("last_date") { entries in { .day(entries[$0].held?.last) } },
  ])

  /// The fields of `prices`, read from the rows as they are written.
  static let priceRowFields = RecordFields<PriceRows>([
    .init("date") { rows in { .day(rows.day(at: $0)) } },
    .init("symbol") { rows in { .text(rows.symbol(at: $0)) } },
    .init("price", isNumeric: true) { rows in { .price(rows.price(at: $0)) } },
    .init("currency") { rows in { .text(rows.currency(at: $0)) } },
    .init("source") { rows in { .text(rows.source(at: $0)) } },
    .init("closed", isShownInTables: false) { rows in { .bool(rows.isClosed(at: $0)) } },
  ])

  /// The fields of `prices --stats`, one record.
  static let priceStatisticsFields = RecordFields<PriceStatistics>(
    isSingleRecord: true,
    [
      .init("symbol") { statistics in { _ in .text(statistics.symbol) } },
      .init("currency") { statistics in { _ in .text(statistics.currency) } },
      .init("source") { statistics in { _ in .text(statistics.source) } },
      .init("first_date") { statistics in { _ in .day(statistics.first?.day) } },
      .init("last_date") { statistics in { _ in .day(statistics.last?.day) } },
      .init("first_price", isNumeric: true) { statistics in
        { _ in .price(statistics.first?.price) }
      },
      .init("last_price", isNumeric: true) { statistics in { _ in .price(statistics.last?.price) }
      },
      .init("min_price", isNumeric: true) { statistics in
        { _ in .price(statistics.minimum?.price) }
      },
      .init("min_date") { statistics in { _ in .day(statistics.minimum?.day) } },
      .init("max_price", isNumeric: true) { statistics in
        { _ in .price(statistics.maximum?.price) }
      },
      .init("max_date") { statistics in { _ in .day(statistics.maximum?.day) } },
      .init("mean_price", isNumeric: true) { statistics in { _ in .price(statistics.mean) } },
      .init("change", isNumeric: true) { statistics in { _ in .price(statistics.change) } },
      .init("change_percent", isNumeric: true) { statistics in
        { _ in .price(statistics.changePercent) }
      },
      .init("days_with_data", isNumeric: true) { statistics in
        { _ in .integer(statistics.daysWithData) }
      },
      .init("days_without_data", isNumeric: true) { statistics in
        { _ in .integer(statistics.daysWithoutData) }
      },
    ])

  /// The fields of `profile show` and `profile set`, one record.
  static let profileFields = RecordFields<Profile>(
    isSingleRecord: true,
    [
      .init("username") { profile in { _ in .text(profile.username) } },
      .init("source") { profile in
        { _ in .text(profile.preferredSource ?? SnapshotPriceSource.sourceName) }
      },
      .init("currency") { profile in { _ in .optional(profile.preferredCurrency) } },
      // The method the portfolio commands take without --method, FIFO when none was set.
      .init("method") { profile in { _ in .text((profile.preferredMethod ?? .fifo).rawValue) } },
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
