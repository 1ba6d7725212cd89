import CoinTrackCore

/// `cointrack portfolio show [--date DATE] [--method METHOD]`: the coins held on a day,
/// their cost, value and profit, and the totals.
struct PortfolioShowCommand: LeafCommand {
  static let dateOption = OptionSpec(
    "date", value: "DATE", summary: "The day to show: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "today", completion: .date)
  static let spec = CommandSpec(
    "show", summary: "Show the coins held, their cost, value and profit.",
    discussion: """
      One row per coin held on DATE: its symbol, the quantity held, the cost of what is held \
      (purchases at their price plus fees, less the cost taken by sales), the average cost of \
      one unit, the price on DATE (the latest on or before it) and its date, the value \
      (quantity × price), the unrealised profit (value − cost) and its percentage of the cost, \
      the profit realised by the coin's sales to date (proceeds less fees less the cost they \
      took), the currency and the coin id. The last row, symbol TOTAL and no coin id, sums \
      cost, value, unrealised and realised profit (its realised profit includes coins no \
      longer held); its value is empty when a coin has no price.

      Money is exact and rounded half to even to the most decimals of the prices and fees it \
      comes from; percentages to two decimals. A coin without a price is shown without value, \
      with a note on stderr. Every trade must be in the currency of the prices (the offline \
      source's is USDT, which is not USD): one in another is refused unless --source and \
      --currency ask for prices in it.
      """,
    options: [
      dateOption, CostMethodSetting.option, SourceSelection.sourceOption,
      SourceSelection.currencyOption,
      SourceSelection.refreshOption, SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(command: "cointrack portfolio show", explanation: "Today's holdings, FIFO."),
      Example(
        command: "cointrack portfolio show --date 2025-12-31 --method average --format csv",
        explanation: "The holdings at the end of 2025 at average cost, as CSV."),
      Example(
        command: "cointrack portfolio show --source coingecko --currency USD",
        explanation: "Valued at CoinGecko's USD prices, for trades recorded in USD."),
    ],
    leaf: Self.self, output: .holding)

  let day: DatedInput
  let today: Day
  let command: ParsedCommand

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    self.command = command
    let today = try session.today()
    self.today = today
    day = try DateOptions.date(
      command.value(of: Self.dateOption) ?? "today", origin: Self.dateOption.flag, today: today,
      at: command.path)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let valuation = try tracker.portfolio(
      of: try session.state().trades, on: day,
      method: try CostMethodSetting.method(in: command, session: session))
    let unpriced = valuation.unpriced.map { ErrorFunnel.shown($0.symbol) }
    let notes =
      unpriced.isEmpty
      ? []
      : [
        "note: the \(tracker.source.name) source has no price on or before \(day.day) for "
          + unpriced.joined(separator: ", ") + "; "
          + (unpriced.count == 1 ? "its row has" : "their rows have")
          + " no value, and the total none either."
      ]
    return .records(RecordOutput(.holdings(valuation), notes: notes))
  }
}
