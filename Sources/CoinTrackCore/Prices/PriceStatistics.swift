/// A summary of a coin's daily prices over a range, computed exactly from the decimal text.
public struct PriceStatistics: Hashable, Sendable {
  /// A price together with its day.
  public struct DatedPrice: Hashable, Sendable {
    public var day: Day
    public var price: Price
  }

  public var symbol: String
  public var currency: String
  public var source: String
  /// The first and the last day of the range with a price; nil when no day has one.
  public var first: DatedPrice?
  public var last: DatedPrice?
  /// The lowest and the highest price, each on the first day it occurred.
  public var minimum: DatedPrice?
  public var maximum: DatedPrice?
  /// The mean of the days with a price, rounded half to even to the most digits after the point
  /// that any of those prices has (exact before that one rounding).
  public var mean: Price?
  /// The last price minus the first, exact, with the most digits after the point of any price.
  public var change: Price?
  /// The change as a percentage of the first price, rounded half to even to two decimals; nil
  /// when the first price is zero.
  public var changePercent: Price?
  public var daysWithData: Int
  public var daysWithoutData: Int

  /// The statistics of `rows`, the rows of one coin in one currency from one source, read once
  /// in order and never held: prices of any size and any number of days are exact.
  public init(symbol: String, currency: String, source: String, rows: PriceRows) {
    self.symbol = symbol
    self.currency = currency
    self.source = source
    daysWithData = 0
    var sum = ExactDecimal.zero
    var values:
      (first: ExactDecimal, last: ExactDecimal, minimum: ExactDecimal, maximum: ExactDecimal)?
    for row in rows {
      guard let price = row.price else { continue }
      let dated = DatedPrice(day: row.day, price: price)
      let value = ExactDecimal(price)
      daysWithData += 1
      // The sum keeps the most digits after the point of any price so far.
      sum = sum + value
      last = dated
      guard var extremes = values else {
        values = (value, value, value, value)
        (first, minimum, maximum) = (dated, dated, dated)
        continue
      }
      extremes.last = value
      // Strictly lower or higher: on a tie the earlier day stays.
      if value < extremes.minimum {
        extremes.minimum = value
        minimum = dated
      }
      if extremes.maximum < value {
        extremes.maximum = value
        maximum = dated
      }
      values = extremes
    }
    daysWithoutData = rows.count - daysWithData
    guard let values else { return }
    mean = sum.divided(by: ExactDecimal(daysWithData), scale: sum.scale)?.price
    let difference = (values.last - values.first).rescaled(to: sum.scale)
    change = difference.price
    // change / first × 100, to hundredths of a percent.
    changePercent = difference.multiplied(by: 100).divided(by: values.first, scale: 2)?.price
  }
}
