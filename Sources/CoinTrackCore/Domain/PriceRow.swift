/// A coin's price on one day, naming its quote currency and where it came from.
public struct PriceRow: Hashable, Sendable {
  public var day: Day
  public var symbol: String
  /// The close of the UTC day; nil when the source lacks that day.
  public var price: Price?
  /// The quote currency, such as `USDT`.
  public var currency: String
  /// The source's name, such as `offline`.
  public var source: String
  /// False for today's row of a live source: its price is the latest, not a day's close.
  public var isClosed: Bool

  public init(
    day: Day, symbol: String, price: Price?, currency: String, source: String,
    isClosed: Bool = true
  ) {
    self.day = day
    self.symbol = symbol
    self.price = price
    self.currency = currency
    self.source = source
    self.isClosed = isClosed
  }
}

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
  /// One row for every day of `range`, in order, with a nil price where the source lacks the day.
  ///
  /// Throws `TrackerError.noPricesInRange` when no day of the range has a price.
  func dailyPrices(of coin: Coin, in range: DayRange) throws -> [PriceRow]
  /// The rows of `dailyPrices`, which may be made only as they are read, so that a long range
  /// streams to the output. A source whose answers are bounded keeps the default: its array.
  func dailyPriceRows(of coin: Coin, in range: DayRange) throws -> PriceRows
  /// The closes of `dailyPrices` as numbers, for arithmetic on every day of a range. A source
  /// that holds closes as text keeps the default, which reads them from its rows.
  func dailyCloses(of coin: Coin, in range: DayRange) throws -> DailyCloses
  /// This source as offline data, when it is the offline source; nil for a live source.
  var offlineData: (any OfflinePriceData)? { get }
}
