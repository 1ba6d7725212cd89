import CoinTrackCore

/// A failed run as the user sees it: one sentence, an exit code and, for usage errors, the usage
/// line of the command.
struct Failure: Hashable, Sendable {
  let message: String
  let code: ExitCode
  let usage: CommandPath?

  /// The lines written to stderr.
  var report: String {
    var text = "\(CommandTable.programName): \(message)\n"
    if let usage {
      text += HelpRenderer.usageLine(for: usage) + "\n"
      text +=
        "See '\(CommandTable.programName) help"
        + usage.words.map { " " + $0 }.joined() + "'.\n"
    }
    return text
  }
}

/// The one place that turns errors into messages. Each error declares its own kind of failure
/// beside its cases (`KindedFailure`), and so its exit code; the funnel only words and formats.
enum ErrorFunnel {
  static func failure(for error: any Error) -> Failure {
    guard let declared = error as? any KindedFailure, let message = message(of: error) else {
      return Failure(
        message: "internal error: \(String(describing: error)); please report it.",
        code: .internalError, usage: nil)
    }
    return Failure(
      message: message, code: ExitCode(declared.failureKind), usage: (error as? UsageError)?.path)
  }

  /// The sentence for an error; nil for one cointrack has no words for, which is a bug.
  private static func message(of error: any Error) -> String? {
    switch error {
    case let error as UsageError: return message(for: error)
    case let error as TrackerError: return message(for: error)
    case let error as StateError: return message(for: error)
    case let error as EnvironmentError: return message(for: error)
    case let error as SourceError: return message(for: error)
    case let error as HistoryError: return message(for: error)
    case let error as SyncIncomplete:
      guard error.failed < error.total else {
        return "no coin could be synced (see above); the price history is as it was."
      }
      return "\(error.failed) of \(error.total) coins could not be synced (see above); the "
        + "closes of the others are stored."
    case let error as AlertError: return message(for: error)
    case let error as TradeError: return message(for: error)
    case let error as TradeFileError: return message(for: error)
    case let error as ImportError: return message(for: error)
    case let error as JournalAccountError: return message(for: error)
    case let error as JournalError: return message(for: error)
    case OutputError.failed(let destination, let reason):
      return "cannot write to \(destination): \(reason); the output is incomplete."
    case let error as PriceDirectiveError:
      return "\(error.dialect.rawValue) cannot take the commodity \(quote(error.symbol)): "
        + reason(error.dialect) + "; use another --format."
    default: return nil
    }
  }

