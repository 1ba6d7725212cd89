/// How the cost of coins sold is taken from the cost of the coins held.
///
/// A sale that names its lots (`portfolio sell --lot`) takes from those lots, in its order,
/// whatever the method: which units were sold is a fact of the sale. Under the average method
/// there are no lots, and the names change no number.
public enum CostMethod: String, Hashable, Sendable, CaseIterable {
  /// First in, first out: a sale uses up the oldest purchases first, at their own cost.
  case fifo
  /// Last in, first out: a sale uses up the newest purchases first.
  case lifo
  /// Highest in, first out: a sale uses up the purchases with the highest cost per unit (price
  /// and fee) first; of equal ones the older (by day, and on one day by trade id) first.
  case hifo
  /// Average cost: a sale takes its share of the cost of everything held, at the average.
  case average
}

/// One coin's position as its trades are applied in day order: what is held, what that cost,
/// and the profit realised by the sales so far. Amounts are exact; a share of a cost that does
/// not divide evenly is rounded half to even to `CostBasis.guardDecimals` more decimals than
/// money is shown with (or its own, when it has more), and a sale
/// of everything held takes the whole remaining cost, so an emptied holding costs exactly 0.
struct Position: Sendable {
  let coin: Coin
  /// The currency of the trades applied; the first trade's.
  let currency: String
  /// The number of `currency` among the currencies traded, in the order they were first traded:
  /// the totals row the position's money adds to.
  let currencyNumber: Int
  private(set) var quantity = ExactDecimal.zero
  /// Whether anything is held: the quantity is never below zero.
  var isHeld: Bool { !quantity.isZero }
  /// The cost of what is held: the purchases' prices and fees not yet taken by sales.
  private(set) var cost = ExactDecimal.zero
  /// The proceeds of the sales (their fees taken off) less the cost they took, so far. Income is
  /// never realised: it is a lot whose cost is its value on the day it came.
  private(set) var realised = ExactDecimal.zero
  /// The most decimals of the prices and fees applied, and at least two (currencies count
  /// cents): money is shown with as many.
  private(set) var moneyScale = CostBasis.smallestMoneyScale
  /// The purchases not yet used up; none for the average.
  private var lots: LotBook
  /// The day of the first buy since nothing was held: what the units held under the average
  /// method date from.
  private var heldSince: Day?
  /// `cost` and `realised` as last shown and the decimals they were shown with, until a trade
  /// changes them: a walk over years of days shows them again every day, mostly with the same
  /// decimals. A scale of -1 marks them out of date, as they start and after each trade: one
  /// number changed, where clearing them would let go of both amounts on every trade.
  private var lastShown = (scale: -1, cost: ExactDecimal.zero, realised: ExactDecimal.zero)

  /// A position taking from its lots by `method`; `named` are the buy ids some sale names.
  init(coin: Coin, currency: String, currencyNumber: Int, method: CostMethod, named: Set<Int>) {
    self.coin = coin
    self.currency = currency
    self.currencyNumber = currencyNumber
    lots = LotBook(method: method, named: named)
  }

  /// Applies the trade at `index` in `trades`, of this position's coin, which the trades before
  /// it must leave enough held for if it is a sale, handing a sale's disposals to `record` when
  /// given.
  ///
  /// The trade is read where it lies: a trade copied for a call retains each of its texts, and
  /// a position applies every trade of its coin.
  ///
  /// Refuses a sale whose named lots are no lots of this coin or hold less than it sells.
  mutating func apply(
    _ index: Int, of trades: [Trade], record: ((Disposal) -> Void)? = nil
  ) throws(TradeError) {
    let (units, price, fee) = (
      trades[index].quantityValue, trades[index].priceValue, trades[index].feeValue
    )
    moneyScale = max(moneyScale, price.scale, fee.scale)
    lastShown.scale = -1
    switch trades[index].side {
    case .buy, .staking, .airdrop, .interest:
      // Income is a lot like a buy: its units at their value on the day, with no fee.
      let bought = units * price + fee
      if !isHeld { heldSince = trades[index].day }
      quantity = quantity + units
      cost = cost + bought
      if lots.method != .average {
        lots.add(buyID: trades[index].id, day: trades[index].day, units: units, cost: bought)
      }
    case .sell:
      let proceeds = units * price - fee
      let taken = try take(units, for: index, of: trades, proceeds: proceeds, record: record)
      quantity = quantity - units
      cost = cost - taken
      realised = realised + proceeds - taken
    case .transfer:
      // `CostBasis` never applies a transfer: it moves coins between the user's own accounts.
      break
    }
  }

