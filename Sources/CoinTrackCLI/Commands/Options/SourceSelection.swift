import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The price source a run uses: chosen by --source, else the profile, else the snapshot, and
/// configured from --currency, --refresh, --cached-only and the environment.
struct SourceSelection {
  static let sourceOption = OptionSpec(
    "source", value: "SOURCE",
    summary: "Where prices come from: the embedded snapshot (offline) or a live API; "
      + "'cointrack help sources' tells them apart.",
    default: "the profile's source, else offline",
    allowed: PriceSourceKind.allCases.map(\.rawValue))
  static let currencyOption = OptionSpec(
    "currency", value: "CODE",
    summary: "The currency to quote prices in, such as USD or EUR; each source quotes a fixed "
      + "set.",
    default: "the profile's currency where the source quotes it, else the source's own")
  static let refreshOption = OptionSpec(
    "refresh",
    summary: "Ask a live source again for today's prices and for past days cached without one."
  )
  static let cachedOnlyOption = OptionSpec(
    "cached-only",
    summary: "Answer from the cache of a live source alone, asking nothing; exit "
      + "\(ExitCode(.unavailable).rawValue) when the cache lacks what is needed.")

  let command: ParsedCommand
  let context: RunContext
  /// Where the source reports days its plan left out.
  let notices: SourceNotices

  /// Opens the source. `storedProfile` is read only when an option leaves a preference to it.
  func source(storedProfile: () throws -> Profile) throws -> any PriceSource {
    let path = command.path
    if command.contains(SourceSelection.refreshOption),
      command.contains(SourceSelection.cachedOnlyOption)
    {
      throw UsageError.conflictingOptions(
        SourceSelection.refreshOption, SourceSelection.cachedOnlyOption, at: path)
    }
    let chosenKind = SourceSelection.chosenKind(in: command)
    let chosenCurrency = SourceSelection.chosenCurrency(in: command)
    let profile = chosenKind == nil || chosenCurrency == nil ? try storedProfile() : nil
    // The parser and the profile's own checks allow only known source names.
    let kind =
      chosenKind ?? profile?.preferredSource.flatMap(PriceSourceKind.init(rawValue:)) ?? .offline
    // A stored currency the chosen source cannot quote yields to the source's own; an explicit
    // one is checked, and refused, by the source.
    let storedCurrency = profile?.preferredCurrency.flatMap {
      kind.currencies.contains($0) ? $0 : nil
    }
    if kind == .offline {
      // Checked as a live source checks it: the snapshot quotes USDT alone.
      _ = try kind.checkedCurrency(chosenCurrency ?? storedCurrency ?? kind.defaultCurrency)
      // Today as the run is asked it, where it reads; commands that never ask read on the
      // system's date whatever COINTRACK_TODAY holds.
      let asked = try? DateOptions.today(
        override: DateOptions.todayOverride(in: command, context: context), context: context)
      return try SourceSelection.offlineSource(context: context, notices: notices, today: asked)
    }
    return try kind.makeSource(
      currency: chosenCurrency ?? storedCurrency, configuration: try configuration())
  }

  /// The snapshot with the local history, where a data directory is known; the snapshot alone
  /// where HOME and XDG_DATA_HOME name none, so that reading prices needs no home. `today` is
  /// the day the run is asked to be, if any.
  static func offlineSource(context: RunContext, notices: SourceNotices, today: Day?)
    throws(StateError) -> OfflinePriceSource
  {
    do {
      return OfflinePriceSource(
        history: try StateStoreSettings.history(
          context: context, notices: notices, askedToday: today))
    } catch .noHomeDirectory {
      return OfflinePriceSource(history: nil)
    }
  }

  /// Live-source settings from the environment and the cache options.
  func configuration() throws -> LiveSourceConfiguration {
    let environment = context.environment
    var configuration = LiveSourceConfiguration(currentDay: context.systemToday())
    for kind in PriceSourceKind.allCases {
      if let variable = kind.baseURLVariable, let url = try environment.text(variable),
        !url.isEmpty
      {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
          throw EnvironmentError.invalidURL(variable: variable, input: url)
        }
        configuration.baseURLs[kind] = url
      }
      if let variable = kind.keyVariable, let key = try environment.text(variable) {
        configuration.apiKeys[kind] = key
      }
    }
    configuration.coinGeckoProKey = try environment.text(
      LiveSourceConfiguration.coinGeckoProKeyVariable)
    configuration.notices = notices
    configuration.totalTimeoutMilliseconds = Int(
      (try environment.seconds(LiveSourceConfiguration.totalTimeoutVariable) * 1000).rounded(.up))
    configuration.cache = try PriceCache.defaultDirectory(environment: environment).map {
      PriceCache(directory: $0, now: { Int(time(nil)) })
    }
    configuration.policy = CachePolicy(
      latestTTLSeconds: Int(try environment.seconds(CachePolicy.latestTTLVariable)),
      refresh: command.contains(SourceSelection.refreshOption),
      cachedOnly: command.contains(SourceSelection.cachedOnlyOption))
    configuration.limits = try SourceSelection.limits(in: environment)
    return configuration
  }
}

extension SourceSelection {
  /// The source --source names; nil without it. The parser allows only known names.
  static func chosenKind(in command: ParsedCommand) -> PriceSourceKind? {
    command.value(of: sourceOption).flatMap(PriceSourceKind.init)
  }

  /// The currency --currency names, as given; nil without it.
  static func chosenCurrency(in command: ParsedCommand) -> String? {
    command.value(of: currencyOption)
  }

  /// The bounds on live work, from COINTRACK_MAX_REQUESTS and COINTRACK_RUN_TIMEOUT.
  static func limits(in environment: Environment) throws(EnvironmentError) -> LiveWorkLimits {
    var limits = LiveWorkLimits()
    limits.maximumRequests = try environment.count(LiveWorkLimits.requestsVariable)
    limits.maximumMilliseconds = Int(
      (try environment.seconds(LiveWorkLimits.timeVariable) * 1000).rounded())
    return limits
  }
}
