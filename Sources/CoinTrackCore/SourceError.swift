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
}
