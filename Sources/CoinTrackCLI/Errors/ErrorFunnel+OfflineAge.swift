import CoinTrackCore

/// How messages say that the offline data has ended, and how to get the days after it.
extension ErrorFunnel {
  /// Most symbols one group of the stale note names before "and N more".
  static let staleSymbolsShown = 5
  /// Most days the stale note names before counting the other coins.
  static let staleDaysShown = 3

  /// The note `coins list` prints when offline prices end before yesterday: the coins and the
  /// day their prices end (the oldest days first), how long ago that is, and how to update.
  static func staleNote(_ groups: [StaleOfflinePrices], today: Day) -> String {
    var parts = groups.prefix(staleDaysShown).enumerated().map { index, group in
      let symbols = group.symbols.prefix(staleSymbolsShown).map(shown)
      let more = group.symbols.count - symbols.count
      let named =
        more > 0
        ? symbols.joined(separator: ", ") + " and \(more) more"
        : listing(symbols, conjunction: "and")
      let ago = today.daysSince1970 - group.day.daysSince1970
      return (index == 0 ? "the offline prices of \(named) end" : "of \(named)")
        + " on \(group.day) (\(ago) days ago)"
    }
    let others = groups.dropFirst(staleDaysShown).reduce(0) { $0 + $1.symbols.count }
    if others > 0 {
      parts.append("of \(others) more \(others == 1 ? "coin" : "coins") on later days")
    }
    return "note: " + listing(parts, conjunction: "and") + "; " + updateHint("cointrack sync")
  }

  /// The note `prices` prints when some days of the range lie after the offline data.
  static func dataEndNote(missingDays: Int, of days: Int, symbol: String, lastDay: Day) -> String {
    "note: \(missingDays) of \(days) days have no \(shown(symbol)) price in the offline source, "
      + "which holds \(shown(symbol)) up to \(lastDay); " + updateHint(syncCommand(for: symbol))
  }

  /// The end of "no price in the range" when the whole range lies after the offline data.
  static func dataEndHint(symbol: String) -> String {
    "; " + updateHint(syncCommand(for: symbol))
  }

  /// `run 'SYNC' to fetch the closed days since, or ask a live source with --source.`
  private static func updateHint(_ sync: String) -> String {
    "run '\(sync)' to fetch the closed days since, or ask a live source with --source."
  }

  /// `cointrack sync SYMBOL`, or `cointrack sync` alone when the symbol is not a word a shell
  /// takes as it is (a symbol may hold `$`).
  private static func syncCommand(for symbol: String) -> String {
    let plain = symbol.unicodeScalars.allSatisfy {
      ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
    }
    return plain && !symbol.isEmpty ? "cointrack sync \(symbol)" : "cointrack sync"
  }
}
