import CoinTrackCore

/// The process exit codes, following sysexits.h.
public enum ExitCode: Int32, CaseIterable, Sendable {
  case success = 0
  /// A result, not an error: `alerts check` found at least one alert that fired.
  case alertFired = 1
  /// The command line is wrong: unknown command or option, missing or extra argument, bad date.
  case usage = 64
  /// A value is well-formed but not acceptable.
  case invalidValue = 65
  /// What was asked for does not exist.
  case notFound = 66
  /// A price source cannot be reached or answered badly.
  case unavailable = 69
  /// A bug in cointrack.
  case internalError = 70
  /// A file cannot be read or written.
  case ioError = 74
  /// Try again later: another run holds the lock, or a source asks to wait.
  case temporaryFailure = 75
  /// The state file is unusable.
  case unusableState = 78

  /// The code a kind of failure ends the run with, one code per kind.
  public init(_ kind: FailureKind) {
    switch kind {
    case .usage: self = .usage
    case .invalidValue: self = .invalidValue
    case .notFound: self = .notFound
    case .unavailable: self = .unavailable
    case .ioError: self = .ioError
    case .temporaryFailure: self = .temporaryFailure
    case .configuration: self = .unusableState
    }
  }

  /// The sysexits.h name.
  public var name: String {
    switch self {
    case .success: return "EX_OK"
    case .alertFired: return "FIRED"
    case .usage: return "EX_USAGE"
    case .invalidValue: return "EX_DATAERR"
    case .notFound: return "EX_NOINPUT"
    case .unavailable: return "EX_UNAVAILABLE"
    case .internalError: return "EX_SOFTWARE"
    case .ioError: return "EX_IOERR"
    case .temporaryFailure: return "EX_TEMPFAIL"
    case .unusableState: return "EX_CONFIG"
    }
  }

  /// What the code means, for `cointrack help exit-codes` and the README.
  public var meaning: String {
    switch self {
    case .success: return "Success, including an empty result."
    case .alertFired:
      return "A result, not an error: 'alerts check' printed at least one alert that fired "
        + "(with --all, one whose condition holds)."
    case .usage:
      return "Usage error: unknown command or option, missing or extra argument, malformed or "
        + "impossible date, unknown format or field, an option the format does not take, an "
        + "argument that is not UTF-8, a quantity, price, fee or currency that is not plain "
        + "text of its kind."
    case .invalidValue:
      return "Invalid value: --from after --to, a date after today, an invalid username, a coin "
        + "already tracked, a symbol or name that fits several coins, a symbol an accounting "
        + "format cannot write, a damaged price history file, a sync --source that cannot quote "
        + "the coin's currency, a quantity not above 0 or a price or fee below 0, a sale of more "
        + "than is held (or a removal that would leave one), trades in another currency than the "
        + "prices, a bad line of a trade file to import."
    case .notFound:
      return "Not found: unknown coin, coin not tracked, no price in the range, unknown trade id, "
        + "no trade file at the path given."
    case .unavailable:
      return "A price source is unavailable: it cannot be reached, answers with a server error "
        + "or an unusable body, its plan excludes every day asked (CoinGecko's "
        + "\(PriceSourceKind.coingecko.unpaidHistoryWindowDays ?? 0)-day window), "
        + "it does not serve the location (Binance's HTTP 451), the command reached its bound on "
        + "requests or time, or --cached-only finds the cache lacking."
    case .internalError: return "Internal error: a bug in cointrack; please report it."
    case .ioError:
      return "A file cannot be read or written; nothing was changed. Or standard output cannot "
        + "be written (a full disk, a closed stdout); what was written stays."
    case .temporaryFailure:
      return "Temporary failure: another cointrack holds the state lock, or a price source asks "
        + "to wait; try again."
    case .unusableState:
      return "Configuration error: the state file is unusable (invalid JSON, not our schema, too "
        + "large, or a newer version) and is left untouched, a price source's API key is "
        + "missing or refused, or an environment variable holds a value cointrack cannot use."
    }
  }
}
