import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The price source a run uses: chosen by --source, else the profile, else the snapshot, and
/// configured from --currency, --refresh, --cached-only and the environment.
struct SourceSelection {
  let command: ParsedCommand
  let context: RunContext
  /// Where the source reports days its plan left out.
  let notices: SourceNotices

  /// Opens the source. `storedProfile` is read only when an option leaves a preference to it.
  func source(storedProfile: () throws -> Profile) throws -> any PriceSource {
    let path = command.path
    if command.contains(CommandTable.refreshOption),
      command.contains(CommandTable.cachedOnlyOption)
    {
      throw UsageError.conflictingOptions(
        CommandTable.refreshOption, CommandTable.cachedOnlyOption, at: path)
    }
    let chosenKind = command.value(of: CommandTable.sourceOption).flatMap(PriceSourceKind.init)
    let chosenCurrency = command.value(of: CommandTable.currencyOption)
    let profile = chosenKind == nil || chosenCurrency == nil ? try storedProfile() : nil
    // The parser and the profile's own checks allow only known source names.
    let kind =
      chosenKind ?? profile?.preferredSource.flatMap(PriceSourceKind.init(rawValue:)) ?? .offline
    // A stored currency the chosen source cannot quote yields to the source's own; an explicit
    // one is checked, and refused, by the source.
    let storedCurrency = profile?.preferredCurrency.flatMap {
      kind.currencies.contains($0) ? $0 : nil
    }
    return try kind.makeSource(
      currency: chosenCurrency ?? storedCurrency, configuration: try configuration())
  }

  /// Live-source settings from the environment and the cache options.
  private func configuration() throws -> LiveSourceConfiguration {
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
      refresh: command.contains(CommandTable.refreshOption),
      cachedOnly: command.contains(CommandTable.cachedOnlyOption))
    configuration.limits = try SourceSelection.limits(in: environment)
    return configuration
  }
}

extension SourceSelection {
  /// The bounds on live work, from COINTRACK_MAX_REQUESTS and COINTRACK_RUN_TIMEOUT.
  static func limits(in environment: Environment) throws(EnvironmentError) -> LiveWorkLimits {
    var limits = LiveWorkLimits()
    limits.maximumRequests = try environment.count(LiveWorkLimits.requestsVariable)
    limits.maximumMilliseconds = Int(
      (try environment.seconds(LiveWorkLimits.timeVariable) * 1000).rounded())
    return limits
  }
}