  /// The cost of the `units` that the sale at `index` in `trades` sells, taken by the method
  /// (or from the lots it names), its disposals handed to `record` with their shares of
  /// `proceeds`.
  private mutating func take(
    _ units: ExactDecimal, for index: Int, of trades: [Trade], proceeds: ExactDecimal,
    record: ((Disposal) -> Void)?
  ) throws(TradeError) -> ExactDecimal {
    let shareScale = moneyScale + CostBasis.guardDecimals
    if lots.method == .average {
      let taken = share(of: cost, for: units, of: quantity)
      record?(
        Disposal(
          sale: trades[index], lotID: nil, acquired: heldSince ?? trades[index].day,
          quantity: units, proceeds: proceeds, cost: taken))
      return taken
    }
    let taken =
      trades[index].lots.isEmpty
      ? lots.take(units, shareScale: shareScale, keepingParts: record != nil)
      : try lots.take(
        units, fromNamed: trades[index].lots, sale: trades[index], shareScale: shareScale,
        keepingParts: record != nil)
    guard let record else { return taken }
    var proceedsLeft = proceeds
    // By index: each part is read where it lies in `lots.parts`, not copied.
    let last = lots.parts.count - 1
    for offset in lots.parts.indices {
      let (lotID, acquired) = (lots.parts[offset].buyID, lots.parts[offset].day)
      let (quantity, cost) = (lots.parts[offset].quantity, lots.parts[offset].cost)
      let share = offset == last ? proceedsLeft : self.share(of: proceeds, for: quantity, of: units)
      proceedsLeft = proceedsLeft - share
      record(
        Disposal(
          sale: trades[index], lotID: lotID, acquired: acquired, quantity: quantity,
          proceeds: share, cost: cost))
    }
    return taken
  }

  /// `cost` and `realised` rounded half to even to `scale` decimals, as shown.
  mutating func shownCostAndRealised(scale: Int) -> (cost: ExactDecimal, realised: ExactDecimal) {
    if lastShown.scale == scale { return (lastShown.cost, lastShown.realised) }
    let shown = (cost.rounded(toScale: scale), realised.rounded(toScale: scale))
    lastShown = (scale, shown.0, shown.1)
    return shown
  }

  /// The share of `total` that `part` of `whole` units carries: all of it for all the units.
  private func share(of total: ExactDecimal, for part: ExactDecimal, of whole: ExactDecimal)
    -> ExactDecimal
  {
    guard part < whole else { return total }
    let scale = max(moneyScale + CostBasis.guardDecimals, total.scale)
    // `whole` is above `part`, which is above 0: never a division by zero.
    return (total * part).divided(by: whole, scale: scale)!
  }
}

/// The positions of every coin traded, as of a day, computed in one pass over the trades in day
/// order (and on one day in id order): `advance(through:)` applies the trades up to a day, so a
/// walk over many days applies each trade once.
struct CostBasis: Sendable {
  /// Decimals kept for a share of a cost that does not divide evenly beyond those money is shown
  /// with: rounding them never reaches a digit shown.
  static let guardDecimals = 18
  /// The fewest decimals money is shown with: a price of 100 costs 65.50 for half a unit and
  /// a bit, not 66.
  static let smallestMoneyScale = 2

  let method: CostMethod
  private let trades: [Trade]
  private var next = 0
  /// The positions, in the order their coins were first traded.
  private(set) var positions: [Position] = []
  /// Each coin's position in `positions`: its number.
  private var coinNumbers = CoinNumbering()
  /// The buy ids that some sale names as its lots.
  private let namedLots: Set<Int>
  /// The currencies of the trades (transfers aside), in the order they were first traded, each
  /// with the day of its first trade: one totals row each, a position's money added to that of
  /// its currency by number rather than by comparing names.
  private let currencies: [(name: String, firstTraded: Day)]
  /// By currency number, the realised profit as shown of the coins sold out, and `heldChanges`
  /// when it was summed: a walk over many days asks for it every day, and it changes only when
  /// a coin is sold out or held again, as the only trade a coin sold out can have is one that
  /// makes it held (a sale would sell more than is held).
  private var soldOut = (heldChanges: -1, realised: [ExactDecimal]())
  /// How many times a trade has made a coin held (its first included) or sold it out.
  private var heldChanges = 0

