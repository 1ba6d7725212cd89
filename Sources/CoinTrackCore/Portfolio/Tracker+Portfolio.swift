/// The portfolio's trades: record, list and remove them under the state lock, all or none.
extension Tracker {
  /// Stores `trades` (their ids ignored, their coins resolved) under the state lock, all or
  /// none: gives them ids in order and returns them with those ids.
  ///
  /// Refuses a trade dated after today, and any set that, with the stored trades, would make a
  /// sell (new or stored) sell more than is held on its day, or take from named lots that are
  /// no buys of its coin before it or hold too little (`PortfolioCheck.checkNamedLots`).
  public func recordTrades(_ trades: [Trade]) throws -> [Trade] {
    if let late = trades.first(where: { $0.day > today }) {
      throw TrackerError.dateAfterToday(input: late.day.description, day: late.day, today: today)
    }
    return try openStore().update { state in
      guard trades.count <= TrackerState.largestID + 1 - state.nextTradeID else {
        throw TradeError.noTradeIDsLeft
      }
      let firstID = state.nextTradeID
      let recorded = trades.enumerated().map { offset, trade in
        var numbered = trade
        numbered.id = firstID + offset
        return numbered
      }
      let all = state.trades + recorded
      if let oversell = PortfolioCheck.firstOversell(in: all) {
        throw TradeError.oversold(oversell, isNew: oversell.trade.id >= firstID)
      }
      try PortfolioCheck.checkNamedLots(in: all)
      state.trades = all
      state.nextTradeID += trades.count
      return recorded
    }
  }

  /// The stored trades, oldest first (by day, and on one day in id order); with `coin`, only
  /// those of the coins it names (symbol, name or `@` coin id). A coin the source does not know
  /// is refused; a known one never traded has no trades.
  public func trades(coin input: String?) throws -> [Trade] {
    let trades = PortfolioCheck.inDayOrder(try openStore().load().trades)
    guard let input else { return trades }
    let named = try coinIDs(named: input, in: trades)
    return trades.filter { named.contains($0.coin.id) }
  }

  /// The ids of the coins of `trades` that `input` names (symbol, name or `@` coin id); when
  /// it names none of them, the id of the coin the source resolves it to, which a coin the
  /// source does not know is refused.
  func coinIDs(named input: String, in trades: [Trade]) throws -> Set<String> {
    var traded: [String: Coin] = [:]
    for trade in trades { traded[trade.coin.id] = trade.coin }
    let named = Set(Coin.matches(of: input, among: traded.values).map(\.id))
    guard named.isEmpty else { return named }
    return [try source.resolveCoin(input).id]
  }

  /// Removes every trade named by its id, or none: when an id names no trade, or when without
  /// them a later sale would sell more than is held or name a lot no longer there.
  public func removeTrades(_ inputs: [String]) throws -> [Trade] {
    try openStore().update { state in
      var removed = Set<Int>()
      for input in inputs {
        let trimmed = input.trimmingSpaces()
        guard trimmed.isDecimalDigits, let id = Int(trimmed),
          state.trades.contains(where: { $0.id == id })
        else { throw TradeError.unknownTrade(input: input) }
        removed.insert(id)
      }
      let kept = state.trades.filter { !removed.contains($0.id) }
      if let oversell = PortfolioCheck.firstOversell(in: kept) {
        throw TradeError.removalOversells(removing: removed.sorted(), oversell)
      }
      try PortfolioCheck.checkNamedLots(in: kept)
      let gone = state.trades.filter { removed.contains($0.id) }
      state.trades = kept
      return gone
    }
  }

  /// Every coin that `trades` (the stored ones) leave held on `day` (not after today), with its
  /// cost by `method`, valued at the source's latest price on or before `day`, and the totals.
  /// The caller loads the state (once, as the preferred source comes from it too).
  ///
  /// Refuses trades up to `day` in another currency than the source's prices.
  public func portfolio(of trades: [Trade], on day: DatedInput, method: CostMethod) throws
    -> PortfolioValuation
  {
    guard day.day <= today else {
      throw TrackerError.dateAfterToday(input: day.input, day: day.day, today: today)
    }
    try checkCurrency(of: trades, through: day.day)
    // All of them: the cost basis applies none after the day.
    var basis = CostBasis(trades: trades, method: method)
    try basis.advance(through: day.day)
    return try basis.valuation(on: day.day, currency: source.currency) { held in
      try source.latestPrices(of: held, onOrBefore: day.day)
    }
  }

  /// Refuses `trades` (those up to `last`, when given) when one is in another currency than the
  /// source's prices: a portfolio is never valued with prices in another currency (USDT is not
  /// USD).
  func checkCurrency(of trades: [Trade], through last: Day? = nil) throws(TradeError) {
    // Asked of the source once, not once for every trade.
    let currency = source.currency
    let last = last ?? Day.supported.upperBound
    if let other = trades.first(where: { $0.day <= last && $0.currency != currency }) {
      throw TradeError.currencyMismatch(
        trade: other, pricesCurrency: currency, source: source.name)
    }
  }
}
