import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Every case of every error type, with the exit code it declares and whether its report adds
/// the usage line; the switches beside the cases are exhaustive, so a new case cannot compile
/// without a kind, and this table pins which kind each has.
@Suite struct FailureDeclarationTests {
  static let root = CommandPath(commands: [CommandTable.root])
  static let option = CommandTable.globalOptions[0]
  static let argument = HelpCommand.spec.arguments[0]
  static let day = Day(year: 2024, month: 1, day: 2)!
  static let days = DayRange(from: Day(year: 2024, month: 1, day: 1)!, to: day)!
  static let coin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
  static let alert = Alert(
    id: 1, coin: coin, condition: .below(Price(decimalText: "1")!), currency: "USDT")

  static let oversell = Oversell(
    trade: Trade(
      id: 2, day: day, side: .sell, coin: coin, quantity: Price(decimalText: "2")!,
      price: Price(decimalText: "1")!, fee: Price(decimalText: "0")!, currency: "USDT"),
    held: Price(decimalText: "1")!)

  static let usageErrors: [UsageError] = [
    .unknownCommand(input: "x", at: root, suggestions: []),
    .unknownOption(input: "--x", at: root, suggestions: []),
    .missingValue(option: option, at: root),
    .unexpectedValue(option: option, input: "x", at: root),
    .invalidChoice(name: "format", input: "x", allowed: ["json"], at: root, suggestions: []),
    .missingArgument(argument, at: root),
    .unexpectedArgument(input: "x", at: root),
    .missingSubcommand(at: root),
    .invalidDate(input: "x", origin: "--from", at: root),
    .dateOutsideCalendar(input: "yesterday", day: day, origin: "--from", at: root),
    .unknownHelpTopic(input: "x", suggestions: []),
    .optionNeedsFormat(option: option, format: "json", at: root),
    .formatNeedsPriceRows(format: "ledger", at: root),
    .unknownField(input: "x", valid: ["id"], at: root),
    .repeatedField(input: "id", at: root),
    .conflictingOptions(option, option, at: root),
    .nothingToSet(at: root),
    .undecodableArgument(bytes: [0xFF], at: root),
    .invalidWholeNumber(option: option, input: "0", allowed: 1...8, at: root),
    .missingOneOf([option], at: root),
    .optionNeedsOption(option, option, at: root),
    .invalidNumber(input: "1e3", option: option, at: root),
    .invalidCoinMapping(input: "UNI", option: option, at: root),
    .invalidTradeValue(.malformedNumber(input: "1e3", what: .quantity), at: root),
  ]

