import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one command line: parse, resolve, execute, render, and report failures.
struct CommandRunner {
  let context: RunContext
  /// What the live sources of this run report besides their data, printed after it.
  private let notices = SourceNotices()

  /// The state before any file exists, from the embedded catalogue.
  static let initialState: @Sendable () -> TrackerState = {
    TrackerState.initial(catalogue: SnapshotPriceSource().catalogue())
  }

  /// Runs the command line and returns the exit code.
  func run() -> ExitCode {
    do {
      switch try CommandLineParser.parse(
        context.arguments, undecodable: context.undecodableArguments)
      {
      case .help(let path):
        try context.standardOutput.write(
          HelpRenderer(width: context.terminalWidth).help(for: path))
      case .version:
        try context.standardOutput.write("\(CommandTable.programName) \(CommandTable.version)\n")
      case .candidates(let list):
        try context.standardOutput.write(candidates(list))
      case .run(let command):
        try execute(command)
      }
      return .success
    } catch OutputError.closed {
      return .success
    } catch {
      let failure = ErrorFunnel.failure(for: explained(error))
      try? context.standardError.write(failure.report)
      return failure.code
    }
  }

  /// `error`, unless it is "no price in the range" after a source left out days beyond its
  /// plan's window: then the plan is why, and the run fails for that reason.
  private func explained(_ error: any Error) -> any Error {
    guard case TrackerError.noPricesInRange = error,
      case .historyBeyondPlan(let source, let windowDays, let days)? = notices.all.first
    else { return error }
    return SourceError.historyBeyondPlan(source: source, windowDays: windowDays, days: days)
  }

  /// The words of a hidden `__complete` call, one per line.
  ///
  /// Nothing at all when they cannot be found: a completion script has nowhere to show an
  /// error. Reading the state never creates or changes it.
  private func candidates(_ list: CandidateList) -> String {
    let words: [String]
    switch list {
    case .catalogue:
      words = SnapshotPriceSource().catalogue().entries.map(\.coin.symbol)
    case .tracked:
      guard let path = try? StateStore.defaultPath(environment: context.environment),
        let state = try? StateStore(
          path: path, lockTimeoutSeconds: 0, initialState: CommandRunner.initialState
        ).load()
      else { return "" }
      var symbols: Set<String> = []
      words =
        state.coins.map(\.coin.symbol).filter { symbols.insert($0).inserted }
        + state.coins.map { String($0.id) } + state.coins.map { "@" + $0.coin.id }
    }
    return words.map { $0 + "\n" }.joined()
  }

  private func execute(_ command: ParsedCommand) throws {
    guard let action = command.path.command.action else {
      throw UsageError.missingSubcommand(at: command.path)
    }
    switch action {
    case .help:
      try context.standardOutput.write(try helpText(for: command))
      return
    case .completion:
      // The parser has checked the value against the shells.
      let shell = Shell(rawValue: command.values(of: CommandTable.completion.arguments[0])[0])!
      try context.standardOutput.write(CompletionScript.text(for: shell))
      return
    default:
      break
    }
    let resolved = try ResolvedSettings(command: command, context: context)
    // One store for the run, opened only if a step needs state.
    let store = Result { () throws(StateError) in try resolved.store() }
    let openStore = { @Sendable () throws(StateError) -> StateStore in try store.get() }
    // Only the commands that compare dates with today read COINTRACK_TODAY; the others work
    // whatever it holds, and their tracker's today goes unused.
    let today =
      action == .coinsList || action == .prices ? try resolved.today() : context.systemToday()
    let snapshotTracker = Tracker(
      openStore: openStore, source: SnapshotPriceSource(), today: today)
    // Read at most once in this run: `coins list` needs it for the preferred source and the
    // coins, and reading and checking a large file twice doubled its cost.
    var loadedState: TrackerState?
    func state() throws -> TrackerState {
      if let loadedState { return loadedState }
      let state = try openStore().load()
      loadedState = state
      return state
    }
    let tracker: Tracker
    switch action {
    case .coinsList, .coinsAdd, .prices:
      let source = try SourceSelection(command: command, context: context, notices: notices)
        .source(storedProfile: { try state().profile })
      tracker = Tracker(openStore: openStore, source: source, today: today)
    default:
      tracker = snapshotTracker
    }
    let records: RecordSet
    var dailyPrices: PriceRows?
    var notes: [String] = []
    // Days whose price is the latest rather than a close; tables say so in a note.
    var openDays: [Day] = []
    switch action {
    case .coinsList:
      let coins = try state().coins
      let latestPrices = try tracker.latestPrices(of: coins)
      records = .coinListings(coins, latestPrices: latestPrices)
      openDays = latestPrices.rows.filter { !$0.isClosed }.map(\.day)
    case .coinsAdd:
      records = .trackedCoins(
        try tracker.addCoins(command.values(of: CommandTable.coinsAdd.arguments[0])))
    case .coinsRemove:
      records = .trackedCoins(
        try tracker.removeCoins(command.values(of: CommandTable.coinsRemove.arguments[0])))
    case .coinsAvailable:
      records = .catalogue(tracker.availableCoins())
    case .prices:
      let to = try resolved.date(
        command.value(of: CommandTable.toOption) ?? "today", origin: CommandTable.toOption.flag,
        today: today)
      let from = try command.value(of: CommandTable.fromOption).map {
        try resolved.date($0, origin: CommandTable.fromOption.flag, today: today)
      }
      let history = try tracker.prices(
        coin: command.values(of: CommandTable.prices.arguments[0])[0], from: from ?? to, to: to)
      // A range is never empty and a source returns a row for each of its days.
      let first = history.rows[0]
      records =
        resolved.kind == .priceStatistics
        ? .priceStatistics(
          PriceStatistics(
            symbol: first.symbol, currency: first.currency, source: first.source,
            rows: history.rows))
        : .priceRows(history.rows)
      dailyPrices = history.rows
      openDays = history.openDays
      let missingDays = history.missingDays
      if missingDays > 0 {
        notes.append(
          "note: \(missingDays) of \(history.rows.count) days have no \(first.symbol) "
            + "price in the \(tracker.source.name) source; their rows have no price.")
      }
    case .profileShow:
      records = .profile(try tracker.profile())
    case .profileSet:
      let username = command.values(of: CommandTable.profileSet.arguments[0]).first
      let source = command.value(of: CommandTable.sourceOption).flatMap(PriceSourceKind.init)
      let currency = command.value(of: CommandTable.currencyOption)
      guard username != nil || source != nil || currency != nil else {
        throw UsageError.nothingToSet(at: command.path)
      }
      records = .profile(
        try tracker.updateProfile(username: username, source: source, currency: currency))
    case .help, .completion:
      return
    }
    if resolved.format == .records(.table), let day = Set(openDays).sorted().first {
      notes.append(
        "note: the price for \(day) is the latest price, not the close of a finished day.")
    }
    try write(records, dailyPrices: dailyPrices, settings: resolved)
    for note in notes + notices.all.map(ErrorFunnel.note) {
      try? context.standardError.write("\(CommandTable.programName): \(note)\n")
    }
  }

