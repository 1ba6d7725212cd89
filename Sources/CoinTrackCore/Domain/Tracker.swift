/// The operations behind cointrack's commands, over a state store and a price source.
///
/// It returns values and throws typed errors; printing and exit codes belong to the caller.
public struct Tracker: Sendable {
  /// Opens the state store; called only by operations that need state, so that the others work
  /// even where no state location can be found.
  public let openStore: @Sendable () throws(StateError) -> StateStore
  public let source: any PriceSource
  /// What "today" is: no date after it may be asked for.
  public let today: Day

  public init(
    openStore: @escaping @Sendable () throws(StateError) -> StateStore, source: any PriceSource,
    today: Day
  ) {
    self.openStore = openStore
    self.source = source
    self.today = today
  }

  /// The latest price on or before today of each of the tracked `coins`, by position. The
  /// caller loads the state (once, as the preferred source comes from it too).
  public func latestPrices(of coins: [TrackedCoin]) throws -> LatestPrices {
    try source.latestPrices(of: coins.map(\.coin), onOrBefore: today)
  }

  /// Adds every named coin, or none of them when one cannot be added.
  ///
  /// A coin is the same coin as another when their coin ids are equal, whatever their symbols:
  /// names that resolve to the same coin add it once, and a coin already tracked is refused.
  public func addCoins(_ inputs: [String]) throws -> [TrackedCoin] {
    var resolved: [(input: String, coin: Coin)] = []
    for input in inputs {
      let coin = try source.resolveCoin(input)
      if !resolved.contains(where: { $0.coin.id == coin.id }) {
        resolved.append((input, coin))
      }
    }
    return try openStore().update { state in
      var added: [TrackedCoin] = []
      for (input, coin) in resolved {
        if let existing = state.coins.first(where: { $0.coin.id == coin.id }) {
          throw TrackerError.coinAlreadyTracked(input: input, coin: existing)
        }
        guard state.nextID <= TrackerState.largestID else {
          throw TrackerError.noIDsLeft(input: input)
        }
        let tracked = TrackedCoin(id: state.nextID, coin: coin)
        state.coins.append(tracked)
        state.nextID += 1
        added.append(tracked)
      }
      return added
    }
  }

  /// Removes every named coin (by list id, `@` coin id, symbol or name), or none of them when
  /// one is not tracked or names several.
  public func removeCoins(_ inputs: [String]) throws -> [TrackedCoin] {
    try openStore().update { state in
      var removed: [TrackedCoin] = []
      for input in inputs {
        let tracked = try state.trackedCoin(named: input)
        if !removed.contains(tracked) { removed.append(tracked) }
      }
      state.coins.removeAll { removed.contains($0) }
      return removed
    }
  }

  /// The coins of the embedded snapshot, with the days it holds for each.
  ///
  /// Live sources know thousands of coins and publish no such list in one answer; any coin they
  /// know can still be added by symbol, name or `@` id.
  public func availableCoins() -> [Catalogue.Entry] {
    SnapshotPriceSource().catalogue().entries
  }

  /// The daily prices of one coin, tracked or not.
  public struct PriceHistory: Sendable {
    /// One row per day of the requested range, made as they are read where the source can.
    public var rows: PriceRows
    /// The last day the offline source holds for the coin when a sync could add days the
    /// range asks for: it ends before yesterday and before the range's end (today when the
    /// end was not given). Nil for a live source.
    public var offlineDataEnd: Day?
    /// How many of the rows have no price.
    public var missingDays: Int { rows.daysWithoutPrice }
    /// The days whose price is the latest rather than a close (a pass over the rows that looks
    /// no price up).
    public var openDays: [Day] {
      rows.indices.filter { !rows.isClosed(at: $0) }.map(rows.day(at:))
    }
  }

  /// One row per day from `from` to `to`, as the user typed them (for the messages).
  ///
  /// Without `to` the range ends on the latest day the source has a price for on or before
  /// today: the last day the offline source holds (or `from`, when that is later), today for a
  /// live source. Without `from` it starts on its last day.
  public func prices(coin input: String, from: DatedInput?, to: DatedInput?) throws
    -> PriceHistory
  {
    for date in [from, to].compactMap(\.self) where date.day > today {
      throw TrackerError.dateAfterToday(input: date.input, day: date.day, today: today)
    }
    if let from, let to, from.day > to.day {
      throw TrackerError.rangeStartsAfterEnd(from: from.day, to: to.day)
    }
    let coin = try source.resolveCoin(input)
    let offline = source.offlineData
    var last = to?.day ?? today
    if to == nil, offline != nil,
      let latest = try source.latestPrices(of: [coin], onOrBefore: today)[0]?.day
    {
      last = max(latest, from?.day ?? latest)
    }
    guard let range = DayRange(from: from?.day ?? last, to: last) else {
      throw TrackerError.rangeStartsAfterEnd(from: from?.day ?? last, to: last)
    }
    let rows = try source.dailyPrices(of: coin, in: range)
    // The data ends before the range does when the range's last row has no price; without
    // `to`, the range ends on the data's last day.
    var dataEnd: Day?
    if let offline {
      let lastRow = rows.count - 1
      dataEnd =
        rows.price(at: lastRow) != nil
        ? (to == nil ? rows.day(at: lastRow) : nil) : try offline.offlineLastDay(of: coin)
      if let end = dataEnd, end >= today.adding(days: -1) || end >= (to?.day ?? today) {
        dataEnd = nil
      }
    }
    return PriceHistory(rows: rows, offlineDataEnd: dataEnd)
  }

  /// The stored profile (the default one before the first save).
  public func profile() throws -> Profile {
    try openStore().load().profile
  }

  /// Checks and stores what is given of a new username, preferred source, preferred currency
  /// and cost method, all or nothing; returns the profile as saved.
  ///
  /// The currency must be one the preferred source (the new one, else the stored one) quotes.
  public func updateProfile(
    username: String?, source: PriceSourceKind?, currency: String?, method: CostMethod? = nil
  ) throws -> Profile {
    let username = try username.map(Profile.validUsername)
    return try openStore().update { state in
      if let username { state.profile.username = username }
      if let method { state.profile.preferredMethod = method }
      if let source { state.profile.preferredSource = source.rawValue }
      if let currency {
        let kind =
          source ?? state.profile.preferredSource.flatMap(PriceSourceKind.init) ?? .offline
        state.profile.preferredCurrency = try kind.checkedCurrency(currency)
      }
      return state.profile
    }
  }
}

/// A day together with the text the user typed for it, so messages can quote the input.
public struct DatedInput: Hashable, Sendable {
  public var day: Day
  public var input: String

  public init(day: Day, input: String) {
    self.day = day
    self.input = input
  }
}
