import Testing

@testable import CoinTrackCLI

/// argv -> parsed command.
@Suite struct CommandLineParserTests {
  private func parsed(_ arguments: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try CommandLineParser.parse(arguments) else {
      throw ParseMismatch()
    }
    return command
  }

  private struct ParseMismatch: Error {}

  @Test func tokenisesBeforeMatching() {
    let tokens = ArgumentToken.tokenize(["--format=csv", "-h", "-", "--", "--to", "x"])
    #expect(
      tokens.map(\.kind) == [
        .longOption(name: "format", value: "csv"), .shortOptions(["h"]), .value("-"),
        .terminator, .value("--to"), .value("x"),
      ])
    #expect(tokens.map(\.position) == [0, 1, 2, 3, 4, 5])
  }

  @Test(arguments: [
    (["coins", "list"], ["coins", "list"]),
    (["coins", "add", "btc", "Bitcoin Cash"], ["coins", "add"]),
    (["prices", "BTC"], ["prices"]),
    (["profile", "set", "alice"], ["profile", "set"]),
    (["help", "coins", "add"], ["help"]),
  ])
  func findsTheCommand(arguments: [String], words: [String]) throws {
    #expect(try parsed(arguments).path.words == words)
  }

  @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
    for arguments in [
      ["--format", "json", "coins", "list"], ["coins", "--format", "json", "list"],
      ["coins", "list", "--format=json"], ["coins", "list", "--format", "csv", "--format", "json"],
    ] {
      let command = try parsed(arguments)
      #expect(command.path.words == ["coins", "list"])
      #expect(command.value(of: CommandTable.formatOption) == "json", "\(arguments)")
    }
  }

  @Test func collectsArgumentsAndOptionValues() throws {
    let command = try parsed(["prices", "--from", "2024-01-01", "btc", "--to=2024-01-31"])
    #expect(command.values(of: CommandTable.prices.arguments[0]) == ["btc"])
    #expect(command.value(of: CommandTable.fromOption) == "2024-01-01")
    #expect(command.value(of: CommandTable.toOption) == "2024-01-31")
    let add = try parsed(["coins", "add", "--", "-weird", "ada"])
    #expect(add.values(of: CommandTable.coinsAdd.arguments[0]) == ["-weird", "ada"])
  }

  /// `--change -10`: a negative number is an option's value, not short options; a word that is
  /// not a number is still an option, and a negative number where no value is taken is refused.
  @Test func aNegativeNumberIsTheValueOfAnOptionThatTakesOne() throws {
    let command = try parsed(["alerts", "add", "btc", "--change", "-10.5", "--days", "1"])
    #expect(command.value(of: AlertsAddCommand.changeOption) == "-10.5")
    #expect(command.value(of: AlertsAddCommand.daysOption) == "1")
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["alerts", "add", "btc", "--change", "-x"])
    }
    #expect(throws: UsageError.self) { try CommandLineParser.parse(["alerts", "list", "-1"]) }
  }

  @Test func helpAndVersionAreOutcomesNotErrors() throws {
    #expect(try CommandLineParser.parse([]) == .help(CommandPath(commands: [CommandTable.root])))
    #expect(try CommandLineParser.parse(["--version"]) == .version)
    #expect(
      try CommandLineParser.parse(["coins", "add", "-h"])
        == .help(
          CommandPath(commands: [CommandTable.root, CommandTable.coins, CommandTable.coinsAdd])))
    // Help wins over an error in another option or argument.
    #expect(
      try CommandLineParser.parse(["prices", "--to", "--help"])
        == .help(CommandPath(commands: [CommandTable.root, CommandTable.prices])))
    #expect(
      try CommandLineParser.parse(["prices", "--bogus", "-h"])
        == .help(CommandPath(commands: [CommandTable.root, CommandTable.prices])))
    #expect(
      try CommandLineParser.parse(["-x", "--version"]) == .version)
  }

  /// Help does not win where it would answer another question than the one asked.
  @Test(arguments: [
    ["coins", "bogus", "--help"], ["nosuch", "--help"], ["--help", "nosuch"], ["-hx"], ["-xh"],
    ["-h=--bogus"], ["--help=1"], ["--version=1"], ["--bogus", "nosuch", "-h"],
  ])
  func helpDoesNotHideAnUnknownCommandOrABrokenHelpOption(arguments: [String]) {
    #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedWhereverItIs() {
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
    for arguments in [["profile", "set", "x"], ["--help", "profile", "set", "x"]] {
      #expect(throws: UsageError.undecodableArgument(bytes: bytes, at: profileSetPath)) {
        try CommandLineParser.parse(arguments, undecodable: [arguments.count - 1: bytes])
      }
    }
  }

  private var profileSetPath: CommandPath {
    CommandPath(commands: [CommandTable.root, CommandTable.profile, CommandTable.profileSet])
  }
}
