import CoinTrackCore

/// The values given for one option or positional argument, by its name.
///
/// A list of these, in the order given: a command line names a handful.
struct NamedValues: Hashable, Sendable {
  let name: String
  var values: [String]
}

/// A command line matched against the command table: which command, with which values.
///
/// Values are still text: dates, coins and paths are resolved afterwards.
struct ParsedCommand: Hashable, Sendable {
  let path: CommandPath
  /// Every value given for each option, by long name, in order of first appearance.
  let options: [NamedValues]
  /// Every value given for each positional argument, in the command's order.
  let arguments: [NamedValues]

  /// The last value given for `option` (a repeated option's last value wins).
  func value(of option: OptionSpec) -> String? {
    options.values(named: option.name)?.last
  }

  /// Every value given for `option`, in order: for an option that may be repeated.
  func values(of option: OptionSpec) -> [String] {
    options.values(named: option.name) ?? []
  }

  func values(of argument: ArgumentSpec) -> [String] {
    arguments.values(named: argument.name) ?? []
  }

  /// The value of an argument that takes one; nil when an optional one is not given.
  func value(of argument: ArgumentSpec) -> String? {
    arguments.values(named: argument.name)?.first
  }

  /// Whether `option` was given at all (for a flag, whether it is set).
  func contains(_ option: OptionSpec) -> Bool {
    options.values(named: option.name) != nil
  }
}

extension [NamedValues] {
  /// The values given for `name`; nil when it was not given.
  func values(named name: String) -> [String]? {
    first { $0.name == name }?.values
  }

  /// Adds `value` to those given for `name`.
  mutating func append(_ value: String, named name: String) {
    if let position = firstIndex(where: { $0.name == name }) {
      self[position].values.append(value)
    } else {
      append(NamedValues(name: name, values: [value]))
    }
  }
}

/// What a command line asks for.
enum ParseOutcome: Hashable, Sendable {
  case run(ParsedCommand)
  /// `-h`/`--help` anywhere, or no arguments at all: help for the deepest command named.
  case help(CommandPath)
  case version
}

/// Matches tokens against the command table.
enum CommandLineParser {
  /// Parses argv (without the program name); `undecodable` holds, by position, the bytes of
  /// arguments that are not UTF-8, which are refused.
  ///
  /// `--help` and `--version` win over an error in another option or argument, so that help is
  /// always reachable, and neither touches a file. They do not win over an unknown command (the
  /// help would be another command's), an argument that is not UTF-8, or an error inside the
  /// help option itself (`--help=1`, `-hx`, `-h=x`): those are usage errors like any other.
  static func parse(_ arguments: [String], undecodable: [Int: [UInt8]] = [:])
    throws(UsageError) -> ParseOutcome
  {
    if let hidden = hiddenCommand(arguments) { return .run(hidden) }
    var matcher = Matcher(tokens: ArgumentToken.tokenize(arguments))
    matcher.run()
    if let position = undecodable.keys.min() {
      throw UsageError.undecodableArgument(bytes: undecodable[position]!, at: matcher.path)
    }
    if matcher.helpIsReachable {
      if matcher.wantsHelp { return .help(matcher.path) }
      if matcher.wantsVersion { return .version }
    }
    if let error = matcher.firstError { throw error }
    if arguments.isEmpty { return .help(matcher.path) }
    guard matcher.path.command.leaf != nil else {
      throw UsageError.missingSubcommand(at: matcher.path)
    }
    return .run(try matcher.assignArguments())
  }
}

extension CommandLineParser {
  /// The exact form of a hidden command, such as `__complete tracked`: its name and one allowed
  /// value, nothing else. Anything else is parsed as usual, so that `__complete` with a wrong
  /// value is an unknown command like any other word.
  private static func hiddenCommand(_ arguments: [String]) -> ParsedCommand? {
    guard arguments.count == 2, arguments[0].hasPrefix(CommandTable.hiddenCommandPrefix),
      let command = CommandTable.hiddenCommands.first(where: { $0.name == arguments[0] }),
      command.arguments.count == 1, command.arguments[0].allowedValues.contains(arguments[1])
    else { return nil }
    return ParsedCommand(
      path: CommandPath(commands: [CommandTable.root, command]), options: [],
      arguments: [NamedValues(name: command.arguments[0].name, values: [arguments[1]])])
  }
}

/// The state of one left-to-right pass over the tokens.
private struct Matcher {
  let tokens: [ArgumentToken]
  var index = 0
  var path = CommandPath(commands: [CommandTable.root])
  var options: [NamedValues] = []
  var positionals: [String] = []
  var wantsHelp = false
  var wantsVersion = false
  var firstError: UsageError?
  /// False once an error makes help or version the wrong answer to the line.
  var helpIsReachable = true

  init(tokens: [ArgumentToken]) {
    self.tokens = tokens
  }

