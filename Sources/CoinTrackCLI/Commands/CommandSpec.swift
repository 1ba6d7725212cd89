import CoinTrackCore

/// What a word on the command line completes to; drives the completion scripts.
enum CompletionKind: Hashable, Sendable {
  case none
  /// One of the option's allowed values.
  case choices
  /// A date: YYYY-MM-DD, `today` or `yesterday`.
  case date
  /// A tracked coin: its symbol, list id or `@` coin id.
  case trackedCoin
  /// A coin of the catalogue: its symbol.
  case catalogueCoin
  /// A command name or help topic.
  case commandOrTopic
  /// A stored alert's id.
  case alert
  /// A file name.
  case file
  /// Fields of what the command prints, separated by commas.
  case fields
}

/// One option, declared once for parsing, help, suggestions and completion.
///
/// Its allowed values and formats are made only when read: every start builds the whole table,
/// and most runs never read them.
struct OptionSpec: Hashable, Sendable {
  /// The long name without dashes, such as `format`.
  let name: String
  let shortName: Character?
  /// The placeholder of the option's value, such as `FORMAT`; nil for a flag.
  let valueName: String?
  let summary: String
  /// The default, as shown in help.
  let defaultDescription: String?
  /// What the command prints instead when the option is given, as `--stats` does.
  let output: RecordKind?
  private let declaredCompletion: CompletionKind
  private let makeAllowedValues: @Sendable () -> [String]
  private let makeFormats: @Sendable () -> [String]

  init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, summary: String,
    default defaultDescription: String? = nil,
    allowed allowedValues: @autoclosure @escaping @Sendable () -> [String] = [],
    formats: @autoclosure @escaping @Sendable () -> [String] = [], output: RecordKind? = nil,
    completion: CompletionKind = .none
  ) {
    self.name = name
    self.shortName = short
    self.valueName = valueName
    self.summary = summary
    self.defaultDescription = defaultDescription
    self.makeAllowedValues = allowedValues
    self.makeFormats = formats
    self.output = output
    self.declaredCompletion = completion
  }

  /// The only values accepted, when the option has a fixed set.
  var allowedValues: [String] { makeAllowedValues() }
  /// The output formats the option works with; empty when it works with every format.
  var formats: [String] { makeFormats() }
  var completion: CompletionKind { allowedValues.isEmpty ? declaredCompletion : .choices }

  static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool {
    lhs.name == rhs.name && lhs.shortName == rhs.shortName && lhs.valueName == rhs.valueName
      && lhs.summary == rhs.summary && lhs.defaultDescription == rhs.defaultDescription
      && lhs.output == rhs.output && lhs.completion == rhs.completion
      && lhs.allowedValues == rhs.allowedValues && lhs.formats == rhs.formats
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(summary)
  }

  /// `--name`, as users type it.
  var flag: String { "--" + name }

  /// `-h, --help` or `--format <FORMAT>`, as help lists it.
  var synopsis: String {
    let names = (shortName.map { "-\($0), " } ?? "") + flag
    return valueName.map { names + " <\($0)>" } ?? names
  }
}

/// One positional argument.
struct ArgumentSpec: Hashable, Sendable {
  let name: String
  let summary: String
  /// Takes every remaining value (at least one unless optional).
  let isRepeating: Bool
  let isOptional: Bool
  /// The only values accepted, when the argument has a fixed set.
  let allowedValues: [String]
  let completion: CompletionKind

  init(
    _ name: String, summary: String, repeating: Bool = false, optional: Bool = false,
    allowed allowedValues: [String] = [], completion: CompletionKind = .none
  ) {
    self.name = name
    self.summary = summary
    self.isRepeating = repeating
    self.isOptional = optional
    self.allowedValues = allowedValues
    self.completion = allowedValues.isEmpty ? completion : .choices
  }

  /// `<COIN>...` or `[<COMMAND>...]`, as usage lines show it.
  var synopsis: String {
    let core = "<\(name)>" + (isRepeating ? "..." : "")
    return isOptional ? "[\(core)]" : core
  }
}

/// A worked example for help.
struct Example: Hashable, Sendable {
  let command: String
  let explanation: String
}

/// A command or command group, declared once for parsing, help, suggestions and completion.
///
/// The subcommands, the discussion and the examples are made only when read: a command line
/// needs the groups it names, and only help shows discussions and examples.
struct CommandSpec: Hashable, Sendable {
  let name: String
  let summary: String
  let arguments: [ArgumentSpec]
  /// Options of this command only; the global options apply everywhere.
  let options: [OptionSpec]
  /// The unit that runs the command; nil for a group, which needs a subcommand.
  let leaf: LeafCommandType?
  /// What the command prints, for `--fields` and the help's list of fields; nil when it prints
  /// no records.
  let output: RecordKind?
  private let makeSubcommands: @Sendable () -> [CommandSpec]
  private let makeDiscussion: @Sendable () -> String
  private let makeExamples: @Sendable () -> [Example]

  init(
    _ name: String, summary: String,
    discussion: @autoclosure @escaping @Sendable () -> String = "",
    arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
    subcommands: @autoclosure @escaping @Sendable () -> [CommandSpec] = [],
    examples: @autoclosure @escaping @Sendable () -> [Example] = [],
    leaf: (any LeafCommand.Type)? = nil, output: RecordKind? = nil
  ) {
    self.name = name
    self.summary = summary
    self.makeDiscussion = discussion
    self.arguments = arguments
    self.options = options
    self.makeSubcommands = subcommands
    self.makeExamples = examples
    self.leaf = leaf.map(LeafCommandType.init)
    self.output = output
  }

  var subcommands: [CommandSpec] { makeSubcommands() }
  /// Paragraphs after the summary in help.
  var discussion: String { makeDiscussion() }
  var examples: [Example] { makeExamples() }

  static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
    lhs.name == rhs.name && lhs.summary == rhs.summary && lhs.arguments == rhs.arguments
      && lhs.options == rhs.options && lhs.subcommands == rhs.subcommands && lhs.leaf == rhs.leaf
      && lhs.output == rhs.output && lhs.discussion == rhs.discussion
      && lhs.examples == rhs.examples
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(summary)
  }

  /// The subcommand with exactly this name.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}

/// A command together with the groups above it, from the root down.
struct CommandPath: Hashable, Sendable {
  let commands: [CommandSpec]

  var command: CommandSpec { commands[commands.count - 1] }

  /// `cointrack coins add`.
  var fullName: String { commands.map(\.name).joined(separator: " ") }

  /// The words after the program name: `coins add`.
  var words: [String] { commands.dropFirst().map(\.name) }

  /// The options valid at this command: its own, then the global ones.
  var options: [OptionSpec] { command.options + CommandTable.globalOptions }

  func appending(_ command: CommandSpec) -> CommandPath {
    CommandPath(commands: commands + [command])
  }

  /// This command and every command below it, depth first in table order.
  var descendants: [CommandPath] {
    [self] + command.subcommands.flatMap { appending($0).descendants }
  }
}