  /// `trades` must keep the rule that no sale sells more than is held (as stored trades do).
  init(trades: [Trade], method: CostMethod) {
    let ordered = PortfolioCheck.inDayOrder(trades)
    self.trades = ordered
    self.method = method
    // By index: each trade's lots are read where they lie, not the trade copied to read them.
    var namedLots = Set<Int>()
    for index in trades.indices where !trades[index].lots.isEmpty {
      namedLots.formUnion(trades[index].lots)
    }
    self.namedLots = namedLots
    var currencies: [(name: String, firstTraded: Day)] = []
    // By index, as above; mostly a trade is in the currency of the one before it.
    for index in ordered.indices where ordered[index].side != .transfer {
      let currency = ordered[index].currency
      if currencies.last?.name != currency, !currencies.contains(where: { $0.name == currency }) {
        currencies.append((currency, ordered[index].day))
      }
    }
    self.currencies = currencies
  }

  /// Applies every trade not yet applied up to and including `day`, handing each sale's
  /// disposals to `record` when given.
  ///
  /// Refuses a sale whose named lots are no lots of its coin or hold less than it sells.
  mutating func advance(through day: Day, record: ((Disposal) -> Void)? = nil)
    throws(TradeError)
  {
    while next < trades.count, trades[next].day <= day {
      try applyNext(record: record)
    }
  }

  /// Applies the next trade; a transfer changes no position, and opens none.
  private mutating func applyNext(record: ((Disposal) -> Void)?) throws(TradeError) {
    // The trade is read where it lies in `trades`, not copied.
    guard trades[next].side != .transfer else {
      next += 1
      return
    }
    let (index, isNew) = coinNumbers.number(of: trades[next].coin.id)
    if isNew {
      let currency = trades[next].currency
      // Every currency of a trade is among `currencies`.
      let currencyNumber = currencies.firstIndex { $0.name == currency }!
      positions.append(
        Position(
          coin: trades[next].coin, currency: currency, currencyNumber: currencyNumber,
          method: method, named: namedLots))
    }
    let wasHeld = !isNew && positions[index].isHeld
    try positions[index].apply(next, of: trades, record: record)
    if positions[index].isHeld != wasHeld { heldChanges += 1 }
    next += 1
  }

  /// Replays `trades` (any order; no sale selling more than is held) in day order, and on one
  /// day in id order, by `method`, handing `body` each trade with its disposals: one per lot a
  /// sale took from, none for a buy. One pass; what the journals and the gains report build on.
  ///
  /// Refuses, with `TradeError.unknownLot` or `.namedLotsShort`, a sale whose named lots are no
  /// buys of its coin before it or hold less than it sells under `method`.
  static func replay(
    _ trades: [Trade], method: CostMethod, _ body: (Trade, [Disposal]) throws -> Void
  ) throws {
    var basis = CostBasis(trades: trades, method: method)
    var disposals: [Disposal] = []
    while basis.next < basis.trades.count {
      let trade = basis.trades[basis.next]
      disposals.removeAll(keepingCapacity: true)
      try basis.applyNext { disposals.append($0) }
      try body(trade, disposals)
    }
  }

  /// The money of the position at `index` at `price` (none when `isPriced` is false), as
  /// `Position.amounts(at:)` gives it.
  mutating func amounts(ofPositionAt index: Int, at price: ExactDecimal, isPriced: Bool)
    -> ValuedAmounts
  {
    positions[index].amounts(at: price, isPriced: isPriced)
  }

  /// The realised profit of the position at `index` as shown with its trades' decimals: that
  /// of a coin sold out, which has no price to show it with.
  private mutating func shownRealised(ofPositionAt index: Int) -> ExactDecimal {
    positions[index].shownCostAndRealised(scale: positions[index].moneyScale).realised
  }

  /// The realised profit as shown of the coins in the currency numbered `currency` that are sold
  /// out, which have no row: each with its trades' decimals, as it has no price to be shown with.
  mutating func soldOutRealised(currency: Int) -> ExactDecimal {
    if soldOut.heldChanges != heldChanges {
      // Summed anew in the array of the last sums.
      var sums = soldOut.realised
      soldOut.realised = []
      sums.removeAll(keepingCapacity: true)
      sums.append(contentsOf: repeatElement(.zero, count: currencies.count))
      for index in positions.indices where !positions[index].isHeld {
        sums[positions[index].currencyNumber] += shownRealised(ofPositionAt: index)
      }
      soldOut = (heldChanges, sums)
    }
    return soldOut.realised.indices.contains(currency) ? soldOut.realised[currency] : .zero
  }

  /// The trades applied so far.
  var applied: ArraySlice<Trade> { trades[..<next] }

  /// The currencies of the trades up to `day`, in the order they were first traded: one totals
  /// row each, by the positions' `currencyNumber`; `otherwise` alone when there are none.
  func tradedCurrencies(through day: Day, otherwise: String) -> [String] {
    let traded = currencies.prefix { $0.firstTraded <= day }.map(\.name)
    return traded.isEmpty ? [otherwise] : traded
  }
}
