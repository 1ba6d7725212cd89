/// The portfolio's trades: record, list and remove them under the state lock, all or none.
extension Tracker {
  /// Stores `trades` (their ids ignored, their coins resolved) under the state lock, all or
  /// none: gives them ids in order and returns them with those ids.
  ///
  /// Refuses a trade dated after today, one that breaks a rule of its side
  /// (`Trade.checkSideRules`), one in another currency than its coin's (see
  /// `checkCurrencies`; with the stored trades of its coin when they are read), and any set
  /// that, with the stored trades, would make a sell (new or stored) sell more than is held on
  /// its day, or take from named lots that are no buys of its coin before it or hold too little
  /// (`PortfolioCheck.checkNamedLots`).
  public func recordTrades(_ trades: [Trade]) throws -> [Trade] {
    try recordTrades(trades, skippingRecordedOrigins: false, dryRun: false)
  }

  /// `recordTrades(_:)` for an import: trades whose origin is already recorded are left out
  /// (an export imported again adds nothing), and with `dryRun` nothing is written, the trades
  /// returned with the ids they would get.
  public func recordTrades(_ trades: [Trade], skippingRecordedOrigins: Bool, dryRun: Bool)
    throws -> [Trade]
  {
    if let late = trades.first(where: { $0.day > today }) {
      throw TrackerError.dateAfterToday(input: late.day.description, day: late.day, today: today)
    }
    // What the readers refuse is never written.
    for trade in trades { try trade.checkSideRules() }
    // Buys never make a sell sell more than is held, so only sells need the stored trades; and
    // a coin the source has no currency for yet, whose currency is that of its first trade.
    let currencies = try source.valuationCurrencies(byID: trades.lazy.map(\.coin))
    let needsStored =
      skippingRecordedOrigins
      || trades.contains { $0.side == .sell || currencies[$0.coin.id] == nil }
    // The trades numbered from the state's next id and checked with the stored ones.
    let numbered = { (state: TrackerState, stored: [Trade]?) throws -> [Trade] in
      var trades = trades
      if skippingRecordedOrigins {
        // Asked for, so read.
        let recorded = Set(stored!.lazy.compactMap(\.origin))
        if !recorded.isEmpty { trades.removeAll { $0.origin.map(recorded.contains) == true } }
      }
      guard !trades.isEmpty else { return [] }
      guard trades.count <= TrackerState.largestID + 1 - state.nextTradeID else {
        throw TradeError.noTradeIDsLeft
      }
      let firstID = state.nextTradeID
      let recorded = trades.enumerated().map { offset, trade in
        var numbered = trade
        numbered.id = firstID + offset
        return numbered
      }
      let coins = Set(recorded.map(\.coin.id))
      let storedOfCoins = stored?.filter { coins.contains($0.coin.id) } ?? []
      try self.checkCurrencies(
        of: storedOfCoins.isEmpty ? recorded : storedOfCoins + recorded, firstNewID: firstID
      ) { coins in coins.map { currencies[$0.id] } }
      if let stored {
        let all = stored.isEmpty ? recorded : stored + recorded
        if let oversell = PortfolioCheck.firstOversell(in: all) {
          throw TradeError.oversold(oversell, isNew: oversell.trade.id >= firstID)
        }
        try PortfolioCheck.checkNamedLots(in: all)
      }
      return recorded
    }
    // A dry run only reads, as `portfolio show` does: it creates and removes nothing.
    if dryRun {
      return try openStore().inspect(readingTrades: needsStored, numbered)
    }
    return try openStore().update(readingTrades: needsStored) { state, changes in
      let recorded = try numbered(state, changes.stored)
      changes.appended = recorded
      state.nextTradeID += recorded.count
      return recorded
    }
  }

