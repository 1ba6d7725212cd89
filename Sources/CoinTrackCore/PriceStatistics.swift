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
  /// that any of those prices has.
  public var mean: Price?
  /// The last price minus the first, exact.
  public var change: Price?
  /// The change as a percentage of the first price, rounded half to even to two decimals; nil
  /// when the first price is zero.
  public var changePercent: Price?
  public var daysWithData: Int
  public var daysWithoutData: Int

  /// The statistics of `rows`, the rows of one coin in one currency from one source.
  public init(symbol: String, currency: String, source: String, rows: [PriceRow]) {
    self.symbol = symbol
    self.currency = currency
    self.source = source
    let priced = rows.compactMap { row in row.price.map { DatedPrice(day: row.day, price: $0) } }
    daysWithData = priced.count
    daysWithoutData = rows.count - priced.count
    first = priced.first
    last = priced.last
    // Every price in the same units, so that comparing and adding are integer operations.
    let scale = priced.map { FixedPoint.scale(of: $0.price) }.max() ?? 0
    let units = priced.compactMap { FixedPoint.units(of: $0.price, scale: scale) }
    guard units.count == priced.count, let firstUnits = units.first, let lastUnits = units.last
    else { return }
    // `min(by:)` and `max(by:)` return the first of equal elements: the earliest day.
    minimum = zip(priced, units).min { $0.1 < $1.1 }?.0
    maximum = zip(priced, units).max { $0.1 < $1.1 }?.0
    if let sum = PriceStatistics.sum(units) {
      mean = FixedPoint.price(
        units: FixedPoint.divideRoundingHalfEven(sum, by: Int128(units.count)), scale: scale)
    }
    let (difference, overflow) = lastUnits.subtractingReportingOverflow(firstUnits)
    guard !overflow else { return }
    change = FixedPoint.price(units: difference, scale: scale)
    // change / first × 100, kept in hundredths of a percent.
    let (scaled, scaledOverflow) = difference.multipliedReportingOverflow(by: 10_000)
    if firstUnits != 0, !scaledOverflow {
      changePercent = FixedPoint.price(
        units: FixedPoint.divideRoundingHalfEven(scaled, by: firstUnits), scale: 2)
    }
  }

  private static func sum(_ values: [Int128]) -> Int128? {
    var total: Int128 = 0
    for value in values {
      let (next, overflow) = total.addingReportingOverflow(value)
      if overflow { return nil }
      total = next
    }
    return total
  }
}
