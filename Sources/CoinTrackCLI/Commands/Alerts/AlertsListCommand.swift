import CoinTrackCore

/// `cointrack alerts list`: the stored alerts.
struct AlertsListCommand: SettingsFreeCommand {
  static let spec = CommandSpec(
    "list", summary: "List the stored alerts.",
    discussion: """
      One row per alert: its id, the coin's symbol, the condition (above, below or change), the \
      threshold (a price, or a percentage for a change), the days a change looks back over, the \
      currency, the day of the price that fired it while its condition has held since (empty \
      while it is armed), and the coin id.
      """,
    examples: [
      Example(command: "cointrack alerts list", explanation: "As a table."),
      Example(
        command: "cointrack alerts list --format csv --fields id,symbol,fired_on",
        explanation: "Which alerts have fired, as CSV."),
    ],
    leaf: Self.self, output: .alert)

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.alerts(try session.state().alerts)))
  }
}
