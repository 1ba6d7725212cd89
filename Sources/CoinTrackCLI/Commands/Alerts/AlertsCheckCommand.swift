import CoinTrackCore

/// `cointrack alerts check [--source SOURCE] [--all]`: evaluate every alert on the latest
/// prices and print those that fired, with exit code 1 when one did.
struct AlertsCheckCommand: LeafCommand {
  static let allOption = OptionSpec(
    "all",
    summary: "Print every alert whose condition holds now, whatever fired before, and change "
      + "nothing; exit \(ExitCode.alertFired.rawValue) when one holds.")

  static let spec = CommandSpec(
    "check", summary: "Check every alert and print those that fired.",
    discussion: """
      Every alert is evaluated on the latest price on or before today, read for all coins at \
      once (one request to a live source; the embedded snapshot offline), and a change alert \
      on the close its --days before that price's day. An alert fires when its condition holds \
      and did not at the check before; it fires again only after a check saw the condition \
      fail. Prints the alerts that fired: id, symbol, condition, threshold, the price and its \
      date, the close compared with and the change, currency and source. Exits \
      \(ExitCode.alertFired.rawValue) when at least one alert fired, 0 when none did; with \
      --format json the fired alerts are an array, [] when none.

      An alert in another currency than the source's, or on a coin the source has no price \
      for, is left as it is, with a note on stderr. Two checks at the same moment never both \
      report one firing: the memory of what fired is updated under the state's lock.
      """,
    options: [
      allOption, SourceSelection.sourceOption, SourceSelection.currencyOption,
      SourceSelection.refreshOption, SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(command: "cointrack alerts check", explanation: "The alerts that fired, as a table."),
      Example(
        command: "cointrack alerts check --all --format json",
        explanation: "Every alert whose condition holds now, as JSON; nothing is changed."),
    ],
    leaf: Self.self, output: .alertReading)

  let reportsAllThatHold: Bool

  init(_ command: ParsedCommand, in session: CommandSession) {
    reportsAllThatHold = command.contains(Self.allOption)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let today = try session.today()
    let tracker = session.tracker(source: try session.selectedSource(), today: today)
    let check = try tracker.checkAlerts(try session.state().alerts, allThatHold: reportsAllThatHold)
    return .records(
      RecordOutput(
        .alertReadings(check.reported), notes: check.skipped.map(Self.note),
        openDays: check.reported.filter { !$0.latest.isClosed }.map(\.latest.day),
        exitCode: check.reported.isEmpty ? .success : .alertFired))
  }

  /// The note on stderr for an alert the check left as it was. Values are interpolated as
  /// text, not as themselves: a check may note dozens of alerts, and interpolating a value
  /// looks up its conformances at run time.
  static func note(_ skipped: SkippedAlert) -> String {
    let alert = skipped.alert
    let symbol = alert.coin.symbol
    let reason: String
    switch skipped.reason {
    case .otherCurrency(let source, let currency):
      reason =
        "the \(source) source quotes \(currency); check it with a --source and --currency "
        + "that quote \(alert.currency)"
    case .noPrice(let source, let today):
      reason = "the \(source) source has no \(symbol) price on or before \(today.description)"
    case .noReferenceClose(let source, let day):
      reason = "the \(source) source has no \(symbol) close on \(day.description) to compare with"
    }
    return "note: alert \(alert.id) (\(describe(alert))) was not checked: \(reason)."
  }

  /// An alert in words: `BTC below 60000 USDT`, `ETH change -10% over 1 day`.
  static func describe(_ alert: Alert) -> String {
    let symbol = alert.coin.symbol
    switch alert.condition {
    case .above(let price), .below(let price):
      return "\(symbol) \(alert.condition.name) \(price.text) \(alert.currency)"
    case .change(let percent, let days):
      return "\(symbol) change \(percent.text)% over \(days) day\(days == 1 ? "" : "s") in "
        + alert.currency
    }
  }
}
