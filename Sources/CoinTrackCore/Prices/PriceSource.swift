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
}
