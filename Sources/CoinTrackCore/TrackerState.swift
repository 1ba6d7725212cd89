/// Everything cointrack remembers between runs: the profile, the tracked coins and the id counter.
public struct TrackerState: Hashable, Sendable {
  /// The schema version this build writes; it reads this one and every older one.
  ///
  /// Version 2 added `revision`.
  public static let schemaVersion = 2
  /// The largest revision; saves past it keep it, so that a file never becomes unreadable.
  public static let maximumRevision = Int(Int32.max)
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

  public init(profile: Profile, coins: [TrackedCoin], nextID: Int, revision: Int = 0) {
    self.profile = profile
    self.coins = coins
    self.nextID = nextID
    self.revision = revision
  }

  /// The state before any file exists: the default profile and the default coins.
  public static func initial(catalogue: Catalogue) -> TrackerState {
    let coins = defaultSymbols.compactMap { catalogue.entry(named: $0)?.coin }
      .enumerated().map { TrackedCoin(id: $0.offset + 1, coin: $0.element) }
    return TrackerState(
      profile: Profile(username: Profile.defaultUsername), coins: coins, nextID: coins.count + 1)
  }

  /// The tracked coin that `input` names: its id, symbol or full name.
  public func trackedCoin(named input: String) -> TrackedCoin? {
    let trimmed = input.trimmingSpaces()
    if let id = Int(trimmed) { return coins.first { $0.id == id } }
    return coins.first { $0.coin.symbol.lowercased() == trimmed.lowercased() }
      ?? coins.first { $0.coin.isNamed(by: trimmed) }
  }
}