  mutating func run() {
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .terminator:
        continue
      case .value(let text):
        matchValue(text, token: token)
      case .longOption(let name, let inlineValue):
        matchLongOption(name, inlineValue: inlineValue, token: token)
      case .shortOptions(let letters):
        matchShortOptions(letters, token: token)
      }
    }
  }

  private mutating func matchValue(_ text: String, token: ArgumentToken) {
    let subcommands = path.command.subcommands
    let beforeTerminator = !tokens[..<token.position].contains { $0.kind == .terminator }
    if positionals.isEmpty, !subcommands.isEmpty, beforeTerminator {
      if let subcommand = subcommands.first(where: { $0.name == text }) {
        path = path.appending(subcommand)
      } else {
        let names = subcommands.map(\.name)
        helpIsReachable = false
        fail(
          .unknownCommand(
            input: text, at: path, suggestions: EditDistance.closest(to: text, among: names)))
      }
      return
    }
    positionals.append(text)
  }

  private mutating func matchLongOption(
    _ name: String, inlineValue: String?, token: ArgumentToken
  ) {
    guard let option = path.options.first(where: { $0.name == name }) else {
      let names = path.options.map(\.flag)
      fail(
        .unknownOption(
          input: token.text, at: path,
          suggestions: EditDistance.closest(to: "--" + name, among: names)))
      return
    }
    accept(option, inlineValue: inlineValue, token: token)
  }

  private mutating func matchShortOptions(_ letters: [Character], token: ArgumentToken) {
    var groupFailed = false
    defer {
      // A group that asks for help or the version and fails, such as `-hx`, asks for nothing
      // clear: the error wins, as it does for `--help=1`.
      let asksForHelp = letters.contains {
        $0 == CommandTable.helpOption.shortName || $0 == CommandTable.versionOption.shortName
      }
      if groupFailed, asksForHelp { helpIsReachable = false }
    }
    var previous: OptionSpec?
    for (offset, letter) in letters.enumerated() {
      if letter == "=", let previous {
        // `-h=x`: a value given to a flag, as `--help=x` would.
        groupFailed = true
        fail(.unexpectedValue(option: previous, input: token.text, at: path))
        return
      }
      guard let option = path.options.first(where: { $0.shortName == letter }) else {
        groupFailed = true
        let names = path.options.compactMap { $0.shortName.map { "-\($0)" } }
        fail(
          .unknownOption(
            input: "-\(letter)", at: path,
            suggestions: EditDistance.closest(to: "-\(letter)", among: names)))
        return
      }
      previous = option
      // A short option that takes a value takes the rest of the group, or the next argument.
      let rest = letters[(offset + 1)...]
      if option.valueName != nil, !rest.isEmpty {
        accept(option, inlineValue: String(rest), token: token)
        return
      }
      accept(option, inlineValue: nil, token: token)
    }
  }

  private mutating func accept(_ option: OptionSpec, inlineValue: String?, token: ArgumentToken) {
    if option == CommandTable.helpOption || option == CommandTable.versionOption {
      guard inlineValue == nil else {
        helpIsReachable = false
        fail(.unexpectedValue(option: option, input: token.text, at: path))
        return
      }
      if option == CommandTable.helpOption { wantsHelp = true } else { wantsVersion = true }
      return
    }
    guard option.valueName != nil else {
      if inlineValue != nil {
        fail(.unexpectedValue(option: option, input: token.text, at: path))
      } else if options.values(named: option.name) == nil {
        // A flag is recorded with no values: being present is all it says.
        options.append(NamedValues(name: option.name, values: []))
      }
      return
    }
    var value = inlineValue
    if value == nil, index < tokens.count, let next = tokens[index].optionValue {
      value = next
      index += 1
    }
    guard let value else {
      fail(.missingValue(option: option, at: path))
      return
    }
    guard firstError == nil else { return }
    if !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
      fail(
        .invalidChoice(
          name: option.name, input: value, allowed: option.allowedValues, at: path,
          suggestions: EditDistance.closest(to: value, among: option.allowedValues)))
      return
    }
    options.append(value, named: option.name)
  }

  private mutating func fail(_ error: UsageError) {
    if case .none = firstError { firstError = error }
  }

  /// Hands the positional values to the command's arguments, in order.
  func assignArguments() throws(UsageError) -> ParsedCommand {
    var remaining = positionals[...]
    var arguments: [NamedValues] = []
    for argument in path.command.arguments {
      var values: [String] = []
      if argument.isRepeating {
        values = Array(remaining)
        remaining = []
      } else if let value = remaining.popFirst() {
        values = [value]
      }
      if !values.isEmpty { arguments.append(NamedValues(name: argument.name, values: values)) }
      if values.isEmpty, !argument.isOptional {
        throw UsageError.missingArgument(argument, at: path)
      }
      if !argument.allowedValues.isEmpty,
        let value = values.first(where: { !argument.allowedValues.contains($0) })
      {
        throw UsageError.invalidChoice(
          name: argument.name.lowercased(), input: value, allowed: argument.allowedValues, at: path,
          suggestions: EditDistance.closest(to: value, among: argument.allowedValues))
      }
    }
    if let extra = remaining.first {
      throw UsageError.unexpectedArgument(input: extra, at: path)
    }
    return ParsedCommand(path: path, options: options, arguments: arguments)
  }
}
