/// A coin's close on one day from a source: what a trade not made in money is valued at (income,
/// each leg of a swap of coin for coin, a fee paid in a coin).
public struct DayClose: Hashable, Sendable {
  public let day: Day
  /// The close, exactly as the source holds it.
  public let price: Price
  /// The currency the source values the coin in.
  public let currency: String
  /// The source that held the close, as rows name it.
  public let source: String
}

extension PriceSource {
  /// The close of `coin` on `day`, in the currency the source values it in.
  ///
  /// Throws `TrackerError.noPricesInRange` when the source has no close for that day, or only
  /// a price of a day not yet over: a coin is never valued at zero or at a passing price.
  public func close(of coin: Coin, on day: Day) throws -> DayClose {
    let range = DayRange(from: day, to: day)!
    let rows = try dailyPrices(of: coin, in: range)
    guard let price = rows.price(at: 0), rows.isClosed(at: 0) else {
      throw TrackerError.noPricesInRange(
        symbol: coin.symbol, requested: range, held: nil, source: name)
    }
    return DayClose(
      day: day, price: price, currency: rows.currency(at: 0), source: rows.source(at: 0))
  }
}
