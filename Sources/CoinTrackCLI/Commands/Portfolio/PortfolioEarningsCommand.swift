import CoinTrackCore

/// `cointrack portfolio earnings [--from DATE] [--to DATE] [--year YYYY] [--coin COIN]`: the
/// income received (staking, airdrops, interest) with its value, and the totals per currency and
/// kind.
struct PortfolioEarningsCommand: LeafCommand {
  static let rangeOptions = ReportRange.options(of: "income", firstDay: "the first income's day")

  static let spec = CommandSpec(
    "earnings", summary: "Show the income received in coins, with its value.",
    discussion: """
      One row per income recorded ('portfolio income', or an import's staking, airdrop and \
      interest rows): its trade id and date, the coin, the kind (staking, airdrop or \
      interest), the quantity, the close it was valued at (the price of one unit), the value \
      (quantity × close), the currency and the coin id. Then a TOTAL row per currency and \
      kind. A currency's values are rounded to the most decimals of its closes (at least 2), \
      the rounding carried from row to row, so the rows add up to the exact total, rounded. \
      The value of income is the cost of its units in 'portfolio show' and 'portfolio gains'.
      """,
    options: [
      rangeOptions.from, rangeOptions.to, rangeOptions.year, PortfolioTradesCommand.coinOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio earnings --year 2025",
        explanation: "The income of 2025, with its totals."),
      Example(
        command: "cointrack portfolio earnings --coin eth --format csv",
        explanation: "Ether's income as CSV."),
    ],
    leaf: Self.self, output: .income)

  let range: ReportRange
  let coin: String?

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    coin = command.value(of: PortfolioTradesCommand.coinOption)
    range = try ReportRange(
      command, options: Self.rangeOptions, in: session)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    // Only a coin that names none of the traded coins needs the source.
    let tracker =
      coin == nil
      ? session.tracker(source: SnapshotPriceSource(), today: range.today)
      : session.tracker(source: try session.profileSource(), today: range.today)
    let report = try tracker.income(
      of: try session.openStore().loadTrades(), from: range.from, to: range.to, coin: coin)
    return .records(RecordOutput(.income(report)))
  }
}
