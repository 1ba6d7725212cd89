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
      once (one request to a live source; offline, the snapshot and the local price history), \
      and a change alert on the close its --days before that price's day. An alert fires when its condition holds \
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
        .alertReadings(check.reported), notes: Self.notes(check.skipped),
        openDays: check.reported.filter { !$0.latest.isClosed }.map(\.latest.day),
        exitCode: check.reported.isEmpty ? .success : .alertFired))
  }

  /// The notes on stderr for the alerts the check left as they were: one for each coin,
  /// currency and reason, so that a coin without prices is one line however many alerts it has.
  static func notes(_ skipped: [SkippedAlert]) -> [String] {
    // A few groups at most: a search through them costs less than hashing each key.
    var groups: [(key: SkippedGroup, alerts: [Alert])] = []
    for entry in skipped {
      let key = SkippedGroup(
        coinID: entry.alert.coin.id, currency: entry.alert.currency, reason: entry.reason)
      if let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].alerts.append(entry.alert)
      } else {
        groups.append((key, [entry.alert]))
      }
    }
    return groups.map { note($0.alerts, reason: $0.key.reason) }
  }

  /// The note for alerts on one coin in one currency, left alone for `reason`. Values are
  /// interpolated as text: interpolating a value looks up its conformances at run time.
  private static func note(_ alerts: [Alert], reason: SkippedAlert.Reason) -> String {
    let first = alerts[0]
    let symbol = first.coin.symbol
    let why: String
    switch reason {
    case .otherCurrency(let source, let currency):
      why =
        "the \(source) source quotes \(currency); check \(alerts.count == 1 ? "it" : "them") "
        + "with a --source and --currency that quote \(first.currency)"
    case .noPrice(let source, let today):
      why = "the \(source) source has no \(symbol) price on or before \(today.description)"
    case .noReferenceClose(let source, let day):
      why = "the \(source) source has no \(symbol) close on \(day.description) to compare with"
    }
    let named =
      alerts.count == 1
      ? "alert \(first.id) (\(describe(first))) was"
      : "alerts \(ErrorFunnel.listing(alerts.map { String($0.id) }, conjunction: "and")) on "
        + "\(symbol) in \(first.currency) were"
    return "note: \(named) not checked: \(why)."
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

/// Skipped alerts that share one note.
private struct SkippedGroup: Equatable {
  let coinID: String
  let currency: String
  let reason: SkippedAlert.Reason
}
