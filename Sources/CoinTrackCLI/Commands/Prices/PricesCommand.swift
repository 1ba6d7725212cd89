import CoinTrackCore

/// `cointrack prices COIN`: a coin's daily closes between two dates, or their statistics.
struct PricesCommand: LeafCommand {
  static let coinArgument = ArgumentSpec(
    "COIN", summary: "A symbol, full name or @id.", completion: .catalogueCoin)
  static let fromOption = OptionSpec(
    "from", value: "DATE", summary: "The first day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the --to day", completion: .date)
  static let toOption = OptionSpec(
    "to", value: "DATE", summary: "The last day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the latest day with a price (offline: the last day the data holds)",
    completion: .date)
  static let statsOption = OptionSpec(
    "stats",
    summary: "Print one row of statistics of the range instead of a row per day.",
    output: .priceStatistics)
  static let chartOption = OptionSpec(
    "chart",
    summary: "Draw a chart of the range under the table, as wide as COLUMNS, even when stdout "
      + "is not a terminal.",
    formats: [RecordFormat.table.rawValue])

  static let spec = CommandSpec(
    "prices", summary: "Show a coin's daily prices between two dates.",
    discussion: """
      One row per calendar day from --from to --to, inclusive, with that day's close (the close \
      of the UTC day). Without dates, one row: the latest price on or before today, the one \
      'coins list' shows. A day the data lacks still gets its row, with no price, and a note on \
      stderr counts such days; when the offline data ends before yesterday, a note says how to \
      bring it up to date. Works for any coin of the catalogue, tracked or not.

      With --stats, one row instead: the first and last day with a price and those prices, the \
      lowest and highest price with their days (the first such day on a tie), the mean of the \
      days with a price (exact, rounded half to even to the most decimals of those prices), the \
      change from the first price to the last and that change in percent (rounded half to even \
      to two decimals), and how many days have a price and how many do not.

      In table format on a terminal the output ends with a one-line sparkline of the range; \
      --chart draws a taller chart instead. With --format ledger, hledger or beancount, each \
      day with a price becomes a price directive for that tool.
      """,
    arguments: [coinArgument],
    options: [
      fromOption, toOption, statsOption, chartOption, SourceSelection.sourceOption,
      SourceSelection.currencyOption, SourceSelection.refreshOption,
      SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack prices btc --from 2024-01-01 --to 2024-01-07",
        explanation: "Bitcoin's closes for the first week of 2024."),
      Example(
        command: "cointrack prices ethereum --from 2024-01-01 --to 2024-12-31 --stats",
        explanation: "Ethereum's 2024 in one row: first, last, lowest, highest, mean, change."),
      Example(
        command: "cointrack prices btc --from 2024-01-01 --to 2024-01-31 --format hledger",
        explanation: "January's closes as hledger price directives, to append to a journal."),
    ],
    leaf: Self.self, output: .priceRow)

  /// The coin as the user named it; the tracker resolves it.
  let coin: String
  /// What the tracker counts as today: no day after it may be asked for.
  let today: Day
  let from: DatedInput?
  let to: DatedInput?
  let wantsStatistics: Bool
  let wantsChart: Bool

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    // The parser refuses a line without the coin.
    coin = command.value(of: Self.coinArgument)!
    let today = try session.today()
    let date = { (input: String, option: OptionSpec) throws(UsageError) in
      try DateOptions.date(input, origin: option.flag, today: today, at: command.path)
    }
    self.today = today
    to = try command.value(of: Self.toOption).map { try date($0, Self.toOption) }
    from = try command.value(of: Self.fromOption).map { try date($0, Self.fromOption) }
    wantsStatistics = command.contains(Self.statsOption)
    wantsChart = command.contains(Self.chartOption)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let history = try tracker.prices(coin: coin, from: from, to: to)
    // A range is never empty and a source returns a row for each of its days.
    let first = history.rows[0]
    var notes: [String] = []
    if let lastDay = history.offlineDataEnd {
      notes.append(
        Self.dataEndNote(
          missingDays: history.missingDays, of: history.rows.count, symbol: first.symbol,
          lastDay: lastDay, today: today))
    } else if history.missingDays > 0 {
      notes.append(
        "note: \(history.missingDays) of \(history.rows.count) days have no \(first.symbol) "
          + "price in the \(tracker.source.name) source; their rows have no price.")
    }
    let records: RecordSet =
      wantsStatistics
      ? .priceStatistics(
        PriceStatistics(
          symbol: first.symbol, currency: first.currency, source: first.source,
          rows: history.rows))
      : .priceRows(history.rows)
    return .records(
      RecordOutput(
        records, dailyPrices: history.rows, wantsChart: wantsChart, notes: notes,
        openDays: history.openDays))
  }

  /// The note printed when the offline data ends before yesterday and the range asks for days
  /// after it: how many of its days have no price (when some lack one) and how to get them.
  static func dataEndNote(missingDays: Int, of days: Int, symbol: String, lastDay: Day, today: Day)
    -> String
  {
    let shown = ErrorFunnel.shown(symbol)
    let ago = today.daysSince1970 - lastDay.daysSince1970
    let hint = SyncHint.text(symbol: symbol)
    guard missingDays > 0 else {
      return "note: the offline source holds \(shown) up to \(lastDay) (\(ago) days ago); " + hint
    }
    return "note: \(missingDays) of \(days) days have no \(shown) price in the offline source, "
      + "which holds \(shown) up to \(lastDay); " + hint
  }
}
