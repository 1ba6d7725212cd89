/// Where prices come from: the embedded snapshot or a live API.
public protocol PriceSource: Sendable {
  /// The name users pass to `--source`, and the `source` field of every row.
  var name: String { get }
  /// The quote currency of every row.
  var currency: String { get }
  /// The coin that `input` names: a symbol or full name, any case, or an id the source uses.
  ///
  /// Throws `TrackerError.unknownCoin` when the source knows no such coin.
  func resolveCoin(_ input: String) throws -> Coin
  /// Each coin's latest price on or before `day`, by its position in `coins`.
  func latestPrices(of coins: [Coin], onOrBefore day: Day) throws -> LatestPrices
  /// One row for every day of `range`, in order, with a nil price where the source lacks the
  /// day. The rows may be made only as they are read, so that a long range streams to the
  /// output in the same memory as a short one.
  ///
  /// Throws `TrackerError.noPricesInRange` when no day of the range has a price.
  func dailyPrices(of coin: Coin, in range: DayRange) throws -> PriceRows
  /// This source as offline data, when it is the offline source; nil for a live source.
  var offlineData: (any OfflinePriceData)? { get }
  /// The currency each coin is valued in, by its position in `coins`: the one its trades,
  /// alerts and totals must be in. Nil for a coin the source has no currency for yet (offline:
  /// a coin neither in the snapshot nor synced).
  func valuationCurrencies(of coins: [Coin]) throws -> [String?]
}

extension PriceSource {
  /// A live source quotes every coin in its one currency.
  public func valuationCurrencies(of coins: [Coin]) throws -> [String?] {
    coins.map { _ in currency }
  }

  /// The currency a trade or alert of `coin` is in: the one the source values it in, or the
  /// source's own for a coin it has no currency for yet (its first trade then sets it).
  public func valuationCurrency(of coin: Coin) throws -> String {
    try valuationCurrencies(of: [coin])[0] ?? currency
  }

  /// `valuationCurrencies(of:)` of each coin of `coins` once, by coin id; none for a coin the
  /// source has no currency for yet.
  func valuationCurrencies(byID coins: some Sequence<Coin>) throws -> [String: String] {
    var distinct: [Coin] = []
    var seen = Set<String>()
    for coin in coins where seen.insert(coin.id).inserted { distinct.append(coin) }
    var currencies: [String: String] = .init(minimumCapacity: distinct.count)
    for (coin, currency) in zip(distinct, try valuationCurrencies(of: distinct)) {
      currencies[coin.id] = currency
    }
    return currencies
  }
}
