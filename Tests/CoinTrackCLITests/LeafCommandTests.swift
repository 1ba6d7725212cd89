import Testing

@testable import CoinTrackCLI

/// The command tree and its units agree: every leaf runs through the unit that declares it.
@Suite struct LeafCommandTests {
  static let leaves =
    CommandPath(commands: [CommandTable.root]).descendants.dropFirst()
    .filter(\.command.subcommands.isEmpty)
    + CommandTable.hiddenCommands.map { CommandPath(commands: [CommandTable.root, $0]) }

  /// A leaf whose spec names no unit, or another command's unit, would fail or run the wrong
  /// command; a group with a unit would run instead of asking for a subcommand.
  @Test(arguments: leaves)
  func everyLeafIsRunByTheUnitThatDeclaresIt(_ path: CommandPath) throws {
    let leaf = try #require(path.command.leaf, "\(path.fullName) has no unit")
    #expect(leaf.type.spec == path.command, "\(path.fullName) names another command's unit")
  }

  @Test func groupsHaveNoUnit() {
    let groups = CommandPath(commands: [CommandTable.root]).descendants
      .filter { !$0.command.subcommands.isEmpty }
    #expect(groups.count == 5)
    for group in groups {
      #expect(group.command.leaf == nil, "\(group.fullName)")
    }
  }

  /// The parser looks for a hidden command only on a line whose first word has the hidden
  /// prefix: a hidden command without it would be unreachable, a visible one with it shadowed.
  @Test func onlyHiddenCommandsHaveTheHiddenPrefix() {
    for hidden in CommandTable.hiddenCommands {
      #expect(hidden.name.hasPrefix(CommandTable.hiddenCommandPrefix), "\(hidden.name)")
    }
    for path in CommandPath(commands: [CommandTable.root]).descendants.dropFirst() {
      #expect(!path.command.name.hasPrefix(CommandTable.hiddenCommandPrefix), "\(path.fullName)")
    }
  }

}
