/// One row of `portfolio earnings`: income received (staking, airdrop, interest), at its value
/// on the day it came.
public struct IncomeRow: Hashable, Sendable {
  public var tradeID: Int
  public var day: Day
  public var coin: Coin
  /// Staking, airdrop or interest.
  public var kind: TradeSide
  public var quantity: Price
  /// The price of one unit it was valued at: the coin's close that day, or the price given.
  public var close: Price
  /// `quantity` x `close`, rounded as the report's money is (see `IncomeReport`).
  public var value: Price
  public var currency: String
}

/// The sum of the values of one currency's income of one kind.
public struct IncomeTotal: Hashable, Sendable {
  public var currency: String
  public var kind: TradeSide
  public var value: Price
}

/// `portfolio earnings`: the income received in a range, and its totals per currency and kind.
///
/// A currency's values are rounded half to even to the most decimals of its closes (at least
/// two), and the rounding is carried from row to row as `portfolio gains` carries it: each row
/// shows what it adds to the currency's running total as rounded, so the rows of a currency add
/// up to its exact total, rounded.
public struct IncomeReport: Hashable, Sendable {
  /// In day order, and on one day in trade id order.
  public var rows: [IncomeRow]
  /// Per currency in the order first met, and in it per kind in the order first met.
  public var totals: [IncomeTotal]
}

extension Tracker {
  /// The income of `trades` (the stored ones) from `from` (default: the first) to `to` (not
  /// after today), of the coins `coin` names (default: all).
  public func income(of trades: [Trade], from: DatedInput?, to: DatedInput, coin: String?)
    throws -> IncomeReport
  {
    for date in [from, to].compactMap(\.self) where date.day > today {
      throw TrackerError.dateAfterToday(input: date.input, day: date.day, today: today)
    }
    if let from, from.day > to.day {
      throw TrackerError.rangeStartsAfterEnd(from: from.day, to: to.day)
    }
    let coins = try coin.map { try coinIDs(named: $0, in: trades) }
    let first = from?.day ?? Day.supported.lowerBound
    let received = PortfolioCheck.inDayOrder(trades).filter { trade in
      trade.side.isIncome && trade.day >= first && trade.day <= to.day
        && coins?.contains(trade.coin.id) ?? true
    }
    return IncomeReport(received)
  }
}

extension IncomeReport {
  /// The report of `received`, income trades in day order.
  init(_ received: [Trade]) {
    var scales: [String: Int] = [:]
    for trade in received {
      scales[trade.currency] = max(
        scales[trade.currency] ?? CostBasis.smallestMoneyScale, trade.priceValue.scale)
    }
    var running: [String: ExactDecimal] = [:]
    var values: [ExactDecimal] = []
    let rows = received.map { trade in
      let scale = scales[trade.currency]!
      let before = running[trade.currency] ?? .zero
      let after = before + trade.quantityValue * trade.priceValue
      running[trade.currency] = after
      let value = after.rounded(toScale: scale) - before.rounded(toScale: scale)
      values.append(value)
      return IncomeRow(
        tradeID: trade.id, day: trade.day, coin: trade.coin, kind: trade.side,
        quantity: trade.quantity, close: trade.price, value: value.price,
        currency: trade.currency)
    }
    // A currency's totals together, each currency and kind in the order first met.
    var groups: [(currency: String, kind: TradeSide)] = []
    for row in rows where !groups.contains(where: { $0 == (row.currency, row.kind) }) {
      let index = groups.lastIndex { $0.currency == row.currency }.map { $0 + 1 } ?? groups.count
      groups.insert((row.currency, row.kind), at: index)
    }
    self.rows = rows
    totals = groups.map { group in
      let sum = zip(rows, values).reduce(ExactDecimal.zero) { sum, pair in
        pair.0.currency == group.currency && pair.0.kind == group.kind ? sum + pair.1 : sum
      }
      return IncomeTotal(currency: group.currency, kind: group.kind, value: sum.price)
    }
  }
}
