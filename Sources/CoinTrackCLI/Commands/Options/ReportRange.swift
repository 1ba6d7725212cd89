import CoinTrackCore

/// The days a report covers: `--from` and `--to`, or `--year` alone, as `portfolio gains` and
/// `portfolio earnings` take them (each with its own summaries of the options).
struct ReportRange {
  let from: DatedInput?
  let to: DatedInput
  let today: Day

  /// --from, --to and --year for a report of `what` (`sales`), whose first day by default is
  /// `firstDay`.
  static func options(of what: String, firstDay: String) -> (
    from: OptionSpec, to: OptionSpec, year: OptionSpec
  ) {
    (
      OptionSpec(
        "from", value: "DATE",
        summary: "The first day of the \(what): YYYY-MM-DD, 'today' or 'yesterday'.",
        default: firstDay, completion: .date),
      OptionSpec(
        "to", value: "DATE",
        summary: "The last day of the \(what): YYYY-MM-DD, 'today' or 'yesterday'.",
        default: "today", completion: .date),
      OptionSpec(
        "year", value: "YYYY",
        summary: "The \(what) of one calendar year, to today in the current one; not with "
          + "--from or --to.")
    )
  }

  /// The years --year takes: those whose every day the calendar supports.
  static let yearRange = 1970...9999

  /// The range the options name: --year (not with --from or --to) from 1 January to 31
  /// December, or today in the current year; else --from (nil without it) to --to (today
  /// without it).
  init(
    _ command: ParsedCommand, options: (from: OptionSpec, to: OptionSpec, year: OptionSpec),
    in session: CommandSession
  ) throws {
    let (fromOption, toOption, yearOption) = options
    let today = try session.today()
    self.today = today
    let date = { (input: String, option: OptionSpec) throws(UsageError) in
      try DateOptions.date(input, origin: option.flag, today: today, at: command.path)
    }
    if let year = command.value(of: yearOption) {
      for option in [fromOption, toOption] where command.value(of: option) != nil {
        throw UsageError.conflictingOptions(yearOption, option, at: command.path)
      }
      let range = Self.yearRange
      guard year.isDecimalDigits, let number = Int(year), range.contains(number),
        let first = Day(year: number, month: 1, day: 1),
        let last = Day(year: number, month: 12, day: 31)
      else {
        throw UsageError.invalidWholeNumber(
          option: yearOption, input: year, allowed: range, at: command.path)
      }
      from = DatedInput(day: first, input: year)
      to = DatedInput(day: min(last, today), input: year)
    } else {
      to = try date(command.value(of: toOption) ?? "today", toOption)
      from = try command.value(of: fromOption).map { try date($0, fromOption) }
    }
  }
}
