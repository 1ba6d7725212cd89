/// A sell that sells more of a coin than is held on its day, and what was held.
public struct Oversell: Hashable, Sendable {
  /// The sell.
  public var trade: Trade
  /// What was held of the coin just before it, on its day: at least 0, below its quantity.
  public var held: Price

  public init(trade: Trade, held: Price) {
    self.trade = trade
    self.held = held
  }
}

/// The rule every set of trades keeps, checked without a store: no sell sells more than is held.
public enum PortfolioCheck {
  /// The first sell, in day order and on one day in id order, that sells more of its coin than
  /// the trades before it leave held; nil when there is none. `trades` may be in any order.
  ///
  /// On one day trades count in id order, the order they were entered: a sell entered before
  /// the day's buy sells only what was held before that day.
  public static func firstOversell(in trades: [Trade]) -> Oversell? {
    let ordered = inDayOrder(trades)
    // What is held of each coin, by its number.
    var held: [ExactDecimal] = []
    var coinNumbers = CoinNumbering()
    for index in ordered.indices {
      // What the check needs is read from the trade where it lies, before the holding is
      // changed, rather than the whole trade copied to be held across that change.
      let (side, quantity) = (ordered[index].side, ExactDecimal(ordered[index].quantity))
      let (coin, isNew) = coinNumbers.number(of: ordered[index].coin.id)
      if isNew { held.append(.zero) }
      if let before = apply(side, quantity, to: &held[coin]) {
        return Oversell(trade: ordered[index], held: before.price.normalised)
      }
    }
    return nil
  }

  /// Applies a trade of `side` and `quantity` to `holding`, what is held of its coin; for a sale
  /// of more than that, what is held, and `holding` is left as it was.
  private static func apply(
    _ side: TradeSide, _ quantity: ExactDecimal, to holding: inout ExactDecimal
  ) -> ExactDecimal? {
    switch side {
    case .buy, .staking, .airdrop, .interest: holding = holding + quantity
    case .sell:
      guard !(holding < quantity) else { return holding }
      holding = holding - quantity
    case .transfer:
      // Moved between the user's own accounts: held before and after. A transfer is not
      // checked against what is held: a deposit may bring coins bought before any record.
      break
    }
    return nil
  }

  /// Refuses trades in which a sale names lots that are no buys of its coin before it, or that
  /// hold less than it sells under one of the lot methods (FIFO, LIFO, HIFO): a stored sale
  /// is one every method can book. `trades` must keep the rule `firstOversell` checks.
  public static func checkNamedLots(in trades: [Trade]) throws(TradeError) {
    guard trades.contains(where: { !$0.lots.isEmpty }) else { return }
    for method in [CostMethod.fifo, .lifo, .hifo] {
      var basis = CostBasis(trades: trades, method: method)
      try basis.advance(through: Day.supported.upperBound)
    }
  }

  /// `trades` by day, and on one day by id; already ordered trades (the usual case) are returned
  /// without sorting.
  static func inDayOrder(_ trades: [Trade]) -> [Trade] {
    let precedes = { (left: Trade, right: Trade) in
      left.day != right.day ? left.day < right.day : left.id < right.id
    }
    // Day and id read where they lie, rather than each trade copied to compare it.
    let isOrdered = trades.indices.dropFirst().allSatisfy {
      let (day, earlierDay) = (trades[$0].day, trades[$0 - 1].day)
      return day != earlierDay ? earlierDay < day : trades[$0 - 1].id <= trades[$0].id
    }
    return isOrdered ? trades : trades.sorted(by: precedes)
  }
}
