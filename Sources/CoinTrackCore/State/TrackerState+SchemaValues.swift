/// The state document's values read against its schema: objects member by member, arrays,
/// whole numbers in a range, strings and numbers; a wrong type, a missing, unknown or repeated
/// key, or invalid JSON, reported with its key path.

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
func required<Value>(_ value: Value?, _ key: @autoclosure () -> String, in path: SchemaPath)
  throws(StateDocumentError) -> Value
{
  guard let value else {
    throw .schema(StateSchemaError(keyPath: path.member(key()).text, problem: .missing))
  }
  return value
}

extension JSONReader {
  /// The document's array `key`, each element read by `readElement` at its index.
  mutating func readArray<Element>(
    named key: String, _ readElement: (inout JSONReader, Int) throws(StateDocumentError) -> Element
  ) throws(StateDocumentError) -> [Element] {
    let path = SchemaPath.document.member(key)
    try expect(.array, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginArray() }
    var elements: [Element] = []
    while try syntax({ () throws(JSONSyntaxError) in try nextElement() }) {
      elements.append(try readElement(&self, elements.count))
    }
    return elements
  }

  /// Reads an object member by member, handing `read` the position in `keys` of each key;
  /// refuses any other key and a key that appears twice.
  mutating func readMembers(
    of path: SchemaPath, keys: JSONKeys,
    _ read: (inout JSONReader, Int) throws(StateDocumentError) -> Void
  ) throws(StateDocumentError) {
    var members = try beginMembers(of: path)
    while let key = try nextMember(of: path, keys: keys, after: &members) {
      try read(&self, key)
    }
  }

  /// Which of an object's members have been read, as `nextMember(of:keys:after:)` reads them.
  struct MembersRead {
    /// One bit for each of the keys, set once the key has been read.
    fileprivate var seen: UInt32 = 0
    /// The position after the last key read, where the next key usually is.
    fileprivate var expected = 0
  }

  /// Reads the `{` that begins the object at `path`, whose members `nextMember` then reads.
  mutating func beginMembers(of path: SchemaPath) throws(StateDocumentError) -> MembersRead {
    // Checked here rather than by `expect`, whose path is a closure that would hold a copy of
    // `path` for every object.
    let found = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard found == .object else { throw wrongType(found, expected: .object, at: path) }
    try syntax { () throws(JSONSyntaxError) in try beginObject() }
    return MembersRead()
  }

  /// Reads the key of the next member of the object at `path`, leaving the reader at its value,
  /// and returns its position in `keys`; nil after the object's end. Refuses any other key and
  /// a key that appears twice.
  // Inlined into the member loops: a member after the first, written as cointrack writes it
  // with the key that usually comes next, is read without a call; any other goes the general
  // way below.
  @inline(__always)
  mutating func nextMember(of path: SchemaPath, keys: JSONKeys, after read: inout MembersRead)
    throws(StateDocumentError) -> Int?
  {
    let expected = read.expected
    if expected < 32, read.seen & (1 << expected) == 0, readCommaAndKey(keys, at: expected) {
      read.seen |= 1 << expected
      read.expected = expected + 1
      return expected
    }
    return try nextMemberInGeneral(of: path, keys: keys, after: &read)
  }

  /// Reads the key of the next member as `nextMember(of:keys:after:)` does, in any spelling.
  @inline(never)
  private mutating func nextMemberInGeneral(
    of path: SchemaPath, keys: JSONKeys, after read: inout MembersRead
  ) throws(StateDocumentError) -> Int? {
    let next: MemberKey?
    do { next = try nextKey(among: keys, expected: read.expected) } catch { throw .syntax(error) }
    guard let key = next else { return nil }
    guard let position = key.position else {
      throw .schema(
        StateSchemaError(keyPath: path.member(text(of: key)).text, problem: .unknownKey))
    }
    guard read.seen & (1 << position) == 0 else {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(keys[position]).text, problem: .invalid("appears twice")))
    }
    read.seen |= 1 << position
    read.expected = position + 1
    return position
  }

  /// Refuses a next value of another kind than `kind`.
  mutating func expect(_ kind: JSONKind, at path: @autoclosure () -> SchemaPath)
    throws(StateDocumentError)
  {
    let found = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard found == kind else { throw wrongType(found, expected: kind, at: path()) }
  }

  /// The error for a value of kind `found` at `path` where one of kind `expected` belongs.
  private func wrongType(_ found: JSONKind, expected: JSONKind, at path: SchemaPath)
    -> StateDocumentError
  {
    .schema(
      StateSchemaError(
        keyPath: path.text, problem: .wrongType(expected: expected.name, found: found.name)))
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
    // A number without an exponent is read by the one scan that finds its end and its value.
    if let (_, scan) = readPlainDecimalNumber() {
      guard scan.scale == 0, let magnitude = scan.magnitude else { return (.number, nil) }
      return (.number, Int(exactly: scan.isNegative ? -magnitude : magnitude))
    }
    let kind = try syntax { () throws(JSONSyntaxError) in try peekKind() }
    guard kind == .number else { return (kind, nil) }
    return (kind, try syntax { () throws(JSONSyntaxError) in try readWholeNumber() })
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
    // A plain string is handed over as soon as it is found, its kind being plain.
    if kind == .string, let piece = readPlainASCIIString() { return convert(piece) }
    try expect(kind, at: path())
    return try syntax { () throws(JSONSyntaxError) in
      kind == .string ? try readString(convert) : try readNumber(convert)
    }
  }
}
