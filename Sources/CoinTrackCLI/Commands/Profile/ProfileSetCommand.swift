import CoinTrackCore

/// `cointrack profile set [USERNAME] [--source SOURCE] [--currency CODE] [--method METHOD]`:
/// change the profile.
struct ProfileSetCommand: LeafCommand {
  static let usernameArgument = ArgumentSpec(
    "USERNAME", summary: "The new username.", optional: true)

  static let spec = CommandSpec(
    "set", summary: "Change the username or the preferred source and currency.",
    discussion: """
      The name is stored without surrounding spaces. It must not be empty, must be at most \
      \(Profile.maximumUsernameLength) characters, must hold no control characters or line \
      breaks and must not start with '-'. --source and --currency store the source and currency \
      that price commands use when not told otherwise; the currency must be one the source \
      quotes. --method stores the cost method the portfolio commands use when not told \
      otherwise. Prints the new profile.
      """,
    arguments: [usernameArgument],
    options: [
      SourceSelection.sourceOption, SourceSelection.currencyOption, CostMethodSetting.option,
    ],
    examples: [
      Example(command: "cointrack profile set alice", explanation: "Call yourself alice."),
      Example(
        command: "cointrack profile set \"Alice Smith\" --format json",
        explanation: "A name with a space; prints the new profile as JSON."),
      Example(
        command: "cointrack profile set --source coingecko --currency eur",
        explanation: "Take prices from CoinGecko, in euros, unless told otherwise."),
    ],
    leaf: Self.self, output: .profile)

  /// What to change; nil keeps the stored value. The profile checks each.
  let username: String?
  let source: PriceSourceKind?
  let currency: String?
  let method: CostMethod?

  init(_ command: ParsedCommand, in session: CommandSession) throws(UsageError) {
    username = command.value(of: Self.usernameArgument)
    source = SourceSelection.chosenKind(in: command)
    currency = SourceSelection.chosenCurrency(in: command)
    method = CostMethodSetting.chosen(in: command)
    guard username != nil || source != nil || currency != nil || method != nil else {
      throw UsageError.nothingToSet(at: command.path)
    }
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let profile = try session.tracker().updateProfile(
      username: username, source: source, currency: currency, method: method)
    return .records(RecordOutput(.profile(profile)))
  }
}
