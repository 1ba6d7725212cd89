/// The state document's strings and numbers, read for the schema: a value of another kind is
/// refused with its key path, and each value can be handed over as the UTF-8 it is written with
/// (see JSONReader+UTF8.swift).
extension JSONReader {
  /// A string's text.
  mutating func readString(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError) -> String
  {
    try readUTF8(of: .string, at: path(), String.init(validUTF8:))
  }

  /// A string's text, or nil for null.
  mutating func readOptionalString(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError)
    -> String?
  {
    try readOptionalString(at: path(), String.init(validUTF8:))
  }

  /// What `convert` makes of a string's UTF-8, or nil for null.
  mutating func readOptionalString<Value>(
    at path: @autoclosure () -> SchemaPath, _ convert: (UnsafeBufferPointer<UInt8>) -> Value
  ) throws(StateDocumentError) -> Value? {
    guard try syntax({ () throws(JSONSyntaxError) in try peekKind() }) == .null else {
      return try readUTF8(of: .string, at: path(), convert)
    }
    try syntax { () throws(JSONSyntaxError) in try readNull() }
    return nil
  }

  /// A number's exact text.
  mutating func readNumberText(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError) -> String
  {
    try readUTF8(of: .number, at: path(), String.init(validUTF8:))
  }

  /// What `convert` makes of the UTF-8 of the next value, which must be of `kind`, a string or
  /// a number: the bytes where they lie (see `readString(_:)` and `readNumber(_:)`).
  mutating func readUTF8<Value>(
    of kind: JSONKind, at path: @autoclosure () -> SchemaPath,
    _ convert: (UnsafeBufferPointer<UInt8>) -> Value
  ) throws(StateDocumentError) -> Value {
    try expect(kind, at: path())
    return try syntax { () throws(JSONSyntaxError) in
      kind == .string ? try readString(convert) : try readNumber(convert)
    }
  }
}
