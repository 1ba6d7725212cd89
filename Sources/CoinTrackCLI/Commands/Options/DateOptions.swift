import CoinTrackCore

/// Dates on the command line: --today, COINTRACK_TODAY, and YYYY-MM-DD or a word such as
/// 'yesterday' wherever a date is asked for.
enum DateOptions {
  /// The words a date takes besides YYYY-MM-DD, with their distance from today.
  static let relativeDays: [(word: String, offset: Int)] = [("today", 0), ("yesterday", -1)]

  static let todayOption = OptionSpec(
    "today", value: "DATE",
    summary:
      "What today is: YYYY-MM-DD, 'today' or 'yesterday'. No date after it may be asked for.",
    default: "$COINTRACK_TODAY, else the system date in UTC", completion: .date)

  /// The day --today names, checked whether or not the command needs a date; nil without it.
  static func todayOverride(in command: ParsedCommand, context: RunContext) throws(UsageError)
    -> Day?
  {
    try command.value(of: todayOption).map { input throws(UsageError) in
      try date(input, origin: todayOption.flag, today: context.systemToday(), at: command.path)
        .day
    }
  }

  /// What today is: the --today day, else COINTRACK_TODAY, else the system's date in UTC.
  static func today(override: Day?, context: RunContext) throws(EnvironmentError) -> Day {
    if let override { return override }
    let variable = RunContext.todayVariable.name
    guard let input = try context.environment.text(variable), !input.isEmpty else {
      return context.systemToday()
    }
    let path = CommandPath(commands: [CommandTable.root])
    guard let day = try? date(input, origin: variable, today: context.systemToday(), at: path)
    else { throw EnvironmentError.invalidDate(variable: variable, input: input) }
    return day.day
  }

  /// A date's value as a day, keeping the input for messages: YYYY-MM-DD, or a word such as
  /// 'yesterday' counted from `today`, which must not leave the calendar cointrack knows.
  static func date(_ input: String, origin: String, today: Day, at path: CommandPath)
    throws(UsageError) -> DatedInput
  {
    guard let relative = relativeDays.first(where: { $0.word == input.lowercased() }) else {
      guard let day = Day(iso: input) else {
        throw UsageError.invalidDate(input: input, origin: origin, at: path)
      }
      return DatedInput(day: day, input: input)
    }
    let day = today.adding(days: relative.offset)
    guard Day.supported.contains(day) else {
      throw UsageError.dateOutsideCalendar(input: input, day: day, origin: origin, at: path)
    }
    return DatedInput(day: day, input: input)
  }
}
