import CoinTrackCore

/// The words for the alert commands' errors.
extension ErrorFunnel {
  static func message(for error: AlertError) -> String {
    switch error {
    case .malformedNumber(let input, let kind):
      let name: String
      switch kind {
      case .price: name = "PRICE"
      case .percent: name = "PERCENT"
      case .days: name = "N"
      }
      return "invalid \(name) \(quote(input)): \(numberForm(name))."
    case .priceNotPositive(let input):
      return "the price \(quote(input)) is not above 0; an alert's PRICE is a price a coin "
        + "can have."
    case .percentOutOfRange(let input):
      return "the percentage \(quote(input)) is out of range: it must be other than 0, above "
        + "-100 (nothing falls further), at most \(AlertCondition.percentMagnitudeLimit) in "
        + "size and have at most \(AlertCondition.maximumPercentDecimals) decimals."
    case .invalidDays(let input, let allowed):
      return "--days \(quote(input)) is out of range: look back \(allowed.lowerBound) to "
        + "\(allowed.upperBound) days."
    case .unknownCondition(let input):
      return "unknown alert condition \(quote(input)); choose above, below or change."
    case .duplicateAlert(let existing):
      return "alert \(existing.id) asks the same already: "
        + "\(AlertsCheckCommand.describe(existing)); see 'cointrack alerts list'."
    case .unknownAlert(let input):
      return "no alert has the id \(quote(input)); see 'cointrack alerts list'."
    case .noAlertIDsLeft:
      return "cannot add the alert: every alert id up to \(TrackerState.largestID) has been "
        + "given out, and ids are never reused."
    }
  }

  /// The form a number of an alert must have, by its placeholder.
  static func numberForm(_ placeholder: String?) -> String {
    switch placeholder {
    case "PRICE": return "use a plain decimal such as 60000 or 0.25, without exponent or separators"
    case "PERCENT": return "use a plain decimal with an optional sign, such as -10 or 2.5"
    default: return "use a whole number of days such as 7"
    }
  }
}
