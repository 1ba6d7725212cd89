/// CoinGecko v3: coins by id, latest prices from /simple/price, daily closes from
/// /coins/{id}/market_chart/range.
struct CoinGeckoAPI: LivePriceAPI {
  /// How long the list of CoinGecko's coins is trusted.
  static let coinListMaximumAge = 86_400

  let requester: LiveRequester
  /// The demo key, sent as a header so that it never sits in a URL.
  let apiKey: String?

  private var headers: [(name: String, value: String)] {
    apiKey.map { [(name: "x-cg-demo-api-key", value: $0)] } ?? []
  }

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
    // The point stamped D 00:00 UTC is the close of D-1, so the range is asked one day later.
    let from = range.first.adding(days: 1).daysSince1970 * 86_400
    let to = range.last.adding(days: 1).daysSince1970 * 86_400
    let body = try get(
      "/coins/\(LiveRequester.percentEncoded(id))/market_chart/range",
      query: [
        ("vs_currency", currency.lowercased()), ("from", String(from)), ("to", String(to)),
        ("interval", "daily"), ("precision", "full"),
      ],
      notFoundID: id)
    guard case .array(let points)? = body["prices"] else {
      throw badResponse("market_chart/range has no \"prices\" array")
    }
    var closes: [Day: Price] = [:]
    for point in points {
      guard case .array(let pair) = point, pair.count == 2, case .number(let stamp) = pair[0],
        let milliseconds = Int(stamp), case .number(let value) = pair[1],
        let price = Price(jsonNumber: value)
      else { throw badResponse("a price point is not [milliseconds, price]") }
      // Points off midnight are intraday or "now" samples, not closes.
      guard milliseconds % 86_400_000 == 0 else { continue }
      closes[Day(daysSince1970: milliseconds / 86_400_000 - 1)] = price
    }
    return ClosesAnswer(closes: closes)
  }

  func latest(ofKeys ids: [String], currency: String) throws -> [Price?] {
    let quote = currency.lowercased()
    let body = try get(
      "/simple/price",
      query: [("ids", ids.joined(separator: ",")), ("vs_currencies", quote), ("precision", "full")])
    guard case .object = body else { throw badResponse("simple/price is not an object") }
    return try ids.map { id in
      // CoinGecko leaves unknown ids out of the answer.
      guard let entry = body[id] else { return nil }
      guard case .number(let value)? = entry[quote], let price = Price(jsonNumber: value) else {
        throw badResponse("simple/price has no \(quote) number for \(id)")
      }
      return price
    }
  }

  /// CoinGecko's coins (id, symbol, name), from /coins/list, cached for a day.
  ///
  /// Every entry is checked on the way in, from the API and again from the cache: one whose id
  /// or symbol breaks the rules of `UntrustedText`, or whose name is too long, is left out;
  /// invisible characters are removed from names, and a name left empty becomes the symbol.
  private func coinList(cache: LiveCacheAccess) throws -> [Coin] {
    let list = try cache.value(
      "coins-list", maximumAge: CoinGeckoAPI.coinListMaximumAge, what: "the list of coins"
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
      throw badResponse("the cached coin list is damaged")
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

  /// GETs from the API with the key header; 401 and 403 mean the key (or its absence) was
  /// refused, and a 404 for a coin's path means CoinGecko has no coin `notFoundID`.
  private func get(_ path: String, query: [(String, String)] = [], notFoundID: String? = nil)
    throws -> JSONValue
  {
    try requester.getJSON(path, query: query, headers: headers) { status, body in
      if status == 404, let id = notFoundID {
        throw TrackerError.unknownCoin(input: id, suggestions: [])
      }
      if status == 401 || status == 403 {
        throw SourceError.keyRefused(
          source: requester.source.rawValue,
          message: requester.redacted(body.flatMap(LiveRequester.errorMessage) ?? "HTTP \(status)"))
      }
    }
  }

  private func badResponse(_ detail: String) -> SourceError {
    SourceError.badResponse(source: requester.source.rawValue, detail: detail)
  }
}
