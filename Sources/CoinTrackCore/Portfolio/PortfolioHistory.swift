/// One day of `portfolio history`: the whole portfolio valued at that day's closes.
public struct PortfolioDay: Hashable, Sendable {
  public var day: Day
  /// How many coins were held at the end of the day.
  public var coinsHeld: Int
  /// The totals row `portfolio show` gives for the day, valued at the day's closes: without a
  /// value or unrealised profit when a coin held has no close that day.
  public var total: HoldingRow
  /// Whether every coin held had a close that day, so that the value is the whole portfolio's.
  public var isPriced: Bool { total.value != nil }
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

extension CostBasis {
  /// The portfolio valued at each day's closes over `range`. Each day applies the trades up to
  /// it (each trade once over the whole walk) and values the positions held as `portfolio
  /// show` values them, with `Position.amounts(at:)` and `totalRow(of:currency:)`: a day's row
  /// is the totals row `portfolio show` gives for that day at its closes. A coin held without
  /// a close that day leaves the day without a value (where `portfolio show` would take an
  /// earlier close), its cost and profit rounded as without a price, and the day in its gap.
  ///
  /// Refuses a coin whose closes come in another currency than its trades.
  mutating func history(in range: DayRange, currency: String, source: any PriceSource) throws
    -> PortfolioHistory
  {
    var closes = RangeCloses(source: source, last: range.last)
    var gaps = GapLog()
    var days: [PortfolioDay] = []
    days.reserveCapacity(range.count)
    for day in range {
      try advance(through: day)
      days.append(try row(on: day, closes: &closes, gaps: &gaps, currency: currency))
    }
    return PortfolioHistory(method: method, days: days, gaps: gaps.gaps)
  }

  /// The row of `day`, to which the trades are applied: the positions held valued at the
  /// day's `closes`, each coin held without one added to `gaps`.
  private mutating func row(
    on day: Day, closes: inout RangeCloses, gaps: inout GapLog, currency: String
  ) throws -> PortfolioDay {
    var amounts: [ValuedAmounts] = []
    for index in positions.indices where positions[index].isHeld {
      if !closes.hasRows(ofPositionAt: index) {
        try closes.readRows(
          ofPositionAt: index, coin: positions[index].coin, currency: positions[index].currency,
          from: day, trades: applied)
      }
      let close = closes.close(ofPositionAt: index, on: day)
      if close == nil { gaps.add(day, of: positions[index].coin) }
      amounts.append(self.amounts(ofPositionAt: index, at: close))
    }
    return PortfolioDay(
      day: day, coinsHeld: amounts.count, total: totalRow(of: amounts, currency: currency))
  }
}

/// The daily closes of the coins held over a range, by the positions' places in the cost
/// basis: each coin's rows are asked of the source once, from the first day it is held to the
/// range's end, and their closes read in one pass into an array of their own, which the walk
/// over the days then reads in order (reading each close from the rows as each day comes
/// jumped between as many files' bytes as coins are held, most reads missing the cache).
private struct RangeCloses {
  let source: any PriceSource
  /// The range's last day.
  let last: Day
  /// By position: the first day it was held, once its closes have been read.
  private var firstDays: [Day?] = []
  /// By position: its closes from that day on; empty when the source has none in those days.
  private var closes: [[ExactDecimal?]] = []

  init(source: any PriceSource, last: Day) {
    self.source = source
    self.last = last
  }

  /// Whether the rows of the position at `index` in the cost basis have been read.
  func hasRows(ofPositionAt index: Int) -> Bool {
    index < firstDays.count && firstDays[index] != nil
  }

  /// Reads the rows of `coin`, the position at `index` in the cost basis, from `day` to the
  /// range's end: none when the source has no close in them at all, which leaves every day of
  /// them without a value rather than failing the range.
  ///
  /// Refuses rows in another currency than `currency`, the position's trades', naming the
  /// first of `trades` in the coin.
  mutating func readRows(
    ofPositionAt index: Int, coin: Coin, currency: String, from day: Day,
    trades: ArraySlice<Trade>
  ) throws {
    while firstDays.count <= index {
      firstDays.append(nil)
      closes.append([])
    }
    firstDays[index] = day
    // `day` lies in the range.
    let wanted = DayRange(from: day, to: last)!
    let rows: PriceRows
    do {
      rows = try source.dailyPrices(of: coin, in: wanted)
    } catch TrackerError.noPricesInRange {
      return
    }
    // A source quotes one currency; rows without any have none to say.
    let closesCurrency = rows.isEmpty ? source.currency : rows.currency(at: 0)
    if closesCurrency != currency, let trade = trades.first(where: { $0.coin.id == coin.id }) {
      throw TradeError.currencyMismatch(
        trade: trade, pricesCurrency: closesCurrency, source: source.name)
    }
    closes[index] = rows.indices.map(rows.close(at:))
  }

  /// The close on `day` of the position at `index`, whose rows have been read from that day or
  /// an earlier one.
  func close(ofPositionAt index: Int, on day: Day) -> ExactDecimal? {
    guard let first = firstDays[index] else { return nil }
    let offset = day.daysSince1970 - first.daysSince1970
    return closes[index].indices.contains(offset) ? closes[index][offset] : nil
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
