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
    ])
  }

  /// The schema version a state document declares, checked to be one this build can read.
  public static func schemaVersion(of document: JSONValue) throws(StateSchemaError) -> Int {
    let version = try SchemaReader(document, path: "").integer(
      "schema_version", in: 1...Int(Int32.max))
    guard version <= TrackerState.schemaVersion else {
      throw StateSchemaError(keyPath: "schema_version", problem: .newerVersion(version))
    }
    return version
  }

  /// Reads a state document of this or an older schema version, naming the JSON key path of the
  /// first problem.
  public init(json document: JSONValue) throws(StateSchemaError) {
    // The version decides how the rest is read, so it is checked before anything else.
    let version = try TrackerState.schemaVersion(of: document)
    let root = try SchemaReader(document, path: "")
    let keys = ["schema_version", "profile", "coins", "next_id"]
    try root.allowOnly(version >= 2 ? keys + ["revision"] : keys)
    let profileReader = try root.object("profile")
    try profileReader.allowOnly(["username", "source", "currency"])
    let username = try profileReader.string("username")
    guard (try? Profile.validUsername(username)) == username else {
      throw StateSchemaError(
        keyPath: profileReader.path(of: "username"), problem: .invalid("is not a valid username"))
    }
    let profile = Profile(
      username: username,
      preferredSource: try profileReader.optionalString("source"),
      preferredCurrency: try profileReader.optionalString("currency"))

    let elements = try root.array("coins")
    var coins: [TrackedCoin] = []
    coins.reserveCapacity(elements.count)
    // Sets, so that checking a thousand coins for repeats stays linear; sized up front, as
    // growing them was a tenth of loading a thousand coins.
    var seenIDs = Set<Int>(minimumCapacity: elements.count)
    var seenSymbols = Set<String>(minimumCapacity: elements.count)
    for element in elements {
      try element.allowOnly(["id", "symbol", "name", "coingecko_id"])
      let id = try element.integer("id", in: 1...Int(Int32.max))
      let symbol = try element.string("symbol")
      guard !symbol.isEmpty else {
        throw StateSchemaError(keyPath: element.path(of: "symbol"), problem: .invalid("is empty"))
      }
      guard seenIDs.insert(id).inserted else {
        throw StateSchemaError(
          keyPath: element.path(of: "id"), problem: .invalid("repeats id \(id)"))
      }
      guard seenSymbols.insert(symbol).inserted else {
        throw StateSchemaError(
          keyPath: element.path(of: "symbol"), problem: .invalid("repeats symbol '\(symbol)'"))
      }
      let coin = Coin(
        symbol: symbol, name: try element.string("name"),
        coingeckoID: try element.optionalString("coingecko_id"))
      coins.append(TrackedCoin(id: id, coin: coin))
    }
    // One past the largest id: the counter after the last id has been given out.
    let nextID = try root.integer("next_id", in: 1...TrackerState.largestID + 1)
    if let highest = coins.map(\.id).max(), nextID <= highest {
      throw StateSchemaError(
        keyPath: "next_id", problem: .invalid("is \(nextID) but id \(highest) is already used"))
    }
    let revision =
      version >= 2 ? try root.integer("revision", in: 0...TrackerState.maximumRevision) : 0
    self.init(profile: profile, coins: coins, nextID: nextID, revision: revision)
  }
}

/// Where a state document breaks the schema, and how.
public struct StateSchemaError: Error, Hashable, Sendable {
  /// Like `coins[2].symbol`; empty for the document itself.
  public let keyPath: String
  public let problem: Problem

  /// The kinds of schema problem.
  public enum Problem: Hashable, Sendable {
    case missing
    case unknownKey
    case wrongType(expected: String, found: String)
    case invalid(String)
    case newerVersion(Int)
  }

  /// The problem in words, with its key path.
  public var description: String {
    let place = keyPath.isEmpty ? "the document" : "'\(keyPath)'"
    switch problem {
    case .missing: return "\(place) is missing"
    case .unknownKey: return "\(place) is not a known key"
    case .wrongType(let expected, let found):
      return "\(place) should be \(expected) but is \(found)"
    case .invalid(let detail): return "\(place) \(detail)"
    case .newerVersion(let version): return "\(place) is \(version), newer than this cointrack"
    }
  }
}

/// Reads typed fields out of one JSON object, tracking the key path for errors.
private struct SchemaReader {
  let members: [JSONMember]
  /// The path of the object, or of the array holding it at `index`; the full path is built only
  /// for an error, so that reading a thousand valid coins builds no strings.
  let containerPath: String
  let index: Int?

  init(_ value: JSONValue, path: String, index: Int? = nil) throws(StateSchemaError) {
    containerPath = path
    self.index = index
    guard case .object(let members) = value else {
      throw StateSchemaError(
        keyPath: index.map { "\(path)[\($0)]" } ?? path,
        problem: .wrongType(expected: "an object", found: value.kindName))
    }
    self.members = members
  }

  var basePath: String {
    index.map { "\(containerPath)[\($0)]" } ?? containerPath
  }

  func path(of key: String) -> String {
    basePath.isEmpty ? key : basePath + "." + key
  }

  /// Refuses keys not in `keys`, and keys that appear twice. Objects here have a handful of
  /// keys, so plain comparisons beat hashing.
  func allowOnly(_ keys: [String]) throws(StateSchemaError) {
    for (position, member) in members.enumerated() {
      guard keys.contains(member.key) else {
        throw StateSchemaError(keyPath: path(of: member.key), problem: .unknownKey)
      }
      guard !members[..<position].contains(where: { $0.key == member.key }) else {
        throw StateSchemaError(keyPath: path(of: member.key), problem: .invalid("appears twice"))
      }
    }
  }

  func value(_ key: String) throws(StateSchemaError) -> JSONValue {
    guard let member = members.first(where: { $0.key == key }) else {
      throw StateSchemaError(keyPath: path(of: key), problem: .missing)
    }
    return member.value
  }

  func string(_ key: String) throws(StateSchemaError) -> String {
    let found = try value(key)
    guard case .string(let text) = found else {
      throw StateSchemaError(
        keyPath: path(of: key), problem: .wrongType(expected: "a string", found: found.kindName))
    }
    return text
  }

  func optionalString(_ key: String) throws(StateSchemaError) -> String? {
    if case .null = try value(key) { return nil }
    return try string(key)
  }

  func integer(_ key: String, in range: ClosedRange<Int>) throws(StateSchemaError) -> Int {
    let found = try value(key)
    guard case .number(let text) = found, let number = Int(text) else {
      throw StateSchemaError(
        keyPath: path(of: key),
        problem: .wrongType(expected: "a whole number", found: found.kindName))
    }
    guard range.contains(number) else {
      throw StateSchemaError(
        keyPath: path(of: key),
        problem: .invalid("is \(number), outside \(range.lowerBound)...\(range.upperBound)"))
    }
    return number
  }

  func object(_ key: String) throws(StateSchemaError) -> SchemaReader {
    try SchemaReader(try value(key), path: path(of: key))
  }

  func array(_ key: String) throws(StateSchemaError) -> [SchemaReader] {
    let found = try value(key)
    guard case .array(let elements) = found else {
      throw StateSchemaError(
        keyPath: path(of: key), problem: .wrongType(expected: "an array", found: found.kindName))
    }
    var readers: [SchemaReader] = []
    readers.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      readers.append(try SchemaReader(element, path: path(of: key), index: index))
    }
    return readers
  }
}
