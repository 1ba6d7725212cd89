/// One live API: how it names coins and how to read its answers. `LivePriceSource` does the
/// caching around it.
protocol LivePriceAPI: Sendable {
  var requester: LiveRequester { get }
  /// The coin `input` names, asking the API (through `cache`) when the snapshot does not know it.
  func resolve(_ input: String, cache: LiveCacheAccess) throws -> Coin
  /// How the API names the coin in this currency: a CoinGecko id, a Binance pair, `BTC/USD`.
  func key(for coin: Coin, currency: String, cache: LiveCacheAccess) throws -> String
  /// The closes the API holds for the days of `range`, which are all closed days, and the days
  /// its answer proves.
  func closes(ofKey key: String, in range: DayRange, currency: String) throws -> ClosesAnswer
  /// The latest price for each key, now, in as few requests as the API allows; nil where the
  /// API has none. `cache` remembers what the API proved about a key, such as that it is not
  /// listed.
  func latest(ofKeys keys: [String], currency: String, cache: LiveCacheAccess) throws -> [Price?]
}

extension LivePriceAPI {
  /// `input` as a ticker symbol to ask an API about: upper-case letters and digits, at most 20;
  /// anything else cannot name a coin there. `@symbol/FOO`, the id of a coin known by its
  /// symbol alone, gives the symbol `FOO`.
  func tickerSymbol(_ input: String) throws(TrackerError) -> String {
    var text = input.trimmingSpaces()
    if let id = Coin.referencedID(in: text) {
      guard id.lowercased().hasPrefix(Coin.symbolIDPrefix) else {
        throw TrackerError.unknownCoin(input: input, suggestions: [])
      }
      text = String(id.dropFirst(Coin.symbolIDPrefix.count))
    }
    let symbol = text.uppercased()
    guard !symbol.isEmpty, symbol.count <= 20,
      symbol.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    else { throw TrackerError.unknownCoin(input: input, suggestions: []) }
    return symbol
  }
}

/// How a run may use the cache.
public struct CachePolicy: Sendable {
  /// How long a latest price stays fresh.
  public var latestTTLSeconds: Int
  /// Ignore cached latest prices, and ask again for every closed day the cache holds no close for
  /// (closes themselves stay cached: they cannot change).
  public var refresh: Bool
  /// Answer from the cache alone; fail with `SourceError.notCached` where it lacks data.
  public var cachedOnly: Bool

  public static let defaultLatestTTLSeconds = 60
  /// The variable that overrides `latestTTLSeconds`.
  public static let latestTTLVariable = EnvironmentVariable(
    "COINTRACK_CACHE_TTL",
    .seconds(allowed: 0...86_400, default: Double(defaultLatestTTLSeconds), whole: true),
    meaning: "How long a cached latest price stays fresh; 0 never reuses one.")

  public init(
    latestTTLSeconds: Int = CachePolicy.defaultLatestTTLSeconds, refresh: Bool = false,
    cachedOnly: Bool = false
  ) {
    self.latestTTLSeconds = latestTTLSeconds
    self.refresh = refresh
    self.cachedOnly = cachedOnly
  }
}

/// A cached value with the time it was fetched.
struct StampedEntry {
  let value: JSONValue
  /// Seconds since the Unix epoch.
  let fetchedAt: Int
}

/// The cache as one live source sees it: entries under the source's own folder, and the policy.
struct LiveCacheAccess: Sendable {
  let cache: PriceCache?
  let source: PriceSourceKind
  let policy: CachePolicy

  /// The entry `name` with its fetch time, if cached.
  func stamped(_ name: String) -> StampedEntry? {
    guard let document = cache?.document(entry(name)) else { return nil }
    guard case .number(let stamp)? = document["fetched_at"], let fetchedAt = Int(stamp),
      let value = document["value"]
    else {
      discard(name)
      return nil
    }
    return StampedEntry(value: value, fetchedAt: fetchedAt)
  }

