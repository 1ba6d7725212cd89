/// The alerts' part of the state file (schema version 4): each alert's coin, condition,
/// currency and memory of having fired, read as strictly as the rest of the document.
extension Alert {
  /// The alert as the state file holds it.
  var json: JSONValue {
    .object([
      JSONMember("id", .number(String(id))),
      JSONMember("symbol", .string(coin.symbol)),
      JSONMember("name", .string(coin.name)),
      JSONMember("coingecko_id", coin.coingeckoID.map(JSONValue.string) ?? .null),
      JSONMember("condition", .string(condition.name)),
      JSONMember("threshold", .number(condition.threshold.text)),
      JSONMember("days", condition.days.map { .number(String($0)) } ?? .null),
      JSONMember("currency", .string(currency)),
      JSONMember("fired_on", firedOn.map { .string($0.description) } ?? .null),
    ])
  }

  /// The keys of an alert, in the order they are written.
  static let keys = [
    "id", "symbol", "name", "coingecko_id", "condition", "threshold", "days", "currency",
    "fired_on",
  ]
}

extension TrackerState {
  /// Refuses an alert id given twice, or a `next_alert_id` that would give out one again.
  static func checkAlertIDs(of state: TrackerState) throws(StateDocumentError) {
    let ids = state.alerts.map(\.id)
    var seen = Set<Int>()
    if let index = ids.indices.first(where: { !seen.insert(ids[$0]).inserted }) {
      throw .schema(
        StateSchemaError(
          keyPath: "alerts[\(index)].id", problem: .invalid("repeats id \(ids[index])")))
    }
    if let highest = ids.max(), state.nextAlertID <= highest {
      throw .schema(
        StateSchemaError(
          keyPath: "next_alert_id",
          problem: .invalid("is \(state.nextAlertID) but alert id \(highest) is already used")))
    }
  }
}

extension AlertError {
  /// The key to blame for an alert's condition that breaks a rule, by its position among an
  /// alert's keys, and the rule in words.
  var brokenRule: (key: Int, rule: String) {
    switch self {
    case .unknownCondition: return (4, "is not one of above, below, change")
    case .invalidDays(_, let allowed):
      return (6, "must be a number of days from \(allowed.lowerBound) to \(allowed.upperBound)")
    case .malformedNumber(_, .days): return (6, "is not a number of days")
    default:
      return (
        5,
        "is not a threshold: a price above 0, or a percentage other than 0 above -100 with at "
          + "most \(AlertCondition.maximumPercentDecimals) decimals"
      )
    }
  }
}
