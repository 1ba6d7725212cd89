/// A JSON document as a value, keeping object key order and the exact text of every number.
///
/// Foundation's JSON types turn numbers into `Double`, which would put binary noise into prices;
/// this type keeps `0.00001234` as the text `0.00001234`. Not `indirect`: the recursion goes
/// through arrays, which already live on the heap, so no value needs a box of its own.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number in JSON syntax, exactly as written.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// The value of `key` when this is an object holding it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The kind of the value.
  public var kind: JSONKind {
    switch self {
    case .null: return .null
    case .bool: return .bool
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }
}

/// One key and value of a JSON object.
public struct JSONMember: Equatable, Sendable {
  public var key: String
  public var value: JSONValue

  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// Why a text is not valid JSON, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  /// Zero-based byte offset of the problem.
  public let offset: Int
  public let reason: String
}

/// The kinds of JSON value.
public enum JSONKind: Sendable {
  case null, bool, number, string, array, object

  /// A short name of the kind, for error messages.
  public var name: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
