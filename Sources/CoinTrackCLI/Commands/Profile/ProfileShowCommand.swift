import CoinTrackCore

/// `cointrack profile show`: the username and preferences.
struct ProfileShowCommand: SettingsFreeCommand {
  static let spec = CommandSpec(
    "show", summary: "Show the username and preferences.",
    discussion: "On first use the username is '\(Profile.defaultUsername)'.",
    examples: [
      Example(command: "cointrack profile show", explanation: "As a table."),
      Example(command: "cointrack profile show --format json", explanation: "As one JSON object."),
    ],
    leaf: Self.self, output: .profile)

  func run(in session: CommandSession) throws -> CommandOutput {
    .records(RecordOutput(.profile(try session.tracker().profile())))
  }
}
