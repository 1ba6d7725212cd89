import CoinTrackCore

/// `cointrack coins add COIN...`: start tracking coins, all or none.
struct CoinsAddCommand: LeafCommand {
  static let coinArgument = ArgumentSpec(
    "COIN", summary: "A symbol, full name or @id: btc, \"bitcoin cash\", @bitcoin.",
    repeating: true, completion: .catalogueCoin)

  static let spec = CommandSpec(
    "add", summary: "Start tracking coins.",
    discussion: """
      Each COIN is a symbol or a full name, in any case, or @ and a coin id: @bitcoin. Either \
      every coin is added or, when one is unknown, names several coins or is already tracked, \
      none is. Prints the coins added with their new ids.

      With a live --source, any coin that source knows can be added, not only the snapshot's: \
      CoinGecko's by symbol, name or id (@uniswap); Binance's and Twelve Data's by symbol. A \
      symbol several coins share is refused with the id and name of each; add one by its id.
      """,
    arguments: [coinArgument],
    options: [SourceSelection.sourceOption, SourceSelection.cachedOnlyOption],
    examples: [
      Example(command: "cointrack coins add ada", explanation: "Track Cardano."),
      Example(
        command: "cointrack coins add \"bitcoin cash\" doge",
        explanation: "Track Bitcoin Cash and Dogecoin."),
      Example(
        command: "cointrack coins add pepe --source coingecko",
        explanation: "Track a coin the snapshot lacks, as CoinGecko knows it."),
    ],
    leaf: Self.self, output: .trackedCoin)

  /// The coins as the user named them; the tracker resolves them.
  let coins: [String]

  init(_ command: ParsedCommand, in session: CommandSession) {
    coins = command.values(of: Self.coinArgument)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource())
    return .records(RecordOutput(.trackedCoins(try tracker.addCoins(coins))))
  }
}
