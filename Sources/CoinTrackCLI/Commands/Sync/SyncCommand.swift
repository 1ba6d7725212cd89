import CoinTrackCore

/// `cointrack sync [COIN...]`: extend the local price history with the closed days live sources
/// hold, so that offline commands see the newest closes.
struct SyncCommand: LeafCommand {
  static let coinArgument = ArgumentSpec(
    "COIN",
    summary: "A tracked coin (symbol, name, list id or @id), or any coin a source knows; "
      + "without one, every tracked coin.",
    repeating: true, optional: true, completion: .trackedCoin)
  /// The live sources only: 'offline' is what sync fills, so the parser refuses it.
  static let sourceOption = OptionSpec(
    "source", value: "SOURCE", summary: "The live source to ask for every coin.",
    default: "the source of the coin's history, else binance for the snapshot's coins and coins "
      + "known by symbol alone, else coingecko",
    allowed: PriceSourceKind.allCases.filter { $0 != .offline }.map(\.rawValue))
  static let fromOption = OptionSpec(
    "from", value: "DATE",
    summary: "The first day to fetch for a coin with no offline close yet: YYYY-MM-DD, "
      + "'today' or 'yesterday'.",
    default: "as far back as the source answers", completion: .date)
  static let jobsOption = OptionSpec(
    "jobs", value: "N",
    summary: "How many coins to sync at once (1 to \(HistorySync.maximumJobs)); coingecko "
      + "without a paid key and twelvedata take one coin at a time whatever N is.",
    default: String(HistorySync.defaultJobs))

  static let spec = CommandSpec(
    "sync", summary: "Fetch the newest daily closes into the local price history.",
    discussion: """
      For each COIN (default: every tracked coin), fetches the closed days after the last close \
      held offline (the embedded snapshot and the local history) up to yesterday, UTC, and \
      stores them in the local history, which every offline command reads. Today's unfinished \
      day is never stored. A coin with no offline close yet gets what the source offers, from \
      --from on.

      A coin keeps one currency: the snapshot's coins stay in USDT (from binance, the \
      snapshot's own origin), a coin only coingecko knows stays in USD. Running sync again on \
      the same day asks nothing and changes nothing. Coins are synced in parallel; a coin that \
      fails is named on stderr with the reason and its history is left as it was, while the \
      others keep their new closes. The exit code is then that of the most serious failure \
      (see 'cointrack help exit-codes'); 0 means every coin synced or was already current. \
      The bounds on requests and time (\(LiveWorkLimits.requestsVariable.name), \
      \(LiveWorkLimits.timeVariable.name)) apply to each coin.

      One record per coin: status 'added' (new closes stored), 'current' (nothing to fetch), \
      'unchanged' (the source had no newer close) or 'failed'. On a terminal, stderr shows \
      progress while it runs; otherwise only warnings and errors, as cron wants.
      """,
    arguments: [coinArgument],
    options: [sourceOption, fromOption, jobsOption],
    examples: [
      Example(command: "cointrack sync", explanation: "Bring every tracked coin up to yesterday."),
      Example(
        command: "cointrack sync pepe --source coingecko --from 2026-01-01",
        explanation: "Start a history of a coin the snapshot lacks, from 2026-01-01."),
      Example(
        command: "cointrack sync --format jsonl",
        explanation: "What each coin got, one JSON object per line, for a log."),
    ],
    leaf: Self.self, output: .syncOutcome)

  /// The coins as the user named them; empty for every tracked coin.
  let coins: [String]
  let forcedSource: PriceSourceKind?
  let from: Day?
  let jobs: Int

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    coins = command.values(of: Self.coinArgument)
    forcedSource = command.value(of: Self.sourceOption).flatMap(PriceSourceKind.init)
    let today = try session.today()
    let from = try command.value(of: Self.fromOption).map { input throws(UsageError) in
      try DateOptions.date(input, origin: Self.fromOption.flag, today: today, at: command.path)
    }
    if let from, from.day > today {
      throw TrackerError.dateAfterToday(input: from.input, day: from.day, today: today)
    }
    self.from = from?.day
    jobs = try Self.jobs(command.value(of: Self.jobsOption), at: command.path)
  }

  /// The --jobs value, strictly a whole number in range.
  private static func jobs(_ input: String?, at path: CommandPath) throws(UsageError) -> Int {
    guard let input else { return HistorySync.defaultJobs }
    let allowed = 1...HistorySync.maximumJobs
    guard input.isDecimalDigits,
      let value = Int(input), allowed.contains(value)
    else {
      throw UsageError.invalidWholeNumber(
        option: jobsOption, input: input, allowed: allowed, at: path)
    }
    return value
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let context = session.context
    // Never past the real yesterday: later days are not closed, whatever --today says.
    let lastDay = min(try session.today(), context.systemToday()).adding(days: -1)
    let configuration = try session.liveSourceConfiguration()
    let history = try StateStoreSettings.history(
      context: context, notices: configuration.notices, askedToday: try session.today())
    let sync = HistorySync(
      offline: OfflinePriceSource(history: history), history: history,
      configuration: configuration, forcedSource: forcedSource,
      from: from, lastDay: lastDay, jobs: jobs)
    let state = try session.state()
    let targets =
      coins.isEmpty
      ? state.coins.map { SyncTarget.coin($0.coin) } : sync.targets(named: coins, tracked: state)
    let progress = ProgressLine(
      output: context.standardErrorIsTerminal && !session.quiet ? context.standardError : nil)
    let outcomes = sync.run(targets, progress: progress.show)
    progress.clear()
    let failures = outcomes.compactMap { outcome in outcome.failure.map { (outcome, $0) } }
    let errors = failures.map { outcome, failure in
      // A coin by its symbol and id; a name that found no coin as it was typed.
      let coin =
        outcome.coinID.map { "\(ErrorFunnel.shown(outcome.symbol)) (@\(ErrorFunnel.shown($0)))" }
        ?? ErrorFunnel.quote(outcome.symbol)
      return "error: \(coin): " + ErrorFunnel.failure(for: failure).message
    }
    // An error that declares no kind is a bug, reported as such once the records are out.
    let unexplained = failures.first { !($0.1 is any KindedFailure) }?.1
    let worst = HistorySync.mostSerious(
      failures.compactMap { ($0.1 as? any KindedFailure)?.failureKind })
    return .records(
      RecordOutput(
        .syncOutcomes(outcomes), errors: errors,
        failure: unexplained
          ?? worst.map {
            SyncIncomplete(failed: failures.count, total: outcomes.count, worst: $0)
          }))
  }
}

/// The line on a terminal's stderr that counts the coins synced so far; nothing elsewhere.
private struct ProgressLine: @unchecked Sendable {
  // Unchecked: the sync calls `show` one call at a time, and `clear` after the last.
  let output: (any TextOutput)?

  func show(done: Int, total: Int) {
    try? output?.write(
      "\r\u{1B}[K\(CommandTable.programName): synced \(done) of \(total) coins")
  }

  func clear() {
    try? output?.write("\r\u{1B}[K")
  }
}
