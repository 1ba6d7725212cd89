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

/// The one place that turns errors into messages and exit codes.
enum ErrorFunnel {
  static func failure(for error: any Error) -> Failure {
    switch error {
    case let error as UsageError:
      return Failure(message: message(for: error), code: .usage, usage: error.path)
    case let error as TrackerError:
      return failure(for: error)
    case let error as StateError:
      return failure(for: error)
    case let error as EnvironmentError:
      return failure(for: error)
    case let error as SourceError:
      return failure(for: error)
    case OutputError.failed(let destination, let reason):
      return Failure(
        message: "cannot write to \(destination): \(reason); the output is incomplete.",
        code: .ioError, usage: nil)
    case let error as PriceDirectiveError:
      return Failure(
        message: "\(error.dialect.rawValue) cannot take the commodity \(quote(error.symbol)): "
          + reason(error.dialect) + "; use another --format.",
        code: .invalidValue, usage: nil)
    default:
      return Failure(
        message: "internal error: \(String(describing: error)); please report it.",
        code: .internalError, usage: nil)
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
      return "'\(path.fullName)' needs a <USERNAME>, --source or --currency."
    case .undecodableArgument(let bytes, _):
      return "the argument \(quote(bytes: bytes)) is not valid UTF-8; cointrack reads only "
        + "UTF-8 text."
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

  private static func failure(for error: TrackerError) -> Failure {
    switch error {
    case .unknownCoin(let input, let suggestions):
      let named = suggestions.map { "\(shown($0.symbol)) (\(shown($0.name)))" }
      let hint =
        named.isEmpty
        ? "; see 'cointrack coins available'."
        : "; did you mean \(listing(named, conjunction: "or"))?"
      return Failure(message: "unknown coin \(quote(input))" + hint, code: .notFound, usage: nil)
    case .coinAlreadyTracked(let input, let tracked):
      return Failure(
        message: "\(quote(input)) is already tracked as \(shown(tracked.coin.symbol)) "
          + "(id \(tracked.id), @\(shown(tracked.coin.id))).",
        code: .invalidValue, usage: nil)
    case .noIDsLeft(let input):
      return Failure(
        message: "cannot add \(quote(input)): every id up to \(TrackerState.largestID) has been "
          + "given out, and ids are never reused.",
        code: .invalidValue, usage: nil)
    case .coinNotTracked(let input):
      return Failure(
        message: "\(quote(input)) is not a tracked coin; see 'cointrack coins list'.",
        code: .notFound, usage: nil)
    case .ambiguousCoin(let input, let candidates, let pool):
      let among: String
      switch pool {
      case .source(let source): among = "\(source) coins"
      case .tracked: among = "tracked coins"
      }
      let named = candidates.map { "@\(shown($0.id)) (\(shown($0.name)))" }
      return Failure(
        message: "\(quote(input)) names \(candidates.count) \(among): "
          + listing(named, conjunction: "and") + "; name one by its id, such as "
          + "'@\(shown(candidates[0].id))'.",
        code: .invalidValue, usage: nil)
    case .rangeStartsAfterEnd(let from, let to):
      return Failure(
        message: "the range starts after it ends: --from \(from) is after --to \(to).",
        code: .invalidValue, usage: nil)
    case .dateAfterToday(let input, let day, let today):
      let shown = input == day.description ? quote(input) : "\(quote(input)) (\(day))"
      return Failure(
        message: "the date \(shown) is after today, \(today).", code: .invalidValue, usage: nil)
    case .noPricesInRange(let rawSymbol, let requested, let held, let source):
      let symbol = shown(rawSymbol)
      let span =
        requested.count == 1
        ? "on \(requested.first)" : "from \(requested.first) to \(requested.last)"
      let heldText =
        held.map { "holds \(symbol) from \($0.first) to \($0.last)" } ?? "holds no \(symbol) prices"
      return Failure(
        message: "no \(symbol) price \(span): the \(source) source \(heldText).",
        code: .notFound, usage: nil)
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
      return Failure(
        message: "invalid username \(quote(input)): \(reason).", code: .invalidValue, usage: nil)
    }
  }

  private static func failure(for error: StateError) -> Failure {
    switch error {
    case .unusable(let path, let reason):
      return Failure(
        message:
          "the state file \(quote(path, shortened: false)) is unusable: \(shown(reason)); it was "
          + "left untouched.",
        code: .unusableState, usage: nil)
    case .newerSchema(let path, let version, let supported):
      return Failure(
        message:
          "the state file \(quote(path, shortened: false)) has schema version \(version), but this "
          + "cointrack reads up to \(supported); it was left untouched.",
        code: .unusableState, usage: nil)
    case .unreadable(let path, let reason):
      return Failure(
        message: "cannot read \(quote(path, shortened: false)): \(reason).", code: .ioError,
        usage: nil)
    case .unwritable(let path, let reason):
      return Failure(
        message: "cannot write \(quote(path, shortened: false)): \(reason); nothing was changed.",
        code: .ioError, usage: nil)
    case .lockTimeout(let lockPath, let seconds):
      return Failure(
        message: "another cointrack held the lock \(quote(lockPath, shortened: false)) for over "
          + "\(formatSeconds(seconds)) seconds; nothing was changed, try again.",
        code: .temporaryFailure, usage: nil)
    case .noHomeDirectory:
      return Failure(
        message: "cannot place the state file: HOME is not an absolute path and XDG_DATA_HOME "
          + "is not set.",
        code: .unusableState, usage: nil)
    case .unusableEnvironment(let error):
      return failure(for: error)
    }
  }

  /// A variable that cannot be used is a setting to fix, not a command line to retype: 78, and
  /// no usage line.
  private static func failure(for error: EnvironmentError) -> Failure {
    let message: String
    switch error {
    case .notUTF8(let variable, let bytes):
      message =
        "cannot use \(variable) \(quote(bytes: bytes, shortened: false)): it is not valid UTF-8."
    case .invalidSeconds(let variable, let input, let allowed, let wholeSeconds):
      let unit = wholeSeconds ? "whole seconds" : "decimal seconds"
      message =
        "invalid \(variable) \(quote(input)): use \(unit) from \(formatSeconds(allowed.lowerBound)) "
        + "to \(formatSeconds(allowed.upperBound)), such as \(wholeSeconds ? "60" : "5 or 0.5")."
    case .invalidCount(let variable, let input, let allowed):
      message =
        "invalid \(variable) \(quote(input)): use a whole number from \(allowed.lowerBound) to "
        + "\(allowed.upperBound)."
    case .invalidDate(let variable, let input):
      message =
        "invalid \(variable) \(quote(input)): use YYYY-MM-DD (a day from "
        + "\(Day.supported.lowerBound) to \(Day.supported.upperBound)), 'today' or 'yesterday'."
    case .invalidURL(let variable, let input):
      message = "invalid \(variable) \(quote(input)): use an http:// or https:// URL."
    }
    return Failure(message: message, code: .unusableState, usage: nil)
  }

  private static func failure(for error: SourceError) -> Failure {
    switch error {
    case .unreachable(let source, let host, let reason):
      return Failure(
        message: "cannot reach \(source) at \(host): \(reason).", code: .unavailable, usage: nil)
    case .serverError(let source, let host, let status):
      return Failure(
        message: "\(source) at \(host) answered HTTP \(status); try again later.",
        code: .unavailable, usage: nil)
    case .refused(let source, let status, let message):
      return Failure(
        message: "\(source) refused the request (HTTP \(status)): \(quote(message)).",
        code: .unavailable, usage: nil)
    case .badResponse(let source, let detail):
      return Failure(
        message: "\(source) sent an answer cointrack cannot use: \(detail); nothing was cached.",
        code: .unavailable, usage: nil)
    case .rateLimited(let source, let seconds?):
      return Failure(
        message: "\(source) asks to wait \(seconds) seconds before the next request; try again "
          + "then.",
        code: .temporaryFailure, usage: nil)
    case .rateLimited(let source, nil):
      return Failure(
        message: "\(source) says the request limit is used up; try again later.",
        code: .temporaryFailure, usage: nil)
    case .missingKey(let source, let variable):
      return Failure(
        message: "\(source) needs an API key: set \(variable).", code: .unusableState, usage: nil)
    case .keyRefused(let source, let message):
      return Failure(
        message: "\(source) refused the API key: \(quote(message)).", code: .unusableState,
        usage: nil)
    case .unsupportedCurrency(let source, let input, let supported):
      return Failure(
        message: "\(source) cannot quote \(quote(input)); it quotes "
          + listing(supported, conjunction: "or") + ".",
        code: .invalidValue, usage: nil)
    case .notCached(let source, let what):
      return Failure(
        message: "the \(source) cache lacks \(what), and --cached-only forbids asking.",
        code: .unavailable, usage: nil)
    case .httpUnavailable(let source, let detail):
      return Failure(
        message: "cannot reach \(source): the HTTP library is unavailable (\(detail)).",
        code: .unavailable, usage: nil)
    case .historyBeyondPlan(let source, let windowDays, let days):
      return Failure(
        message: planWindow(source: source, windowDays: windowDays)
          + ", and \(span(days)) \(days.count == 1 ? "is" : "are") older; " + planWindowRemedy,
        code: .unavailable, usage: nil)
    case .planRestricted(let source, let message):
      return Failure(
        message: "\(source) says its plan in use does not include this request: \(quote(message)).",
        code: .unavailable, usage: nil)
    case .locationRestricted(let source, let message, let variable):
      return Failure(
        message: "\(source) does not serve this location (HTTP 451: \(quote(message))); set "
          + "\(variable) to an endpoint that does, or use another --source.",
        code: .unavailable, usage: nil)
    case .workLimitReached(let source, .requests(let count)):
      return Failure(
        message: "stopped asking \(source): the command needs more than \(count) requests, the "
          + "most \(LiveWorkLimits.requestsVariable) allows; ask for fewer days or coins.",
        code: .unavailable, usage: nil)
    case .workLimitReached(let source, .milliseconds(let milliseconds)):
      return Failure(
        message:
          "stopped asking \(source): the command's requests took \(LiveWorkLimits.seconds(milliseconds)) "
          + "seconds, the most \(LiveWorkLimits.timeVariable) allows.",
        code: .unavailable, usage: nil)
    }
  }

  /// The line stderr gets after the data for a notice of a source.
  static func note(for notice: SourceNotice) -> String {
    switch notice {
    case .historyBeyondPlan(let source, let windowDays, let days):
      return "note: " + planWindow(source: source, windowDays: windowDays)
        + ", so \(span(days)) \(days.count == 1 ? "has" : "have") no price; " + planWindowRemedy
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

  /// `input` in single quotes with control and other invisible characters (direction
  /// overrides, zero-width and tag characters) escaped, so that a message stays one line and
  /// shows what was typed; `shortened` cuts what the user typed to a readable length (never a
  /// path).
  static func quote(_ input: String, shortened: Bool = true) -> String {
    var escaped = escaping(input)
    if shortened, escaped.count > 100 { escaped = String(escaped.prefix(97)) + "..." }
    return "'" + escaped + "'"
  }

  /// `bytes` quoted like text, with each byte that is not part of valid UTF-8 written `\xHH`,
  /// and shortened like text.
  static func quote(bytes: [UInt8], shortened: Bool = true) -> String {
    var escaped = ""
    var valid = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    parsing: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        valid.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        escaped += escaping(String(valid))
        valid = String.UnicodeScalarView()
        for byte in bytes[offset..<offset + length] {
          let hex = String(byte, radix: 16)
          escaped += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
        offset += length
      case .emptyInput:
        break parsing
      }
    }
    escaped += escaping(String(valid))
    if shortened, escaped.count > 100 { escaped = String(escaped.prefix(97)) + "..." }
    return "'" + escaped + "'"
  }

  /// `input` with quotes, backslashes and control characters escaped.
  private static func escaping(_ input: String) -> String {
    var escaped = ""
    for scalar in input.unicodeScalars {
      switch scalar {
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "'": escaped += "\\'"
      case "\\": escaped += "\\\\"
      default:
        if scalar.isInvisible {
          escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// Text from outside (a symbol, a name, a coin id) as it may appear in a message: with
  /// invisible characters escaped, so that it cannot act on the terminal.
  static func shown(_ text: String) -> String {
    UntrustedText.terminalEscaped(text)
  }

  private static func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "." }
    return "; did you mean " + listing(suggestions.map { "'\($0)'" }, conjunction: "or") + "?"
  }

  /// `a`, `a or b`, `a, b or c`.
  static func listing(_ items: [String], conjunction: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
  }

  private static func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
