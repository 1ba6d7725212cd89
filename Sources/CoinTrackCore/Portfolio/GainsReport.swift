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
public struct GainsReport: Sendable {
  public var method: CostMethod
  /// In day order, and on one day in sale id order, each sale's parts in the order taken.
  public let rows: GainRows
  /// Per currency, in the order first met: all the rows, the short-term, the long-term.
  public var totals: [GainTotal]

  /// A report of rows given whole.
  public init(method: CostMethod, rows: [GainRow], totals: [GainTotal]) {
    self.init(method: method, rows: GainRows(rows), totals: totals)
  }

  init(method: CostMethod, rows: GainRows, totals: [GainTotal]) {
    self.method = method
    self.rows = rows
    self.totals = totals
  }
}

/// The rows of a gains report, each made when it is read from a compact part: a million sales
/// are held as numbers, never as rows of text, and a value becomes text only as it is written.
public struct GainRows: RandomAccessCollection, Sendable {
  /// One row as it is held: its coin by position in `coins`, its money as exact decimals.
  struct Part: Sendable {
    let saleID: Int
    let saleDay: Day
    let acquired: Day
    let lotID: Int?
    /// The position of the row's coin and currency in `GainRows.coins`.
    let coin: Int
    /// Without the zeros after the point that do not change it.
    let quantity: ExactDecimal
    /// The row's cost and gain as shown. Until `GainLedger.report` rounds them, the coin's
    /// running cost and gain with this part in them, exact.
    var cost: ExactDecimal
    var gain: ExactDecimal

    var daysHeld: Int { saleDay.daysSince1970 - acquired.daysSince1970 }
    var isLongTerm: Bool { daysHeld >= GainRow.longTermDays }
    /// The share of the sale's proceeds, its fee taken off: the cost and the gain as shown.
    var proceeds: ExactDecimal { cost + gain }
  }

  /// A coin the rows are of, with the currency of its trades.
  struct RowCoin: Equatable, Sendable {
    let coin: Coin
    let currency: String
  }

  let parts: [Part]
  let coins: [RowCoin]

  init(parts: [Part], coins: [RowCoin]) {
    self.parts = parts
    self.coins = coins
  }

  /// The rows given whole, held as parts.
  init(_ rows: [GainRow]) {
    var coins: [RowCoin] = []
    parts = rows.map { row in
      let rowCoin = RowCoin(coin: row.coin, currency: row.currency)
      let coin: Int
      if let known = coins.firstIndex(of: rowCoin) {
        coin = known
      } else {
        coin = coins.count
        coins.append(rowCoin)
      }
      return Part(
        saleID: row.saleID, saleDay: row.saleDay, acquired: row.acquired, lotID: row.lotID,
        coin: coin, quantity: ExactDecimal(row.quantity), cost: ExactDecimal(row.cost),
        gain: ExactDecimal(row.gain))
    }
    self.coins = coins
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { parts.count }

  public subscript(position: Int) -> GainRow {
    let part = parts[position]
    let coin = coins[part.coin]
    return GainRow(
      saleID: part.saleID, saleDay: part.saleDay, coin: coin.coin, quantity: part.quantity.price,
      lotID: part.lotID, acquired: part.acquired, daysHeld: part.daysHeld,
      isLongTerm: part.isLongTerm, proceeds: part.proceeds.price, cost: part.cost.price,
      gain: part.gain.price, currency: coin.currency)
  }
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
    // Room for a part a trade, more than most sales take: the parts are never moved as they
    // grow, and room never written takes no memory.
    ledger.reserveCapacity(trades.count)
    var basis = CostBasis(trades: trades, method: method)
    try basis.advance(through: to.day) { ledger.record($0) }
    let scales = try basis.shownScales { held in
      try source.latestPrices(of: held, onOrBefore: to.day)
    }
    return ledger.report(method: method, scales: scales)
  }
}

/// The disposals of a replay kept for the report, as compact parts, with each coin's running
/// sums.
struct GainLedger {
  /// A coin reported: its running cost and gain over all its disposals so far, and what they
  /// were before the report's range.
  private struct Running {
    var cost = ExactDecimal.zero
    var gain = ExactDecimal.zero
    var costBeforeRange = ExactDecimal.zero
    var gainBeforeRange = ExactDecimal.zero
  }

