/// One day of `portfolio history` in one currency: the portfolio's coins in that currency
/// valued at that day's closes.
public struct PortfolioDay: Hashable, Sendable {
  // Five years of days are kept until they are written, so a day is held in few bytes (56):
  // the day and the count of coins as 32-bit numbers, the currency as its number among the
  // history's currencies, which all the days share.
  /// The currencies of the history, in the order they were first traded.
  private let currencies: [String]
  private let daysSince1970: Int32
  private let coinsHeldCount: Int32
  /// The numbers of the totals row of the currency, exact until the row is written.
  let shown: ShownAmounts
  /// The number of the row's currency among `currencies`.
  private let currencyNumber: Int32

  public var day: Day { Day(computed: Int(daysSince1970)) }
  /// How many coins of the currency were held at the end of the day.
  public var coinsHeld: Int { Int(coinsHeldCount) }
  /// The currency of the row's money.
  var currency: String { currencies[Int(currencyNumber)] }
  /// The totals row of the currency `portfolio show` gives for the day, valued at the day's
  /// closes: without a value or unrealised profit when a coin held has no close that day.
  public var total: HoldingRow { shown.row(currency: currency) }
  /// Whether every coin held had a close that day, so that the value is the whole portfolio's.
  public var isPriced: Bool { shown.isPriced }

  /// The day whose coins held in the currency numbered `currencyNumber` among `currencies`
  /// come to `totals`: the sums of their money as `portfolio show` shows it, and the realised
  /// profit of those sold out.
  init(
    day: Day, coinsHeld: Int, totals: ValuedAmounts, currencies: [String], currencyNumber: Int
  ) {
    // A supported day, a count of positions and a number of a currency traded all fit.
    daysSince1970 = Int32(day.daysSince1970)
    coinsHeldCount = Int32(coinsHeld)
    shown = totals.shown
    self.currencies = currencies
    self.currencyNumber = Int32(currencyNumber)
  }

  public static func == (lhs: PortfolioDay, rhs: PortfolioDay) -> Bool {
    (lhs.day, lhs.coinsHeld, lhs.total) == (rhs.day, rhs.coinsHeld, rhs.total)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(day)
    hasher.combine(coinsHeld)
    hasher.combine(total)
  }
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
  /// One row per day of the range and currency traded up to its end, by day and then in the
  /// order the currencies were first traded: every day has a row of each currency.
  public var days: [PortfolioDay]
  /// Each coin held on a day it has no close, in the order the coins were first traded.
  public var gaps: [Gap]
}

extension CostBasis {
  /// The portfolio valued at each day's closes over `range`. Each day applies the trades up to
  /// it (each trade once over the whole walk) and values the positions held as `portfolio
  /// show` values them, with `Position.amounts(at:)` and `totals(of:currency:)`: a day's row
  /// is the totals row `portfolio show` gives for that day at its closes. A coin held without
  /// a close that day leaves the day without a value (where `portfolio show` would take an
  /// earlier close), its cost and profit rounded as without a price, and the day in its gap.
  ///
  /// `coinCount` is how many coins are traded up to the range's end, one position each.
  ///
  /// Refuses a coin whose closes come in another currency than its trades.
  mutating func history(
    in range: DayRange, coinCount: Int, currency: String, source: any PriceSource
  ) throws -> PortfolioHistory {
    var closes = RangeCloses(source: source, range: range, width: coinCount)
    var gaps = GapLog()
    let currencies = tradedCurrencies(through: range.last, otherwise: currency)
    var days: [PortfolioDay] = []
    days.reserveCapacity(range.count * currencies.count)
    // Each day's amounts in room for every position, emptied for the next day.
    var amounts = DayAmounts(capacity: coinCount)
    for day in range {
      try advance(through: day)
      try appendRows(
        of: day, to: &days, closes: &closes, gaps: &gaps, amounts: &amounts,
        currencies: currencies)
    }
    return PortfolioHistory(method: method, days: days, gaps: gaps.gaps)
  }

