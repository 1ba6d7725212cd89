import CoinTrackCore

/// `cointrack portfolio gains [--from DATE] [--to DATE] [--year YYYY] [--coin COIN]
/// [--method METHOD]`: the profit each sale realised, lot by lot, with its holding period.
struct PortfolioGainsCommand: LeafCommand {
  static let fromOption = OptionSpec(
    "from", value: "DATE",
    summary: "The first day of the sales: YYYY-MM-DD, 'today' or "
      + "'yesterday'.", default: "the first sale's day", completion: .date)
  static let toOption = OptionSpec(
    "to", value: "DATE",
    summary: "The last day of the sales: YYYY-MM-DD, 'today' or "
      + "'yesterday'.", default: "today", completion: .date)
  static let yearOption = OptionSpec(
    "year", value: "YYYY",
    summary: "The sales of one calendar year, to today in the current one; not with --from or "
      + "--to.")

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
      fromOption, toOption, yearOption, PortfolioTradesCommand.coinOption,
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

  let from: DatedInput?
  let to: DatedInput
  let coin: String?
  let today: Day
  let command: ParsedCommand

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    let today = try session.today()
    let date = { (input: String, option: OptionSpec) throws(UsageError) in
      try DateOptions.date(input, origin: option.flag, today: today, at: command.path)
    }
    self.today = today
    self.command = command
    coin = command.value(of: PortfolioTradesCommand.coinOption)
    if let year = command.value(of: Self.yearOption) {
      for option in [Self.fromOption, Self.toOption] where command.value(of: option) != nil {
        throw UsageError.conflictingOptions(Self.yearOption, option, at: command.path)
      }
      let range = Self.yearRange
      guard year.isDecimalDigits, let number = Int(year), range.contains(number),
        let first = Day(year: number, month: 1, day: 1),
        let last = Day(year: number, month: 12, day: 31)
      else {
        throw UsageError.invalidWholeNumber(
          option: Self.yearOption, input: year, allowed: range, at: command.path)
      }
      from = DatedInput(day: first, input: year)
      to = DatedInput(day: min(last, today), input: year)
    } else {
      to = try date(command.value(of: Self.toOption) ?? "today", Self.toOption)
      from = try command.value(of: Self.fromOption).map { try date($0, Self.fromOption) }
    }
  }

  /// The years --year takes: those whose every day the calendar supports.
  static let yearRange = 1970...9999

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let report = try tracker.gains(
      of: try session.state().trades, from: from, to: to, coin: coin,
      method: try CostMethodSetting.method(in: command, session: session))
    return .records(RecordOutput(.gains(report)))
  }
}
