/// The offline source: the snapshot embedded in the binary and the local price history that
/// `cointrack sync` extends, read together, so that every offline command sees the newest closes
/// without a network.
///
/// A day's close comes from the history from the coin's first synced day on, and from the
/// snapshot before it. Snapshot rows say `offline`; history rows name the API they were synced
/// from. A coin keeps one currency: the snapshot's coins are in USDT, a coin only the history
/// holds in the currency it was synced in. Reading a coin opens that coin's file alone.
public struct OfflinePriceSource: PriceSource {
  private let snapshot = SnapshotPriceSource()
  /// The local history; nil where no data directory is known, which leaves the snapshot alone.
  public let history: HistoryStore?

  public init(history: HistoryStore?) {
    self.history = history
  }

  public var name: String { SnapshotPriceSource.sourceName }
  /// The snapshot's currency; a coin only the history holds quotes its own, row by row.
  public var currency: String { SnapshotPriceSource.currency }

  /// A coin of the snapshot, else a coin the history holds, by its id after `@` or by its
  /// symbol as stored.
  public func resolveCoin(_ input: String) throws -> Coin {
    let catalogue = snapshot.catalogue()
    if let entry = catalogue.entry(named: input) { return entry.coin }
    let matches = Coin.matches(of: input, among: try historyOnlyCoins(named: input))
    guard let first = matches.first else {
      throw TrackerError.unknownCoin(input: input, suggestions: catalogue.suggestions(for: input))
    }
    guard matches.count == 1 else {
      throw TrackerError.ambiguousCoin(input: input, candidates: matches, among: .source(name))
    }
    return first
  }

  /// The coins only the history holds that `input` may name: for an `@` id, at most that coin,
  /// found by its file name; else all of them, each named by its symbol. A coin known by its
  /// symbol alone carries it in its id; another's symbol is read from its file's last row.
  private func historyOnlyCoins(named input: String) throws -> [Coin] {
    guard let history else { return [] }
    let snapshotIDs = Set(snapshot.catalogue().entries.map(\.coin.id))
    let wantedID = Coin.referencedID(in: input)?.lowercased()
    return try history.coinIDs().compactMap { id -> Coin? in
      guard !snapshotIDs.contains(id), wantedID == nil || wantedID == id.lowercased() else {
        return nil
      }
      if id.hasPrefix(Coin.symbolIDPrefix) {
        let symbol = String(id.dropFirst(Coin.symbolIDPrefix.count))
        return UntrustedText.isSymbol(symbol)
          ? Coin(symbol: symbol, name: symbol, coingeckoID: nil) : nil
      }
      guard UntrustedText.isCoinGeckoID(id),
        let symbol = try history.symbol(ofCoinID: id)
      else { return nil }
      return Coin(symbol: symbol, name: symbol, coingeckoID: id)
    }
  }

  /// Each coin's latest close on or before `day`: the history's when it is at least as new as
  /// the snapshot's. Only the end of each coin's file is read, unless `day` lies before it.
  public func latestPrices(of coins: [Coin], onOrBefore day: Day) throws -> LatestPrices {
    let fromSnapshot = snapshot.latestPrices(of: coins, onOrBefore: day)
    guard let history else { return fromSnapshot }
    let lastRows = try history.lastRows(of: coins)
    return try LatestPrices(count: coins.count) { index -> PriceRow? in
      let coin = coins[index]
      guard let last = lastRows[index] else { return fromSnapshot[index] }
      try checkCurrency(of: coin, last.currency)
      let latest =
        last.day <= day ? last : try history.history(of: coin)?.lastRow(onOrBefore: day)
      guard let latest, fromSnapshot[index].map({ $0.day <= latest.day }) ?? true else {
        return fromSnapshot[index]
      }
      return PriceRow(
        day: latest.day, symbol: coin.symbol, price: latest.price, currency: latest.currency,
        source: latest.source)
    }
  }

  /// The snapshot's currency for its coins (whose synced history keeps it); the history's for
  /// a coin only the history holds; nil for a coin of neither.
  public func valuationCurrencies(of coins: [Coin]) throws -> [String?] {
    // A snapshot coin's currency is the snapshot's whatever its file holds (a file in another
    // is refused when its closes are read): only the other coins' files are opened.
    let isInSnapshot = coins.map { SnapshotSeries.named($0.symbol) != nil }
    let others = coins.indices.filter { !isInSnapshot[$0] }
    let lastRows = try history?.lastRows(of: others.map { coins[$0] })
    var currencies = isInSnapshot.map { $0 ? currency : nil }
    for (place, index) in others.enumerated() { currencies[index] = lastRows?[place]?.currency }
    return currencies
  }

