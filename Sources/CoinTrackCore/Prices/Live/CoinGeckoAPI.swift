/// CoinGecko v3: coins by id, latest prices from /simple/price, daily closes from
/// /coins/{id}/market_chart/range.
struct CoinGeckoAPI: LivePriceAPI {
  /// How long the list of CoinGecko's coins is trusted.
  static let coinListMaximumAge = 86_400
  /// How close before the midnight ending a day a point must be to be that day's close.
  static let closeWindowMilliseconds = 2 * 3_600_000

  let requester: LiveRequester
  /// The plan the key (or its absence) stands for.
  let plan: CoinGeckoPlan
  /// The real UTC day now, from which the plan's history window counts back.
  let currentDay: Day
  /// Where days left out because of the plan are reported; nil to report nothing.
  let notices: SourceNotices?

  private var headers: [(name: String, value: String)] { plan.header.map { [$0] } ?? [] }

  /// The coin `input` names: by CoinGecko id after `@`, else by symbol, name or bare id. A
  /// word that fits several coins (`uni` is Uniswap's symbol and another coin's id) is never
  /// settled by a guess: the error lists every candidate's id and name.
  func resolve(_ input: String, cache: LiveCacheAccess) throws -> Coin {
    // The snapshot's coins carry their ids, so the common case needs no request.
    if let entry = SnapshotPriceSource().catalogue().entry(named: input) { return entry.coin }
    let coins = try coinList(cache: cache)
    let matches = Coin.matches(of: input, among: coins, matchingCoinGeckoIDs: true)
    guard let first = matches.first else {
      let suggestions = EditDistance.closest(
        to: input, among: coins.prefix(20_000).map(\.symbol), limit: 3)
      throw TrackerError.unknownCoin(
        input: input,
        suggestions: suggestions.compactMap { symbol in coins.first { $0.symbol == symbol } })
    }
    guard matches.count == 1 else {
      throw TrackerError.ambiguousCoin(
        input: input, candidates: matches, among: .source(requester.source.rawValue))
    }
    return first
  }

  func key(for coin: Coin, currency: String, cache: LiveCacheAccess) throws -> String {
    if let id = coin.coingeckoID { return id }
    guard let id = try resolve(coin.symbol, cache: cache).coingeckoID else {
      throw TrackerError.unknownCoin(input: coin.symbol, suggestions: [])
    }
    return id
  }

  func closes(ofKey id: String, in range: DayRange, currency: String) throws -> ClosesAnswer {
    guard let asked = daysInPlanWindow(of: range) else { return ClosesAnswer(closes: [:]) }
    // The close of D is stamped at or before D+1 00:00, so from D 00:00 to the midnight after the
    // last day covers every granularity, and a one-day range is never an empty from == to.
    let from = asked.first.daysSince1970 * 86_400
    let to = asked.last.adding(days: 1).daysSince1970 * 86_400
    let body = try get(
      "/coins/\(LiveRequester.percentEncoded(id))/market_chart/range",
      query: [
        ("vs_currency", currency.lowercased()), ("from", String(from)), ("to", String(to)),
        ("interval", "daily"), ("precision", "full"),
      ],
      notFoundID: id, asked: asked)
    guard case .array(let points)? = body["prices"] else {
      throw badResponse("market_chart/range has no \"prices\" array")
    }
    return ClosesAnswer(
      closes: try closes(
        of: points, in: asked, fromMilliseconds: from * 1000, toMilliseconds: to * 1000))
  }

