import CoinTrackCore

/// `cointrack alerts remove ID...`: remove alerts, all or none.
struct AlertsRemoveCommand: LeafCommand {
  static let idArgument = ArgumentSpec(
    "ID", summary: "The id 'cointrack alerts list' shows.", repeating: true,
    completion: .alert)

  static let spec = CommandSpec(
    "remove", summary: "Remove alerts.",
    discussion: """
      Each ID is the id 'cointrack alerts list' shows (digits only). Either every alert is \
      removed or, when one id names no alert, none is. Ids are never reused. Prints the alerts \
      removed.
      """,
    arguments: [idArgument],
    examples: [
      Example(command: "cointrack alerts remove 1", explanation: "Remove the alert with id 1."),
      Example(
        command: "cointrack alerts remove 1 2 --format csv",
        explanation: "Remove alerts 1 and 2, or neither when one of them does not exist."),
    ],
    leaf: Self.self, output: .alert)

  /// The ids as the user gave them; the tracker finds them.
  let ids: [String]

  init(_ command: ParsedCommand, in session: CommandSession) {
    ids = command.values(of: Self.idArgument)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.alerts(try session.tracker().removeAlerts(ids))))
  }
}