  /// Whether `entry` may be used: any age in cached-only mode, else younger than `maximumAge`
  /// seconds (so a maximum age of 0 never uses the cache).
  func isUsable(_ entry: StampedEntry, maximumAge: Int) -> Bool {
    if policy.cachedOnly { return true }
    guard let now = cache?.now() else { return false }
    return (0..<maximumAge).contains(now - entry.fetchedAt)
  }

  /// Stores `value` stamped with the current time.
  func storeStamped(_ value: JSONValue, as name: String) {
    guard let cache else { return }
    cache.store(
      .object([JSONMember("fetched_at", .number(String(cache.now()))), JSONMember("value", value)]),
      as: entry(name))
  }

  /// The cached value of `name` when usable and of the kind `fetch` gives (`kind`, when given),
  /// else what `fetch` returns (which is then cached); in cached-only mode a missing entry is
  /// `SourceError.notCached` naming `what`.
  func value(
    _ name: String, maximumAge: Int, what: String, kind: JSONKind? = nil,
    fetch: () throws -> JSONValue
  ) throws -> JSONValue {
    if let cached = stamped(name), isUsable(cached, maximumAge: maximumAge) {
      if kind == nil || cached.value.kind == kind { return cached.value }
      // A damaged entry would otherwise fail every run until it ages out.
      discard(name)
    }
    guard !policy.cachedOnly else {
      throw SourceError.notCached(source: source.rawValue, what: what)
    }
    let value = try fetch()
    storeStamped(value, as: name)
    return value
  }

  func document(_ name: String) -> JSONValue? { cache?.document(entry(name)) }
  func store(_ value: JSONValue, as name: String) { cache?.store(value, as: entry(name)) }
  func discard(_ name: String) { cache?.discard(entry(name)) }

  private func entry(_ name: String) -> String {
    source.rawValue + "/" + PriceCache.fileName(name) + ".json"
  }
}

/// A live price source: an API behind the disk cache.
///
/// Closed days are cached for good once an answer proves them (a proven day without a price stays
/// known to lack one until `--refresh` asks again); the latest price is cached for
/// `CachePolicy.latestTTLSeconds`, and only on the UTC day it was fetched. Today's row carries the
/// latest price and is flagged as not closed.
public struct LivePriceSource: PriceSource {
  let kind: PriceSourceKind
  let api: any LivePriceAPI
  let cache: LiveCacheAccess
  public let currency: String
  /// The real UTC day now: days before it are closed, whatever --today says.
  let currentDay: Day

  public var name: String { kind.rawValue }

  public func resolveCoin(_ input: String) throws -> Coin {
    try api.resolve(input, cache: cache)
  }

  public func latestPrices(of coins: [Coin], onOrBefore day: Day) throws -> LatestPrices {
    guard day < currentDay else {
      let keys = try coins.map { try api.key(for: $0, currency: currency, cache: cache) }
      let prices = try latest(ofKeys: keys)
      return LatestPrices(
        zip(coins, prices).lazy.map { coin, price in
          price.map { row(coin, currentDay, $0, isClosed: false) }
        })
    }
    // A past "today": the close of that day, or of the last day before it with one.
    return LatestPrices(
      try coins.map { coin in
        let week = DayRange(from: day.adding(days: -6), to: day)!
        do {
          return try dailyPrices(of: coin, in: week).last { $0.price != nil }
        } catch TrackerError.noPricesInRange {
          // A coin without a price that week is listed without one; any fault still ends the run.
          return nil
        }
      })
  }

  public func dailyPrices(of coin: Coin, in range: DayRange) throws -> PriceRows {
    let key = try api.key(for: coin, currency: currency, cache: cache)
    var closes = CachedCloses()
    if let lastClosed = DayRange(
      from: range.first, to: Swift.min(range.last, currentDay.adding(days: -1)))
    {
      closes = try closedDays(ofKey: key, in: lastClosed)
    }
    var latestPrice: Price?
    if range.contains(currentDay) {
      latestPrice = try latest(ofKeys: [key])[0]
    }
    let rows = range.map { day in
      day == currentDay
        ? row(coin, day, latestPrice, isClosed: false) : row(coin, day, closes.closes[day])
    }
    guard rows.contains(where: { $0.price != nil }) else {
      throw TrackerError.noPricesInRange(
        symbol: coin.symbol, requested: range, held: nil, source: name)
    }
    return PriceRows(rows)
  }