  let from: Day
  /// The ids of the coins reported; nil for all.
  let coins: Set<String>?
  private var parts: [GainRows.Part] = []
  /// The coins and currencies of the disposals recorded, in the order first met, numbered
  /// in that order: a coin's trades are in one currency (see `checkCurrencies`).
  private var rowCoins: [GainRows.RowCoin] = []
  private var numbering = CoinNumbering()
  private var running: [Running] = []

  init(from: Day, coins: Set<String>?) {
    self.from = from
    self.coins = coins
  }

  /// Makes room for `parts` parts.
  mutating func reserveCapacity(_ parts: Int) {
    self.parts.reserveCapacity(parts)
  }

  /// Adds `disposal` to its coin's running sums, and keeps it when it is in the range.
  mutating func record(_ disposal: Disposal) {
    let sale = disposal.sale
    guard coins?.contains(sale.coin.id) ?? true else { return }
    let (coin, isNew) = numbering.number(of: sale.coin.id)
    if isNew {
      rowCoins.append(GainRows.RowCoin(coin: sale.coin, currency: sale.currency))
      running.append(Running())
    }
    running[coin].cost = running[coin].cost + disposal.cost
    running[coin].gain = running[coin].gain + disposal.gain
    guard sale.day >= from else {
      running[coin].costBeforeRange = running[coin].cost
      running[coin].gainBeforeRange = running[coin].gain
      return
    }
    let quantity = disposal.quantity
    parts.append(
      GainRows.Part(
        saleID: sale.id, saleDay: sale.day, acquired: disposal.acquired, lotID: disposal.lotID,
        coin: coin, quantity: quantity.rounded(toScale: quantity.significantScale),
        cost: running[coin].cost, gain: running[coin].gain))
  }

  /// The rows, each coin's money rounded to `scales[coin id]` decimals (2 when absent), the
  /// rounding carried from row to row, and the totals of the rows as shown.
  mutating func report(method: CostMethod, scales: [String: Int]) -> GainsReport {
    // Taken out, so that the parts are rounded where they lie rather than copied.
    var parts = self.parts
    self.parts = []
    let coinScales = rowCoins.map { scales[$0.coin.id] ?? CostBasis.smallestMoneyScale }
    // Each coin's running cost and gain as last shown: a row shows what it adds to them.
    var shownBefore = zip(running, coinScales).map { running, scale in
      (
        cost: running.costBeforeRange.rounded(toScale: scale),
        gain: running.gainBeforeRange.rounded(toScale: scale)
      )
    }
    // Per currency in the order first met: all, short and long, as sums of the shown rows.
    var currencies: [String] = []
    var sums: [[(proceeds: ExactDecimal, cost: ExactDecimal, gain: ExactDecimal)]] = []
    for index in parts.indices {
      let coin = parts[index].coin
      let scale = coinScales[coin]
      let shown = (
        cost: parts[index].cost.rounded(toScale: scale),
        gain: parts[index].gain.rounded(toScale: scale)
      )
      let cost = shown.cost - shownBefore[coin].cost
      let gain = shown.gain - shownBefore[coin].gain
      shownBefore[coin] = shown
      parts[index].cost = cost
      parts[index].gain = gain
      let proceeds = cost + gain
      let currency = rowCoins[coin].currency
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
      let isLongTerm = parts[index].isLongTerm
      for term in 0..<3 where term == 0 || (term == 2) == isLongTerm {
        let sum = sums[column][term]
        sums[column][term] = (sum.proceeds + proceeds, sum.cost + cost, sum.gain + gain)
      }
    }
    let totals = zip(currencies, sums).flatMap { currency, sums in
      zip([nil, false, true] as [Bool?], sums).map { term, sum in
        GainTotal(
          currency: currency, isLongTerm: term, proceeds: sum.proceeds.price,
          cost: sum.cost.price, gain: sum.gain.price)
      }
    }
    return GainsReport(
      method: method, rows: GainRows(parts: parts, coins: rowCoins), totals: totals)
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