  /// The closes `points` give for the days of `asked`, whatever their granularity: the close of
  /// D is the latest point stamped at or before D+1 00:00 UTC, if it lies within the last
  /// `closeWindowMilliseconds` of D (in daily answers, the point stamped D+1 00:00).
  private func closes(
    of points: [JSONValue], in asked: DayRange, fromMilliseconds: Int, toMilliseconds: Int
  ) throws(SourceError) -> [Day: Price] {
    let dayMilliseconds = 86_400_000
    var stamped: [(milliseconds: Int, price: Price)] = []
    for point in points {
      guard case .array(let pair) = point, pair.count == 2, case .number(let stamp) = pair[0],
        let milliseconds = Int(stamp), case .number(let value) = pair[1],
        let price = Price(jsonNumber: value)
      else { throw badResponse("a price point is not [milliseconds, price]") }
      // A day of slack either side: CoinGecko's points are not aligned to what was asked.
      guard milliseconds >= fromMilliseconds - dayMilliseconds,
        milliseconds <= toMilliseconds + dayMilliseconds
      else {
        // A stamp outside the years a day is written for is shown as the number it is.
        let stamp = Day(unixSeconds: milliseconds / 1000).map(\.description) ?? "\(milliseconds) ms"
        throw badResponse(
          "a price point is stamped \(stamp), far outside the days asked (\(asked.first) to \(asked.last))"
        )
      }
      stamped.append((milliseconds, price))
    }
    stamped.sort { $0.milliseconds < $1.milliseconds }
    var latest: [Day: (milliseconds: Int, price: Price)] = [:]
    for (index, point) in stamped.enumerated() {
      if index > 0, stamped[index - 1].milliseconds == point.milliseconds,
        stamped[index - 1].price.normalisedText != point.price.normalisedText
      {
        throw badResponse(
          "two different prices, \(stamped[index - 1].price.text) and \(point.price.text), share one time stamp"
        )
      }
      // The midnight at or after the point ends the day the point may close.
      let (quotient, remainder) = point.milliseconds.quotientAndRemainder(
        dividingBy: dayMilliseconds)
      let endOfDay = remainder > 0 ? quotient + 1 : quotient
      guard endOfDay * dayMilliseconds - point.milliseconds <= CoinGeckoAPI.closeWindowMilliseconds
      else { continue }
      // Within a day of what was asked, so a day cointrack writes.
      guard let day = Day(daysSince1970: endOfDay - 1) else { continue }
      latest[day] = point
    }
    var collector = CloseCollector()
    for (day, point) in latest where asked.contains(day) {
      guard let price = try checkedQuote(point.price, zeroMeansNoPrice: true) else { continue }
      try collector.add(price, on: day, for: self)
    }
    return collector.closes
  }

  /// The part of `range` the plan's history window allows, posting a notice for the days before
  /// it; nil when none of it is allowed.
  private func daysInPlanWindow(of range: DayRange) -> DayRange? {
    guard let window = plan.historyWindowDays else { return range }
    // Asking from the first day's midnight must stay within the window counted back from now.
    let firstAllowed = currentDay.adding(days: -(window - 1))
    if let before = DayRange(
      from: range.first, to: Swift.min(range.last, firstAllowed.adding(days: -1)))
    {
      notices?.post(
        .historyBeyondPlan(source: requester.source.rawValue, windowDays: window, days: before))
    }
    return DayRange(from: Swift.max(range.first, firstAllowed), to: range.last)
  }

  /// The latest prices of all `ids` from /simple/price: one request, or as few as the URL's
  /// length allows.
  func latest(ofKeys ids: [String], currency: String, cache: LiveCacheAccess) throws -> [Price?] {
    let quote = currency.lowercased()
    var prices: [String: Price] = [:]
    for run in LatestBatch.runs(of: ids, overhead: LatestBatch.commaOverhead) {
      let body = try get(
        "/simple/price",
        query: [
          ("ids", run.joined(separator: ",")), ("vs_currencies", quote), ("precision", "full"),
        ])
      guard case .object = body else { throw badResponse("simple/price is not an object") }
      for id in run {
        // CoinGecko leaves unknown ids out of the answer.
        guard let entry = body[id] else { continue }
        guard case .number(let value)? = entry[quote], let price = Price(jsonNumber: value) else {
          throw badResponse("simple/price has no \(quote) number for \(id)")
        }
        prices[id] = try checkedQuote(price, zeroMeansNoPrice: true)
      }
    }
    return ids.map { prices[$0] }
  }

  /// CoinGecko's coins (id, symbol, name), from /coins/list, cached for a day.
  ///
  /// Every entry is checked on the way in, from the API and again from the cache: one whose id
  /// or symbol breaks the rules of `UntrustedText`, or whose name is too long, is left out;
  /// invisible characters are removed from names, and a name left empty becomes the symbol.
  private func coinList(cache: LiveCacheAccess) throws -> [Coin] {
    let list = try cache.value(
      "coins-list", maximumAge: CoinGeckoAPI.coinListMaximumAge, what: "the list of coins",
      kind: .array
    ) {
      let body = try get("/coins/list")
      guard case .array(let entries) = body else { throw badResponse("coins/list is not an array") }
      // Only the three fields are kept: the answer also carries platforms when asked.
      return .array(
        try entries.compactMap { entry in
          guard case .string(let id)? = entry["id"], case .string(let symbol)? = entry["symbol"],
            case .string(let name)? = entry["name"]
          else { throw badResponse("a coins/list entry lacks id, symbol or name") }
          return CoinGeckoAPI.checkedCoin(id: id, symbol: symbol, name: name).map { coin in
            .array([.string(id), .string(coin.symbol), .string(coin.name)])
          }
        })
    }
    guard case .array(let entries) = list else {
      throw badResponse("coins/list is not an array")
    }
    return entries.compactMap { entry in
      guard case .array(let fields) = entry, fields.count == 3, case .string(let id) = fields[0],
        case .string(let symbol) = fields[1], case .string(let name) = fields[2]
      else { return nil }
      return CoinGeckoAPI.checkedCoin(id: id, symbol: symbol, name: name)
    }
  }

