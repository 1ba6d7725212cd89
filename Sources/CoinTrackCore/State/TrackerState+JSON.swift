/// The state file's JSON form.
///
/// Decoding is strict: an unknown key or a wrong type makes the file unusable rather than being
/// dropped, because the next save would otherwise lose what the key held.
extension TrackerState {
  /// The JSON document written to the state file.
  public var json: JSONValue {
    .object([
      JSONMember("schema_version", .number(String(TrackerState.schemaVersion))),
      JSONMember(
        "profile",
        .object(
          [
            JSONMember("username", .string(profile.username)),
            JSONMember("source", profile.preferredSource.map(JSONValue.string) ?? .null),
            JSONMember("currency", profile.preferredCurrency.map(JSONValue.string) ?? .null),
          ]
            // Written only once set, so that a profile without one reads as before.
            + (profile.preferredMethod.map { [JSONMember("method", .string($0.rawValue))] } ?? [])
        )),
      JSONMember(
        "coins",
        .array(
          coins.map { tracked in
            .object([
              JSONMember("id", .number(String(tracked.id))),
              JSONMember("symbol", .string(tracked.coin.symbol)),
              JSONMember("name", .string(tracked.coin.name)),
              JSONMember("coingecko_id", tracked.coin.coingeckoID.map(JSONValue.string) ?? .null),
            ])
          })),
      JSONMember("next_id", .number(String(nextID))),
      JSONMember("revision", .number(String(revision))),
      JSONMember("alerts", .array(alerts.map(\.json))),
      JSONMember("next_alert_id", .number(String(nextAlertID))),
      JSONMember("next_trade_id", .number(String(nextTradeID))),
    ])
  }

  /// The keys of the document, in the order they are written; `revision` came in version 2,
  /// `alerts` and `next_alert_id` in version 4, `trades` and `next_trade_id` in version 5;
  /// version 6 keeps the trades in `TradesFile` and has no `trades`.
  static let documentKeys: JSONKeys = [
    "schema_version", "profile", "coins", "next_id", "revision", "alerts", "next_alert_id",
    "trades", "next_trade_id",
  ]
  static let profileKeys: JSONKeys = ["username", "source", "currency", "method"]
  static let coinKeys: JSONKeys = ["id", "symbol", "name", "coingecko_id"]

  /// Reads the bytes of a state file of this or an older schema version, the version, and the
  /// trades a version 5 file holds (none for any other version).
  ///
  /// The document is decoded as it is read, without building a tree. One problem is reported: invalid JSON anywhere before any
  /// schema problem, then a missing, malformed or newer `schema_version` (the version decides
  /// how the rest is read), then the first other problem met reading in order; repeated list
  /// ids and coin ids are looked for once every coin has been read.
  public static func decode(_ bytes: [UInt8]) throws(StateDocumentError) -> (
    state: TrackerState, version: Int, trades: [Trade]
  ) {
    do {
      return try JSONReader.reading(bytes) {
        reader throws(StateDocumentError) in
        let decoded = try reader.readState()
        try syntax { () throws(JSONSyntaxError) in try reader.finish() }
        return decoded
      }
    } catch {
      guard case .schema = error else { throw error }
      throw precedingProblem(in: bytes) ?? error
    }
  }

