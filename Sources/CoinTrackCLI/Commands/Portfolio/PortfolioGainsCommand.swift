import CoinTrackCore

/// `cointrack portfolio gains [--from DATE] [--to DATE] [--year YYYY] [--coin COIN]
/// [--method METHOD]`: the profit each sale realised, lot by lot, with its holding period.
struct PortfolioGainsCommand: LeafCommand {
  static let rangeOptions = ReportRange.options(of: "sales", firstDay: "the first sale's day")

  static let spec = CommandSpec(
    "gains", summary: "Show the profit each sale realised, lot by lot.",
    discussion: """
      One row per lot a sale took its units from (under average, one row per sale): the \
      sale's trade id and date, the coin, the quantity, the lot (the trade id of the buy; \
      empty under average), the day it was acquired (the buy's day; under average the day of \
      the first buy since the coin was last not held at all), the days held from then to the \
      sale, the term (short under \(GainRow.longTermDays) days held, long from \
      \(GainRow.longTermDays)), the proceeds (the sale's share, its fee taken off), the \
      cost (the lot's share, the buy's fee in it), the gain (proceeds − cost), the currency and \
      the coin id. Then, per currency, three TOTAL rows: all the rows, the short-term ones \
      (term short) and the long-term ones (term long).

      Money is rounded as 'portfolio show --date' on --to rounds it, and the rounding is \
      carried from row to row (each row shows what it adds to its coin's running totals, \
      rounded), so the gains of every sale up to a day add up to the realised profit \
      'portfolio show --date' gives for that day, to the last digit; a row's proceeds are its \
      cost plus its gain. Every trade up to --to must be in the currency of the prices, as for \
      'portfolio show', whose prices decide the decimals of a coin held on --to.
      """,
    options: [
      rangeOptions.from, rangeOptions.to, rangeOptions.year, PortfolioTradesCommand.coinOption,
      CostMethodSetting.option, SourceSelection.sourceOption, SourceSelection.currencyOption,
      SourceSelection.refreshOption, SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio gains --year 2025",
        explanation: "Every sale of 2025, lot by lot, with the totals."),
      Example(
        command: "cointrack portfolio gains --coin eth --method hifo --format csv",
        explanation: "Ether's sales, highest cost first, as CSV."),
      Example(
        command: "cointrack portfolio gains --to 2025-12-31 --fields sale_id,term,gain",
        explanation: "Each part's term and gain up to the end of 2025."),
    ],
    leaf: Self.self, output: .gain)

  let range: ReportRange
  let coin: String?
  let command: ParsedCommand

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    self.command = command
    coin = command.value(of: PortfolioTradesCommand.coinOption)
    range = try ReportRange(
      command, options: Self.rangeOptions, in: session)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource(), today: range.today)
    let report = try tracker.gains(
      of: try session.openStore().loadTrades(), from: range.from, to: range.to, coin: coin,
      method: try CostMethodSetting.method(in: command, session: session))
    return .records(RecordOutput(.gains(report)))
  }
}
