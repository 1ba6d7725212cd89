/// What live sources need from outside: where the APIs are, keys, time-outs, the cache, a clock.
///
/// The CLI fills it from the environment; the core never reads the environment itself.
public struct LiveSourceConfiguration: Sendable {
  /// How long connecting may take unless the total time-out is shorter.
  public static let defaultConnectTimeoutMilliseconds = 3_000
  /// How long a whole request may take.
  public static let defaultTotalTimeoutMilliseconds = 10_000
  /// The variable that overrides `totalTimeoutMilliseconds`.
  public static let totalTimeoutVariable = EnvironmentVariable(
    "COINTRACK_HTTP_TIMEOUT",
    .seconds(
      allowed: 0.001...86_400, default: Double(defaultTotalTimeoutMilliseconds) / 1000,
      whole: false),
    meaning: "How long a request to a live source may take in all; 0 is refused, as there is "
      + "no unlimited wait.")
  /// The variable holding a paid CoinGecko key.
  public static let coinGeckoProKeyVariable = "COINGECKO_PRO_API_KEY"
  /// CoinGecko's host for paid keys.
  public static let coinGeckoProBaseURL = "https://pro-api.coingecko.com/api/v3"

  /// Replacements of the sources' base URLs (for tests and mirrors).
  public var baseURLs: [PriceSourceKind: String] = [:]
  /// API keys by source; never printed, logged or cached.
  public var apiKeys: [PriceSourceKind: String] = [:]
  /// A paid CoinGecko key: it selects the pro host and header, and wins over a demo key.
  public var coinGeckoProKey: String?
  /// Where sources report what the user should know about an answer that still succeeded.
  public var notices: SourceNotices?
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
    let proKey =
      self == .coingecko ? configuration.coinGeckoProKey.flatMap { $0.isEmpty ? nil : $0 } : nil
    let key = proKey ?? configuration.apiKeys[self].flatMap { $0.isEmpty ? nil : $0 }
    guard let defaultBaseURL else { return SnapshotPriceSource() }
    // A paid key works only on the pro host; COINTRACK_COINGECKO_URL still wins, for mirrors.
    var baseURL =
      configuration.baseURLs[self]
      ?? (proKey == nil ? defaultBaseURL : LiveSourceConfiguration.coinGeckoProBaseURL)
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
    case .coingecko:
      api = CoinGeckoAPI(
        requester: requester,
        plan: proKey.map { .pro(key: $0) } ?? key.map { .demo(key: $0) } ?? .keyless,
        currentDay: configuration.currentDay, notices: configuration.notices)
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
