import CoinTrackCore

/// `cointrack help [COMMAND...]`: the help of the named command, or a topic.
struct HelpCommand: LeafCommand {
  static let commandArgument = ArgumentSpec(
    "COMMAND", summary: "A command (such as 'coins add') or a topic.", repeating: true,
    optional: true, completion: .commandOrTopic)

  static let manOption = OptionSpec(
    "man",
    summary: "Print the manual page of every command, as roff for section 1, such as "
      + "'cointrack help --man > ~/.local/share/man/man1/cointrack.1'.")

  static let spec = CommandSpec(
    "help", summary: "Show help for a command or a topic.",
    discussion: "Topics: " + HelpTopic.allCases.map(\.rawValue).joinedText(separator: ", ")
      + ".\n\nWith --format json and no COMMAND, every command with its arguments, options, "
      + "fields and examples, the exit codes and the variables, as one JSON object with a "
      + "schema_version (\(CommandTreeJSON.schemaVersion)), for scripts. Other formats print "
      + "the help as text.",
    arguments: [commandArgument], options: [manOption],
    examples: [
      Example(command: "cointrack help prices", explanation: "How to ask for prices."),
      Example(command: "cointrack help exit-codes", explanation: "What each exit code means."),
      Example(
        command: "cointrack help --format json", explanation: "Every command, as JSON for scripts."
      ),
    ],
    leaf: Self.self)

  /// What `help` prints.
  enum Kind {
    case text
    case json
    case manualPage
  }

  /// The words after `help`: a topic, or the words of a command.
  let words: [String]
  let kind: Kind

  init(_ command: ParsedCommand, in session: CommandSession) throws(UsageError) {
    words = command.values(of: Self.commandArgument)
    let json = command.value(of: OutputSettings.formatOption) == RecordFormat.json.rawValue
    if command.contains(Self.manOption) {
      if json {
        throw UsageError.conflictingOptions(
          Self.manOption, OutputSettings.formatOption, at: command.path)
      }
      kind = .manualPage
    } else {
      kind = json ? .json : .text
    }
    // The JSON and the manual page describe every command at once.
    if kind != .text, let word = words.first {
      throw UsageError.unexpectedArgument(input: word, at: command.path)
    }
  }

  func run(in session: CommandSession) throws(UsageError) -> CommandOutput {
    switch kind {
    case .json: return .text(CommandTreeJSON.document())
    case .manualPage: return .text(ManualPage.document())
    case .text: break
    }
    let renderer = HelpRenderer(width: session.context.terminalWidth)
    if words.count == 1, let topic = HelpTopic(rawValue: words[0]) {
      return .text(renderer.topic(topic))
    }
    var path = CommandPath(commands: [CommandTable.root])
    for word in words {
      guard let next = path.command.subcommand(named: word) else {
        let candidates =
          path.command.subcommands.map(\.name)
          + (path.commands.count == 1 ? HelpTopic.allCases.map(\.rawValue) : [])
        let suggestions = EditDistance.closest(to: word, among: candidates)
        if path.commands.count == 1 {
          throw UsageError.unknownHelpTopic(input: word, suggestions: suggestions)
        }
        throw UsageError.unknownCommand(input: word, at: path, suggestions: suggestions)
      }
      path = path.appending(next)
    }
    return .text(renderer.help(for: path))
  }
}
