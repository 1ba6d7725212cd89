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
      (
        ["COINTRACK_TODAY"],
        "What today is when --today is not given: YYYY-MM-DD, 'today' or 'yesterday'."
      )
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
      (["NO_COLOR"], "When set and not empty, tables are never decorated (no-color.org)."),
      (["TERM"], "When 'dumb', tables are never decorated."),
      (["COLUMNS"], "The width help wraps to and charts fill; 80 when unset or not a number."),
      (["XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME"], "Where the files above live."),
    ]
  }
}
