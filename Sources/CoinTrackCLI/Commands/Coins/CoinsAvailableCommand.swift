import CoinTrackCore

/// `cointrack coins available`: the catalogue of coins that can be added.
struct CoinsAvailableCommand: SettingsFreeCommand {
  static let spec = CommandSpec(
    "available", summary: "List the coins that can be added.",
    discussion: "With the first and last day the price snapshot holds for each.",
    examples: [
      Example(command: "cointrack coins available", explanation: "The catalogue."),
      Example(
        command: "cointrack coins available --format csv --fields symbol,first_date",
        explanation: "Each symbol with the first day it has a price, as CSV."),
    ],
    leaf: Self.self, output: .catalogueEntry)

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.catalogue(session.tracker().availableCoins())))
  }
}
