import CoinTrackCore

/// `cointrack coins search TEXT`: the catalogue's coins whose symbol or name holds TEXT.
struct CoinsSearchCommand: LeafCommand {
  static let textArgument = ArgumentSpec("TEXT", summary: "Part of a symbol or name, any case.")

  static let spec = CommandSpec(
    "search", summary: "List the coins whose symbol or name holds a text.",
    arguments: [textArgument],
    examples: [
      Example(command: "cointrack coins search bit", explanation: "Bitcoin and its kin."),
      Example(command: "cointrack coins search usd --format csv", explanation: "As CSV."),
    ],
    leaf: Self.self, output: .catalogueEntry)

  let text: String

  init(_ command: ParsedCommand, in session: CommandSession) {
    // The parser refuses a line without the text.
    text = command.value(of: Self.textArgument)!.lowercased()
  }

  func run(in session: CommandSession) -> CommandOutput {
    let entries = session.tracker().availableCoins().filter {
      ($0.coin.symbol + " " + $0.coin.name).lowercased().contains(text)
    }
    return .records(RecordOutput(.catalogue(entries)))
  }
}
