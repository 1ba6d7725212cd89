/// What live sources need from outside: where the APIs are, keys, time-outs, the cache, a clock.
///
/// The CLI fills it from the environment; the core never reads the environment itself.
public struct LiveSourceConfiguration: Sendable {
  /// How long connecting may take unless the total time-out is shorter.
  public static let defaultConnectTimeoutMilliseconds = 3_000
  /// How long a whole request may take.
  public static let defaultTotalTimeoutMilliseconds = 10_000

  /// Replacements of the sources' base URLs (for tests and mirrors).
  public var baseURLs: [PriceSourceKind: String] = [:]
  /// API keys by source; never printed, logged or cached.
  public var apiKeys: [PriceSourceKind: String] = [:]
  public var connectTimeoutMilliseconds = defaultConnectTimeoutMilliseconds
  public var totalTimeoutMilliseconds = defaultTotalTimeoutMilliseconds
  /// The disk cache; nil runs uncached.
  public var cache: PriceCache?
  public var policy = CachePolicy()
  /// How many requests and how much time one command may spend.
  public var limits = LiveWorkLimits()
  public var client: any HTTPClient = CurlHTTPClient()
  /// The real UTC day now: days before it are closed.
  public var currentDay: Day

  public init(currentDay: Day) {
    self.currentDay = currentDay
  }
}

extension PriceSourceKind {
  /// Opens this source quoting in `currency` (the source's default when nil).
  ///
  /// Fails before any request when the currency cannot be quoted or a needed key is missing.
  public func makeSource(currency: String?, configuration: LiveSourceConfiguration)
    throws(SourceError) -> any PriceSource
  {
    let quote = try checkedCurrency(currency ?? defaultCurrency)
    let key = configuration.apiKeys[self].flatMap { $0.isEmpty ? nil : $0 }
    guard let defaultBaseURL else { return SnapshotPriceSource() }
    var baseURL = configuration.baseURLs[self] ?? defaultBaseURL
    while baseURL.hasSuffix("/") { baseURL.removeLast() }
    let requester = LiveRequester(
      source: self, baseURL: baseURL, client: configuration.client,
      connectTimeoutMilliseconds: min(
        configuration.connectTimeoutMilliseconds, configuration.totalTimeoutMilliseconds),
      totalTimeoutMilliseconds: configuration.totalTimeoutMilliseconds,
      secrets: key.map { [$0] } ?? [], budget: LiveWorkBudget(limits: configuration.limits))
    let api: any LivePriceAPI
    switch self {
    case .offline: return SnapshotPriceSource()
    case .coingecko: api = CoinGeckoAPI(requester: requester, apiKey: key)
    case .binance: api = BinanceAPI(requester: requester)
    case .twelvedata:
      guard let key else {
        throw SourceError.missingKey(source: rawValue, variable: keyVariable ?? rawValue)
      }
      api = TwelveDataAPI(requester: requester, apiKey: key)
    }
    return LivePriceSource(
      kind: self, api: api,
      cache: LiveCacheAccess(
        cache: configuration.cache, source: self, policy: configuration.policy),
      currency: quote, currentDay: configuration.currentDay)
  }
}
