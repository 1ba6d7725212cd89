/// Why the bytes of a state file cannot be read as a state.
public enum StateDocumentError: Error, Equatable, Sendable {
  /// The bytes are not valid JSON.
  case syntax(JSONSyntaxError)
  /// The JSON breaks the state schema.
  case schema(StateSchemaError)
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