  private static func message(for error: UsageError) -> String {
    switch error {
    case .unknownCommand(let input, let path, let suggestions):
      let place = path.commands.count == 1 ? "" : " for '\(path.fullName)'"
      return "unknown command \(quote(input))\(place)" + didYouMean(suggestions)
    case .unknownOption(let input, let path, let suggestions):
      return "unknown option \(quote(input)) for '\(path.fullName)'" + didYouMean(suggestions)
    case .missingValue(let option, _):
      return "option \(option.flag) needs a value: <\(option.valueName ?? "VALUE")>."
    case .unexpectedValue(let option, let input, _):
      return "option \(option.flag) takes no value, but got \(quote(input))."
    case .invalidChoice(let name, let input, let allowed, _, let suggestions):
      if suggestions.isEmpty {
        return "unknown \(name) \(quote(input)); choose \(listing(allowed, conjunction: "or"))."
      }
      return "unknown \(name) \(quote(input)); did you mean '\(suggestions[0])'?"
    case .missingArgument(let argument, let path):
      let count = argument.isRepeating ? "at least one" : "a"
      return "'\(path.fullName)' needs \(count) <\(argument.name)>."
    case .unexpectedArgument(let input, let path):
      return "unexpected argument \(quote(input)) for '\(path.fullName)'."
    case .missingSubcommand(let path):
      let names = listing(path.command.subcommands.map(\.name), conjunction: "or")
      return "'\(path.fullName)' needs a command: \(names)."
    case .invalidDate(let input, let origin, _):
      if Day.looksLikeISODate(input) {
        return "invalid date \(quote(input)) for \(origin): there is no such day."
      }
      return "invalid date \(quote(input)) for \(origin): use YYYY-MM-DD, 'today' or 'yesterday'."
    case .dateOutsideCalendar(let input, let day, let origin, _):
      return "invalid date \(quote(input)) for \(origin): it would be \(day), outside "
        + "\(Day.supported.lowerBound) to \(Day.supported.upperBound)."
    case .unknownHelpTopic(let input, let suggestions):
      return "no command or help topic is called \(quote(input))" + didYouMean(suggestions)
    case .optionNeedsFormat(let option, let format, _):
      let formats = listing(option.formats, conjunction: "or")
      return "\(option.flag) works only with --format \(formats), not \(format)."
    case .formatNeedsPriceRows(let format, let path):
      return "--format \(format) writes price directives, which only 'cointrack prices' "
        + "without --stats prints, not '\(path.fullName)'."
    case .unknownField(let input, let valid, let path):
      let suggestions = EditDistance.closest(to: input, among: valid)
      return "'\(path.fullName)' has no field \(quote(input))"
        + (suggestions.isEmpty ? "; choose" : didYouMean(suggestions) + " Choose") + " from "
        + valid.joined(separator: ", ") + "."
    case .repeatedField(let input, _):
      return "the field \(quote(input)) is named twice in --fields."
    case .conflictingOptions(let first, let second, _):
      return "\(first.flag) and \(second.flag) cannot be used together."
    case .nothingToSet(let path):
      return "'\(path.fullName)' needs a <USERNAME>, --source, --currency or --method."
    case .undecodableArgument(let bytes, _):
      return "the argument \(quote(bytes: bytes)) is not valid UTF-8; cointrack reads only "
        + "UTF-8 text."
    case .invalidWholeNumber(let option, let input, let allowed, _):
      return "invalid \(option.flag) \(quote(input)): use a whole number from "
        + "\(allowed.lowerBound) to \(allowed.upperBound)."
    case .missingOneOf(let options, let path):
      return "'\(path.fullName)' needs \(options.count == 1 ? "" : "one of ")"
        + listing(options.map(\.flag), conjunction: "or") + "."
    case .optionNeedsOption(let option, let needed, _):
      return "\(option.flag) needs \(needed.flag)."
    case .invalidTradeValue(let error, _): return message(for: error)
    case .invalidCoinMapping(let input, let option, _):
      return "invalid \(option.flag) \(quote(input)): write SYMBOL=COIN, the export's symbol "
        + "(1 to 20 capitals and digits) and the coin it means (a symbol, full name or @id), "
        + "such as UNI=@uniswap."
    case .invalidNumber(let input, let option, _):
      return "invalid \(option.valueName ?? "value") \(quote(input)) for \(option.flag): "
        + numberForm(option.valueName) + "."
    }
  }

  /// Why a dialect rejects a commodity, following the tools' own syntax.
  private static func reason(_ dialect: PriceDirectiveDialect) -> String {
    switch dialect {
    case .ledger, .hledger:
      return "a commodity cannot hold a double quote or a line break, even quoted"
    case .beancount:
      return "a beancount currency is 1 to 24 capitals, digits and ' . _ -, starting with a "
        + "capital and ending with a capital or digit"
    }
  }

  /// `'UNI' names 2 offline coins: @a (A) and @b (B)`, to go on inside a sentence.
  static func ambiguity(_ input: String, _ candidates: [Coin], _ pool: CoinPool) -> String {
    let among: String
    switch pool {
    case .source(let source): among = "\(source) coins"
    case .tracked: among = "tracked coins"
    }
    let named = candidates.map { "@\(shown($0.id)) (\(shown($0.name)))" }
    return "\(quote(input)) names \(candidates.count) \(among): "
      + listing(named, conjunction: "and")
  }

