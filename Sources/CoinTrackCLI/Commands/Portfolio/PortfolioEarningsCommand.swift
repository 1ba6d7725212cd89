import CoinTrackCore

/// `cointrack portfolio earnings [--from DATE] [--to DATE] [--coin COIN]`: the income received
/// (staking, airdrops, interest) with its value, and the totals per currency and kind.
struct PortfolioEarningsCommand: LeafCommand {
  static let fromOption = OptionSpec(
    "from", value: "DATE",
    summary: "The first day of the income: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the first income's day", completion: .date)
  static let toOption = OptionSpec(
    "to", value: "DATE",
    summary: "The last day of the income: YYYY-MM-DD, 'today' or "
      + "'yesterday'.", default: "today", completion: .date)

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
    options: [fromOption, toOption, PortfolioTradesCommand.coinOption],
    examples: [
      Example(
        command: "cointrack portfolio earnings --from 2025-01-01 --to 2025-12-31",
        explanation: "The income of 2025, with its totals."),
      Example(
        command: "cointrack portfolio earnings --coin eth --format csv",
        explanation: "Ether's income as CSV."),
    ],
    leaf: Self.self, output: .income)

  let from: DatedInput?
  let to: DatedInput
  let coin: String?
  let today: Day

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    let today = try session.today()
    let date = { (input: String, option: OptionSpec) throws(UsageError) in
      try DateOptions.date(input, origin: option.flag, today: today, at: command.path)
    }
    self.today = today
    coin = command.value(of: PortfolioTradesCommand.coinOption)
    to = try date(command.value(of: Self.toOption) ?? "today", Self.toOption)
    from = try command.value(of: Self.fromOption).map { try date($0, Self.fromOption) }
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    // Only a coin that names none of the traded coins needs the source.
    let tracker =
      coin == nil
      ? session.tracker(source: SnapshotPriceSource(), today: today)
      : session.tracker(source: try session.profileSource(), today: today)
    let report = try tracker.income(
      of: try session.openStore().loadTrades(), from: from, to: to, coin: coin)
    return .records(RecordOutput(.income(report)))
  }
}