  /// The stored trades, oldest first (by day, and on one day in id order); with `coin`, only
  /// those of the coins it names (symbol, name or `@` coin id). A coin the source does not know
  /// is refused; a known one never traded has no trades.
  public func trades(coin input: String?) throws -> [Trade] {
    let trades = PortfolioCheck.inDayOrder(try openStore().loadTrades())
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
    try openStore().update(readingTrades: true) { _, changes in
      // Asked for, so read.
      let stored = changes.stored!
      var removed = Set<Int>()
      for input in inputs {
        let trimmed = input.trimmingSpaces()
        guard trimmed.isDecimalDigits, let id = Int(trimmed),
          stored.contains(where: { $0.id == id })
        else { throw TradeError.unknownTrade(input: input) }
        removed.insert(id)
      }
      let kept = stored.filter { !removed.contains($0.id) }
      if let oversell = PortfolioCheck.firstOversell(in: kept) {
        throw TradeError.removalOversells(removing: removed.sorted(), oversell)
      }
      try PortfolioCheck.checkNamedLots(in: kept)
      changes.replacement = kept
      return stored.filter { removed.contains($0.id) }
    }
  }

  /// Every coin that `trades` (the stored ones) leave held on `day` (not after today), with its
  /// cost by `method`, valued at the source's latest price on or before `day`, and the totals.
  /// The caller loads the state (once, as the preferred source comes from it too).
  ///
  /// Refuses a trade in another currency than its coin's (see `checkCurrencies`).
  public func portfolio(of trades: [Trade], on day: DatedInput, method: CostMethod) throws
    -> PortfolioValuation
  {
    guard day.day <= today else {
      throw TrackerError.dateAfterToday(input: day.input, day: day.day, today: today)
    }
    try checkCurrencies(of: trades)
    // All of them: the cost basis applies none after the day.
    var basis = CostBasis(trades: trades, method: method)
    try basis.advance(through: day.day)
    return try basis.valuation(on: day.day, currency: source.currency) { held in
      try source.latestPrices(of: held, onOrBefore: day.day)
    }
  }

  /// Refuses the first of `trades` in another currency than its coin's: the one the source
  /// values the coin in, else (a coin the source has no currency for yet) that of its first
  /// trade. `firstNewID` is the id from which trades are being recorded rather than stored.
  public func checkCurrencies(of trades: [Trade], firstNewID: Int = .max) throws {
    try checkCurrencies(of: trades, firstNewID: firstNewID) {
      try source.valuationCurrencies(of: $0)
    }
  }

  /// `checkCurrencies(of:firstNewID:)` with `valuedIn` giving the currency the source values
  /// each of the coins in, nil where it has none yet. It is asked once, for the distinct coins.
  ///
  /// The trades are walked once, keeping for each coin (by its number) its first trade and its first
  /// trade in another currency than that one: the first trade off its coin's currency is then
  /// one of those two, so the source is asked about each coin once rather than each trade.
  func checkCurrencies(
    of trades: [Trade], firstNewID: Int, valuedIn currencies: ([Coin]) throws -> [String?]
  ) throws {
    /// A coin's first trade and its first trade in another currency, by position in day order.
    struct FirstTrades {
      let first: Int
      var firstInOtherCurrency: Int?
    }
    let ordered = PortfolioCheck.inDayOrder(trades)
    // By coin number, which is the order the coins are first traded in.
    var byCoin: [FirstTrades] = []
    var coinNumbers = CoinNumbering()
    // By index: each trade is read where it lies in the array, not copied.
    for position in ordered.indices {
      let (coin, isNew) = coinNumbers.number(of: ordered[position].coin.id)
      if isNew {
        byCoin.append(FirstTrades(first: position))
      } else if byCoin[coin].firstInOtherCurrency == nil,
        ordered[byCoin[coin].first].currency != ordered[position].currency
      {
        byCoin[coin].firstInOtherCurrency = position
      }
    }
    let valued = try currencies(byCoin.map { ordered[$0.first].coin })
    // The first trade off its coin's currency, in day order, and that currency.
    var mismatch: (position: Int, coinCurrency: String)?
    for (firstTrades, valuedIn) in zip(byCoin, valued) {
      let first = firstTrades.first
      let firstCurrency = ordered[first].currency
      let found: (position: Int, coinCurrency: String)?
      if let valuedIn, valuedIn != firstCurrency {
        found = (first, valuedIn)
      } else {
        found = firstTrades.firstInOtherCurrency.map { ($0, firstCurrency) }
      }
      if let found, found.position < mismatch?.position ?? .max { mismatch = found }
    }
    guard let mismatch else { return }
    let trade = ordered[mismatch.position]
    throw TradeError.currencyMismatch(
      trade: trade, coinCurrency: mismatch.coinCurrency, source: source.name,
      isNew: trade.id >= firstNewID)
  }
}
