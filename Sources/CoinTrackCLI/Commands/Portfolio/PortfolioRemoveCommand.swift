import CoinTrackCore

/// `cointrack portfolio remove TRADE_ID...`: remove trades, all or none.
struct PortfolioRemoveCommand: LeafCommand {
  static let idArgument = ArgumentSpec(
    "TRADE_ID", summary: "The id 'cointrack portfolio trades' shows.", repeating: true)

  static let spec = CommandSpec(
    "remove", summary: "Remove trades.",
    discussion: """
      Each TRADE_ID is the id 'cointrack portfolio trades' shows (digits only). Either every \
      trade is removed or none is: none when an id names no trade, and none when without them \
      a later sale would sell more than was held on its day. Ids are never reused. Prints the \
      trades removed.
      """,
    arguments: [idArgument],
    examples: [
      Example(command: "cointrack portfolio remove 3", explanation: "Remove the trade with id 3."),
      Example(
        command: "cointrack portfolio remove 3 4 --format csv",
        explanation: "Remove trades 3 and 4, or neither."),
    ],
    leaf: Self.self, output: .trade)

  /// The ids as the user gave them; the tracker finds them.
  let ids: [String]

  init(_ command: ParsedCommand, in session: CommandSession) {
    ids = command.values(of: Self.idArgument)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.trades(try session.tracker().removeTrades(ids))))
  }
}