  /// The closes of `range` (all closed days): cached ones, plus what the API gives for the rest.
  ///
  /// The days to ask for are asked in one range, from the first to the last, so that a cache
  /// patched by many small requests never turns into as many requests; the API pages it.
  private func closedDays(ofKey key: String, in range: DayRange) throws -> CachedCloses {
    let entry = "closes-\(key)-\(currency)"
    var cached = CachedCloses()
    if let document = cache.document(entry) {
      if let parsed = CachedCloses(json: document) {
        cached = parsed
      } else {
        cache.discard(entry)
      }
    }
    // No source has prices before its first day, so nothing earlier is asked for.
    guard
      let asked = DayRange(
        from: Swift.max(range.first, kind.firstDayWithPrices ?? range.first), to: range.last),
      let gap = cache.policy.refresh
        ? cached.daysWithoutClose(in: asked) : cached.uncoveredSpan(in: asked)
    else { return cached }
    guard !cache.policy.cachedOnly else {
      throw SourceError.notCached(
        source: name, what: "\(key) closes from \(gap.first) to \(gap.last)")
    }
    // A fault throws here, before anything is recorded: only a well-formed answer is cached.
    let answer = try api.closes(ofKey: key, in: gap, currency: currency)
    let fetched = answer.closes.filter { gap.contains($0.key) }
    // The last closed day may not be published yet (CoinGecko: 00:35 UTC); a recent day without
    // a close is not remembered as lacking one, so the next run asks again.
    var settled = gap.last
    while settled >= gap.first, fetched[settled] == nil, settled >= currentDay.adding(days: -2) {
      settled = settled.adding(days: -1)
    }
    // An answer without a single close in the range asked (an empty series, points only outside
    // it) proves nothing, whatever it claims: the days are asked again next time.
    let settledProof =
      fetched.isEmpty
      ? nil
      : answer.proven?.clamped(to: gap).flatMap {
        DayRange(from: $0.first, to: Swift.min($0.last, settled))
      }
    cached.record(fetched, covering: settledProof)
    cache.store(cached.json, as: entry)
    return cached
  }

  /// The latest price of each key: fresh cached ones, the rest in one call to the API, which
  /// asks for all of them together (each still cached on its own).
  private func latest(ofKeys keys: [String]) throws -> [Price?] {
    let policy = cache.policy
    var prices: [String: Price] = [:]
    var missing: [String] = []
    for key in keys where prices[key] == nil && !missing.contains(key) {
      if !policy.refresh, let entry = cache.stamped("latest-\(key)-\(currency)"),
        cache.isUsable(entry, maximumAge: policy.latestTTLSeconds),
        Day(unixSeconds: entry.fetchedAt) == currentDay,
        case .string(let text) = entry.value, let price = Price(decimalText: text)
      {
        prices[key] = price
      } else {
        missing.append(key)
      }
    }
    if !missing.isEmpty {
      guard !policy.cachedOnly else {
        throw SourceError.notCached(
          source: name, what: "today's price of " + missing.joined(separator: ", "))
      }
      let answered = try api.latest(ofKeys: missing, currency: currency, cache: cache)
      for (key, price) in zip(missing, answered) {
        guard let price else { continue }
        prices[key] = price
        cache.storeStamped(.string(price.text), as: "latest-\(key)-\(currency)")
      }
    }
    return keys.map { prices[$0] }
  }

  private func row(_ coin: Coin, _ day: Day, _ price: Price?, isClosed: Bool = true) -> PriceRow {
    PriceRow(
      day: day, symbol: coin.symbol, price: price, currency: currency, source: name,
      isClosed: isClosed)
  }
}
