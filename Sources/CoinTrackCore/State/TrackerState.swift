/// Everything cointrack remembers between runs in its state file: the profile, the tracked coins,
/// the alerts and their memory of what fired, and the id counters. The trades live in their own
/// journal (`TradesFile`), so that recording one does not rewrite them all.
public struct TrackerState: Hashable, Sendable {
  /// The schema version this build writes; it reads this one and every older one.
  ///
  /// Version 2 added `revision`; version 3 identifies coins by their coin id (the CoinGecko
  /// id, else `symbol/SYMBOL`) rather than their symbol, so two coins may share a symbol.
  /// Version 4 added `alerts` and `next_alert_id`; version 5 `trades` and `next_trade_id`.
  /// Version 6 moved the trades to their own journal beside the state file (`TradesFile`),
  /// keeping `next_trade_id`, and added the optional `lots` of a sale and `method` of the
  /// profile.
  public static let schemaVersion = 6
  /// The largest revision, 2^53 - 1: the largest whole number every JSON reader (JavaScript's
  /// among them) holds exactly. Saves past it keep it, so that a file never becomes unreadable;
  /// at one save a millisecond that takes 285,000 years.
  public static let maximumRevision = 9_007_199_254_740_991
  /// The symbols tracked on first use, in list order.
  public static let defaultSymbols = ["BTC", "ETH", "BNB", "SOL", "XRP"]

  public var profile: Profile
  public var coins: [TrackedCoin]
  /// The id the next added coin gets; ids are never reused.
  public var nextID: Int
  /// The largest id there can be: ids are stored as 32-bit numbers.
  public static let largestID = Int(Int32.max)
  /// How many saves the state has been through: each save adds one, so a script can tell whether
  /// anything changed and a test can count that no update was lost. Files of version 1 read as 0.
  public var revision: Int
  /// The price alerts, in id order, each with its memory of having fired.
  public var alerts: [Alert]
  /// The id the next added alert gets; alert ids are never reused either.
  public var nextAlertID: Int
  /// The id the next recorded trade gets; trade ids are never reused either.
  public var nextTradeID: Int

  public init(
    profile: Profile, coins: [TrackedCoin], nextID: Int, revision: Int = 0, alerts: [Alert] = [],
    nextAlertID: Int = 1, nextTradeID: Int = 1
  ) {
    self.profile = profile
    self.coins = coins
    self.nextID = nextID
    self.revision = revision
    self.alerts = alerts
    self.nextAlertID = nextAlertID
    self.nextTradeID = nextTradeID
  }

  /// The state before any file exists: the default profile and the default coins.
  public static func initial(catalogue: Catalogue) -> TrackerState {
    let coins = defaultSymbols.compactMap { catalogue.entry(named: $0)?.coin }
      .enumerated().map { TrackedCoin(id: $0.offset + 1, coin: $0.element) }
    return TrackerState(
      profile: Profile(username: Profile.defaultUsername), coins: coins, nextID: coins.count + 1)
  }

  /// The tracked coin that `input` names: its list id (decimal digits only), its coin id after
  /// `@`, or its symbol or full name, which must fit one tracked coin only.
  public func trackedCoin(named input: String) throws(TrackerError) -> TrackedCoin {
    let trimmed = input.trimmingSpaces()
    // Only plain digits are a list id: `+1` or `01e0` name no coin rather than id 1.
    if trimmed.isDecimalDigits {
      guard let id = Int(trimmed), let tracked = coins.first(where: { $0.id == id }) else {
        throw TrackerError.coinNotTracked(input: input)
      }
      return tracked
    }
    let matches = Coin.matches(of: trimmed, among: coins.lazy.map(\.coin))
    guard let first = matches.first else { throw TrackerError.coinNotTracked(input: input) }
    guard matches.count == 1 else {
      throw TrackerError.ambiguousCoin(input: input, candidates: matches, among: .tracked)
    }
    // Tracked coins have distinct coin ids, so the coin finds its one entry.
    return coins.first { $0.coin == first }!
  }
}
