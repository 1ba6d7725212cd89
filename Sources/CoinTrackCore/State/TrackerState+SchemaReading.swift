/// The schema reader's building blocks: where a value is, and typed reads that report a wrong
/// type, a missing or repeated key or invalid JSON with the key path, for every part of the state
/// document.

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

/// Where a value is in the state document, like `coins[2].symbol`; spelled out only for an error,
/// so that reading a thousand valid coins builds no strings.
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

/// Typed reads of the state document's values.
extension JSONReader {
  /// Reads an object member by member, handing `read` the position in `keys` of each key;
  /// refuses any other key and a key that appears twice.
  mutating func readMembers(
    of path: SchemaPath, keys: JSONKeyTable,
    _ read: (inout JSONReader, Int) throws(StateDocumentError) -> Void
  ) throws(StateDocumentError) {
    try expect(.object, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginObject() }
    // One bit for each of `keys`, set once the key has been read.
    var seen: UInt32 = 0
    while let match = try syntax({ () throws(JSONSyntaxError) in try nextKey(in: keys) }) {
      let position: Int
      switch match {
      case .known(let known): position = known
      case .unknown(let key):
        throw .schema(StateSchemaError(keyPath: path.member(key).text, problem: .unknownKey))
      }
      guard seen & (1 << position) == 0 else {
        throw .schema(
          StateSchemaError(
            keyPath: path.member(keys.names[position]).text, problem: .invalid("appears twice")))
      }
      seen |= 1 << position
      try read(&self, position)
    }
  }

  mutating func readString(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError) -> String
  {
    try expect(.string, at: path())
    return try syntax { () throws(JSONSyntaxError) in try readString() }
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

  mutating func readOptionalString(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError)
    -> String?
  {
    guard try syntax({ () throws(JSONSyntaxError) in try peekKind() }) == .null else {
      return try readString(at: path())
    }
    try syntax { () throws(JSONSyntaxError) in try readNull() }
    return nil
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
  mutating func readKindAndWholeNumber() throws(StateDocumentError) -> (JSONKind, Int?) {
    let kind = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard kind == .number else { return (kind, nil) }
    return (kind, try syntax { () throws(JSONSyntaxError) in try readWholeNumber() })
  }

  /// A number's exact text.
  mutating func readNumberText(at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError) -> String
  {
    try expect(.number, at: path())
    return try syntax { () throws(JSONSyntaxError) in try readNumber() }
  }

  /// A whole number in `range`, or null.
  mutating func readOptionalInteger(
    at path: @autoclosure () -> SchemaPath, in range: ClosedRange<Int>
  ) throws(StateDocumentError) -> Int? {
    guard try syntax({ () throws(JSONSyntaxError) in try peekKind() }) == .null else {
      return try readInteger(at: path(), in: range)
    }
    try syntax { () throws(JSONSyntaxError) in try readNull() }
    return nil
  }

  /// Refuses a currency code no source quotes, such as `usd` or one holding a line break.
  func checkCurrency(_ currency: String, at path: SchemaPath) throws(StateDocumentError) {
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
