/// Twelve Data: daily candles from /time_series (interval 1day, timezone UTC), latest prices from
/// /price, symbols `BASE/QUOTE`.
///
/// Twelve Data reports errors with HTTP 200 and `"status": "error"`, so every body is checked.
struct TwelveDataAPI: LivePriceAPI {
  /// The most values one time_series request returns.
  static let maximumValuesPerRequest = 5000
  /// How long a symbol's existence, once checked, is trusted.
  static let knownSymbolMaximumAge = 86_400

  let requester: LiveRequester
  let apiKey: String

  func resolve(_ input: String, cache: LiveCacheAccess) throws -> Coin {
    if let entry = SnapshotPriceSource().catalogue().entry(named: input) { return entry.coin }
    let symbol = try tickerSymbol(input)
    let pair = symbol + "/" + PriceSourceKind.twelvedata.defaultCurrency
    let name = try cache.value(
      "known-\(pair)", maximumAge: TwelveDataAPI.knownSymbolMaximumAge,
      what: "whether \(pair) exists"
    ) {
      let body = try get(
        "/time_series", query: [("symbol", pair), ("interval", "1day"), ("outputsize", "1")],
        input: input)
      // The base currency's full name, such as "Bitcoin", when Twelve Data gives it.
      if case .string(let base)? = body["meta"]?["currency_base"] { return .string(base) }
      return .string(symbol)
    }
    // The name is untrusted text, from the API or the cache: cleaned, else the symbol.
    guard case .string(let text) = name, let fullName = UntrustedText.cleanedName(text),
      !fullName.isEmpty
    else { return Coin(symbol: symbol, name: symbol, coingeckoID: nil) }
    return Coin(symbol: symbol, name: fullName, coingeckoID: nil)
  }

  func key(for coin: Coin, currency: String, cache: LiveCacheAccess) throws -> String {
    coin.symbol + "/" + currency
  }

  func closes(ofKey symbol: String, in range: DayRange, currency: String) throws -> ClosesAnswer {
    var collector = CloseCollector()
    var proofs: [DayRange?] = []
    var start = range.first
    while start <= range.last {
      let end = Swift.min(range.last, start.adding(days: TwelveDataAPI.maximumValuesPerRequest - 1))
      let page = DayRange(from: start, to: end)!
      // end_date is exclusive in Twelve Data's daily series, so ask to the next day and filter.
      let body = try get(
        "/time_series",
        query: [
          ("symbol", symbol), ("interval", "1day"), ("start_date", start.description),
          ("end_date", end.adding(days: 1).description),
          ("outputsize", String(TwelveDataAPI.maximumValuesPerRequest)), ("order", "asc"),
        ], input: symbol, emptyOnNoData: true)
      var values: [JSONValue] = []
      if case .array(let array)? = body["values"] {
        values = array
      } else if body["values"] != nil {
        throw badResponse("time_series \"values\" is not an array")
      }
      var lastDay: Day?
      for value in values {
        guard case .string(let date)? = value["datetime"], let day = Day(iso: date),
          case .string(let closeText)? = value["close"], let close = Price(decimalText: closeText)
        else { throw badResponse("a time_series value lacks a YYYY-MM-DD datetime or a close") }
        // The day after the page is the one end_date names; anything further is not this answer.
        guard day >= start, day <= end.adding(days: 1) else {
          throw badResponse(
            "a time_series value is dated \(day), outside the days asked (\(start) to \(end))")
        }
        guard page.contains(day) else { continue }
        lastDay = Swift.max(lastDay ?? day, day)
        guard let price = try checkedQuote(close) else { continue }
        try collector.add(price, on: day, for: self)
      }
      proofs.append(
        ClosesAnswer.pageProof(
          asked: page, rows: values.count, pageSize: TwelveDataAPI.maximumValuesPerRequest,
          lastDay: lastDay))
      start = end.adding(days: 1)
    }
    return ClosesAnswer(closes: collector.closes, proven: ClosesAnswer.joinedProof(proofs))
  }

  /// The latest prices of all `symbols` from /price, in one request: Twelve Data takes a
  /// comma-separated list and answers it keyed by symbol (a single symbol unkeyed), a symbol it
  /// does not know with its own error inside the answer. Each symbol still costs a credit.
  func latest(ofKeys symbols: [String], currency: String, cache: LiveCacheAccess) throws
    -> [Price?]
  {
    var prices: [String: Price] = [:]
    for run in LatestBatch.runs(of: symbols, overhead: LatestBatch.commaOverhead) {
      let list = run.joined(separator: ",")
      let body: JSONValue
      do {
        body = try get("/price", query: [("symbol", list)], input: list)
      } catch TrackerError.unknownCoin {
        continue
      }
      guard run.count == 1 || body.kind == .object else {
        throw badResponse("price for several symbols is not an object")
      }
      for symbol in run {
        guard let entry = run.count == 1 ? body : body[symbol] else { continue }
        let answer: JSONValue
        do {
          answer = try checked(entry, input: symbol)
        } catch TrackerError.unknownCoin {
          continue
        }
        guard case .string(let text)? = answer["price"], let price = Price(decimalText: text)
        else { throw badResponse("price has no \"price\" string") }
        prices[symbol] = try checkedQuote(price)
      }
    }
    return symbols.map { prices[$0] }
  }

  /// GETs with the key and timezone UTC, with Twelve Data's in-body errors mapped (`checked`).
  private func get(
    _ path: String, query: [(String, String)], input: String, emptyOnNoData: Bool = false
  ) throws -> JSONValue {
    let body = try requester.getJSON(
      path, query: query + [("timezone", "UTC"), ("apikey", apiKey)]
    ) { status, body in
      if status == 401 || status == 403 {
        throw SourceError.keyRefused(
          source: requester.source.rawValue,
          message: requester.redacted(body.flatMap(LiveRequester.errorMessage) ?? "HTTP \(status)"))
      }
    }
    return try checked(body, input: input, emptyOnNoData: emptyOnNoData)
  }

  /// `body`, unless it is Twelve Data's error, which is thrown as what it means: 400 "not found"
  /// is an unknown coin, 401 a refused key, 429 a rate limit; with `emptyOnNoData` the answer
  /// that a range holds no data is an empty series.
  private func checked(_ body: JSONValue, input: String, emptyOnNoData: Bool = false) throws
    -> JSONValue
  {
    guard case .string("error")? = body["status"] else { return body }
    let code = body["code"].flatMap { value -> Int? in
      if case .number(let text) = value { return Int(text) }
      return nil
    }
    let message = requester.redacted(LiveRequester.errorMessage(body) ?? "no message")
    let lowered = message.lowercased()
    if code == 401 || code == 403 {
      throw SourceError.keyRefused(source: requester.source.rawValue, message: message)
    }
    if code == 429 {
      throw SourceError.rateLimited(source: requester.source.rawValue, retryAfterSeconds: nil)
    }
    if code == 400, emptyOnNoData, lowered.includes("no data is available") {
      return .object([])
    }
    if code == 400 || code == 404, lowered.includes("not found") {
      throw TrackerError.unknownCoin(input: input, suggestions: [])
    }
    throw SourceError.refused(
      source: requester.source.rawValue, status: code ?? 200, message: message)
  }
}
