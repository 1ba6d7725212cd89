/// A price source whose data is held on this machine and so ends on some day for each coin: the
/// offline source. A live source answers up to now and is not one.
public protocol OfflinePriceData: PriceSource {
  /// The last day the source holds for each coin, by position; nil for a coin it holds none
  /// of the days of. Throws when the data for a coin cannot be read.
  func offlineLastDays(of coins: [Coin]) throws -> [Day?]
}

extension OfflinePriceData {
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
  public let symbols: [String]
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
    guard let offline = source as? any OfflinePriceData else { return [] }
    let yesterday = today.adding(days: -1)
    let old = coins.indices.compactMap { position in
      latest[position].flatMap { $0.day < yesterday ? $0 : nil }.map { (position, $0) }
    }
    let lastDays = try offline.offlineLastDays(of: old.map { coins[$0.0].coin })
    var symbolsByDay: [Day: [String]] = [:]
    for ((_, row), lastDay) in zip(old, lastDays) {
      guard let lastDay, lastDay < yesterday else { continue }
      symbolsByDay[row.day, default: []].append(row.symbol)
    }
    return symbolsByDay.sorted { $0.key < $1.key }.map {
      StaleOfflinePrices(day: $0.key, symbols: $0.value)
    }
  }

  /// The last day the offline source holds for `coin` when `range` runs past it; nil for a live
  /// source, and for a range within the data.
  func offlineDataEnd(of coin: Coin, before range: DayRange) throws -> Day? {
    guard let offline = source as? any OfflinePriceData,
      let lastDay = try offline.offlineLastDay(of: coin), lastDay < range.last
    else { return nil }
    return lastDay
  }
}
