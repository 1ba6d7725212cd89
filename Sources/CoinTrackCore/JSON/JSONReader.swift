/// Reads a JSON document value by value, checking RFC 8259 syntax strictly as it goes.
///
/// Strict on purpose: a document with a byte-order mark, a trailing comma or invalid UTF-8 is
/// reported rather than guessed at, so that nothing is silently reinterpreted. `JSONParser`
/// builds a `JSONValue` with it; the state file is decoded from it directly, value by value,
/// with no tree built only to be taken apart again.
struct JSONReader {
  /// Nesting deeper than this is rejected instead of exhausting the stack.
  static let maximumDepth = 256

  /// The document, read through a pointer valid for one `reading` call, so that values can be
  /// handed over where they lie (see JSONReader+UTF8.swift).
  // Internal rather than private for the reader's extensions in other files.
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  private var depth = 0
  /// Whether the container just begun has no member or element read yet, so that no comma may
  /// come before the next one.
  private var isAtFirstItem = false

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Calls `body` with a reader at the start of the document in `bytes`. The reader must not
  /// outlive `body`.
  static func reading<Value, Failure: Error>(
    _ bytes: [UInt8], _ body: (inout JSONReader) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(Failure) -> Value in try reading(buffer, body) }
    }
    return try result.get()
  }

  /// Calls `body` with a reader at the start of the document in `buffer` (such as one line of
  /// a larger file). The reader must not outlive `body`.
  static func reading<Value, Failure: Error>(
    _ buffer: UnsafeBufferPointer<UInt8>, _ body: (inout JSONReader) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var reader = JSONReader(bytes: buffer)
    return try body(&reader)
  }

  /// How many bytes of the document are left to read.
  var remainingByteCount: Int { bytes.count - position }

  /// Checks that nothing but whitespace follows the document's one value.
  mutating func finish() throws(JSONSyntaxError) {
    skipWhitespace()
    guard position == bytes.count else {
      throw failure("unexpected \(describeCurrent()) after the end of the document")
    }
  }

  /// The kind of the next value, read no further than its first byte.
  @inline(__always)
  mutating func peekKind() throws(JSONSyntaxError) -> JSONKind {
    if position == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw failure("the file starts with a UTF-8 byte-order mark")
    }
    skipWhitespace()
    guard position < bytes.count else { throw failure("unexpected end of data") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw failure("unexpected \(describeCurrent())")
    }
  }

  /// Reads `null`.
  mutating func readNull() throws(JSONSyntaxError) {
    try readLiteral("null")
  }

  /// Reads `true` or `false`.
  mutating func readBool() throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    let isTrue = position < bytes.count && bytes[position] == UInt8(ascii: "t")
    try readLiteral(isTrue ? "true" : "false")
    return isTrue
  }

  /// Reads a number, returning its text exactly as written.
  mutating func readNumber() throws(JSONSyntaxError) -> String {
    String(decoding: bytes[try scanNumber()], as: UTF8.self)
  }

  /// Reads a number; its value when it is written as a whole number that fits an `Int` (as
  /// `Int(text)` would take it), else nil. Makes no string, as the state file's ids are read so.
  mutating func readWholeNumber() throws(JSONSyntaxError) -> Int? {
    let range = try scanNumber()
    let isNegative = bytes[range.lowerBound] == UInt8(ascii: "-")
    var value = 0
    for byte in bytes[(isNegative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      // Accumulating towards the sign keeps Int.min in reach.
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        isNegative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflowed, !overflowedAgain else { return nil }
      value = next
    }
    return value
  }

  /// Reads past a number, checking its syntax; the range of its text.
  mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
    skipWhitespace()
    let start = position
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      // A leading zero may not be followed by more digits.
    } else if consumeDigits() == 0 {
      throw failure("expected a digit in a number, found \(describeCurrent())")
    }
    if consume(UInt8(ascii: ".")), consumeDigits() == 0 {
      throw failure("expected a digit after the decimal point, found \(describeCurrent())")
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      if consumeDigits() == 0 {
        throw failure("expected a digit in an exponent, found \(describeCurrent())")
      }
    }
    return start..<position
  }

  /// Reads a string, decoding its escapes.
  @inline(__always)
  mutating func readString() throws(JSONSyntaxError) -> String {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw failure("unexpected \(describeCurrent())")
    }
    // A string without escapes is taken from the input in one piece.
    guard let (content, isASCII) = plainString(at: position) else {
      return try readEscapedString()
    }
    let piece = UnsafeBufferPointer(rebasing: bytes[content])
    // ASCII is valid UTF-8 by construction: only other text needs validating.
    guard
      let text = isASCII
        ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self)
    else {
      throw failure("a string is not valid UTF-8")
    }
    position = content.upperBound + 1
    return text
  }

  /// Reads the string whose opening quote is at the current position byte by byte, decoding
  /// its escapes.
  private mutating func readEscapedString() throws(JSONSyntaxError) -> String {
    let openingQuote = position
    position += 1
    var utf8: [UInt8] = []
    while true {
      guard position < bytes.count else {
        throw JSONSyntaxError(offset: openingQuote, reason: "unterminated string")
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw JSONSyntaxError(offset: openingQuote, reason: "a string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        position += 1
        try readEscape(into: &utf8)
      case 0..<0x20:
        throw failure("unescaped control character in a string")
      default:
        utf8.append(byte)
        position += 1
      }
    }
  }

  /// Reads the `{` that begins an object; `nextKey()` then reads its members.
  mutating func beginObject() throws(JSONSyntaxError) {
    try beginContainer(UInt8(ascii: "{"))
  }

  /// Reads the key of the object's next member and the colon after it, leaving the reader at
  /// the member's value; nil after the object's closing `}`.
  mutating func nextKey() throws(JSONSyntaxError) -> String? {
    guard try beginMember() else { return nil }
    let key = try readString()
    try endKey()
    return key
  }

  /// A member's key as `nextKey(among:expected:)` finds it: its position among the keys looked
  /// for, nil when it is none of them, and where its opening quote is, from which its text is
  /// read again only for an error (`text(of:)`).
  struct MemberKey {
    let position: Int?
    let quote: Int
  }

  /// Reads the key of the object's next member and the colon after it, leaving the reader at
  /// the member's value; nil after the object's closing `}`. The expected key (the one after
  /// the last read: members usually come in the order they are written) and its colon, written
  /// as cointrack writes them, are recognised by one comparison. Any other key of ASCII without
  /// escapes is compared with the UTF-8 of `keys` where it lies, from `expected` on, then from
  /// the first; any other key is decoded and compared as text, as `nextKey()` would.
  @inline(__always)
  mutating func nextKey(among keys: JSONKeys, expected: Int) throws(JSONSyntaxError) -> MemberKey? {
    guard try beginMember() else { return nil }
    let quote = position
    if expected < keys.count, keys.withMemberUTF8(ofKey: expected, { readBytes(spelled: $0) }) {
      return MemberKey(position: expected, quote: quote)
    }
    let found: Int?
    if let plain = readPlainASCIIString() {
      found = keys.position(ofUTF8: plain, from: expected)
    } else {
      found = keys.position(of: try readString())
    }
    try endKey()
    return MemberKey(position: found, quote: quote)
  }

  /// Reads the comma before the next member and its key at `expected` with its colon, when they
  /// are written as cointrack writes them (`,"name":`, no whitespace) and the member is not the
  /// object's first, and returns true; false, having read nothing, otherwise. What it reads,
  /// `nextKey(among:expected:)` would read alike.
  @inline(__always)
  mutating func readCommaAndKey(_ keys: JSONKeys, at expected: Int) -> Bool {
    guard !isAtFirstItem, expected < keys.count, position < bytes.count,
      bytes[position] == UInt8(ascii: ",")
    else { return false }
    position += 1
    if keys.withMemberUTF8(ofKey: expected, { readBytes(spelled: $0) }) { return true }
    position -= 1
    return false
  }

  /// The text of `key`, a key this reader has read, read again from its opening quote.
  func text(of key: MemberKey) -> String {
    var reader = self
    reader.position = key.quote
    return (try? reader.readString()) ?? ""
  }

  /// Reads up to the opening quote of the next member's key; false after the closing `}`.
  @inline(__always)
  private mutating func beginMember() throws(JSONSyntaxError) -> Bool {
    guard try continuesContainer(closedBy: UInt8(ascii: "}"), kind: "an object") else {
      return false
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw failure("expected a string key, found \(describeCurrent())")
    }
    return true
  }

  /// Reads the colon after a key.
  @inline(__always)
  private mutating func endKey() throws(JSONSyntaxError) {
    skipWhitespace()
    guard consume(UInt8(ascii: ":")) else {
      throw failure("expected ':' after an object key, found \(describeCurrent())")
    }
  }

  /// Reads the `[` that begins an array; `nextElement()` then steps through its elements.
  mutating func beginArray() throws(JSONSyntaxError) {
    try beginContainer(UInt8(ascii: "["))
  }

  /// Moves to the array's next element; false after the array's closing `]`.
  @inline(__always)
  mutating func nextElement() throws(JSONSyntaxError) -> Bool {
    try continuesContainer(closedBy: UInt8(ascii: "]"), kind: "an array")
  }

  private mutating func beginContainer(_ opening: UInt8) throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == opening else {
      throw failure("unexpected \(describeCurrent())")
    }
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      throw failure("nesting deeper than \(JSONReader.maximumDepth) levels")
    }
    position += 1
    isAtFirstItem = true
  }

  /// Reads the comma before an item, or the closing byte; false at the end of the container.
  /// After a comma an item must follow, so `[1,]` fails where its value should be.
  @inline(__always)
  private mutating func continuesContainer(closedBy closing: UInt8, kind: String)
    throws(JSONSyntaxError) -> Bool
  {
    skipWhitespace()
    let isFirst = isAtFirstItem
    // Whatever comes next, the enclosing container has an item by now.
    isAtFirstItem = false
    if !isFirst, consume(UInt8(ascii: ",")) {
      skipWhitespace()
      return true
    }
    if consume(closing) {
      depth -= 1
      return false
    }
    if isFirst { return true }
    let closingText = Character(Unicode.Scalar(closing))
    throw failure("expected ',' or '\(closingText)' in \(kind), found \(describeCurrent())")
  }

  private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
    skipWhitespace()
    let wordBytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes.count - position >= wordBytes.count,
      bytes[position..<position + wordBytes.count].elementsEqual(wordBytes)
    else { throw failure("unexpected \(describeCurrent())") }
    position += wordBytes.count
  }

  private mutating func consumeDigits() -> Int {
    var count = 0
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
      count += 1
    }
    return count
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private func describeCurrent() -> String {
    guard position < bytes.count else { return "end of data" }
    let byte = bytes[position]
    if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  func failure(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: position, reason: reason)
  }
}
