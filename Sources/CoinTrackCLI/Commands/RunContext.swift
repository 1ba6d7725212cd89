import CoinTrackCore

/// Everything a run may look at: argv, the environment and where output goes.
///
/// The CLI reads nothing from the process directly, so tests can run it in process with a
/// made-up environment.
public struct RunContext {
  /// The arguments after the program name.
  public var arguments: [String]
  /// The arguments that are not valid UTF-8, by position in `arguments`, as given: the parser
  /// refuses them, quoting these bytes, rather than act on a repaired copy.
  public var undecodableArguments: [Int: [UInt8]]
  public var environment: Environment
  public var standardOutput: any TextOutput
  public var standardError: any TextOutput
  /// Whether stdout is a terminal: tables are decorated only then.
  public var standardOutputIsTerminal: Bool
  /// Whether stderr is a terminal: long commands show progress there only then.
  public var standardErrorIsTerminal: Bool
  /// The width of the terminal stdout is, as the terminal reports it; nil when it is none or
  /// does not say. Shells do not export COLUMNS by default, so a table asks the terminal.
  public var standardOutputTerminalWidth: Int?
  /// The system's idea of today, used when neither --today nor COINTRACK_TODAY says.
  public var systemToday: @Sendable () -> Day

  public init(
    arguments: [String], undecodableArguments: [Int: [UInt8]] = [:], environment: Environment,
    standardOutput: any TextOutput, standardError: any TextOutput,
    standardOutputIsTerminal: Bool = false, standardErrorIsTerminal: Bool = false,
    standardOutputTerminalWidth: Int? = nil,
    systemToday: @escaping @Sendable () -> Day = Day.todayUTC
  ) {
    self.standardOutputTerminalWidth = standardOutputTerminalWidth
    self.arguments = arguments
    self.undecodableArguments = undecodableArguments
    self.environment = environment
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.systemToday = systemToday
  }

  /// What today is unless --today says; read where a command needs a date.
  static let todayVariable = EnvironmentVariable(
    "COINTRACK_TODAY",
    meaning: "What today is when --today is not given: YYYY-MM-DD, 'today' or 'yesterday'.")
  static let defaultWidth = 80
  static let columnsVariable = EnvironmentVariable(
    "COLUMNS",
    meaning:
      "The width help wraps to, charts fill and tables on a terminal fit in; when unset or not "
      + "a number of at least \(narrowestWidth), the terminal's own width for tables and "
      + "\(defaultWidth) for the rest. To fit, a table shortens its names with '…', then leaves "
      + "out \(RecordFormat.tableLeftOutFirst.joined(separator: ", ")) and its last columns, and "
      + "says so in a note. Tables to a pipe or a file, tables of the fields --fields names, and "
      + "the other formats are never shortened.")
  /// The narrowest COLUMNS taken: less is more likely a mistake than a terminal.
  static let narrowestWidth = 40
  static let noColorVariable = EnvironmentVariable(
    "NO_COLOR", meaning: "When set and not empty, tables are never decorated (no-color.org).")
  static let termVariable = EnvironmentVariable(
    "TERM", meaning: "When 'dumb', tables are never decorated.")

  /// COLUMNS when it is a sensible number, at least `narrowestWidth`; nil otherwise. Only
  /// COLUMNS is read: the terminal itself is not asked for its size.
  private var columns: Int? {
    guard let columns = environment[RunContext.columnsVariable.name].flatMap({ Int($0) }),
      columns >= RunContext.narrowestWidth
    else { return nil }
    return columns
  }

  /// The width help wraps to and charts fill: COLUMNS when it is a sensible number, else 80,
  /// and no more than 200, which keeps help's lines readable.
  var terminalWidth: Int {
    min(columns ?? RunContext.defaultWidth, 200)
  }

  /// The width a table on stdout must fit in: on a terminal, COLUMNS when it is a sensible
  /// number, else the terminal's own width, else 80; nil for a pipe or a file, whose tables
  /// are never shortened.
  var tableWidth: Int? {
    guard standardOutputIsTerminal else { return nil }
    return columns ?? standardOutputTerminalWidth ?? RunContext.defaultWidth
  }

  /// Decorate tables only on a terminal, and never when NO_COLOR is set (no-color.org).
  var tableStyle: RecordFormat.TableStyle {
    let noColor = !(environment[RunContext.noColorVariable.name] ?? "").isEmpty
    return standardOutputIsTerminal && !noColor
      && environment[RunContext.termVariable.name] != "dumb"
      ? .decorated : .plain
  }
}