  static func message(for error: TrackerError) -> String {
    switch error {
    case .unknownCoin(let input, let suggestions):
      let named = suggestions.map { "\(shown($0.symbol)) (\(shown($0.name)))" }
      let hint =
        named.isEmpty
        ? "; see 'cointrack coins available'."
        : "; did you mean \(listing(named, conjunction: "or"))?"
      return "unknown coin \(quote(input))" + hint
    case .coinAlreadyTracked(let input, let tracked):
      return "\(quote(input)) is already tracked as \(shown(tracked.coin.symbol)) "
        + "(id \(tracked.id), @\(shown(tracked.coin.id)))."
    case .noIDsLeft(let input):
      return "cannot add \(quote(input)): every id up to \(TrackerState.largestID) has been "
        + "given out, and ids are never reused."
    case .coinNotTracked(let input):
      return "\(quote(input)) is not a tracked coin; see 'cointrack coins list'."
    case .ambiguousCoin(let input, let candidates, let pool):
      return ambiguity(input, candidates, pool) + "; name one by its id, such as "
        + "'@\(shown(candidates[0].id))'."
    case .rangeStartsAfterEnd(let from, let to):
      return "the range starts after it ends: --from \(from) is after --to \(to)."
    case .dateAfterToday(let input, let day, let today):
      let shown = input == day.description ? quote(input) : "\(quote(input)) (\(day))"
      return "the date \(shown) is after today, \(today)."
    case .noPricesInRange(let rawSymbol, let requested, let held, let source):
      let symbol = shown(rawSymbol)
      let span =
        requested.count == 1
        ? "on \(requested.first)" : "from \(requested.first) to \(requested.last)"
      let heldText =
        held.map { "holds \(symbol) from \($0.first) to \($0.last)" } ?? "holds no \(symbol) prices"
      // Past the end of the offline data, syncing or a live source has the days.
      let ended =
        source == SnapshotPriceSource.sourceName && held.map { requested.first > $0.last } == true
      return "no \(symbol) price \(span): the \(source) source \(heldText)"
        + (ended ? "; " + SyncHint.text(symbol: rawSymbol) : ".")
    case .invalidUsername(let input, let problem):
      let reason: String
      switch problem {
      case .empty: reason = "it is empty"
      case .tooLong(let count):
        reason = "it has \(count) characters, more than \(Profile.maximumUsernameLength)"
      case .lineBreak: reason = "it holds a line break"
      case .invisibleCharacter(let scalar, let position):
        let name = scalar.properties.name.map { " " + $0 } ?? ""
        reason =
          "it holds \(UntrustedText.codePoint(scalar))\(name), an invisible or control "
          + "character, at position \(position)"
      case .leadingDash: reason = "it starts with '-'"
      }
      return "invalid username \(quote(input)): \(reason)."
    }
  }

  private static func message(for error: StateError) -> String {
    switch error {
    case .unusable(let path, let reason):
      return
        "the state file \(quote(path, shortened: false)) is unusable: \(shown(reason)); it was "
        + "left untouched."
    case .newerSchema(let path, let version, let supported):
      return
        "the state file \(quote(path, shortened: false)) has schema version \(version), but this "
        + "cointrack reads up to \(supported); it was left untouched."
    case .unreadable(let path, let reason):
      return "cannot read \(quote(path, shortened: false)): \(reason)."
    case .unwritable(let path, let reason):
      return "cannot write \(quote(path, shortened: false)): \(reason); nothing was changed."
    case .lockTimeout(let lockPath, let seconds):
      return "another cointrack held the lock \(quote(lockPath, shortened: false)) for over "
        + "\(EnvironmentVariable.number(seconds)) seconds; nothing was changed, try again."
    case .wouldBeTooLarge(let path, let size, let limit):
      return "this change would make \(quote(path, shortened: false)) \(size) bytes, more than "
        + "the \(limit) bytes a state file may hold; nothing was changed."
    case .noHomeDirectory:
      return "cannot place the state file: HOME is not an absolute path and XDG_DATA_HOME "
        + "is not set."
    case .unusableEnvironment(let error):
      return message(for: error)
    }
  }

  private static func message(for error: EnvironmentError) -> String {
    switch error {
    case .notUTF8(let variable, let bytes):
      return
        "cannot use \(variable) \(quote(bytes: bytes, shortened: false)): it is not valid UTF-8."
    case .invalidSeconds(let variable, let input, let allowed, let wholeSeconds):
      let unit = wholeSeconds ? "whole seconds" : "decimal seconds"
      return
        "invalid \(variable) \(quote(input)): use \(unit) from \(EnvironmentVariable.number(allowed.lowerBound)) "
        + "to \(EnvironmentVariable.number(allowed.upperBound)), such as \(wholeSeconds ? "60" : "5 or 0.5")."
    case .invalidCount(let variable, let input, let allowed):
      return
        "invalid \(variable) \(quote(input)): use a whole number from \(allowed.lowerBound) to "
        + "\(allowed.upperBound)."
    case .invalidDate(let variable, let input):
      return "invalid \(variable) \(quote(input)): use YYYY-MM-DD (a day from "
        + "\(Day.supported.lowerBound) to \(Day.supported.upperBound)), 'today' or 'yesterday'."
    case .invalidURL(let variable, let input):
      return "invalid \(variable) \(quote(input)): use an http:// or https:// URL."
    case .invalidSwitch(let variable, let input):
      return "invalid \(variable) \(quote(input)): use 1 or true to turn it on, 0, false or "
        + "nothing to turn it off."
    }
  }

