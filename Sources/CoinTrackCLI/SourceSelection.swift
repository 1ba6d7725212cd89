import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The price source a run uses: chosen by --source, else the profile, else the snapshot, and
/// configured from --currency, --refresh, --cached-only and the environment.
struct SourceSelection {
  /// Variables that tune live sources, with what they mean, for help.
  static let variables: [(name: String, meaning: String)] = [
    (
      "COINTRACK_HTTP_TIMEOUT",
      "Seconds a request to a live source may take in all; default "
        + "\(LiveSourceConfiguration.defaultTotalTimeoutMilliseconds / 1000)."
    ),
    (
      "COINTRACK_CACHE_TTL",
      "Seconds a cached latest price stays fresh; default \(CachePolicy().latestTTLSeconds)."
    ),
    (
      LiveWorkLimits.requestsVariable,
      "Requests one command may send to a live source, retries included; default "
        + "\(LiveWorkLimits.defaultMaximumRequests), 0 allows none."
    ),
    (
      LiveWorkLimits.timeVariable,
      "Seconds one command may spend on live requests in all; default "
        + "\(LiveWorkLimits.defaultMaximumMilliseconds / 1000), 0 allows none."
    ),
  ]

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
      if let variable = kind.baseURLVariable, let url = environment[variable], !url.isEmpty {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
          throw UsageError.invalidURL(input: url, variable: variable, at: command.path)
        }
        configuration.baseURLs[kind] = url
      }
      if let variable = kind.keyVariable, let key = environment[variable] {
        configuration.apiKeys[kind] = key
      }
    }
    configuration.coinGeckoProKey = environment[LiveSourceConfiguration.coinGeckoProKeyVariable]
    configuration.notices = notices
    if let seconds = try context.seconds(in: "COINTRACK_HTTP_TIMEOUT", path: command.path) {
      configuration.totalTimeoutMilliseconds = max(1, Int(seconds * 1000))
    }
    configuration.cache = PriceCache.defaultDirectory(environment: environment).map {
      PriceCache(directory: $0, now: { Int(time(nil)) })
    }
    configuration.policy = CachePolicy(
      latestTTLSeconds: Int(
        try context.seconds(in: "COINTRACK_CACHE_TTL", path: command.path)
          ?? Double(CachePolicy().latestTTLSeconds)),
      refresh: command.contains(CommandTable.refreshOption),
      cachedOnly: command.contains(CommandTable.cachedOnlyOption))
    configuration.limits = try SourceSelection.limits(in: environment)
    return configuration
  }
}

extension SourceSelection {
  /// The bounds on live work, from COINTRACK_MAX_REQUESTS and COINTRACK_RUN_TIMEOUT.
  static func limits(in environment: Environment) throws(EnvironmentValueError) -> LiveWorkLimits {
    var limits = LiveWorkLimits()
    if let count = try EnvironmentValue.scaledDecimal(
      LiveWorkLimits.requestsVariable, in: environment, fractionDigits: 0, range: 0...100_000,
      expected: "a whole number of requests from 0 to 100000")
    {
      limits.maximumRequests = count
    }
    if let milliseconds = try EnvironmentValue.scaledDecimal(
      LiveWorkLimits.timeVariable, in: environment, fractionDigits: 3, range: 0...86_400_000,
      expected: "a number of seconds from 0 to 86400, such as 120 or 0.5")
    {
      limits.maximumMilliseconds = milliseconds
    }
    return limits
  }
}

extension RunContext {
  /// A number of seconds from the environment variable `variable`; nil when unset or empty.
  func seconds(in variable: String, path: CommandPath) throws(UsageError) -> Double? {
    guard let input = environment[variable], !input.isEmpty else { return nil }
    guard let seconds = Double(input), seconds >= 0, seconds <= 86_400 else {
      throw UsageError.invalidSeconds(input: input, variable: variable, at: path)
    }
    return seconds
  }
}
