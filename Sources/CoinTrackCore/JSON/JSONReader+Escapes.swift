/// Escape sequences inside JSON strings.
extension JSONReader {
  /// Decodes the escape after a backslash into `utf8`: a one-letter escape or `\\u` with its
  /// surrogate pair.
  mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
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
    var scalarValue = try readHexQuad()
    if (0xD800...0xDBFF).contains(scalarValue) {
      guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
        throw failure("a high surrogate escape is not followed by a low surrogate")
      }
      let low = try readHexQuad()
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

  private mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
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
}
