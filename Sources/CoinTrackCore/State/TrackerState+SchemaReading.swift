/// The state document read as it is parsed: each part checked against the schema, a wrong type,
/// a missing or repeated key or invalid JSON reported with its key path.

/// Runs a step of the reader, reporting invalid JSON as such.
func syntax<Value>(_ step: () throws(JSONSyntaxError) -> Value) throws(StateDocumentError)
  -> Value
{
  do {
    return try step()
  } catch {
    throw .syntax(error)
  }
}

/// Where a value is in the state document, like `coins[2].symbol`; spelled out only for an error.
struct SchemaPath {
  static let document = SchemaPath(container: "")

  /// The path of the enclosing object, or of the array holding it at `index`.
  var container: String
  var index: Int?
  var key: String?

  /// The member `key` of the object at this path.
  func member(_ key: String) -> SchemaPath {
    self.key == nil
      ? SchemaPath(container: container, index: index, key: key)
      : SchemaPath(container: text, key: key)
  }

  var text: String {
    let base = index.map { "\(container)[\($0)]" } ?? container
    guard let key else { return base }
    return base.isEmpty ? key : base + "." + key
  }
}

/// A member's value, or a "missing" error when the object did not have the member.
func required<Value>(_ value: Value?, _ key: String, in path: SchemaPath)
  throws(StateDocumentError) -> Value
{
  guard let value else {
    throw .schema(StateSchemaError(keyPath: path.member(key).text, problem: .missing))
  }
  return value
}

/// The state document read as it is parsed.
extension JSONReader {
  mutating func readState() throws(StateDocumentError) -> (
    state: TrackerState, version: Int
  ) {
    let keys = TrackerState.documentKeys
    let path = SchemaPath.document
    var version: Int?
    var profile: Profile?
    var coins: [TrackedCoin]?
    var nextID: Int?
    var revision: Int?
    var alerts: [Alert]?
    var nextAlertID: Int?
    var trades: [Trade]?
    var nextTradeID: Int?
    try readMembers(of: path, keys: keys) {
      reader, key throws(StateDocumentError) in
      switch key {
      case 0:
        let (kind, number) = try reader.readKindAndWholeNumber()
        do throws(StateSchemaError) {
          version = try TrackerState.checkedVersion(kind: kind, number: number)
        } catch {
          throw .schema(error)
        }
      case 1: profile = try reader.readProfile()
      case 2: coins = try reader.readCoins()
      case 3:
        // One past the largest id: the counter after the last id has been given out.
        nextID = try reader.readInteger(
          at: path.member(keys[3]), in: 1...TrackerState.largestID + 1)
      case 4:
        revision = try reader.readInteger(
          at: path.member(keys[4]), in: 0...TrackerState.maximumRevision)
      case 5: alerts = try reader.readAlerts()
      case 6:
        nextAlertID = try reader.readInteger(
          at: path.member(keys[6]), in: 1...TrackerState.largestID + 1)
      case 7: trades = try reader.readTrades()
      default:
        nextTradeID = try reader.readInteger(
          at: path.member(keys[8]), in: 1...TrackerState.largestID + 1)
      }
    }
    let fileVersion = try required(version, keys[0], in: path)
    // A key a version does not have is unknown to a file of that version.
    func refuse(_ key: Int, since: Int, ifPresent isPresent: Bool) throws(StateDocumentError) {
      guard isPresent, fileVersion < since else { return }
      throw .schema(StateSchemaError(keyPath: keys[key], problem: .unknownKey))
    }
    try refuse(4, since: 2, ifPresent: revision != nil)
    try refuse(5, since: 4, ifPresent: alerts != nil)
    try refuse(6, since: 4, ifPresent: nextAlertID != nil)
    try refuse(7, since: 5, ifPresent: trades != nil)
    try refuse(8, since: 5, ifPresent: nextTradeID != nil)
    let state = TrackerState(
      profile: try required(profile, keys[1], in: path),
      coins: try required(coins, keys[2], in: path),
      nextID: try required(nextID, keys[3], in: path),
      revision: fileVersion < 2 ? 0 : try required(revision, keys[4], in: path),
      alerts: fileVersion < 4 ? [] : try required(alerts, keys[5], in: path),
      nextAlertID: fileVersion < 4 ? 1 : try required(nextAlertID, keys[6], in: path),
      trades: fileVersion < 5 ? [] : try required(trades, keys[7], in: path),
      nextTradeID: fileVersion < 5 ? 1 : try required(nextTradeID, keys[8], in: path))
    if let highest = state.coins.lazy.map(\.id).max(), state.nextID <= highest {
      throw .schema(
        StateSchemaError(
          keyPath: keys[3],
          problem: .invalid("is \(state.nextID) but id \(highest) is already used")))
    }
    try TrackerState.checkAlertIDs(of: state)
    try TrackerState.checkTrades(of: state)
    return (state, fileVersion)
  }

