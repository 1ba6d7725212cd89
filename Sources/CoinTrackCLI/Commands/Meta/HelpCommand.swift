import CoinTrackCore

/// `cointrack help [COMMAND...]`: the help of the named command, or a topic.
struct HelpCommand: LeafCommand {
  static let commandArgument = ArgumentSpec(
    "COMMAND", summary: "A command (such as 'coins add') or a topic.", repeating: true,
    optional: true, completion: .commandOrTopic)

  static let spec = CommandSpec(
    "help", summary: "Show help for a command or a topic.",
    discussion: "Topics: " + HelpTopic.allCases.map(\.rawValue).joinedText(separator: ", ") + ".",
    arguments: [commandArgument],
    examples: [
      Example(command: "cointrack help prices", explanation: "How to ask for prices."),
      Example(command: "cointrack help exit-codes", explanation: "What each exit code means."),
      Example(command: "cointrack help coins add", explanation: "How to add coins."),
    ],
    leaf: Self.self)

  /// The words after `help`: a topic, or the words of a command.
  let words: [String]

  init(_ command: ParsedCommand, in session: CommandSession) {
    words = command.values(of: Self.commandArgument)
  }

  func run(in session: CommandSession) throws(UsageError) -> CommandOutput {
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
