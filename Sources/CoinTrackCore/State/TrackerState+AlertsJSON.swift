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
  static let keys: JSONKeys = [
    "id", "symbol", "name", "coingecko_id", "condition", "threshold", "days", "currency",
    "fired_on",
  ]
}

extension JSONReader {
  /// The `alerts` array, each alert checked against the rules `alerts add` keeps.
  mutating func readAlerts() throws(StateDocumentError) -> [Alert] {
    try readArray(named: "alerts") { reader, index throws(StateDocumentError) in
      try reader.readAlert(at: SchemaPath(container: "alerts", index: index))
    }
  }

  private mutating func readAlert(at path: SchemaPath) throws(StateDocumentError) -> Alert {
    let keys = Alert.keys
    var id: Int?
    var coinMembers = CoinMembers(firstKey: 1)
    var condition: String?
    var threshold: String?
    var days: Int??
    var currency: String?
    var firedOn: String??
    try readMembers(of: path, keys: keys) { reader, key throws(StateDocumentError) in
      let member = path.member(keys[key])
      switch key {
      case 0: id = try reader.readInteger(at: member, in: 1...TrackerState.largestID)
      case 1, 2, 3: try coinMembers.read(key, from: &reader, at: member)
      case 4: condition = try reader.readString(at: member)
      case 5: threshold = try reader.readNumberText(at: member)
      case 6: days = try reader.readOptionalInteger(at: member, in: AlertCondition.dayRange)
      case 7: currency = try reader.readString(at: member)
      default: firedOn = try reader.readOptionalString(at: member)
      }
    }
    let coin = try coinMembers.coin(at: path, keys: keys)
    let conditionName = try required(condition, keys[4], in: path)
    let thresholdText = try required(threshold, keys[5], in: path)
    let dayCount = try required(days, keys[6], in: path)
    // Only a change looks back over days; checked here to blame `days` rather than the name.
    if conditionName == "above" || conditionName == "below", dayCount != nil {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(keys[6]).text, problem: .invalid("must be null for a price alert")))
    }
    if conditionName == "change", dayCount == nil {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(keys[6]).text,
          problem: .invalid("must be a number of days for a change alert")))
    }
    let alertCondition: AlertCondition
    do throws(AlertError) {
      alertCondition = try AlertCondition.checked(
        name: conditionName, threshold: thresholdText, days: dayCount)
    } catch {
      let (key, rule) = error.brokenRule
      throw .schema(StateSchemaError(keyPath: path.member(keys[key]).text, problem: .invalid(rule)))
    }
    let alertCurrency = try required(currency, keys[7], in: path)
    try checkCurrency(alertCurrency, at: path.member(keys[7]))
    var firedDay: Day?
    if let firedText = try required(firedOn, keys[8], in: path) {
      guard let day = Day(iso: firedText) else {
        throw .schema(
          StateSchemaError(
            keyPath: path.member(keys[8]).text, problem: .invalid("is not a date YYYY-MM-DD")))
      }
      firedDay = day
    }
    return Alert(
      id: try required(id, keys[0], in: path), coin: coin, condition: alertCondition,
      currency: alertCurrency, firedOn: firedDay)
  }
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
