/// Why an alert could not be added, removed or read. Each case carries the input it is about.
public enum AlertError: Error, Hashable, Sendable {
  /// A threshold or percentage that is not plain decimal text (`1e3`, `1,000`, `abc`).
  case malformedNumber(input: String, what: NumberKind)
  /// A threshold price of zero or below.
  case priceNotPositive(input: String)
  /// A percentage of zero, of -100 or below, too large, or with too many decimals.
  case percentOutOfRange(input: String)
  /// A number of days outside `AlertCondition.dayRange`.
  case invalidDays(input: String, allowed: ClosedRange<Int>)
  /// A condition name that is none of above, below and change (from a state file).
  case unknownCondition(input: String)
  /// An alert that asks the same of the same coin exists already.
  case duplicateAlert(existing: Alert)
  /// No alert has this id.
  case unknownAlert(input: String)
  /// Every alert id has been given out once; ids are never reused.
  case noAlertIDsLeft

  /// What a malformed number was meant to be.
  public enum NumberKind: Hashable, Sendable {
    case price
    case percent
    case days
  }
}

extension AlertError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .malformedNumber: return .usage
    case .priceNotPositive, .percentOutOfRange, .invalidDays, .unknownCondition, .duplicateAlert,
      .noAlertIDsLeft:
      return .invalidValue
    case .unknownAlert: return .notFound
    }
  }
}
