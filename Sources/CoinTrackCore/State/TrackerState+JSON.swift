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
        .object([
          JSONMember("username", .string(profile.username)),
          JSONMember("source", profile.preferredSource.map(JSONValue.string) ?? .null),
          JSONMember("currency", profile.preferredCurrency.map(JSONValue.string) ?? .null),
        ])),
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
      JSONMember("trades", .array(trades.map(\.json))),
      JSONMember("next_trade_id", .number(String(nextTradeID))),
    ])
  }

  /// The keys of the document, in the order they are written; `revision` came in version 2,
  /// `alerts` and `next_alert_id` in version 4, `trades` and `next_trade_id` in version 5.
  static let documentKeys = [
    "schema_version", "profile", "coins", "next_id", "revision", "alerts", "next_alert_id",
    "trades", "next_trade_id",
  ]
  static let profileKeys = ["username", "source", "currency"]
  static let coinKeys = ["id", "symbol", "name", "coingecko_id"]

  /// Reads the bytes of a state file of this or an older schema version, and the version.
  ///
  /// The document is decoded as it is read, without building a tree. One problem is reported: invalid JSON anywhere before any
  /// schema problem, then a missing, malformed or newer `schema_version` (the version decides
  /// how the rest is read), then the first other problem met reading in order; repeated list
  /// ids and coin ids are looked for once every coin has been read.
  public static func decode(_ bytes: [UInt8]) throws(StateDocumentError) -> (
    state: TrackerState, version: Int
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