  private static func message(for error: SourceError) -> String {
    switch error {
    case .unreachable(let source, let host, let reason):
      return "cannot reach \(source) at \(host): \(reason)."
    case .serverError(let source, let host, let status):
      return "\(source) at \(host) answered HTTP \(status); try again later."
    case .refused(let source, let status, let message):
      return "\(source) refused the request (HTTP \(status)): \(quote(message))."
    case .badResponse(let source, let detail):
      return "\(source) sent an answer cointrack cannot use: \(detail); nothing was cached."
    case .rateLimited(let source, let seconds?):
      return "\(source) asks to wait \(seconds) seconds before the next request; try again "
        + "then."
    case .rateLimited(let source, nil):
      return "\(source) says the request limit is used up; try again later."
    case .missingKey(let source, let variable):
      return "\(source) needs an API key: set \(variable)."
    case .keyRefused(let source, let message):
      return "\(source) refused the API key: \(quote(message))."
    case .unsupportedCurrency(let source, let input, let supported):
      return "\(source) cannot quote \(quote(input)); it quotes "
        + listing(supported, conjunction: "or") + "."
    case .notCached(let source, let what):
      return "the \(source) cache lacks \(what), and --cached-only forbids asking."
    case .httpUnavailable(let source, let detail):
      return "cannot reach \(source): the HTTP library is unavailable (\(detail))."
    case .historyBeyondPlan(let source, let windowDays, let days):
      return planWindow(source: source, windowDays: windowDays)
        + ", and \(span(days)) \(days.count == 1 ? "is" : "are") older; " + planWindowRemedy
    case .planRestricted(let source, let message):
      return "\(source) says its plan in use does not include this request: \(quote(message))."
    case .locationRestricted(let source, let message, let variable):
      return "\(source) does not serve this location (HTTP 451: \(quote(message))); set "
        + "\(variable) to an endpoint that does, or use another --source."
    case .workLimitReached(let source, .requests(let count)):
      return "stopped asking \(source): the command needs more than \(count) requests, the "
        + "most \(LiveWorkLimits.requestsVariable.name) allows; ask for fewer days or coins."
    case .workLimitReached(let source, .milliseconds(let milliseconds)):
      return
        "stopped asking \(source): the command's requests took \(EnvironmentVariable.number(Double(milliseconds) / 1000)) "
        + "seconds, the most \(LiveWorkLimits.timeVariable.name) allows."
    }
  }

  private static func message(for error: HistoryError) -> String {
    switch error {
    case .damaged(let path, let line, let reason):
      let place = line > 0 ? "line \(line)" : "its last line"
      return "the price history \(quote(path, shortened: false)) is damaged at \(place): "
        + "\(shown(reason)); it was left untouched. Move it away and run 'cointrack sync' to "
        + "fetch the coin's closes again."
    case .unreadable(let path, let reason):
      return "cannot read \(quote(path, shortened: false)): \(reason)."
    case .unwritable(let path, let reason):
      return "cannot write \(quote(path, shortened: false)): \(reason); the price history is "
        + "as it was."
    case .currencyMismatch(let symbol, let held, let source, let quotes):
      return "\(shown(symbol))'s offline prices are in \(held), which \(source) does not quote ("
        + listing(quotes, conjunction: "or") + "); a coin keeps one currency, so choose "
        + "another --source."
    case .closeTooLong(let symbol, let source, let day, let length):
      return "\(source) answered a close of \(shown(symbol)) for \(day) that is \(length) "
        + "characters long, more than a line of the price history holds "
        + "(\(HistoryStore.maximumLineLength) bytes); nothing was stored for \(shown(symbol))."
    }
  }

  /// The line stderr gets after the data for a notice of a source.
  static func note(for notice: SourceNotice) -> String {
    switch notice {
    case .historyBeyondPlan(let source, let windowDays, let days):
      return "note: " + planWindow(source: source, windowDays: windowDays)
        + ", so \(span(days)) \(days.count == 1 ? "has" : "have") no price; " + planWindowRemedy
    case .historyRowsAfterToday(let path, let line, let day, let count):
      let rows =
        count == 1
        ? "a row of \(day) at line \(line)" : "\(count) rows from \(day) at line \(line) on"
      return "note: the price history \(quote(path, shortened: false)) has \(rows), after today; "
        + "no source has closed \(count == 1 ? "that day, so the row is" : "those days, so they are") "
        + "left out (and dropped when 'cointrack sync' next stores closes of the coin)."
    }
  }

  private static func planWindow(source: String, windowDays: Int) -> String {
    "\(source) answers only the last \(windowDays) days of history on its public and demo plans"
  }

  private static let planWindowRemedy =
    "a paid key in \(LiveSourceConfiguration.coinGeckoProKeyVariable) or --source binance "
    + "lifts the limit."

  /// `the day D` or `the days from A to B`.
  private static func span(_ days: DayRange) -> String {
    days.count == 1 ? "the day \(days.first)" : "the days from \(days.first) to \(days.last)"
  }
}
