/// One row of `portfolio gains`: the part of a sale taken from one lot (under the average
/// method, the whole sale), with the profit it realised.
public struct GainRow: Hashable, Sendable {
  public var saleID: Int
  public var saleDay: Day
  public var coin: Coin
  public var quantity: Price
  /// The buy trade the units came from; nil under the average method.
  public var lotID: Int?
  /// The day the units were bought (see `Disposal.acquired`).
  public var acquired: Day
  public var daysHeld: Int
  /// Held `Disposal.longTermDays` days or more.
  public var isLongTerm: Bool
  /// The share of the sale's proceeds, its fee taken off: `cost` + `gain` as shown.
  public var proceeds: Price
  /// The cost the units carried, the buy's fee in it.
  public var cost: Price
  public var gain: Price
  public var currency: String

  /// The days held from which a gain is long-term.
  public static let longTermDays = Disposal.longTermDays
}

/// The sums of the rows of one currency, of all of them or of one term.
public struct GainTotal: Hashable, Sendable {
  public var currency: String
  /// Nil for all the rows; otherwise whether these are the long-term or the short-term ones.
  public var isLongTerm: Bool?
  public var proceeds: Price
  public var cost: Price
  public var gain: Price
}

/// `portfolio gains`: the rows of the sales in a range, and their totals per currency.
///
/// Each coin's money is rounded as `portfolio show` on the last day rounds its realised
/// profit, and the rounding is carried from row to row: a row shows the change its part makes
/// to the coin's running totals (from its first sale) as rounded. So the rows of a coin add up
/// to the difference of its rounded running totals, and all the rows up to a day to the
/// realised profit `portfolio show` gives for that day, to the last digit.
public struct GainsReport: Hashable, Sendable {
  public var method: CostMethod
  /// In day order, and on one day in sale id order, each sale's parts in the order taken.
  public var rows: [GainRow]
  /// Per currency, in the order first met: all the rows, the short-term, the long-term.
  public var totals: [GainTotal]
}

extension Tracker {
  /// The gains of the sales from `from` (default: the first) to `to` (not after today), of the
  /// coins `coin` names (default: all), with `method`, rounded as `portfolio show` on `to`
  /// rounds them (see `GainsReport`): the caller loads the trades once.
  ///
  /// Refuses a trade in another currency than its coin's (see `checkCurrencies`), as
  /// `portfolio show` does, whose prices decide the decimals of a coin held on `to`.
  public func gains(
    of trades: [Trade], from: DatedInput?, to: DatedInput, coin: String?, method: CostMethod
  ) throws -> GainsReport {
    for date in [from, to].compactMap(\.self) where date.day > today {
      throw TrackerError.dateAfterToday(input: date.input, day: date.day, today: today)
    }
    if let from, from.day > to.day {
      throw TrackerError.rangeStartsAfterEnd(from: from.day, to: to.day)
    }
    try checkCurrencies(of: trades)
    let coins = try coin.map { try coinIDs(named: $0, in: trades) }
    var ledger = GainLedger(from: from?.day ?? Day.supported.lowerBound, coins: coins)
    var basis = CostBasis(trades: trades, method: method)
    try basis.advance(through: to.day) { ledger.record($0) }
    let scales = try basis.shownScales { held in
      try source.latestPrices(of: held, onOrBefore: to.day)
    }
    return ledger.report(method: method, scales: scales)
  }
}

/// The disposals of a replay kept for the report, with each coin's running sums before them.
struct GainLedger {
  /// A disposal in the report's range, and its coin's running cost and gain before it.
  private struct Entry {
    var disposal: Disposal
    var costBefore: ExactDecimal
    var gainBefore: ExactDecimal
  }

  let from: Day
  /// The ids of the coins reported; nil for all.
  let coins: Set<String>?
  private var entries: [Entry] = []
  /// Each coin's running cost and gain over all its disposals so far, by coin id.
  private var running: [String: (cost: ExactDecimal, gain: ExactDecimal)] = [:]

  init(from: Day, coins: Set<String>?) {
    self.from = from
    self.coins = coins
  }

