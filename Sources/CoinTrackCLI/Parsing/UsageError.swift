import CoinTrackCore

/// A command line that does not fit the command table, or a value that cannot be resolved.
///
/// Each case carries the offending input and the command it was given to, for the usage line.
enum UsageError: Error, Hashable, Sendable {
  case unknownCommand(input: String, at: CommandPath, suggestions: [String])
  case unknownOption(input: String, at: CommandPath, suggestions: [String])
  case missingValue(option: OptionSpec, at: CommandPath)
  case unexpectedValue(option: OptionSpec, input: String, at: CommandPath)
  /// A value outside an option's or argument's fixed set; `name` is what the value names, such
  /// as `format` or `shell`.
  case invalidChoice(
    name: String, input: String, allowed: [String], at: CommandPath, suggestions: [String])
  case missingArgument(ArgumentSpec, at: CommandPath)
  case unexpectedArgument(input: String, at: CommandPath)
  case missingSubcommand(at: CommandPath)
  /// A date that is malformed or not a day of the calendar; `origin` is `--from` or a variable.
  case invalidDate(input: String, origin: String, at: CommandPath)
  /// A relative date such as 'yesterday' that falls outside `Day.supported`.
  case dateOutsideCalendar(input: String, day: Day, origin: String, at: CommandPath)
  case unknownHelpTopic(input: String, suggestions: [String])
  /// An option given with a format it does not work with, such as `--no-header --format json`.
  case optionNeedsFormat(option: OptionSpec, format: String, at: CommandPath)
  /// A price-directive format asked of a command that prints something else.
  case formatNeedsPriceRows(format: String, at: CommandPath)
  /// A `--fields` entry that is not a field of the command's output; `valid` lists those.
  case unknownField(input: String, valid: [String], at: CommandPath)
  /// A field named twice in `--fields`.
  case repeatedField(input: String, at: CommandPath)
  /// Two options that contradict each other, such as `--refresh --cached-only`.
  case conflictingOptions(OptionSpec, OptionSpec, at: CommandPath)
  /// `profile set` with nothing to set.
  case nothingToSet(at: CommandPath)
  /// None of several options of which one is needed, such as `alerts add` without a condition.
  case missingOneOf([OptionSpec], at: CommandPath)
  /// An option given without another it needs, such as `--change` without `--days`.
  case optionNeedsOption(OptionSpec, OptionSpec, at: CommandPath)
  /// A number that is not plain decimal text, such as `1e3` or `1,000` for `--below`.
  case invalidNumber(input: String, option: OptionSpec, at: CommandPath)
  /// A trade's number or currency that is not plain text of its kind, such as a QUANTITY of
  /// `1e3` or a `--currency` of `U$D`.
  case invalidTradeValue(TradeError, at: CommandPath)
  /// An argument whose bytes are not UTF-8, as given.
  case undecodableArgument(bytes: [UInt8], at: CommandPath)
  /// A `portfolio import --symbol` entry that is not `SYMBOL=COIN`, as given.
  case invalidCoinMapping(input: String, option: OptionSpec, at: CommandPath)
  /// An option's value is not a whole number within `allowed`.
  case invalidWholeNumber(
    option: OptionSpec, input: String, allowed: ClosedRange<Int>, at: CommandPath)

  /// The command whose usage line belongs under the message.
  var path: CommandPath {
    switch self {
    case .unknownCommand(_, let path, _), .unknownOption(_, let path, _),
      .missingValue(_, let path), .unexpectedValue(_, _, let path),
      .invalidChoice(_, _, _, let path, _), .missingArgument(_, let path),
      .unexpectedArgument(_, let path), .missingSubcommand(let path),
      .invalidDate(_, _, let path), .dateOutsideCalendar(_, _, _, let path),
      .optionNeedsFormat(_, _, let path), .formatNeedsPriceRows(_, let path),
      .unknownField(_, _, let path), .repeatedField(_, let path),
      .conflictingOptions(_, _, let path), .nothingToSet(let path),
      .undecodableArgument(_, let path), .missingOneOf(_, let path),
      .optionNeedsOption(_, _, let path), .invalidNumber(_, _, let path),
      .invalidWholeNumber(_, _, _, let path), .invalidTradeValue(_, let path),
      .invalidCoinMapping(_, _, let path):
      return path
    case .unknownHelpTopic:
      return CommandPath(commands: [CommandTable.root, HelpCommand.spec])
    }
  }
}

extension UsageError: KindedFailure {
  /// Every usage error is a command line to retype: exit code 64, and the report adds the usage
  /// line of `path`.
  var failureKind: FailureKind { .usage }
}
