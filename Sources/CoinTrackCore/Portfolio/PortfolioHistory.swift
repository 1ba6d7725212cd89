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

/// The daily closes of the coins held over a range, by the positions' places in the cost
/// basis: each coin's series is read once, from the first day it is held, and each close parsed
/// once, so that a walk over the days looks each close up by its offset.
struct HeldCloses {
  let source: any PriceSource
  let range: DayRange
  /// By position: the closes from the first day held to the range's end; nil until the
  /// position is first held. A series without any close has none.
  private var series: [DailyCloses?] = []

  init(source: any PriceSource, range: DayRange) {
    self.source = source
    self.range = range
  }

  /// Whether the series of the position at `index` in the cost basis has been read.
  func hasSeries(ofPositionAt index: Int) -> Bool {
    index < series.count && series[index] != nil
  }

  /// Reads the series of `position`, the one at `index` in the cost basis, from `day` on.
  ///
  /// Refuses a series in another currency than the position's trades, naming the first of
  /// `trades` in the coin.
  mutating func readSeries(
    ofPositionAt index: Int, _ position: Position, from day: Day, trades: ArraySlice<Trade>
  ) throws {
    if index >= series.count {
      series.append(contentsOf: repeatElement(nil, count: index + 1 - series.count))
    }
    series[index] = try series(of: position, from: day, trades: trades)
  }

  /// The close on `day` of the position at `index`, whose series has been read from that day
  /// or an earlier one.
  func close(ofPositionAt index: Int, on day: Day) -> ExactDecimal? {
    series[index]!.close(on: day)
  }

  /// The coin's closes from `day` to the range's end: none when the source has no close in it
  /// at all, which leaves every day of it without value rather than failing the range.
  private func series(of position: Position, from day: Day, trades: ArraySlice<Trade>)
    throws -> DailyCloses
  {
    // `day` lies in the range.
    let wanted = DayRange(from: day, to: range.last)!
    let rows: PriceRows
    do {
      rows = try source.dailyPriceRows(of: position.coin, in: wanted)
    } catch TrackerError.noPricesInRange {
      return DailyCloses(first: day, count: wanted.count) { _ in nil }
    }
    if !rows.isEmpty, rows.currency(at: 0) != position.currency,
      let trade = trades.first(where: { $0.coin.id == position.coin.id })
    {
      throw TradeError.currencyMismatch(
        trade: trade, pricesCurrency: rows.currency(at: 0), source: source.name)
    }
    return DailyCloses(first: day, count: rows.count, close: rows.close(at:))
  }
}

extension CostBasis {
  /// The portfolio valued at each day's closes over `range`, applying each trade once and
  /// reading each coin's closes once. Each day's amounts are those of `valuation(on:)` at that
  /// day's closes, summed by `totals(of:)`: a day's row is the totals row `portfolio show`
  /// gives when every coin held has a close that day.
  ///
  /// Only the values follow the closes from day to day; a position's cost and profit are
  /// rounded again, and the totals of them summed again, only on a day that changes them (a
  /// trade, or a close with another number of decimals than the day before).
  mutating func history(in range: DayRange, currency: String, source: any PriceSource) throws
    -> PortfolioHistory
  {
    var walk = HistoryWalk(closes: HeldCloses(source: source, range: range))
    var days: [PortfolioDay] = []
    days.reserveCapacity(range.count)
    var totals = ValuedAmounts(cost: .zero, value: nil, realised: .zero)
    for day in range {
      let appliedBefore = applied.count
      advance(through: day)
      let (value, costsChanged) = try walk.value(of: positions, on: day, trades: applied)
      if costsChanged || day == range.first || applied.count != appliedBefore {
        totals = self.totals(of: walk.heldAmounts)
      }
      totals.value = value
      let row = totals.row(currency: currency)
      days.append(
        PortfolioDay(
          day: day, coinsHeld: walk.held.count, value: row.value, cost: row.cost,
          unrealised: row.unrealised, unrealisedPercent: row.unrealisedPercent,
          realised: row.realised, currency: currency))
    }
    return PortfolioHistory(method: method, days: days, gaps: walk.gaps.gaps)
  }
}

