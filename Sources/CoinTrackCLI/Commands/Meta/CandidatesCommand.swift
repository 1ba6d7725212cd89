import CoinTrackCore

/// The word lists that completion scripts ask the binary for, with `cointrack __complete LIST`.
enum CandidateList: String, CaseIterable, Sendable {
  /// The catalogue's symbols.
  case catalogue
  /// The tracked coins' symbols, then their list ids, then their coin ids after `@`.
  case tracked
  /// The stored alerts' ids.
  case alerts

  /// The name of the hidden command.
  static let hiddenCommand = "__complete"

  /// What a list's name ends with when each word is to be followed by a tab and its
  /// description, the form fish reads: `catalogue-described`.
  static let describedSuffix = "-described"

  /// The name the hidden command takes for this list, plain or described.
  func name(described: Bool) -> String {
    rawValue + (described ? CandidateList.describedSuffix : "")
  }
}

/// `cointrack __complete LIST`: the words of a list, one per line, for completion scripts.
///
/// The command is hidden: it is not among the table's subcommands, so help, usage and
/// suggestions never show it, and the parser accepts only its exact form. It answers from the
/// catalogue or by reading the state file, never changing anything.
struct CandidatesCommand: LeafCommand {
  static let listArgument = ArgumentSpec(
    "LIST", summary: "The list of words to print.",
    allowed: CandidateList.allCases.flatMap {
      [$0.name(described: false), $0.name(described: true)]
    })

  static let spec = CommandSpec(
    CandidateList.hiddenCommand, summary: "Print words for completion scripts.",
    arguments: [listArgument], leaf: Self.self)

  let list: CandidateList
  /// Whether each word is followed by a tab and its description.
  let described: Bool

  init(_ command: ParsedCommand, in session: CommandSession) {
    // The parser accepts only the allowed lists.
    var name = command.value(of: Self.listArgument)!
    described = name.hasSuffix(CandidateList.describedSuffix)
    if described { name.removeLast(CandidateList.describedSuffix.count) }
    list = CandidateList(rawValue: name)!
  }

  /// Nothing at all when the words cannot be found: a completion script has nowhere to show an
  /// error. Reading the state never creates or changes it. A description needs no escaping:
  /// the state is refused when a name, symbol or currency holds a control character, so each
  /// stays on its line after its tab.
  func run(in session: CommandSession) -> CommandOutput {
    let candidates: [(word: String, description: String)]
    switch list {
    case .catalogue:
      candidates = SnapshotPriceSource().catalogue().entries.map { ($0.coin.symbol, $0.coin.name) }
    case .tracked:
      guard let state = Self.storedState(session) else { return .text("") }
      var symbols: Set<String> = []
      candidates =
        state.coins.filter { symbols.insert($0.coin.symbol).inserted }.map {
          ($0.coin.symbol, $0.coin.name)
        }
        + state.coins.map { (String($0.id), $0.coin.name) }
        + state.coins.map { ("@" + $0.coin.id, $0.coin.name) }
    case .alerts:
      guard let state = Self.storedState(session) else { return .text("") }
      candidates = state.alerts.map { (String($0.id), Self.description(of: $0)) }
    }
    return .text(
      candidates.map {
        (described ? $0.word + "\t" + $0.description : $0.word) + "\n"
      }.joined())
  }

  /// The state as stored, or nil when there is none to read; never created or changed.
  private static func storedState(_ session: CommandSession) -> TrackerState? {
    guard let path = try? StateStore.defaultPath(environment: session.context.environment)
    else { return nil }
    return try? StateStore(
      path: path, lockTimeoutSeconds: 0, initialState: CommandRunner.initialState
    ).load()
  }

  /// `BTC above 50000 USD` or `ETH change -10% over 7 days`: what an alert waits for.
  private static func description(of alert: Alert) -> String {
    let condition = alert.condition
    if let days = condition.days {
      return "\(alert.coin.symbol) \(condition.name) \(condition.threshold.text)% "
        + "over \(days) days"
    }
    return "\(alert.coin.symbol) \(condition.name) \(condition.threshold.text) \(alert.currency)"
  }
}