  /// Invalid JSON anywhere in `bytes`, or else a problem with `schema_version`: the problems
  /// reported before any other, which decoding as it reads may not have reached.
  private static func precedingProblem(in bytes: [UInt8]) -> StateDocumentError? {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      return .syntax(error)
    }
    guard case .object = document else {
      return .schema(
        StateSchemaError(
          keyPath: "", problem: .wrongType(expected: "an object", found: document.kind.name)))
    }
    guard let version = document["schema_version"] else {
      return .schema(StateSchemaError(keyPath: "schema_version", problem: .missing))
    }
    var versionNumber: Int?
    if case .number(let text) = version { versionNumber = Int(text) }
    do {
      _ = try checkedVersion(kind: version.kind, number: versionNumber)
      return nil
    } catch {
      return .schema(error)
    }
  }

  /// The value of `schema_version`, checked to be a version this build can read.
  static func checkedVersion(kind: JSONKind, number: Int?) throws(StateSchemaError)
    -> Int
  {
    let version = try checkedInteger(
      kind: kind, number: number, at: SchemaPath.document.member("schema_version"),
      in: 1...Int(Int32.max))
    guard version <= TrackerState.schemaVersion else {
      throw StateSchemaError(keyPath: "schema_version", problem: .newerVersion(version))
    }
    return version
  }

  /// A whole number in `range`, from a value of `kind` that is `number` when a whole number.
  static func checkedInteger(
    kind: JSONKind, number: Int?, at path: @autoclosure () -> SchemaPath, in range: ClosedRange<Int>
  ) throws(StateSchemaError) -> Int {
    guard let number else {
      throw StateSchemaError(
        keyPath: path().text, problem: .wrongType(expected: "a whole number", found: kind.name))
    }
    guard range.contains(number) else {
      throw StateSchemaError(
        keyPath: path().text,
        problem: .invalid("is \(number), outside \(range.lowerBound)...\(range.upperBound)"))
    }
    return number
  }
}

/// The state document read as it is parsed.
extension JSONReader {
  /// The document's state, each part checked against the schema, its schema version and the
  /// trades of a version 5 document.
  mutating func readState() throws(StateDocumentError) -> (
    state: TrackerState, version: Int, trades: [Trade]
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
    if trades != nil, fileVersion >= 6 {
      throw .schema(StateSchemaError(keyPath: keys[7], problem: .unknownKey))
    }
    try refuse(8, since: 5, ifPresent: nextTradeID != nil)
    let state = TrackerState(
      profile: try required(profile, keys[1], in: path),
      coins: try required(coins, keys[2], in: path),
      nextID: try required(nextID, keys[3], in: path),
      revision: fileVersion < 2 ? 0 : try required(revision, keys[4], in: path),
      alerts: fileVersion < 4 ? [] : try required(alerts, keys[5], in: path),
      nextAlertID: fileVersion < 4 ? 1 : try required(nextAlertID, keys[6], in: path),
      nextTradeID: fileVersion < 5 ? 1 : try required(nextTradeID, keys[8], in: path))
    if let highest = state.coins.lazy.map(\.id).max(), state.nextID <= highest {
      throw .schema(
        StateSchemaError(
          keyPath: keys[3],
          problem: .invalid("is \(state.nextID) but id \(highest) is already used")))
    }
    try TrackerState.checkAlertIDs(of: state)
    let fileTrades = fileVersion == 5 ? try required(trades, keys[7], in: path) : []
    try TrackerState.checkTrades(fileTrades, nextTradeID: state.nextTradeID) { index, key in
      index.map { SchemaPath(container: Trade.arrayKey, index: $0).member(key).text } ?? key
    }
    return (state, fileVersion, fileTrades)
  }

  private mutating func readProfile() throws(StateDocumentError) -> Profile {
    let keys = TrackerState.profileKeys
    let path = SchemaPath.document.member("profile")
    var username: String?
    // Present with null and absent differ: only the second is an error.
    var source: String??
    var currency: String??
    // Optional: absent (or null) leaves the default, FIFO.
    var method: CostMethod?
    try readMembers(of: path, keys: keys) {
      reader, key throws(StateDocumentError) in
      switch key {
      case 0: username = try reader.readString(at: path.member(keys[key]))
      case 1: source = try reader.readOptionalString(at: path.member(keys[key]))
      case 2: currency = try reader.readOptionalString(at: path.member(keys[key]))
      default:
        let text = try reader.readOptionalString(at: path.member(keys[key]))
        method = text.flatMap(CostMethod.init(rawValue:))
        if text != nil, method == nil {
          throw .schema(
            StateSchemaError(
              keyPath: path.member(keys[key]).text,
              problem: .invalid(
                "is not one of " + CostMethod.allCases.map(\.rawValue).joined(separator: ", "))))
        }
      }
    }
    let profile = Profile(
      username: try required(username, keys[0], in: path),
      preferredSource: try required(source, keys[1], in: path),
      preferredCurrency: try required(currency, keys[2], in: path), preferredMethod: method)
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
}
