/// Binance spot: daily candles from /api/v3/klines (interval 1d, UTC days), pairs SYMBOL+QUOTE.
///
/// Binance publishes no coin names, so a coin added through it is named by its symbol unless the
/// snapshot knows it.
struct BinanceAPI: LivePriceAPI {
  /// The most candles one klines request returns.
  static let maximumCandlesPerRequest = 1000
  /// How long a pair's existence, once checked, is trusted.
  static let knownPairMaximumAge = 86_400

  let requester: LiveRequester

  func resolve(_ input: String, cache: LiveCacheAccess) throws -> Coin {
    if let entry = SnapshotPriceSource().catalogue().entry(named: input) { return entry.coin }
    let symbol = try tickerSymbol(input)
    // The pair in the default quote proves that Binance lists the coin.
    let pair = symbol + PriceSourceKind.binance.defaultCurrency
    _ = try cache.value(
      "known-\(pair)", maximumAge: BinanceAPI.knownPairMaximumAge, what: "whether \(pair) exists"
    ) {
      _ = try klines(pair: pair, query: [("limit", "1")], input: input)
      return .bool(true)
    }
    return Coin(symbol: symbol, name: symbol, coingeckoID: nil)
  }

  func key(for coin: Coin, currency: String, cache: LiveCacheAccess) throws -> String {
    coin.symbol + currency
  }

  func closes(ofKey pair: String, in range: DayRange, currency: String) throws -> ClosesAnswer {
    var collector = CloseCollector()
    var proofs: [DayRange?] = []
    var start = range.first
    while start <= range.last {
      let end = Swift.min(range.last, start.adding(days: BinanceAPI.maximumCandlesPerRequest - 1))
      let page = DayRange(from: start, to: end)!
      let candles = try klines(
        pair: pair,
        query: [
          ("startTime", String(start.daysSince1970 * 86_400_000)),
          ("endTime", String(end.adding(days: 1).daysSince1970 * 86_400_000 - 1)),
          ("limit", String(BinanceAPI.maximumCandlesPerRequest)),
        ], input: pair)
      for candle in candles {
        guard page.contains(candle.day) else {
          throw badResponse(
            "a kline opens on \(candle.day), outside the days asked (\(start) to \(end))")
        }
        guard let close = try checkedQuote(candle.close) else { continue }
        try collector.add(close, on: candle.day, for: self)
      }
      proofs.append(
        ClosesAnswer.pageProof(
          asked: page, rows: candles.count, pageSize: BinanceAPI.maximumCandlesPerRequest,
          lastDay: candles.map(\.day).max()))
      start = end.adding(days: 1)
    }
    return ClosesAnswer(closes: collector.closes, proven: ClosesAnswer.joinedProof(proofs))
  }

  /// The latest prices of all `pairs` from /api/v3/ticker/price: one request for the list
  /// (`symbols=["BTCUSDT","ETHUSDT"]`), or for every pair when the list is too long for a URL.
  ///
  /// Binance refuses the whole list when one pair of it is not listed (400, -1121) or cannot be
  /// (400, -1100 for a character it does not take), without saying which: then one request for
  /// every pair's price tells, and each pair it proves unlisted is remembered for a day and left
  /// out of later lists (unless --refresh). So a list costs one request, and two on the day a
  /// pair goes missing.
  func latest(ofKeys pairs: [String], currency: String, cache: LiveCacheAccess) throws -> [Price?] {
    let asked = pairs.filter { !isKnownUnlisted($0, cache: cache) }
    guard !asked.isEmpty else { return pairs.map { _ in nil } }
    // The answer for every pair, and a single pair's -1121, prove which pairs are unlisted.
    var prices: [String: Price] = [:]
    if LatestBatch.runs(of: asked, overhead: Self.listOverhead).count == 1 {
      do {
        let listed = try tickerPrices(query: [("symbols", Self.jsonList(asked))], only: asked)
        return pairs.map { listed[$0] }
      } catch TrackerError.unknownCoin where asked.count == 1 {
        // A list of one pair refused names that pair.
      } catch let error where asked.count > 1 && Self.refusesAPair(error) {
        prices = try tickerPrices(query: [], only: asked)
      }
    } else {
      prices = try tickerPrices(query: [], only: asked)
    }
    for pair in asked where prices[pair] == nil { rememberUnlisted(pair, cache: cache) }
    return pairs.map { prices[$0] }
  }

