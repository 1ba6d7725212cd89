import CoinTrackCore

/// Every environment variable cointrack reads, for `cointrack help files` and the README's
/// check: names, ranges and defaults come from the code that reads or owns each variable.
enum VariableHelp {
  /// The variables with a range and a default, as their owners declare them.
  static let bounded = [
    StateStore.lockTimeoutVariable, LiveSourceConfiguration.totalTimeoutVariable,
    CachePolicy.latestTTLVariable, LiveWorkLimits.requestsVariable, LiveWorkLimits.timeVariable,
  ]

  /// One row per variable or group of variables, in the order help lists them.
  static var rows: [(names: [String], meaning: String)] {
    let live = PriceSourceKind.allCases
    let coinGecko = PriceSourceKind.coingecko
    return [
      ([RunContext.todayVariable.name], RunContext.todayVariable.meaning),
      ([QuietSetting.variable.name], QuietSetting.variable.meaning),
    ] + bounded.map { ([$0.name], $0.meaning + " " + $0.bounds) } + [
      (
        live.compactMap(\.baseURLVariable),
        "Replace a live source's base URL, for tests and self-hosted mirrors; 'cointrack help "
          + "sources' lists them."
      ),
      (live.compactMap(\.keyVariable), "API keys of the live sources that take one."),
      (
        [LiveSourceConfiguration.coinGeckoProKeyVariable],
        "A paid CoinGecko key: wins over \(coinGecko.keyVariable ?? ""), goes to the pro host "
          + "unless \(coinGecko.baseURLVariable ?? "") says otherwise, and lifts the "
          + "\(coinGecko.unpaidHistoryWindowDays ?? 0)-day history limit."
      ),
    ]
      + [RunContext.noColorVariable, RunContext.termVariable, RunContext.columnsVariable].map {
        ([$0.name], $0.meaning)
      } + [
        (
          [StateStore.dataHomeVariable, PriceCache.cacheHomeVariable, Environment.homeVariable],
          "Where the files above live."
        )
      ]
  }
}
