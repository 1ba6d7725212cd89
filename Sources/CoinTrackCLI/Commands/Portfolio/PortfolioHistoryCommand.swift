import CoinTrackCore

/// `cointrack portfolio history [--from DATE] [--to DATE] [--method METHOD]`: the whole
/// portfolio's value, cost and profit on each day of a range, at that day's closes.
struct PortfolioHistoryCommand: LeafCommand {
  static let fromOption = OptionSpec(
    "from", value: "DATE", summary: "The first day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the first trade's day", completion: .date)
  /// The last day, as `prices` takes it.
  static let toOption = OptionSpec(
    "to", value: "DATE", summary: "The last day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "today", completion: .date)

  static let spec = CommandSpec(
    "history", summary: "Show the portfolio's value, cost and profit day by day.",
    discussion: """
      One row per calendar day from --from to --to, inclusive: the value of everything held \
      at the end of the day at that day's closes (the same daily closes 'cointrack prices' \
      shows), the cost of what is held, the unrealised profit (value − cost) and its \
      percentage of the cost, the profit realised by the sales up to that day, the currency, \
      how many coins are held, and 'priced' (in CSV, TSV and JSON): whether every coin held \
      has a close that day. Each row is the TOTAL row of 'cointrack portfolio show --date' \
      for that day, when every coin held has a close that day; show takes the latest price \
      on or before the day instead.

      A day on which a coin held has no close has no value, no unrealised profit and priced \
      false, never a sum that leaves the coin out; a note on stderr names each such coin and \
      its days. Money is rounded as 'portfolio show' rounds it. Every trade must be in the \
      currency of the prices, as for 'portfolio show'.
      """,
    options: [
      fromOption, toOption, CostMethodSetting.option, SourceSelection.sourceOption,
      SourceSelection.currencyOption, SourceSelection.refreshOption,
      SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio history --from 2025-01-01 --to 2025-01-31",
        explanation: "The portfolio day by day in January 2025, FIFO."),
      Example(
        command: "cointrack portfolio history --from yesterday --format csv --no-header",
        explanation: "Yesterday's and today's rows as CSV, for a daily cron job."),
    ],
    leaf: Self.self, output: .portfolioDay)

  let from: DatedInput?
  let to: DatedInput
  let today: Day
  let command: ParsedCommand

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    self.command = command
    let today = try session.today()
    let date = { (input: String, option: OptionSpec) throws(UsageError) in
      try DateOptions.date(input, origin: option.flag, today: today, at: command.path)
    }
    self.today = today
    to = try date(command.value(of: Self.toOption) ?? "today", Self.toOption)
    from = try command.value(of: Self.fromOption).map { try date($0, Self.fromOption) }
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let history = try tracker.portfolioHistory(
      of: try session.state().trades, from: from, to: to,
      method: try CostMethodSetting.method(in: command, session: session))
    return .records(
      RecordOutput(
        .portfolioDays(history),
        notes: history.gaps.isEmpty ? [] : [Self.gapNote(history.gaps, source: tracker.source)]))
  }

  /// One note naming each coin held without a close and its days.
  static func gapNote(_ gaps: [PortfolioHistory.Gap], source: any PriceSource) -> String {
    let coins = gaps.map { gap in
      let symbol = ErrorFunnel.shown(gap.coin.symbol)
      // `days` is never empty.
      let first = gap.days.first!
      let last = gap.days.last!
      if gap.days.count == 1 { return "\(symbol) on \(first)" }
      let span = last.daysSince1970 - first.daysSince1970 + 1
      return span == gap.days.count
        ? "\(symbol) from \(first) to \(last)"
        : "\(symbol) on \(gap.days.count) days from \(first) to \(last)"
    }
    return "note: the \(source.name) source has no close for "
      + (gaps.count == 1 ? "a coin held: " : "coins held: ") + coins.joined(separator: ", ")
      + "; " + (gaps.map(\.days.count).reduce(0, +) == 1 ? "that day has" : "those days have")
      + " no value."
  }
}
