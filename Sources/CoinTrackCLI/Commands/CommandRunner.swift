import CoinTrackCore

/// Runs one command line: parse, find the unit, resolve, run, render, and report failures.
///
/// Nothing here names a command: each leaf command's unit reads its settings and does its work,
/// and what it returns is rendered by the kind of output, text or records.
struct CommandRunner {
  let context: RunContext
  /// What the live sources of this run report besides their data, printed after it.
  private let notices = SourceNotices()

  /// The state before any file exists, from the embedded catalogue.
  static let initialState: @Sendable () -> TrackerState = {
    TrackerState.initial(catalogue: SnapshotPriceSource().catalogue())
  }

  /// Runs the command line and returns the exit code.
  func run() -> ExitCode {
    do {
      switch try CommandLineParser.parse(
        context.arguments, undecodable: context.undecodableArguments)
      {
      case .help(let path):
        try context.standardOutput.write(
          HelpRenderer(width: context.terminalWidth).help(for: path))
      case .version:
        try context.standardOutput.write(CommandTable.versionLine())
      case .run(let command):
        return try execute(command)
      }
      return .success
    } catch OutputError.closed {
      return .success
    } catch {
      let failure = ErrorFunnel.failure(for: explained(error))
      try? context.standardError.write(failure.report)
      return failure.code
    }
  }

  /// `error`, unless it is "no price in the range" after a source left out days beyond its
  /// plan's window: then the plan is why, and the run fails for that reason.
  private func explained(_ error: any Error) -> any Error {
    guard case TrackerError.noPricesInRange = error,
      case .historyBeyondPlan(let source, let windowDays, let days)? = notices.all.first(where: {
        if case .historyBeyondPlan = $0 { true } else { false }
      })
    else { return error }
    return SourceError.historyBeyondPlan(source: source, windowDays: windowDays, days: days)
  }

  /// Resolves the global options, lets the command's unit read its settings and run, and
  /// prints what it returns, then the errors of single items, the notes and the sources'
  /// notices on stderr (without the notes and notices under --quiet); returns the
  /// exit code the command's result asks for.
  private func execute(_ command: ParsedCommand) throws -> ExitCode {
    guard let leaf = command.path.command.leaf else {
      throw UsageError.missingSubcommand(at: command.path)
    }
    let session = try CommandSession(command: command, context: context, notices: notices)
    let unit = try leaf.type.init(command, in: session)
    var notes: [String] = []
    var errors: [String] = []
    var failure: (any Error)?
    var exitCode = ExitCode.success
    switch try unit.run(in: session) {
    case .text(let text):
      try context.standardOutput.write(text)
    case .stream(let produce):
      try produce { try context.standardOutput.write($0) }
    case .records(let output):
      guard let settings = session.output else {
        preconditionFailure("\(command.path.fullName) prints records but declares no kind")
      }
      let leftOut = try write(output, settings: settings)
      notes = output.notes
      if !leftOut.isEmpty { notes.append(leftOutNote(leftOut)) }
      errors = output.errors
      failure = output.failure
      exitCode = output.exitCode
      if settings.format == .records(.table), let day = Set(output.openDays).sorted().first {
        notes.append(
          "note: the price for \(day) is the latest price, not the close of a finished day.")
      }
    }
    // The one place notes reach stderr, and so the one place --quiet leaves them out. One write
    // for all the lines: `alerts check` may note dozens of alerts.
    let lines = errors + (session.quiet ? [] : notes + notices.all.map(ErrorFunnel.note))
    if !lines.isEmpty {
      try? context.standardError.write(
        lines.map { "\(CommandTable.programName): \($0)\n" }.joinedText(separator: ""))
    }
    if let failure { throw failure }
    return exitCode
  }

  /// The note that a table on a terminal left out the fields of `keys` to fit it.
  private func leftOutNote(_ keys: [String]) -> String {
    "note: \(keys.count == 1 ? "column" : "columns") "
      + ErrorFunnel.listing(keys, conjunction: "and")
      + " left out to fit \(context.tableWidth ?? 0) columns; --format csv or a wider terminal "
      + "shows them."
  }

  /// Writes to stdout the records in the chosen format, a chunk at a time, or the daily prices
  /// as directives; after a table, a sparkline on a terminal or the chart that --chart asks for.
  /// Returns the keys of the fields a table left out to fit the terminal.
  private func write(_ output: RecordOutput, settings: OutputSettings) throws -> [String] {
    var leftOut: [String] = []
    switch settings.format {
    case .priceDirectives(let dialect):
      // OutputSettings allows directive formats only where the daily prices are the output.
      try dialect.write(output.dailyPrices ?? PriceRows([])) {
        try context.standardOutput.write($0)
      }
    case .records(let format):
      let records = output.records
      let selected =
        settings.fields.map(records.selecting) ?? (format == .table ? records.forTables : records)
      // Fields named with --fields are shown in full: the user chose them.
      leftOut = try format.write(
        selected, header: settings.header, tableStyle: context.tableStyle,
        tableWidth: settings.fields == nil ? context.tableWidth : nil
      ) {
        try context.standardOutput.write(utf8: $0)
      }
      if format == .table, let dailyPrices = output.dailyPrices {
        if output.wantsChart {
          try context.standardOutput.write(
            PriceChart.chart(dailyPrices, width: context.terminalWidth))
        } else if context.standardOutputIsTerminal {
          try context.standardOutput.write(
            PriceChart.sparkline(dailyPrices, width: context.terminalWidth))
        }
      }
    }
    return leftOut
  }
}