  /// The rows of the range, made as they are read like the snapshot's; the history's file is
  /// held in memory while they are read.
  public func dailyPrices(of coin: Coin, in range: DayRange) throws -> PriceRows {
    guard let history, let held = try history.history(of: coin), let last = held.rows.last else {
      return try snapshot.dailyPrices(of: coin, in: range)
    }
    let parts = try parts(
      of: coin, in: range, held: held.day(at: 0)...last.day, currency: last.currency)
    let (series, split) = (parts.series, parts.split)
    let daysWithPrice =
      (parts.fromSnapshot.flatMap { series?.daysWithPrice(in: $0) } ?? 0)
      + (parts.fromHistory.map(held.count(in:)) ?? 0)
    let first = range.first
    let snapshotName = name
    let lastSource = last.source
    /// Where the close of the row at `position` lies.
    @Sendable func place(_ position: Int) -> OfflineClose {
      let day = first.adding(days: position)
      return day < split ? .snapshot(day) : .history(held.position(on: day))
    }
    return PriceRows(
      first: first, count: range.count, daysWithoutPrice: range.count - daysWithPrice,
      template: PriceRow(
        day: first, symbol: coin.symbol, price: nil, currency: last.currency, source: name),
      source: { position in
        switch place(position) {
        case .snapshot: snapshotName
        case .history(let row): row.map { held.source(at: $0) } ?? lastSource
        }
      },
      priceTexts: { positions, body in
        guard let last = positions.last.map(first.adding(days:)) else { return }
        var day = first.adding(days: positions.lowerBound)
        while day < split, day <= last {
          series?.withCloseText(on: day) {
            LentCloses.lend(
              .none, text: $0, position: day.daysSince1970 - first.daysSince1970, day: day,
              to: body)
          }
          day = day.adding(days: 1)
        }
        guard day <= last else { return }
        held.lendCloses(from: day, through: last, placedFrom: first, body)
      })
  }

  /// A coin's snapshot series, and the days of a range the snapshot and the history each give:
  /// the snapshot's before the history's first day, the history's from it on.
  private struct Parts {
    let series: SnapshotSeries?
    let split: Day
    let fromSnapshot: DayRange?
    let fromHistory: DayRange?
  }

  /// The parts of `range` of the coin whose history holds the days `held` in `currency`.
  /// Refuses a range without any day of either, and a snapshot coin's history in another
  /// currency.
  private func parts(of coin: Coin, in range: DayRange, held: ClosedRange<Day>, currency: String)
    throws -> Parts
  {
    let series = SnapshotSeries.named(coin.symbol)
    try checkCurrency(of: coin, currency)
    let split = held.lowerBound
    let span = DayRange(
      from: Swift.min(series?.held.first ?? split, split),
      to: Swift.max(series?.held.last ?? held.upperBound, held.upperBound))!
    guard range.clamped(to: span) != nil else {
      throw TrackerError.noPricesInRange(
        symbol: coin.symbol, requested: range, held: span, source: name)
    }
    return Parts(
      series: series, split: split,
      fromSnapshot: DayRange(from: range.first, to: Swift.min(range.last, split.adding(days: -1))),
      fromHistory: DayRange(from: Swift.max(range.first, split), to: range.last))
  }

  /// The last day with a close offline of each coin, in the snapshot or the history; nil where
  /// neither has one.
  public func offlineLastDays(of coins: [Coin]) throws -> [Day?] {
    let fromHistory = try history?.lastRows(of: coins)
    return coins.indices.map { index in
      [snapshot.offlineLastDay(of: coins[index]), fromHistory?[index]?.day].compactMap { $0 }.max()
    }
  }

  /// Refuses a history of a snapshot coin in another currency than the snapshot's: one coin
  /// keeps one currency, and `cointrack sync` never writes such a file.
  private func checkCurrency(of coin: Coin, _ held: String) throws {
    guard SnapshotSeries.named(coin.symbol) != nil, held != currency, let history
    else { return }
    throw HistoryError.damaged(
      path: history.path(of: coin), line: 0,
      reason: "\(coin.symbol) is in \(currency) offline, but the file holds \(held)")
  }
}

/// Where the offline close of a day lies: the snapshot's day, or the history's row of the day
/// (nil when the history lacks it).
private enum OfflineClose {
  case snapshot(Day)
  case history(Int?)
}
