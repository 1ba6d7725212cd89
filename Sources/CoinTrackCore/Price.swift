/// A price as exact decimal text, never a binary floating-point number.
///
/// The text is plain decimal notation (`-?digits[.digits]`) so it can be printed in a table, a CSV
/// field and a JSON number without conversion.
public struct Price: Hashable, Sendable, CustomStringConvertible {
  /// The decimal text exactly as the source gave it.
  public let text: String

  /// Accepts plain decimal notation; nil for anything else (exponents, signs other than '-',
  /// thousands separators, empty digits).
  public init?(decimalText text: String) {
    guard Price.isPlainDecimal(text.utf8) else { return nil }
    self.text = text
  }

  public var description: String { text }

  private static func isPlainDecimal(_ bytes: String.UTF8View) -> Bool {
    var iterator = bytes.makeIterator()
    var byte = iterator.next()
    if byte == UInt8(ascii: "-") { byte = iterator.next() }
    var integerDigits = 0
    while let current = byte, isDigit(current) {
      integerDigits += 1
      byte = iterator.next()
    }
    guard integerDigits > 0 else { return false }
    guard let separator = byte else { return true }
    guard separator == UInt8(ascii: ".") else { return false }
    var fractionDigits = 0
    while let current = iterator.next() {
      guard isDigit(current) else { return false }
      fractionDigits += 1
    }
    return fractionDigits > 0
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