  /// Whether `error` is Binance refusing a list for a pair in it: one it does not list, or one
  /// holding a character it does not take.
  private static func refusesAPair(_ error: any Error) -> Bool {
    switch error {
    case TrackerError.unknownCoin: return true
    case SourceError.refused(_, 400, _): return true
    default: return false
    }
  }

  /// The encoded length each pair adds to a JSON list: two quotes and a comma.
  private static let listOverhead =
    LiveRequester.percentEncoded("\"\",").count

  /// `["A","B"]`, the form Binance takes a list of symbols in.
  private static func jsonList(_ pairs: [String]) -> String {
    "[" + pairs.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  /// Whether Binance proved `pair` unlisted within the last day; --refresh asks again.
  private func isKnownUnlisted(_ pair: String, cache: LiveCacheAccess) -> Bool {
    guard !cache.policy.refresh, let entry = cache.stamped("unlisted-\(pair)") else {
      return false
    }
    return cache.isUsable(entry, maximumAge: BinanceAPI.knownPairMaximumAge)
  }

  private func rememberUnlisted(_ pair: String, cache: LiveCacheAccess) {
    cache.storeStamped(.bool(true), as: "unlisted-\(pair)")
  }

  /// The prices of the pairs of `wanted` in a ticker/price answer to `query` (an array of
  /// `{"symbol", "price"}`). Other pairs of the answer are skipped unread, as the answer for
  /// every pair holds thousands; a pair answered twice with two prices fails the answer.
  private func tickerPrices(query: [(String, String)], only wanted: [String]) throws
    -> [String: Price]
  {
    let body = try requester.getJSON("/api/v3/ticker/price", query: query) { status, body in
      try refusal(status: status, body: body, input: wanted.count == 1 ? wanted[0] : "")
    }
    guard case .array(let entries) = body else { throw badResponse("ticker/price is not an array") }
    let wanted = Set(wanted)
    var prices: [String: Price] = [:]
    for entry in entries {
      guard case .string(let pair)? = entry["symbol"], case .string(let text)? = entry["price"]
      else { throw badResponse("a ticker/price entry is not {\"symbol\", \"price\"} strings") }
      guard wanted.contains(pair) else { continue }
      guard let price = Price(decimalText: text), let quote = try checkedQuote(price) else {
        throw badResponse("a ticker/price price is not a decimal number")
      }
      if let earlier = prices[pair], earlier.normalisedText != quote.normalisedText {
        throw badResponse("one pair has two prices, \(earlier.text) and \(quote.text)")
      }
      prices[pair] = quote
    }
    return prices
  }

  /// One daily candle: the UTC day it opens and its close.
  private struct Candle {
    let day: Day
    let close: Price
  }

  private func klines(pair: String, query: [(String, String)], input: String) throws -> [Candle] {
    let body = try requester.getJSON(
      "/api/v3/klines", query: [("symbol", pair), ("interval", "1d")] + query
    ) { status, body in
      try refusal(status: status, body: body, input: input)
    }
    guard case .array(let rows) = body else { throw badResponse("klines is not an array") }
    return try rows.map { row in
      guard case .array(let fields) = row, fields.count >= 5,
        case .number(let openText) = fields[0],
        let openTime = Int(openText), openTime % 86_400_000 == 0,
        case .string(let closeText) = fields[4],
        let close = Price(decimalText: closeText)
      else {
        throw badResponse("a kline is not [openTime, open, high, low, close, ...] of a UTC day")
      }
      guard let day = Day(daysSince1970: openTime / 86_400_000) else {
        throw badResponse("a kline opens at \(openTime) ms, outside the years 1 to 9999")
      }
      return Candle(day: day, close: close)
    }
  }

  /// Binance's refusals that mean something: -1121 ("Invalid symbol.") is an unknown coin
  /// named `input`, and 451 a location it does not serve, whatever is asked.
  private func refusal(status: Int, body: JSONValue?, input: String) throws {
    if status == 400, case .number("-1121")? = body?["code"] {
      throw TrackerError.unknownCoin(input: input, suggestions: [])
    }
    if status == 451 {
      throw SourceError.locationRestricted(
        source: requester.source.rawValue,
        message: requester.redacted(body.flatMap(LiveRequester.errorMessage) ?? "HTTP 451"),
        variable: requester.source.baseURLVariable ?? "")
    }
  }
}