  /// Adds `disposal` to its coin's running sums, and keeps it when it is in the range.
  mutating func record(_ disposal: Disposal) {
    let id = disposal.sale.coin.id
    guard coins?.contains(id) ?? true else { return }
    // Changed where it lies: one lookup a disposal.
    let before = Self.add(disposal, to: &running[id, default: (.zero, .zero)])
    if disposal.sale.day >= from {
      entries.append(Entry(disposal: disposal, costBefore: before.cost, gainBefore: before.gain))
    }
  }

  /// Adds `disposal`'s cost and gain to `sum`; what it was before.
  private static func add(
    _ disposal: Disposal, to sum: inout (cost: ExactDecimal, gain: ExactDecimal)
  ) -> (cost: ExactDecimal, gain: ExactDecimal) {
    let before = sum
    sum = (sum.cost + disposal.cost, sum.gain + disposal.gain)
    return before
  }

  /// The rows, each coin's money rounded to `scales[coin id]` decimals (2 when absent), the
  /// rounding carried from row to row, and the totals of the rows as shown.
  func report(method: CostMethod, scales: [String: Int]) -> GainsReport {
    var rows: [GainRow] = []
    rows.reserveCapacity(entries.count)
    // Per currency in the order first met: all, short and long, as sums of the shown rows.
    var currencies: [String] = []
    var sums: [[(proceeds: ExactDecimal, cost: ExactDecimal, gain: ExactDecimal)]] = []
    for entry in entries {
      let disposal = entry.disposal
      let scale = scales[disposal.sale.coin.id] ?? CostBasis.smallestMoneyScale
      let shown = { (before: ExactDecimal, part: ExactDecimal) in
        (before + part).rounded(toScale: scale) - before.rounded(toScale: scale)
      }
      let cost = shown(entry.costBefore, disposal.cost)
      let gain = shown(entry.gainBefore, disposal.gain)
      let proceeds = cost + gain
      let currency = disposal.sale.currency
      // A few currencies at most: found by looking along them.
      let column: Int
      if let known = currencies.firstIndex(of: currency) {
        column = known
      } else {
        column = currencies.count
        currencies.append(currency)
        // Zeros with the money's decimals, for a term without rows.
        let zero = ExactDecimal.zero.rounded(toScale: scale)
        sums.append(Array(repeating: (zero, zero, zero), count: 3))
      }
      for index in 0..<3 where index == 0 || (index == 2) == disposal.isLongTerm {
        let sum = sums[column][index]
        sums[column][index] = (sum.proceeds + proceeds, sum.cost + cost, sum.gain + gain)
      }
      rows.append(
        GainRow(
          saleID: disposal.sale.id, saleDay: disposal.sale.day, coin: disposal.sale.coin,
          quantity: disposal.quantity.price.normalised, lotID: disposal.lotID,
          acquired: disposal.acquired, daysHeld: disposal.daysHeld,
          isLongTerm: disposal.isLongTerm, proceeds: proceeds.price, cost: cost.price,
          gain: gain.price, currency: currency))
    }
    let totals = zip(currencies, sums).flatMap { currency, sums in
      zip([nil, false, true] as [Bool?], sums).map { term, sum in
        GainTotal(
          currency: currency, isLongTerm: term, proceeds: sum.proceeds.price,
          cost: sum.cost.price, gain: sum.gain.price)
      }
    }
    return GainsReport(method: method, rows: rows, totals: totals)
  }
}

extension CostBasis {
  /// The decimals `portfolio show` gives each coin's money with on the day reached, by coin
  /// id: a coin held, those of its trades and its latest price from `latestPrices` (by
  /// position among the held ones); a coin sold out, its trades'.
  mutating func shownScales(latestPrices: (_ held: [Coin]) throws -> LatestPrices) rethrows
    -> [String: Int]
  {
    let held = positions.filter(\.isHeld)
    let prices = held.isEmpty ? LatestPrices([]) : try latestPrices(held.map(\.coin))
    var scales: [String: Int] = [:]
    for position in positions {
      scales[position.coin.id] = position.moneyScale
    }
    for (index, position) in held.enumerated() {
      let price = prices[index]?.price.map(ExactDecimal.init)
      scales[position.coin.id] = ValuedAmounts.scale(
        moneyScale: position.moneyScale, price: price)
    }
    return scales
  }
}