  /// Appends to `days` the rows of `day`, one per currency of `currencies`, to which the trades
  /// are applied: the positions held valued at the day's `closes`, each coin held without one
  /// added to `gaps`; `amounts` is where the positions' amounts are gathered.
  private mutating func appendRows(
    of day: Day, to days: inout [PortfolioDay], closes: inout RangeCloses, gaps: inout GapLog,
    amounts: inout DayAmounts, currencies: [String]
  ) throws {
    amounts.removeAll()
    for index in positions.indices where positions[index].isHeld {
      if !closes.hasRows(ofPositionAt: index) {
        try closes.readRows(
          ofPositionAt: index, coin: positions[index].coin, currency: positions[index].currency,
          from: day, trades: applied)
      }
      let (close, hasClose) = closes.close(ofPositionAt: index, on: day)
      if !hasClose { gaps.add(day, of: positions[index].coin) }
      amounts.append(self.amounts(ofPositionAt: index, at: close, isPriced: hasClose))
    }
    // By number: a position's currency is never compared by name.
    let held = amounts.held
    for number in currencies.indices {
      days.append(
        PortfolioDay(
          day: day, coinsHeld: held.count { $0.currencyNumber == number },
          totals: totals(of: held, currency: number), currencies: currencies,
          currencyNumber: number))
    }
  }
}

/// The amounts of the positions held on a day, in room made once for the most positions a day
/// can hold and emptied for the next day: a walk over years of days gathers and lets go of
/// them for every coin held each day.
///
/// An array would destroy each of them through the runtime's generic witnesses; amounts that
/// hold no decimal behind a reference (all but amounts of more than 38 digits) have nothing to
/// release, so a day of them is let go by forgetting them.
private struct DayAmounts: ~Copyable {
  private let room: UnsafeMutableBufferPointer<ValuedAmounts>
  private var count = 0
  /// Whether some amount held holds a decimal behind a reference, to be released.
  private var holdsReferences = false

  /// Room for `capacity` positions' amounts.
  init(capacity: Int) {
    room = .allocate(capacity: capacity)
  }

  deinit {
    _ = room[..<count].deinitialize()
    room.deallocate()
  }

  /// The amounts held, in the order they were added.
  var held: UnsafeBufferPointer<ValuedAmounts> {
    UnsafeBufferPointer(rebasing: room[..<count])
  }

  /// Adds the amounts of the next position held; there is room for every position.
  mutating func append(_ amounts: ValuedAmounts) {
    precondition(count < room.count, "room for every position")
    if amounts.holdsReference { holdsReferences = true }
    room.initializeElement(at: count, to: amounts)
    count += 1
  }

  /// Lets go of the amounts held.
  mutating func removeAll() {
    if holdsReferences { _ = room[..<count].deinitialize() }
    (count, holdsReferences) = (0, false)
  }
}

/// The daily closes of the coins held over a range, by the positions' places in the cost
/// basis: each coin's rows are asked of the source once, from the first day it is held to the
/// range's end, and their closes read in one pass into a table with a row for each day, which
/// the walk over the days then reads in order, a day's closes side by side (a coin's closes
/// in an array of their own, or read from its rows as each day comes, had the walk jump between
/// as many places as coins are held, most reads missing the cache).
private struct RangeCloses {
  let source: any PriceSource
  let range: DayRange
  /// How many positions each day has room for: the coins traded up to the range's end.
  let width: Int
  /// By position: whether its closes have been read.
  private var isRead: [Bool]
  /// Day by day from the range's first, the close of each position on that day; nil before the
  /// position's closes were read and on days the source has none.
  private var closes: ExactDecimal.Slots

  /// Room for the closes of `width` positions on each day of `range`.
  init(source: any PriceSource, range: DayRange, width: Int) {
    self.source = source
    self.range = range
    self.width = width
    isRead = Array(repeating: false, count: width)
    closes = ExactDecimal.Slots(count: range.count * width)
  }

  /// Whether the rows of the position at `index` in the cost basis have been read.
  func hasRows(ofPositionAt index: Int) -> Bool {
    isRead[index]
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
    isRead[index] = true
    // `day` lies in the range.
    let wanted = DayRange(from: day, to: range.last)!
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
        trade: trade, coinCurrency: closesCurrency, source: source.name, isNew: false)
    }
    let first = offset(of: day)
    let width = width
    closes.fill { closes in
      rows.forEachClose { lent in
        for close in 0..<lent.count {
          // A place of the table, which `store` refuses outside it, so computed wrapping.
          closes.store(
            lent.value(at: close), orPlainDecimal: lent.text(at: close),
            at: (first &+ lent.position(at: close)) &* width &+ index)
        }
      }
    }
  }

  /// The close on `day` of the position at `index`, whose rows have been read from that day or
  /// an earlier one, and whether there is one (the close zero when not).
  func close(ofPositionAt index: Int, on day: Day) -> (value: ExactDecimal, hasValue: Bool) {
    closes.value(at: offset(of: day) * width + index)
  }

  /// The place of `day`, which lies in the range, among the range's days.
  private func offset(of day: Day) -> Int {
    day.daysSince1970 - range.first.daysSince1970
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
