import CoinTrackCore

/// A leaf command in one file: its declaration, its typed settings and what it does.
///
/// The unit's `spec` drives parsing, help, usage lines, suggestions and completion like every
/// other entry of the command table; `init` reads the command's own arguments and options into
/// typed values; `run` calls the core and returns what is printed. `CommandRunner` knows no unit
/// by name: adding a command is its file plus one entry in `CommandTable`.
protocol LeafCommand: Sendable {
  /// The words, arguments, options, help text, examples and the kind of records printed.
  static var spec: CommandSpec { get }

  /// The command's settings from the parsed command line, checked.
  init(_ command: ParsedCommand, in session: CommandSession) throws

  /// Does the command's work and returns what is printed.
  func run(in session: CommandSession) throws -> CommandOutput
}

/// A leaf command that takes no arguments or options of its own, so its unit holds no settings.
protocol SettingsFreeCommand: LeafCommand {
  init()
}

extension SettingsFreeCommand {
  init(_ command: ParsedCommand, in session: CommandSession) {
    self.init()
  }
}

/// A leaf command's type, kept in its spec and compared by identity so that specs stay values.
struct LeafCommandType: Hashable, Sendable {
  let type: any LeafCommand.Type

  static func == (left: LeafCommandType, right: LeafCommandType) -> Bool {
    ObjectIdentifier(left.type) == ObjectIdentifier(right.type)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}

/// What a leaf command prints.
enum CommandOutput {
  /// Text printed as it is, such as help or a completion script.
  case text(String)
  /// Records, printed in the format the global options choose.
  case records(RecordOutput)
  /// Text handed on a chunk at a time, as it is made: an output that may be larger than
  /// memory should hold. The producer checks its input before its first chunk.
  case stream((_ write: (String) throws -> Void) throws -> Void)
}

/// Records with what their rendering and the notes after them need to know.
struct RecordOutput {
  let records: RecordSet
  /// The daily prices behind the records: what directive formats print and charts draw.
  var dailyPrices: PriceRows?
  /// Draw a chart under a table even when stdout is not a terminal.
  var wantsChart = false
  /// Lines for stderr after the data, without the program name, that --quiet leaves out:
  /// each starts `note: `.
  var notes: [String] = []
  /// Lines for stderr after the data, without the program name, that always print: the
  /// errors of single items of a command that goes on with the others, as `sync` does.
  var errors: [String] = []
  /// Days whose price is the latest rather than a close; tables say so in a note.
  var openDays: [Day] = []
  /// What the run fails with once the records and notes are printed: a command that reports
  /// on many items, some of which failed, still prints every item.
  var failure: (any Error)?
  /// The run's exit code once the records are written: success, or a result such as an alert
  /// that fired.
  var exitCode: ExitCode = .success

  init(
    _ records: RecordSet, dailyPrices: PriceRows? = nil, wantsChart: Bool = false,
    notes: [String] = [], errors: [String] = [], openDays: [Day] = [],
    failure: (any Error)? = nil, exitCode: ExitCode = .success
  ) {
    self.records = records
    self.dailyPrices = dailyPrices
    self.wantsChart = wantsChart
    self.notes = notes
    self.errors = errors
    self.openDays = openDays
    self.failure = failure
    self.exitCode = exitCode
  }
}
