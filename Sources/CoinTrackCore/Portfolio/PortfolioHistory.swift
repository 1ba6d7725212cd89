/// One day of `portfolio history`: the whole portfolio valued at that day's closes, with the
/// numbers `portfolio show` gives in its totals row for that day.
public struct PortfolioDay: Hashable, Sendable {
  public var day: Day
  /// How many coins were held at the end of the day.
  public var coinsHeld: Int
  /// The sum of the holdings' values at the day's closes; nil when a coin held has no close.
  public var value: Price?
  /// The cost of what is held: the purchases' prices and fees not yet taken by sales.
  public var cost: Price
  /// `value` − `cost`.
  public var unrealised: Price?
  /// `unrealised` as a percentage of `cost`; nil without a value or when the cost is 0.
  public var unrealisedPercent: Price?
  /// The profit realised by every sale up to and including the day.
  public var realised: Price
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
  public var days: [PortfolioDay]
  /// Each coin held on a day it has no close, in the order the coins were first traded.
  public var gaps: [Gap]
}

/// The daily closes of the coins held over a range, each coin's series read once from the day
/// it is first held on, so that a walk over the days looks each close up by its position.
struct HeldCloses {
  let source: any PriceSource
  let range: DayRange
  /// Each coin's rows from the first day it is held in the range, by coin id.
  private var series: [String: (first: Day, rows: PriceRows?)] = [:]

  init(source: any PriceSource, range: DayRange) {
    self.source = source
    self.range = range
  }

  /// The close of `position`'s coin on `day`, reading its series on the first day asked.
  ///
  /// Refuses a series in another currency than the position's trades, naming the first of
  /// `trades` in the coin.
  mutating func close(of position: Position, on day: Day, trades: ArraySlice<Trade>) throws
    -> ExactDecimal?
  {
    let entry = try series[position.coin.id] ?? readSeries(of: position, from: day, trades: trades)
    return entry.rows?.price(at: day.daysSince1970 - entry.first.daysSince1970).map(
      ExactDecimal.init)
  }

  /// Reads the coin's rows from `day` to the range's end: none when the source has no close
  /// in it at all, which leaves every day of it without value rather than failing the range.
  private mutating func readSeries(
    of position: Position, from day: Day, trades: ArraySlice<Trade>
  ) throws -> (
    first: Day, rows: PriceRows?
  ) {
    // `day` lies in the range.
    let wanted = DayRange(from: day, to: range.last)!
    var rows: PriceRows?
    do {
      rows = try source.dailyPriceRows(of: position.coin, in: wanted)
    } catch TrackerError.noPricesInRange {
      rows = nil
    }
    if let rows, !rows.isEmpty, rows.currency(at: 0) != position.currency,
      let trade = trades.first(where: { $0.coin.id == position.coin.id })
    {
      throw TradeError.currencyMismatch(
        trade: trade, pricesCurrency: rows.currency(at: 0), source: source.name)
    }
    let entry = (first: day, rows: rows)
    series[position.coin.id] = entry
    return entry
  }
}

extension CostBasis {
  /// The portfolio valued at each day's closes over `range`, applying each trade once and
  /// reading each coin's closes once. Each day's amounts are those of `valuation(on:)` at that
  /// day's closes, summed by `totals(of:)`: a day's row is the totals row `portfolio show`
  /// gives when every coin held has a close that day.
  mutating func history(in range: DayRange, currency: String, source: any PriceSource) throws
    -> PortfolioHistory
  {
    var closes = HeldCloses(source: source, range: range)
    var days: [PortfolioDay] = []
    days.reserveCapacity(range.count)
    var gapIndex: [String: Int] = [:]
    var gaps: [PortfolioHistory.Gap] = []
    var amounts: [ValuedAmounts] = []
    // Each coin's amounts on the last day valued, until a trade of the coin applies.
    var unchanged: [String: ValuedAmounts] = [:]
    for day in range {
      let appliedBefore = applied.count
      advance(through: day)
      for trade in applied.dropFirst(appliedBefore) { unchanged[trade.coin.id] = nil }
      amounts.removeAll(keepingCapacity: true)
      for position in positions where position.quantity > .zero {
        let close = try closes.close(of: position, on: day, trades: applied)
        if close == nil {
          let coin = position.coin
          if gapIndex[coin.id] == nil {
            gapIndex[coin.id] = gaps.count
            gaps.append(PortfolioHistory.Gap(coin: coin, days: []))
          }
          gaps[gapIndex[coin.id]!].days.append(day)
        }
        let valued = position.amounts(at: close, unchanged: unchanged[position.coin.id])
        unchanged[position.coin.id] = valued
        amounts.append(valued)
      }
      let total = totals(of: amounts).row(currency: currency)
      days.append(
        PortfolioDay(
          day: day, coinsHeld: amounts.count, value: total.value, cost: total.cost,
          unrealised: total.unrealised, unrealisedPercent: total.unrealisedPercent,
          realised: total.realised, currency: currency))
    }
    return PortfolioHistory(method: method, days: days, gaps: gaps)
  }
}
