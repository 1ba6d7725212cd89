import CoinTrackCore

/// `cointrack coins remove COIN...`: stop tracking coins, all or none.
struct CoinsRemoveCommand: LeafCommand {
  static let coinArgument = ArgumentSpec(
    "COIN", summary: "An id, @id, symbol or full name of a tracked coin.", repeating: true,
    completion: .trackedCoin)

  static let spec = CommandSpec(
    "remove", summary: "Stop tracking coins.",
    discussion: """
      Each COIN is the id that 'cointrack coins list' shows (digits only), @ and the coin id it \
      shows (@bitcoin), a symbol or a full name. Either every coin is removed or, when one is \
      not tracked or names several tracked coins, none is. Ids are never reused.
      """,
    arguments: [coinArgument],
    examples: [
      Example(command: "cointrack coins remove 3", explanation: "Remove the coin with id 3."),
      Example(command: "cointrack coins remove xrp Solana", explanation: "Remove XRP and Solana."),
    ],
    leaf: Self.self, output: .trackedCoin)

  /// The coins as the user named them; the tracker resolves them against the tracked ones.
  let coins: [String]

  init(_ command: ParsedCommand, in session: CommandSession) {
    coins = command.values(of: Self.coinArgument)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.trackedCoins(try session.tracker().removeCoins(coins))))
  }
}
