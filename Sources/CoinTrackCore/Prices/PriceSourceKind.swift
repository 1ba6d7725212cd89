/// The price sources cointrack knows, by the name users give `--source`.
public enum PriceSourceKind: String, CaseIterable, Sendable {
  /// The snapshot embedded in the binary; needs no network.
  case offline
  case coingecko
  case binance
  case twelvedata

  /// The currency a source quotes in when none is asked for.
  public var defaultCurrency: String {
    switch self {
    case .offline: return SnapshotPriceSource.currency
    case .coingecko: return "USD"
    case .binance: return "USDT"
    case .twelvedata: return "USD"
    }
  }

  /// The currencies a source can quote in; a request for another is refused before any request.
  public var currencies: [String] {
    switch self {
    case .offline: return [SnapshotPriceSource.currency]
    case .coingecko:
      return [
        "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "KRW", "BRL", "BTC", "ETH",
      ]
    case .binance:
      return ["USDT", "USDC", "FDUSD", "BTC", "ETH", "BNB", "EUR", "TRY", "BRL", "JPY"]
    case .twelvedata: return ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF"]
    }
  }

  /// The environment variable that replaces the source's base URL, for tests and mirrors.
  public var baseURLVariable: String? {
    switch self {
    case .offline: return nil
    case .coingecko: return "COINTRACK_COINGECKO_URL"
    case .binance: return "COINTRACK_BINANCE_URL"
    case .twelvedata: return "COINTRACK_TWELVEDATA_URL"
    }
  }

  /// The public base URL of the source's API.
  public var defaultBaseURL: String? {
    switch self {
    case .offline: return nil
    case .coingecko: return "https://api.coingecko.com/api/v3"
    case .binance: return "https://api.binance.com"
    case .twelvedata: return "https://api.twelvedata.com"
    }
  }

  /// The environment variable holding the source's API key, if it takes one.
  public var keyVariable: String? {
    switch self {
    case .coingecko: return "COINGECKO_API_KEY"
    case .twelvedata: return "TWELVEDATA_API_KEY"
    case .offline, .binance: return nil
    }
  }

  /// `currency` in upper case when the source can quote it.
  public func checkedCurrency(_ input: String) throws(SourceError) -> String {
    let code = input.uppercased()
    guard currencies.contains(code) else {
      throw SourceError.unsupportedCurrency(source: rawValue, input: input, supported: currencies)
    }
    return code
  }
}
