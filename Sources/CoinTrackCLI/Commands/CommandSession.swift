import CoinTrackCore

/// What a leaf command may use during one run: the context, the output settings, today, the
/// state store and the price source, each resolved by the one piece of code that owns it.
///
/// The global options apply to commands that print records; commands that print text (help,
/// completion) ignore them, as they always have.
final class CommandSession {
  let command: ParsedCommand
  let context: RunContext
  /// How records are printed; nil for a command that prints text.
  let output: OutputSettings?
  /// Leave out the notes on stderr (--quiet, COINTRACK_QUIET); commands that print text print
  /// no notes, and never read the variable.
  let quiet: Bool
  /// Opens the run's one state store; its environment is read once, when the session starts,
  /// and a fault there is thrown only by the step that needs the store.
  let openStore: @Sendable () throws(StateError) -> StateStore
  /// Where the live sources of this run report what they print after the data.
  private let notices: SourceNotices
  private let todayOverride: Day?
  /// Read at most once in a run: `coins list` needs it for the preferred source and the coins,
  /// and reading and checking a large file twice doubled its cost.
  private var loadedState: TrackerState?

  /// Resolves the global options, before anything is read or changed.
  init(command: ParsedCommand, context: RunContext, notices: SourceNotices) throws {
    self.command = command
    self.context = context
    self.notices = notices
    if let kind = command.path.command.output {
      output = try OutputSettings(command, printing: kind)
      todayOverride = try DateOptions.todayOverride(in: command, context: context)
      quiet = try QuietSetting.isQuiet(command, context: context)
    } else {
      output = nil
      todayOverride = nil
      quiet = false
    }
    let store = Result { () throws(StateError) in try StateStoreSettings.store(context: context) }
    openStore = { () throws(StateError) -> StateStore in try store.get() }
  }

  /// What today is: --today, else COINTRACK_TODAY, else the system's date in UTC. Only commands
  /// that compare dates with today ask, so the others work whatever COINTRACK_TODAY holds.
  func today() throws(EnvironmentError) -> Day {
    try DateOptions.today(override: todayOverride, context: context)
  }

  /// The state, read once.
  func state() throws -> TrackerState {
    if let loadedState { return loadedState }
    let state = try openStore().load()
    loadedState = state
    return state
  }

  /// The source the source options choose, else the profile's, else the snapshot.
  func selectedSource() throws -> any PriceSource {
    try SourceSelection(command: command, context: context, notices: notices)
      .source(storedProfile: { try state().profile })
  }

  /// The profile's source, else the snapshot, whatever the command's --source and --currency:
  /// for commands whose --currency is a trade's currency rather than the one prices are quoted
  /// in. Its other options stay, --today among them: the history reads on the day asked.
  func profileSource() throws -> any PriceSource {
    let choosing = [SourceSelection.sourceOption.name, SourceSelection.currencyOption.name]
    let withoutChoice = ParsedCommand(
      path: command.path, options: command.options.filter { !choosing.contains($0.name) },
      arguments: [])
    return try SourceSelection(command: withoutChoice, context: context, notices: notices)
      .source(storedProfile: { try state().profile })
  }

  /// The live sources' settings for this run, from the environment and the source options.
  func liveSourceConfiguration() throws -> LiveSourceConfiguration {
    try SourceSelection(command: command, context: context, notices: notices).configuration()
  }

  /// A tracker over this run's store and `source`, by default with the system's today, which
  /// commands that do not compare dates with today leave unused.
  func tracker(source: any PriceSource, today: Day? = nil) -> Tracker {
    Tracker(openStore: openStore, source: source, today: today ?? context.systemToday())
  }

  /// A tracker over this run's store and the snapshot, for commands that read no prices.
  func tracker() -> Tracker {
    tracker(source: SnapshotPriceSource())
  }
}
