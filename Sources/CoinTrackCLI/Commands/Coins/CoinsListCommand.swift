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
        notes: stale.isEmpty ? [] : [ErrorFunnel.staleNote(stale, today: today)],
        openDays: latestPrices.rows.filter { !$0.isClosed }.map(\.day)))
  }
}
