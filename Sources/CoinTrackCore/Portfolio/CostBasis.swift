/// How the cost of coins sold is taken from the cost of the coins held.
public enum CostMethod: String, Hashable, Sendable, CaseIterable {
  /// First in, first out: a sale uses up the oldest purchases first, at their own cost.
  case fifo
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
  private(set) var quantity = ExactDecimal.zero
  /// Whether anything is held: the quantity is never below zero.
  var isHeld: Bool { !quantity.isZero }
  /// The cost of what is held: the purchases' prices and fees not yet taken by sales.
  private(set) var cost = ExactDecimal.zero
  /// The proceeds of the sales (their fees taken off) less the cost they took, so far.
  private(set) var realised = ExactDecimal.zero
  /// The most decimals of the prices and fees applied, and at least two (currencies count
  /// cents): money is shown with as many.
  private(set) var moneyScale = CostBasis.smallestMoneyScale
  /// FIFO's purchases not yet used up, oldest first from `firstLot`; empty for the average.
  private var lots: [Lot] = []
  private var firstLot = 0
  /// `cost` and `realised` as last shown and the decimals they were shown with, until a trade
  /// changes them: a walk over years of days shows them again every day, mostly with the same
  /// decimals.
  private var lastShown: (scale: Int, cost: ExactDecimal, realised: ExactDecimal)?

  /// A purchase's units not yet sold and their cost.
  private struct Lot: Sendable {
    var quantity: ExactDecimal
    var cost: ExactDecimal
  }

  init(coin: Coin, currency: String) {
    self.coin = coin
    self.currency = currency
  }

  /// Applies `trade`, of this position's coin, which the trades before it must leave enough
  /// held for if it is a sale.
  mutating func apply(_ trade: Trade, method: CostMethod) {
    let (units, price, fee) = (trade.quantityValue, trade.priceValue, trade.feeValue)
    moneyScale = max(moneyScale, price.scale, fee.scale)
    lastShown = nil
    switch trade.side {
    case .buy:
      let bought = units * price + fee
      quantity = quantity + units
      cost = cost + bought
      if method == .fifo { lots.append(Lot(quantity: units, cost: bought)) }
    case .sell:
      let taken = method == .fifo ? takeFromLots(units) : share(of: cost, for: units, of: quantity)
      quantity = quantity - units
      cost = cost - taken
      realised = realised + (units * price - fee) - taken
    }
  }

  /// `cost` and `realised` rounded half to even to `scale` decimals, as shown.
  mutating func shownCostAndRealised(scale: Int) -> (cost: ExactDecimal, realised: ExactDecimal) {
    if let lastShown, lastShown.scale == scale { return (lastShown.cost, lastShown.realised) }
    let shown = (cost.rounded(toScale: scale), realised.rounded(toScale: scale))
    lastShown = (scale, shown.0, shown.1)
    return shown
  }

  /// The cost of `units` taken from the oldest lots, using them up in turn.
  private mutating func takeFromLots(_ units: ExactDecimal) -> ExactDecimal {
    var remaining = units
    var taken = ExactDecimal.zero
    while remaining > .zero, firstLot < lots.count {
      let lot = lots[firstLot]
      if lot.quantity <= remaining {
        taken = taken + lot.cost
        remaining = remaining - lot.quantity
        firstLot += 1
      } else {
        let part = share(of: lot.cost, for: remaining, of: lot.quantity)
        lots[firstLot].quantity = lot.quantity - remaining
        lots[firstLot].cost = lot.cost - part
        taken = taken + part
        remaining = .zero
      }
    }
    // Used-up lots are dropped now and then, so that a long history keeps a short array.
    if firstLot > 64, firstLot * 2 > lots.count {
      lots.removeFirst(firstLot)
      firstLot = 0
    }
    return taken
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
  /// Each coin's position in `positions`, by its id.
  private var positionIndex: [String: Int] = [:]

  /// `trades` must keep the rule that no sale sells more than is held (as stored trades do).
  init(trades: [Trade], method: CostMethod) {
    self.trades = PortfolioCheck.inDayOrder(trades)
    self.method = method
  }

  /// Applies every trade not yet applied up to and including `day`.
  mutating func advance(through day: Day) {
    while next < trades.count, trades[next].day <= day {
      let trade = trades[next]
      let index: Int
      if let known = positionIndex[trade.coin.id] {
        index = known
      } else {
        index = positions.count
        positionIndex[trade.coin.id] = index
        positions.append(Position(coin: trade.coin, currency: trade.currency))
      }
      positions[index].apply(trade, method: method)
      next += 1
    }
  }

  /// The money of the position at `index` at `price`, as `Position.amounts(at:)` gives it.
  mutating func amounts(ofPositionAt index: Int, at price: ExactDecimal?) -> ValuedAmounts {
    positions[index].amounts(at: price)
  }

  /// The realised profit of the position at `index` as shown with its trades' decimals: that
  /// of a coin sold out, which has no price to show it with.
  mutating func shownRealised(ofPositionAt index: Int) -> ExactDecimal {
    positions[index].shownCostAndRealised(scale: positions[index].moneyScale).realised
  }

  /// The trades applied so far.
  var applied: ArraySlice<Trade> { trades[..<next] }

  /// The currencies of the trades up to `day`, in the order they were first traded: one totals
  /// row each; `otherwise` alone when there are none.
  func tradedCurrencies(through day: Day, otherwise: String) -> [String] {
    var currencies: [String] = []
    for trade in trades {
      guard trade.day <= day else { break }
      if !currencies.contains(trade.currency) { currencies.append(trade.currency) }
    }
    return currencies.isEmpty ? [otherwise] : currencies
  }
}