  private mutating func readProfile() throws(StateDocumentError) -> Profile {
    let keys = TrackerState.profileKeys
    let path = SchemaPath.document.member("profile")
    var username: String?
    // Present with null and absent differ: only the second is an error.
    var source: String??
    var currency: String??
    try readMembers(of: path, keys: keys) {
      reader, key throws(StateDocumentError) in
      switch key {
      case 0: username = try reader.readString(at: path.member(keys[key]))
      case 1: source = try reader.readOptionalString(at: path.member(keys[key]))
      default: currency = try reader.readOptionalString(at: path.member(keys[key]))
      }
    }
    let profile = Profile(
      username: try required(username, keys[0], in: path),
      preferredSource: try required(source, keys[1], in: path),
      preferredCurrency: try required(currency, keys[2], in: path))
    guard (try? Profile.validUsername(profile.username)) == profile.username else {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(keys[0]).text, problem: .invalid("is not a valid username")))
    }
    if let source = profile.preferredSource, PriceSourceKind(rawValue: source) == nil {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(keys[1]).text,
          problem: .invalid(
            "is '\(UntrustedText.terminalEscaped(source))', not one of "
              + PriceSourceKind.allCases.map(\.rawValue).joined(separator: ", "))))
    }
    if let currency = profile.preferredCurrency {
      try checkCurrency(currency, at: path.member(keys[2]))
    }
    return profile
  }

  /// The `coins` array, each coin checked against the rules `coins add` keeps, and no list id
  /// or coin id given twice.
  private mutating func readCoins() throws(StateDocumentError) -> [TrackedCoin] {
    let keys = TrackerState.coinKeys
    let coins = try readArray(named: "coins") { reader, index throws(StateDocumentError) in
      let path = SchemaPath(container: "coins", index: index)
      var id: Int?
      var coin = CoinMembers(firstKey: 1)
      try reader.readMembers(of: path, keys: keys) { reader, key throws(StateDocumentError) in
        if key == 0 {
          id = try reader.readInteger(at: path.member(keys[key]), in: 1...Int(Int32.max))
        } else {
          try coin.read(key, from: &reader, at: path.member(keys[key]))
        }
      }
      let trackedID = try required(id, keys[0], in: path)
      return TrackedCoin(id: trackedID, coin: try coin.coin(at: path, keys: keys))
    }
    if let (index, key, detail) = TrackerState.firstRepeat(in: coins) {
      let path = SchemaPath(container: "coins", index: index, key: key)
      throw .schema(StateSchemaError(keyPath: path.text, problem: .invalid(detail)))
    }
    return coins
  }

  /// The `alerts` array, each alert checked against the rules `alerts add` keeps.
  private mutating func readAlerts() throws(StateDocumentError) -> [Alert] {
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

  /// Reads an object member by member, handing `read` the position in `keys` of each key;
  /// refuses any other key and a key that appears twice.
  mutating func readMembers(
    of path: SchemaPath, keys: [String],
    _ read: (inout JSONReader, Int) throws(StateDocumentError) -> Void
  ) throws(StateDocumentError) {
    try expect(.object, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginObject() }
    // One bit for each of `keys`, set once the key has been read.
    var seen: UInt32 = 0
    while let key = try syntax({ () throws(JSONSyntaxError) in try nextKey() }) {
      guard let position = keys.firstIndex(of: key) else {
        throw .schema(StateSchemaError(keyPath: path.member(key).text, problem: .unknownKey))
      }
      guard seen & (1 << position) == 0 else {
        throw .schema(
          StateSchemaError(keyPath: path.member(key).text, problem: .invalid("appears twice")))
      }
      seen |= 1 << position
      try read(&self, position)
    }
  }

  /// Refuses a next value of another kind than `kind`.
  mutating func expect(_ kind: JSONKind, at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError)
  {
    let found = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard found == kind else {
      throw .schema(
        StateSchemaError(
          keyPath: path().text, problem: .wrongType(expected: kind.name, found: found.name)))
    }
  }

  mutating func readInteger(
    at path: @autoclosure () -> SchemaPath, in range: ClosedRange<Int>
  )
    throws(StateDocumentError) -> Int
  {
    let (kind, number) = try readKindAndWholeNumber()
    do {
      return try TrackerState.checkedInteger(kind: kind, number: number, at: path(), in: range)
    } catch {
      throw .schema(error)
    }
  }

  /// The next value's kind, and its value when it is a whole number; other values are left
  /// unread.
  private mutating func readKindAndWholeNumber() throws(StateDocumentError) -> (JSONKind, Int?) {
    let kind = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard kind == .number else { return (kind, nil) }
    return (kind, try syntax { () throws(JSONSyntaxError) in try readWholeNumber() })
  }

  /// A whole number in `range`, or null.
  private mutating func readOptionalInteger(
    at path: @autoclosure () -> SchemaPath, in range: ClosedRange<Int>
  ) throws(StateDocumentError) -> Int? {
    guard try syntax({ () throws(JSONSyntaxError) in try peekKind() }) == .null else {
      return try readInteger(at: path(), in: range)
    }
    try syntax { () throws(JSONSyntaxError) in try readNull() }
    return nil
  }

  /// Refuses a currency code no source quotes, such as `usd` or one holding a line break.
  private func checkCurrency(_ currency: String, at path: SchemaPath) throws(StateDocumentError) {
    guard !PriceSourceKind.allCases.contains(where: { $0.currencies.contains(currency) }) else {
      return
    }
    throw .schema(
      StateSchemaError(
        keyPath: path.text,
        problem: .invalid(
          "is '\(UntrustedText.terminalEscaped(currency))', not a currency code any source "
            + "quotes")))
  }
}