  static let declaredFailures: [(any Error, ExitCode)] = [
    (TrackerError.unknownCoin(input: "x", suggestions: []), .notFound),
    (
      TrackerError.coinAlreadyTracked(input: "btc", coin: TrackedCoin(id: 1, coin: coin)),
      .invalidValue
    ),
    (TrackerError.noIDsLeft(input: "btc"), .invalidValue),
    (TrackerError.coinNotTracked(input: "x"), .notFound),
    (TrackerError.ambiguousCoin(input: "x", candidates: [coin], among: .tracked), .invalidValue),
    (TrackerError.rangeStartsAfterEnd(from: day, to: days.first), .invalidValue),
    (TrackerError.dateAfterToday(input: "x", day: day, today: days.first), .invalidValue),
    (
      TrackerError.noPricesInRange(symbol: "BTC", requested: days, held: nil, source: "offline"),
      .notFound
    ),
    (TrackerError.invalidUsername(input: "", problem: .empty), .invalidValue),
    (StateError.unusable(path: "/s", reason: "x"), .unusableState),
    (StateError.newerSchema(path: "/s", version: 9, supported: 1), .unusableState),
    (StateError.unreadable(path: "/s", reason: "x"), .ioError),
    (StateError.unwritable(path: "/s", reason: "x"), .ioError),
    (StateError.lockTimeout(lockPath: "/s.lock", seconds: 5), .temporaryFailure),
    (StateError.noHomeDirectory, .unusableState),
    (StateError.unusableEnvironment(.notUTF8(variable: "HOME", bytes: [0xFF])), .unusableState),
    (EnvironmentError.notUTF8(variable: "V", bytes: [0xFF]), .unusableState),
    (
      EnvironmentError.invalidSeconds(
        variable: "V", input: "x", allowed: 0...1, wholeSeconds: true),
      .unusableState
    ),
    (EnvironmentError.invalidCount(variable: "V", input: "x", allowed: 0...1), .unusableState),
    (EnvironmentError.invalidDate(variable: "V", input: "x"), .unusableState),
    (EnvironmentError.invalidURL(variable: "V", input: "x"), .unusableState),
    (EnvironmentError.invalidSwitch(variable: "V", input: "x"), .unusableState),
    (SourceError.unreachable(source: "s", host: "h", reason: "x"), .unavailable),
    (SourceError.serverError(source: "s", host: "h", status: 500), .unavailable),
    (SourceError.refused(source: "s", status: 400, message: "x"), .unavailable),
    (SourceError.badResponse(source: "s", detail: "x"), .unavailable),
    (SourceError.rateLimited(source: "s", retryAfterSeconds: 3), .temporaryFailure),
    (SourceError.rateLimited(source: "s", retryAfterSeconds: nil), .temporaryFailure),
    (SourceError.missingKey(source: "s", variable: "K"), .unusableState),
    (SourceError.keyRefused(source: "s", message: "x"), .unusableState),
    (SourceError.unsupportedCurrency(source: "s", input: "x", supported: ["USD"]), .invalidValue),
    (SourceError.notCached(source: "s", what: "x"), .unavailable),
    (SourceError.httpUnavailable(source: "s", detail: "x"), .unavailable),
    (SourceError.historyBeyondPlan(source: "s", windowDays: 365, days: days), .unavailable),
    (SourceError.planRestricted(source: "s", message: "x"), .unavailable),
    (SourceError.locationRestricted(source: "s", message: "x", variable: "U"), .unavailable),
    (SourceError.workLimitReached(source: "s", limit: .requests(1)), .unavailable),
    (SourceError.workLimitReached(source: "s", limit: .milliseconds(1)), .unavailable),
    (OutputError.failed(destination: "standard output", reason: "x"), .ioError),
    (PriceDirectiveError(symbol: "1INCH", dialect: .beancount), .invalidValue),
    (HistoryError.damaged(path: "/h.csv", line: 2, reason: "x"), .invalidValue),
    (HistoryError.damaged(path: "/h.csv", line: 0, reason: "x"), .invalidValue),
    (HistoryError.unreadable(path: "/h.csv", reason: "x"), .ioError),
    (HistoryError.unwritable(path: "/h.csv", reason: "x"), .ioError),
    (
      HistoryError.currencyMismatch(symbol: "BTC", held: "USDT", source: "s", quotes: ["USD"]),
      .invalidValue
    ),
    (SyncIncomplete(failed: 1, total: 2, worst: .temporaryFailure), .temporaryFailure),
    (SyncIncomplete(failed: 2, total: 2, worst: .notFound), .notFound),
    (AlertError.malformedNumber(input: "1e3", what: .price), .usage),
    (AlertError.priceNotPositive(input: "-1"), .invalidValue),
    (AlertError.percentOutOfRange(input: "0"), .invalidValue),
    (AlertError.invalidDays(input: "0", allowed: 1...2), .invalidValue),
    (AlertError.unknownCondition(input: "x"), .invalidValue),
    (AlertError.duplicateAlert(existing: alert), .invalidValue),
    (AlertError.unknownAlert(input: "9"), .notFound),
    (AlertError.noAlertIDsLeft, .invalidValue),
    (TradeError.malformedNumber(input: "1e3", what: .price), .usage),
    (TradeError.quantityNotPositive(input: "0"), .invalidValue),
    (TradeError.negativeAmount(input: "-1", what: .fee), .invalidValue),
    (TradeError.tooManyDecimals(input: "0.1", allowed: 18), .invalidValue),
    (TradeError.malformedCurrency(input: "$"), .usage),
    (TradeError.oversold(oversell, isNew: true), .invalidValue),
    (TradeError.removalOversells(removing: [1], oversell), .invalidValue),
    (TradeError.unknownTrade(input: "9"), .notFound),
    (TradeError.noTradeIDsLeft, .invalidValue),
    (
      TradeError.currencyMismatch(
        trade: oversell.trade, coinCurrency: "USD", source: "offline", isNew: false),
      .invalidValue
    ),
  ]

  /// By index: a usage error prints the whole command table it carries.
  @Test(arguments: 0..<usageErrors.count)
  func everyUsageErrorIsCode64WithItsUsageLine(index: Int) {
    let error = FailureDeclarationTests.usageErrors[index]
    let failure = ErrorFunnel.failure(for: error)
    #expect(failure.code == .usage)
    #expect(failure.usage == error.path)
    #expect(failure.report.contains("\n" + HelpRenderer.usageLine(for: error.path) + "\n"))
  }

  @Test(arguments: 0..<declaredFailures.count)
  func everyOtherFailureHasItsDeclaredCodeAndNoUsageLine(index: Int) {
    let (error, code) = FailureDeclarationTests.declaredFailures[index]
    let failure = ErrorFunnel.failure(for: error)
    #expect(failure.code == code, "\(error)")
    #expect(failure.usage == nil, "\(error)")
    #expect(!failure.message.hasPrefix("internal error"), "\(error)")
  }

  /// Each kind of failure has its own code, and none is success or the code for a bug.
  @Test func eachKindOfFailureHasItsOwnCode() {
    let codes = FailureKind.allCases.map(ExitCode.init)
    #expect(Set(codes).count == FailureKind.allCases.count)
    #expect(!codes.contains(.success))
    #expect(!codes.contains(.internalError))
  }

  /// The README's exit-code table has a row for every code, with its sysexits name.
  @Test(arguments: ExitCode.allCases)
  func theReadmeListsEveryExitCode(code: ExitCode) {
    #expect(Readme.tableRows.contains { $0.hasPrefix("| \(code.rawValue) | \(code.name) |") })
  }

  /// An error that declares no kind, or one the funnel has no words for, is a bug: 70.
  @Test func anUndeclaredErrorIsAnInternalError() {
    struct Unexpected: Error {}
    for error in [Unexpected() as any Error, OutputError.closed] {
      let failure = ErrorFunnel.failure(for: error)
      #expect(failure.code == .internalError)
      #expect(failure.usage == nil)
    }
  }
}
