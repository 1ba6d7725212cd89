import CoinTrackCore

/// `cointrack coins list`: the tracked coins with their latest price.
struct CoinsListCommand: SettingsFreeCommand {
  static let spec = CommandSpec(
    "list", summary: "List the tracked coins with their latest price.",
    discussion: """
      One row per tracked coin: its id, symbol and name, the latest price on or before today, \
      the date of that price, its currency and source, and its coin id (the CoinGecko id, or \
      symbol/SYMBOL for a coin only Binance or Twelve Data knows), which '@' names it by. On \
      first use the list holds BTC, ETH, BNB, SOL and XRP. When the offline prices of some \
      coins end before yesterday, a note on stderr names them, the day they end and how to \
      update. A live source is asked for the latest prices of all the coins together, in one \
      request unless the list is too long for a URL.
      """,
    options: [
      SourceSelection.sourceOption, SourceSelection.currencyOption, SourceSelection.refreshOption,
      SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(command: "cointrack coins list", explanation: "As a table."),
      Example(
        command: "cointrack coins list --format json", explanation: "As a JSON array of objects."),
      Example(
        command: "cointrack coins list --format tsv --fields symbol,price --no-header",
        explanation: "Symbol and price only, tab-separated, for a shell loop."),
    ],
    leaf: Self.self, output: .coinListing)

  func run(in session: CommandSession) throws -> CommandOutput {
    let today = try session.today()
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let coins = try session.state().coins
    let latestPrices = try tracker.latestPrices(of: coins)
    let stale = try tracker.staleOfflinePrices(of: coins, latest: latestPrices)
    return .records(
      RecordOutput(
        .coinListings(coins, latestPrices: latestPrices),
        notes: stale.isEmpty ? [] : [Self.staleNote(stale, today: today)],
        openDays: latestPrices.rows.filter { !$0.isClosed }.map(\.day)))
  }

  /// Most symbols one group of the stale note names before "and N more".
  static let staleSymbolsShown = 5
  /// Most days the stale note names before counting the other coins.
  static let staleDaysShown = 3

  /// The note printed when offline prices end before yesterday: the coins and the day their
  /// prices end (the oldest days first), how long ago that is, and how to update.
  static func staleNote(_ groups: [StaleOfflinePrices], today: Day) -> String {
    var parts = groups.prefix(staleDaysShown).enumerated().map { index, group in
      let symbols = group.symbols.prefix(staleSymbolsShown).map(ErrorFunnel.shown)
      let more = group.symbols.count - symbols.count
      let named =
        more > 0
        ? symbols.joined(separator: ", ") + " and \(more) more"
        : ErrorFunnel.listing(symbols, conjunction: "and")
      let ago = today.daysSince1970 - group.day.daysSince1970
      return (index == 0 ? "the offline prices of \(named) end" : "of \(named)")
        + " on \(group.day) (\(ago) days ago)"
    }
    let others = groups.dropFirst(staleDaysShown).reduce(0) { $0 + $1.symbols.count }
    if others > 0 {
      parts.append("of \(others) more \(others == 1 ? "coin" : "coins") on later days")
    }
    return "note: " + ErrorFunnel.listing(parts, conjunction: "and") + "; " + SyncHint.text()
  }
}
