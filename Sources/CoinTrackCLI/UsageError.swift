/// A command line that does not fit the command table, or a value that cannot be resolved.
///
/// Each case carries the offending input and the command it was given to, for the usage line.
enum UsageError: Error, Hashable, Sendable {
  case unknownCommand(input: String, at: CommandPath, suggestions: [String])
  case unknownOption(input: String, at: CommandPath, suggestions: [String])
  case missingValue(option: OptionSpec, at: CommandPath)
  case unexpectedValue(option: OptionSpec, input: String, at: CommandPath)
  case invalidChoice(option: OptionSpec, input: String, at: CommandPath, suggestions: [String])
  case missingArgument(ArgumentSpec, at: CommandPath)
  case unexpectedArgument(input: String, at: CommandPath)
  case missingSubcommand(at: CommandPath)
  /// A date that is malformed or not a day of the calendar; `origin` is `--from` or a variable.
  case invalidDate(input: String, origin: String, at: CommandPath)
  case unknownHelpTopic(input: String, suggestions: [String])
  /// A setting from the environment that is not a non-negative number of seconds.
  case invalidSeconds(input: String, variable: String, at: CommandPath)

  /// The command whose usage line belongs under the message.
  var path: CommandPath {
    switch self {
    case .unknownCommand(_, let path, _), .unknownOption(_, let path, _),
      .missingValue(_, let path), .unexpectedValue(_, _, let path),
      .invalidChoice(_, _, let path, _), .missingArgument(_, let path),
      .unexpectedArgument(_, let path), .missingSubcommand(let path),
      .invalidDate(_, _, let path), .invalidSeconds(_, _, let path):
      return path
    case .unknownHelpTopic:
      return CommandPath(commands: [CommandTable.root, CommandTable.help])
    }
  }
}
