import CoinTrackCore

/// The shells cointrack writes completion scripts for.
enum Shell: String, CaseIterable, Sendable {
  case bash
  case zsh
  case fish
}

/// Completion scripts, generated from the command table so that they never drift from it.
///
/// Each script walks the words before the cursor as the parser does (commands extend the path,
/// options are skipped with their values, the rest are positional arguments), then offers the
/// subcommands, options, option values or argument values the table declares there. Coin
/// symbols come from the hidden `cointrack __complete LIST` form.
enum CompletionScript {
  static func text(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash()
    case .zsh: return zsh()
    case .fish: return fish()
    }
  }

  /// Every command path, the root first, depth first in table order.
  static var paths: [CommandPath] { CommandPath(commands: [CommandTable.root]).descendants }

  /// The paths that have subcommands.
  static var groups: [CommandPath] { paths.filter { !$0.command.subcommands.isEmpty } }

  /// Every option that takes a value, once per name, in table order.
  ///
  /// The bash script completes an option's value by its name, so an option name must complete
  /// alike everywhere but where its command names choices of its own, which bash asks first; a
  /// test holds the table to that.
  static var valueOptions: [OptionSpec] {
    var seen: Set<String> = []
    return paths.flatMap(\.options).filter { $0.valueName != nil && seen.insert($0.name).inserted }
  }

  /// `-h --help`: the names an option is typed as.
  static func flags(of option: OptionSpec) -> [String] {
    (option.shortName.map { ["-\($0)"] } ?? []) + [option.flag]
  }

  /// The words a value completes to when they are fixed by the table; nil when they come from
  /// the binary or from the command path.
  static func fixedWords(_ kind: CompletionKind, allowed: [String]) -> [String]? {
    switch kind {
    case .none: return []
    case .choices: return allowed
    case .date: return DateOptions.relativeDays.map(\.word)
    case .trackedCoin, .catalogueCoin, .alert, .commandOrTopic, .file, .fields: return nil
    }
  }

  /// The hidden list a coin or alert argument completes from.
  static func candidateList(_ kind: CompletionKind) -> CandidateList? {
    switch kind {
    case .trackedCoin: return .tracked
    case .catalogueCoin: return .catalogue
    case .alert: return .alerts
    case .none, .choices, .date, .commandOrTopic, .file, .fields: return nil
    }
  }

  /// What `--fields` completes to at one command path.
  struct FieldChoice {
    /// The words after the program name: `prices`.
    let words: String
    /// The fields of what the command prints, separated by spaces.
    let fields: String
    /// Each option that makes the command print something else (`--stats`): its flags, and
    /// the fields then, separated by spaces.
    let alternatives: [(flags: [String], fields: String)]
  }

  /// What `--fields` completes to at `path`; nil when the command prints no records.
  static func fieldChoice(_ path: CommandPath) -> FieldChoice? {
    guard let output = path.command.output else { return nil }
    let alternatives = path.command.options.compactMap { option in
      option.output.map { (flags: flags(of: option), fields: fieldList($0)) }
    }
    return FieldChoice(
      words: path.words.joined(separator: " "), fields: fieldList(output),
      alternatives: alternatives)
  }

  /// What `--fields` completes to at each command path that prints records.
  static var fieldChoices: [FieldChoice] { paths.compactMap(fieldChoice) }

  /// The fields of `kind`, separated by spaces.
  private static func fieldList(_ kind: RecordKind) -> String {
    kind.fields.map(\.key).joined(separator: " ")
  }

  /// The help topics, which `help` completes to besides commands.
  static var topics: [String] { HelpTopic.allCases.map(\.rawValue) }

  /// `name` with every character that is not a letter or digit replaced by `_`, for function
  /// names such as `_cointrack_coins_add`.
  static func identifier(_ path: CommandPath) -> String {
    "_"
      + path.commands.map(\.name).joined(separator: "_")
      .map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
  }

  /// `text` inside single quotes for a POSIX shell or zsh.
  static func singleQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }

  /// The header of every script: what it is and how to regenerate it.
  static func header(_ shell: Shell) -> String {
    "# \(shell.rawValue) completion for \(CommandTable.programName), generated from its command "
      + "table by\n# '\(CommandTable.programName) completion \(shell.rawValue)'; do not edit.\n"
  }
}
