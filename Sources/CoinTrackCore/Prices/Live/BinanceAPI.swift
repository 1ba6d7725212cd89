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

  func latest(ofKeys pairs: [String], currency: String) throws -> [Price?] {
    // Without a start time the newest candle is today's open one: its close is the last trade.
    try pairs.map { pair in
      try klines(pair: pair, query: [("limit", "1")], input: pair).last.flatMap {
        try checkedQuote($0.close)
      }
    }
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
      // -1121 is Binance's "Invalid symbol."
      if status == 400, case .number("-1121")? = body?["code"] {
        throw TrackerError.unknownCoin(input: input, suggestions: [])
      }
      // Binance serves no one in the places its terms exclude, whatever is asked.
      if status == 451 {
        throw SourceError.locationRestricted(
          source: requester.source.rawValue,
          message: requester.redacted(body.flatMap(LiveRequester.errorMessage) ?? "HTTP 451"),
          variable: requester.source.baseURLVariable ?? "")
      }
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
      return Candle(day: Day(daysSince1970: openTime / 86_400_000), close: close)
    }
  }
}
