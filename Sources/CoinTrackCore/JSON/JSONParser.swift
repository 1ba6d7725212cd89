/// Parses JSON documents into `JSONValue`, with the strict syntax of `JSONReader`.
public enum JSONParser {
  /// Parses one complete JSON document.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader.reading(bytes) { reader throws(JSONSyntaxError) in
      let value = try reader.readValue()
      try reader.finish()
      return value
    }
  }

  /// Parses a JSON document from text.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

extension JSONReader {
  /// Reads the next value whole.
  mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
    switch try peekKind() {
    case .null:
      try readNull()
      return .null
    case .bool: return .bool(try readBool())
    case .number: return .number(try readNumber())
    case .string: return .string(try readString())
    case .array:
      try beginArray()
      var elements: [JSONValue] = []
      while try nextElement() { elements.append(try readValue()) }
      return .array(elements)
    case .object:
      try beginObject()
      var members: [JSONMember] = []
      while let key = try nextKey() { members.append(JSONMember(key, try readValue())) }
      return .object(members)
    }
  }
}