  /// The coin of one /coins/list entry, or nil when the entry cannot be used safely.
  static func checkedCoin(id: String, symbol: String, name: String) -> Coin? {
    guard UntrustedText.isCoinGeckoID(id), let symbol = UntrustedText.symbol(symbol),
      let name = UntrustedText.cleanedName(name)
    else { return nil }
    return Coin(symbol: symbol, name: name.isEmpty ? symbol : name, coingeckoID: id)
  }

  /// GETs from the API with the key header, and turns CoinGecko's error codes into what they
  /// mean: 10012 is the plan's history window (for the days `asked`), 10005 a plan restriction,
  /// 10002 a missing key; other 401 and 403 answers refuse the key when one was sent. A 404 for a
  /// coin's path means CoinGecko has no coin `notFoundID`.
  private func get(
    _ path: String, query: [(String, String)] = [], notFoundID: String? = nil,
    asked: DayRange? = nil
  ) throws -> JSONValue {
    let body = try requester.getJSON(path, query: query, headers: headers) { status, body in
      if status == 404, let id = notFoundID {
        throw TrackerError.unknownCoin(input: id, suggestions: [])
      }
      if let error = codedError(in: body, asked: asked) { throw error }
      if status == 401 || status == 403, plan.header != nil {
        throw SourceError.keyRefused(
          source: requester.source.rawValue, message: errorMessage(in: body, status: status))
      }
    }
    // Mirrors and older answers have sent these errors with HTTP 200.
    if let error = codedError(in: body, asked: asked) { throw error }
    return body
  }

  /// What a CoinGecko error code in `body` means, if it holds one this client tells apart.
  private func codedError(in body: JSONValue?, asked: DayRange?) -> SourceError? {
    // The error object is `{"status": {...}}` or, on some 401s, `{"error": {"status": {...}}}`.
    let source = requester.source.rawValue
    switch (body?["status"] ?? body?["error"]?["status"])?["error_code"] {
    case .number("10012")?:
      return .historyBeyondPlan(
        source: source,
        windowDays: plan.historyWindowDays ?? CoinGeckoPlan.publicHistoryWindowDays,
        days: asked ?? DayRange(from: currentDay, to: currentDay)!)
    case .number("10005")?:
      return .planRestricted(source: source, message: errorMessage(in: body, status: 200))
    case .number("10002")? where plan.header == nil:
      return .missingKey(source: source, variable: requester.source.keyVariable ?? source)
    default:
      return nil
    }
  }

  /// The API's own words for an error, with any key removed.
  private func errorMessage(in body: JSONValue?, status: Int) -> String {
    let nested = (body?["status"] ?? body?["error"]?["status"])?["error_message"]
    if case .string(let text)? = nested { return requester.redacted(text) }
    return requester.redacted(body.flatMap(LiveRequester.errorMessage) ?? "HTTP \(status)")
  }
}

/// CoinGecko's plans, told apart by the key the environment holds.
enum CoinGeckoPlan: Sendable {
  /// How many days back the public and demo plans answer history.
  static let publicHistoryWindowDays = 365

  /// No key: the public API, limited by IP.
  case keyless
  /// A demo key, sent to the public host.
  case demo(key: String)
  /// A paid key, sent to the pro host.
  case pro(key: String)

  /// The header carrying the key, if any.
  var header: (name: String, value: String)? {
    switch self {
    case .keyless: return nil
    case .demo(let key): return ("x-cg-demo-api-key", key)
    case .pro(let key): return ("x-cg-pro-api-key", key)
    }
  }

  /// How many days back history can be asked for; nil for no limit.
  var historyWindowDays: Int? {
    switch self {
    case .keyless, .demo: return CoinGeckoPlan.publicHistoryWindowDays
    case .pro: return nil
    }
  }
}

extension PriceSourceKind {
  /// How many days back the source answers history without a paid key; nil when it has no such
  /// window.
  public var unpaidHistoryWindowDays: Int? {
    self == .coingecko ? CoinGeckoPlan.publicHistoryWindowDays : nil
  }
}