  /// Writes to stdout the records in the chosen format, a chunk at a time, or the daily prices
  /// as directives; after a table, a sparkline on a terminal or the chart that --chart asks for.
  private func write(_ records: RecordSet, dailyPrices: PriceRows?, settings: ResolvedSettings)
    throws
  {
    switch settings.format {
    case .priceDirectives(let dialect):
      // ResolvedSettings allows directive formats only where the daily prices are the output.
      try dialect.write(dailyPrices ?? PriceRows([])) { try context.standardOutput.write($0) }
    case .records(let format):
      let selected =
        settings.fields.map(records.selecting) ?? (format == .table ? records.forTables : records)
      try format.write(selected, header: settings.header, tableStyle: context.tableStyle) {
        try context.standardOutput.write($0)
      }
      if format == .table, let dailyPrices {
        if settings.wantsChart {
          try context.standardOutput.write(
            PriceChart.chart(dailyPrices, width: context.terminalWidth))
        } else if context.standardOutputIsTerminal {
          try context.standardOutput.write(
            PriceChart.sparkline(dailyPrices, width: context.terminalWidth))
        }
      }
    }
  }

  /// `cointrack help [COMMAND...]`: the help of the named command, or a topic.
  private func helpText(for command: ParsedCommand) throws(UsageError) -> String {
    let renderer = HelpRenderer(width: context.terminalWidth)
    let words = command.values(of: CommandTable.help.arguments[0])
    if words.count == 1, let topic = HelpTopic(rawValue: words[0]) {
      return renderer.topic(topic)
    }
    var path = CommandPath(commands: [CommandTable.root])
    for word in words {
      guard let next = path.command.subcommand(named: word) else {
        let candidates =
          path.command.subcommands.map(\.name)
          + (path.commands.count == 1 ? HelpTopic.allCases.map(\.rawValue) : [])
        let suggestions = EditDistance.closest(to: word, among: candidates)
        if path.commands.count == 1 {
          throw UsageError.unknownHelpTopic(input: word, suggestions: suggestions)
        }
        throw UsageError.unknownCommand(input: word, at: path, suggestions: suggestions)
      }
      path = path.appending(next)
    }
    return renderer.help(for: path)
  }
}

/// The values of a run that come from options and the environment, checked.
private struct ResolvedSettings {
  let format: OutputFormat
  /// What the command prints, after options such as --stats.
  let kind: RecordKind?
  /// The fields --fields asks for, checked against the kind; nil for every field.
  let fields: [String]?
  let header: Bool
  let wantsChart: Bool
  /// The day --today names, checked whether or not the command needs a date.
  let todayOption: Day?
  let systemToday: @Sendable () -> Day
  let path: CommandPath
  let environment: Environment
  let standardError: any TextOutput