/// What a walk over days keeps from one to the next: the coins' closes, the days without one,
/// and each position's cost and profit as shown, rounded again only when they change.
private struct HistoryWalk {
  var closes: HeldCloses
  var gaps = GapLog()
  /// By position: its cost and profit as shown, the decimals they have and how many trades
  /// the position had applied when they were rounded.
  private var shown: [ShownCosts] = []
  /// The places of the positions held on the last day valued, in order.
  private(set) var held: [Int] = []

  /// A struct, not a tuple: an optional tuple is copied through its type's runtime metadata.
  private struct ShownCosts {
    var trades = -1
    var scale = 0
    var cost = ExactDecimal.zero
    var realised = ExactDecimal.zero
  }

  init(closes: HeldCloses) {
    self.closes = closes
  }

  /// The sum of the values of the positions held on `day` at its closes (nil when one has
  /// none); and whether any cost or profit among them was rounded again (a trade applied, or
  /// a close with another number of decimals).
  mutating func value(of positions: [Position], on day: Day, trades: ArraySlice<Trade>) throws
    -> (value: ExactDecimal?, costsChanged: Bool)
  {
    shown.append(contentsOf: repeatElement(ShownCosts(), count: positions.count - shown.count))
    // Through a buffer: an array's element read field by field was copied whole, coin and
    // lots included, for every coin and day.
    return try positions.withUnsafeBufferPointer { try value(of: $0, on: day, trades: trades) }
  }

  private mutating func value(
    of positions: UnsafeBufferPointer<Position>, on day: Day, trades: ArraySlice<Trade>
  ) throws -> (value: ExactDecimal?, costsChanged: Bool) {
    var value: ExactDecimal? = .zero
    var costsChanged = false
    held.removeAll(keepingCapacity: true)
    for index in positions.indices where positions[index].quantity > .zero {
      held.append(index)
      if !closes.hasSeries(ofPositionAt: index) {
        try closes.readSeries(ofPositionAt: index, positions[index], from: day, trades: trades)
      }
      let close = closes.close(ofPositionAt: index, on: day)
      let scale = ValuedAmounts.scale(moneyScale: positions[index].moneyScale, price: close)
      if shown[index].trades != positions[index].tradesApplied || shown[index].scale != scale {
        shown[index] = ShownCosts(
          trades: positions[index].tradesApplied, scale: scale,
          cost: positions[index].cost.rounded(toScale: scale),
          realised: positions[index].realised.rounded(toScale: scale))
        costsChanged = true
      }
      guard let close else {
        gaps.add(day, of: positions[index].coin)
        value = nil
        continue
      }
      let held = ValuedAmounts.value(of: positions[index].quantity, at: close, scale: scale)
      value = value.map { $0 + held }
    }
    return (value, costsChanged)
  }

  /// The cost and profit as shown of the positions held on the last day valued, in order.
  var heldAmounts: some Sequence<ValuedAmounts> {
    held.lazy.map { [shown] in
      ValuedAmounts(cost: shown[$0].cost, value: nil, realised: shown[$0].realised)
    }
  }
}

/// The days each coin held had no close, in the order the coins first lacked one.
private struct GapLog {
  private(set) var gaps: [PortfolioHistory.Gap] = []
  private var gapIndex: [String: Int] = [:]

  mutating func add(_ day: Day, of coin: Coin) {
    if gapIndex[coin.id] == nil {
      gapIndex[coin.id] = gaps.count
      gaps.append(PortfolioHistory.Gap(coin: coin, days: []))
    }
    gaps[gapIndex[coin.id]!].days.append(day)
  }
}
