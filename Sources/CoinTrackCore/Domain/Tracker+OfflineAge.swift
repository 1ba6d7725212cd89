/// A price source whose data is held on this machine and so ends on some day for each coin: the
/// offline source. A live source answers up to now and is not one.
public protocol OfflinePriceData: PriceSource {
  /// The last day the source holds for each coin, by position; nil for a coin it holds none
  /// of the days of. Throws when the data for a coin cannot be read.
  func offlineLastDays(of coins: [Coin]) throws -> [Day?]
}

extension PriceSource {
  /// Nil: a source is live unless it says otherwise.
  public var offlineData: (any OfflinePriceData)? { nil }
}

extension OfflinePriceData {
  public var offlineData: (any OfflinePriceData)? { self }

  /// The last day the source holds for `coin`; nil when it holds none of its days.
  public func offlineLastDay(of coin: Coin) throws -> Day? {
    try offlineLastDays(of: [coin])[0]
  }
}

extension SnapshotPriceSource: OfflinePriceData {
  public func offlineLastDays(of coins: [Coin]) -> [Day?] {
    coins.map(offlineLastDay(of:))
  }
}

extension OfflinePriceSource: OfflinePriceData {}

/// Tracked coins whose offline prices end on the same day, before yesterday.
public struct StaleOfflinePrices: Hashable, Sendable {
  /// The day of their latest price, the last the offline data holds for them.
  public let day: Day
  /// Their symbols, in the order of the tracked list.
  public internal(set) var symbols: [String]
}

extension Tracker {
  /// The coins of `coins` (with their `latest` prices, by position) whose offline data ends
  /// before yesterday, grouped by the day their latest price is from, oldest first; empty for a
  /// live source.
  ///
  /// A coin whose latest price is old only because the data lacks the last few days (the data
  /// goes on past them) is not stale: syncing would not change it.
  public func staleOfflinePrices(of coins: [TrackedCoin], latest: LatestPrices) throws
    -> [StaleOfflinePrices]
  {
    guard let offline = source.offlineData else { return [] }
    let yesterday = today.adding(days: -1)
    let old = coins.indices.compactMap { position in
      latest[position].flatMap { $0.day < yesterday ? (coins[position].coin, $0) : nil }
    }
    guard !old.isEmpty else { return [] }
    let lastDays = try offline.offlineLastDays(of: old.map(\.0))
    var groups: [StaleOfflinePrices] = []
    for ((_, row), lastDay) in zip(old, lastDays) {
      guard let lastDay, lastDay < yesterday else { continue }
      if let group = groups.firstIndex(where: { $0.day == row.day }) {
        groups[group].symbols.append(row.symbol)
      } else {
        groups.append(StaleOfflinePrices(day: row.day, symbols: [row.symbol]))
      }
    }
    return groups.sorted { $0.day < $1.day }
  }
}