  init(command: ParsedCommand, context: RunContext) throws(UsageError) {
    path = command.path
    environment = context.environment
    systemToday = context.systemToday
    standardError = context.standardError
    // The parser has checked the value against the allowed formats.
    format =
      command.value(of: CommandTable.formatOption).flatMap(OutputFormat.init(name:))
      ?? .records(.table)
    let kind =
      command.path.options.first { $0.output != nil && command.contains($0) }?.output
      ?? command.path.command.output
    self.kind = kind
    try ResolvedSettings.checkFormat(format, kind: kind, command: command)
    if let input = command.value(of: CommandTable.fieldsOption) {
      fields = try ResolvedSettings.fields(input, kind: kind, path: command.path)
    } else {
      fields = nil
    }
    header = !command.contains(CommandTable.noHeaderOption)
    wantsChart = command.contains(CommandTable.chartOption)
    if let input = command.value(of: CommandTable.todayOption) {
      todayOption =
        try ResolvedSettings.date(
          input, origin: CommandTable.todayOption.flag, today: context.systemToday(), path: path
        ).day
    } else {
      todayOption = nil
    }
  }

  /// What today is: --today, else COINTRACK_TODAY, else the system's date in UTC.
  func today() throws(EnvironmentError) -> Day {
    if let todayOption { return todayOption }
    let variable = RunContext.todayVariable.name
    guard let input = try environment.text(variable), !input.isEmpty else {
      return systemToday()
    }
    guard let day = try? date(input, origin: variable, today: systemToday()).day else {
      throw EnvironmentError.invalidDate(variable: variable, input: input)
    }
    return day
  }

  /// Refuses options given with a format they do not work with, and directive formats for
  /// output other than daily prices, before anything is read or changed.
  private static func checkFormat(_ format: OutputFormat, kind: RecordKind?, command: ParsedCommand)
    throws(UsageError)
  {
    if let kind, !format.canWrite(kind) {
      throw UsageError.formatNeedsPriceRows(format: format.name, at: command.path)
    }
    for option in command.path.options
    where !option.formats.isEmpty && command.contains(option)
      && !option.formats.contains(format.name)
    {
      throw UsageError.optionNeedsFormat(option: option, format: format.name, at: command.path)
    }
  }

  /// The keys of a --fields value, each a field of `kind`, none twice.
  private static func fields(_ input: String, kind: RecordKind?, path: CommandPath)
    throws(UsageError) -> [String]
  {
    let valid = kind?.fields.map(\.key) ?? []
    var keys: [String] = []
    for part in input.split(separator: ",", omittingEmptySubsequences: false) {
      let key = String(part).trimmingSpaces()
      guard valid.contains(key) else {
        throw UsageError.unknownField(input: key, valid: valid, at: path)
      }
      guard !keys.contains(key) else { throw UsageError.repeatedField(input: key, at: path) }
      keys.append(key)
    }
    return keys
  }

  /// The state store at the XDG location, waiting `StateStore.lockTimeoutVariable` seconds for
  /// the lock.
  func store() throws(StateError) -> StateStore {
    let lockTimeout: Double
    let pause: Double?
    do {
      lockTimeout = try environment.seconds(StateStore.lockTimeoutVariable)
      pause = try environment.seconds(SavePauseHook.variable, allowed: 0...86_400)
    } catch {
      throw StateError.unusableEnvironment(error)
    }
    let hook = pause.map { SavePauseHook(standardError: standardError, seconds: $0) }
    return StateStore(
      path: try StateStore.defaultPath(environment: environment),
      lockTimeoutSeconds: lockTimeout,
      initialState: CommandRunner.initialState, saveCheckpoint: { hook?.pause(at: $0) })
  }

  /// A date's value as a day, keeping the input for messages: YYYY-MM-DD, or a word such as
  /// 'yesterday' counted from `today`, which must not leave the calendar cointrack knows.
  func date(_ input: String, origin: String, today: Day) throws(UsageError) -> DatedInput {
    try ResolvedSettings.date(input, origin: origin, today: today, path: path)
  }

  private static func date(_ input: String, origin: String, today: Day, path: CommandPath)
    throws(UsageError) -> DatedInput
  {
    guard
      let relative = CommandTable.relativeDays.first(where: { $0.word == input.lowercased() })
    else {
      guard let day = Day(iso: input) else {
        throw UsageError.invalidDate(input: input, origin: origin, at: path)
      }
      return DatedInput(day: day, input: input)
    }
    let day = today.adding(days: relative.offset)
    guard Day.supported.contains(day) else {
      throw UsageError.dateOutsideCalendar(input: input, day: day, origin: origin, at: path)
    }
    return DatedInput(day: day, input: input)
  }
}

/// A test hook, not a user feature: with COINTRACK_TEST_SAVE_PAUSE=<seconds> set, every save says
/// on stderr which step of replacing the state file it has reached and pauses there, so that the
/// crash tests can SIGKILL the real save code at a known step. Unset, saves never pause.
private struct SavePauseHook: @unchecked Sendable {
  static let variable = "COINTRACK_TEST_SAVE_PAUSE"

  // Unchecked because the store calls the hook synchronously on the thread that runs the
  // command, which is the only thread writing to this output.
  let standardError: any TextOutput
  let seconds: Double

  func pause(at step: FileSystem.ReplaceStep) {
    try? standardError.write("\(CommandTable.programName): test hook: paused at \(step.rawValue)\n")
    var interval = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    nanosleep(&interval, nil)
  }
}
