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
