/// One day of `portfolio history`: the whole portfolio valued at that day's closes, with the
/// numbers `portfolio show` gives in its totals row for that day.
///
/// The numbers are kept as decimals, not text: a history of years has thousands of days, and
/// making each day's text was a seventh of the command's work, where a renderer writes the
/// digits straight into its output.
public struct PortfolioDay: Hashable, Sendable {
  public var day: Day
  /// How many coins were held at the end of the day.
  public var coinsHeld: Int
  /// The sum of the holdings' values at the day's closes; nil when a coin held has no close.
  public var value: ShownDecimal?
  /// The cost of what is held: the purchases' prices and fees not yet taken by sales.
  public var cost: ShownDecimal
  /// `value` − `cost`.
  public var unrealised: ShownDecimal?
  /// `unrealised` as a percentage of `cost`; nil without a value or when the cost is 0.
  public var unrealisedPercent: ShownDecimal?
  /// The profit realised by every sale up to and including the day.
  public var realised: ShownDecimal
  public var currency: String
  /// Whether every coin held had a close that day, so that `value` is the whole portfolio's.
  public var isPriced: Bool { value != nil }
}

/// `portfolio history`: a row per day of a range, and the coins held without a close on some
/// of those days.
public struct PortfolioHistory: Sendable {
  /// The days without a close of one coin held on them.
  public struct Gap: Hashable, Sendable {
    public var coin: Coin
    /// The days, in order; never empty.
    public var days: [Day]
  }

  public var method: CostMethod
  /// One row per day of the range, in order.
  public var days: PortfolioDays
  /// Each coin held on a day it has no close, in the order the coins were first traded.
  public var gaps: [Gap]
}

extension CostBasis {
  /// The portfolio valued at each day's closes over `range`, applying each trade once and
  /// reading each coin's closes once. Each day's amounts are those of `valuation(on:)` at that
  /// day's closes, summed as `totals(of:)` sums them: a day's row is the totals row
  /// `portfolio show` gives when every coin held has a close that day.
  ///
  /// Only the values follow the closes from day to day; a position's cost and profit are
  /// rounded again only on a day that changes them (a trade, or a close with another number of
  /// decimals than the day before), and the totals then change by the difference.
  mutating func history(in range: DayRange, currency: String, source: any PriceSource) throws
    -> PortfolioHistory
  {
    var walk = HistoryWalk(closes: HeldCloses(source: source, range: range))
    var days = PortfolioDays(first: range.first, capacity: range.count, currency: currency)
    for day in range {
      let appliedBefore = applied.count
      advance(through: day)
      let traded = day == range.first || applied.count != appliedBefore
      if traded { try walk.hold(positions, on: day, trades: applied) }
      let (value, costsChanged) = walk.value(of: positions, on: day)
      if costsChanged || traded {
        days.take(walk.totals)
      }
      days.append(value: value, coinsHeld: walk.heldCount)
    }
    return PortfolioHistory(method: method, days: days, gaps: walk.gaps.gaps)
  }
}
