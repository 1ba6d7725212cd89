import CoinTrackCore

/// --quiet and COINTRACK_QUIET: no notes on stderr, for cron jobs; errors and warnings still.
enum QuietSetting {
  static let option = OptionSpec(
    "quiet",
    summary: "Print no notes on stderr: no 'cointrack: note:' line (each command's help says "
      + "when it notes) and no progress of 'sync'. Errors still print; stdout and the exit code "
      + "stay the same.",
    default: "$COINTRACK_QUIET, else off")

  static let variable = EnvironmentVariable(
    "COINTRACK_QUIET",
    meaning: "'1' or 'true' is --quiet; '0', 'false' or empty is not. Any other value is refused "
      + "(exit code \(ExitCode.unusableState.rawValue)).")

  /// Whether notes are left out: --quiet, else COINTRACK_QUIET.
  static func isQuiet(_ command: ParsedCommand, context: RunContext) throws(EnvironmentError)
    -> Bool
  {
    if command.contains(option) { return true }
    switch try context.environment.text(variable.name) {
    case nil, "", "0", "false": return false
    case "1", "true": return true
    case let input?: throw EnvironmentError.invalidSwitch(variable: variable.name, input: input)
    }
  }
}
