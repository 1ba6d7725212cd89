extension Tracker {
  /// The portfolio of `trades` (the stored ones, which the caller has loaded once) valued at
  /// each day's closes from `from` to `to` (neither after today, `from` not after `to`), its
  /// cost by `method`; `from` defaults to the first trade's day (or `to`, without trades on or
  /// before it).
  ///
  /// Refuses a trade in another currency than its coin's, as `portfolio(of:on:method:)` does.
  public func portfolioHistory(
    of trades: [Trade], from: DatedInput?, to: DatedInput, method: CostMethod
  ) throws -> PortfolioHistory {
    for date in [from, to].compactMap(\.self) where date.day > today {
      throw TrackerError.dateAfterToday(input: date.input, day: date.day, today: today)
    }
    // All of them, as `portfolio(of:on:method:)` takes them: the walk applies none after the
    // range.
    // By index, each trade read where it lies rather than copied out of the array.
    let first = from?.day ?? min(trades.indices.lazy.map { trades[$0].day }.min() ?? to.day, to.day)
    guard let range = DayRange(from: first, to: to.day) else {
      throw TrackerError.rangeStartsAfterEnd(from: first, to: to.day)
    }
    try checkCurrencies(of: trades)
    var basis = CostBasis(trades: trades, method: method)
    // The walk applies the trades up to the range's end: a position for each coin among them.
    var coins = CoinNumbering()
    for index in trades.indices where trades[index].day <= to.day {
      _ = coins.number(of: trades[index].coin.id)
    }
    return try basis.history(
      in: range, coinCount: coins.count, currency: source.currency, source: source)
  }
}
