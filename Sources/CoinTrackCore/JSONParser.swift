/// A strict RFC 8259 parser producing `JSONValue`.
///
/// Strict on purpose: a state file with a byte-order mark, a trailing comma or invalid UTF-8 is
/// reported rather than guessed at, so that nothing is silently reinterpreted.
public struct JSONParser {
  /// Nesting deeper than this is rejected instead of exhausting the stack.
  public static let maximumDepth = 256

  /// The document, read through a pointer valid for one `parse` call: reading an array element
  /// by element cost half the time of loading a state file of a thousand coins.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var depth = 0
  /// The members and elements of the containers being read, innermost last: each container is
  /// copied out once at its end at its exact size, rather than growing an array of its own.
  private var pendingMembers: [JSONMember] = []
  private var pendingElements: [JSONValue] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses one complete JSON document.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONSyntaxError(offset: 0, reason: "the file starts with a UTF-8 byte-order mark")
    }
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) -> JSONValue in
        var parser = JSONParser(bytes: buffer)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == buffer.count else {
          throw parser.failure(
            "unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
      }
    }
    return try result.get()
  }

  /// Parses a JSON document from text.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard position < bytes.count else { throw failure("unexpected end of data") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected \(describeCurrent())")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    position += 1
    skipWhitespace()
    if consume(UInt8(ascii: "}")) {
      depth -= 1
      return .object([])
    }
    let firstMember = pendingMembers.count
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw failure("expected a string key, found \(describeCurrent())")
      }
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else {
        throw failure("expected ':' after an object key, found \(describeCurrent())")
      }
      skipWhitespace()
      pendingMembers.append(JSONMember(key, try parseValue()))
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "}")) { break }
      throw failure("expected ',' or '}' in an object, found \(describeCurrent())")
    }
    depth -= 1
    let members = Array(pendingMembers[firstMember...])
    pendingMembers.removeSubrange(firstMember...)
    return .object(members)
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    position += 1
    skipWhitespace()
    if consume(UInt8(ascii: "]")) {
      depth -= 1
      return .array([])
    }
    let firstElement = pendingElements.count
    while true {
      skipWhitespace()
      pendingElements.append(try parseValue())
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "]")) { break }
      throw failure("expected ',' or ']' in an array, found \(describeCurrent())")
    }
    depth -= 1
    let elements = Array(pendingElements[firstElement...])
    pendingElements.removeSubrange(firstElement...)
    return .array(elements)
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else {
      throw failure("nesting deeper than \(JSONParser.maximumDepth) levels")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let wordBytes = Array(word.utf8)
    guard bytes.count - position >= wordBytes.count,
      bytes[position..<position + wordBytes.count].elementsEqual(wordBytes)
    else { throw failure("unexpected \(describeCurrent())") }
    position += wordBytes.count
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
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
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
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

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let openingQuote = position
    position += 1
    // Fast path: a string without escapes is taken from the input in one piece.
    var end = position
    var isASCII = true
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      isASCII = isASCII && bytes[end] < 0x80
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      let piece = UnsafeBufferPointer(rebasing: bytes[position..<end])
      // ASCII is valid UTF-8 by construction; `String(validating:as:)` is generic and looks up
      // type metadata on every call, which was a fifth of loading a thousand coins.
      guard
        let text = isASCII
          ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self)
      else {
        throw JSONSyntaxError(offset: openingQuote, reason: "a string is not valid UTF-8")
      }
      position = end + 1
      return text
    }
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
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw failure("unescaped control character in a string")
      default:
        utf8.append(byte)
        position += 1
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    guard position < bytes.count else { throw failure("unterminated escape sequence") }
    let escaped = bytes[position]
    position += 1
    let simple: UInt8?
    switch escaped {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      position -= 1
      throw failure("invalid escape sequence")
    }
    if let simple {
      utf8.append(simple)
      return
    }
    var scalarValue = try parseHexQuad()
    if (0xD800...0xDBFF).contains(scalarValue) {
      guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
        throw failure("a high surrogate escape is not followed by a low surrogate")
      }
      let low = try parseHexQuad()
      guard (0xDC00...0xDFFF).contains(low) else {
        throw failure("a high surrogate escape is not followed by a low surrogate")
      }
      scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw failure("a \\u escape names a lone surrogate")
    }
    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = hexValue(bytes[position]) else {
        throw failure("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
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

  private func failure(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: position, reason: reason)
  }
}
