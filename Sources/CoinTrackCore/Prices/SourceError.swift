/// Why a live price source gave no usable answer. No case carries a URL or an API key.
public enum SourceError: Error, Hashable, Sendable {
  /// The host could not be reached: DNS failure, refused connection or time-out.
  case unreachable(source: String, host: String, reason: String)
  /// The server answered with an HTTP 5xx status.
  case serverError(source: String, host: String, status: Int)
  /// The server refused the request (an HTTP 4xx other than 429), with its message.
  case refused(source: String, status: Int, message: String)
  /// The body was malformed, truncated or not what the API documents.
  case badResponse(source: String, detail: String)
  /// The API asks us to slow down; `retryAfterSeconds` is its wait when it gave one.
  case rateLimited(source: String, retryAfterSeconds: Int?)
  /// The source needs an API key that the environment does not hold.
  case missingKey(source: String, variable: String)
  /// The API refused the key.
  case keyRefused(source: String, message: String)
  /// The source cannot quote prices in this currency.
  case unsupportedCurrency(source: String, input: String, supported: [String])
  /// `--cached-only` was given and the cache lacks what the command needs.
  case notCached(source: String, what: String)
  /// The HTTP library could not be loaded.
  case httpUnavailable(source: String, detail: String)
  /// The plan in use answers only the last `windowDays` days, and none of `days` is among them
  /// (CoinGecko's error 10012 on its public and demo plans).
  case historyBeyondPlan(source: String, windowDays: Int, days: DayRange)
  /// The plan in use does not include the request (CoinGecko's error 10005), with the API's
  /// message.
  case planRestricted(source: String, message: String)
  /// The API refuses to serve the caller's location (Binance's HTTP 451); `variable` points
  /// cointrack at another endpoint.
  case locationRestricted(source: String, message: String, variable: String)
  /// The command needs more live work than `LiveWorkLimits` allows.
  case workLimitReached(source: String, limit: WorkLimit)

  /// Which bound of `LiveWorkLimits` a command reached.
  public enum WorkLimit: Hashable, Sendable {
    case requests(Int)
    case milliseconds(Int)
  }
}

extension SourceError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .unreachable, .serverError, .refused, .badResponse, .notCached, .httpUnavailable,
      .historyBeyondPlan, .planRestricted, .locationRestricted, .workLimitReached:
      return .unavailable
    case .rateLimited: return .temporaryFailure
    case .missingKey, .keyRefused: return .configuration
    case .unsupportedCurrency: return .invalidValue
    }
  }
}
