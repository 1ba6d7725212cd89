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
    guard text.withUTF8Bytes(Price.isPlainDecimal) else { return nil }
    self.text = text
  }

  /// The price whose text is `bytes`, already known to be plain decimal notation
  /// (`isPlainDecimal`): made where they lie without checking them again.
  init(plainDecimalUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    text = String(validUTF8: bytes)
  }

  public var description: String { text }

  /// Whether `bytes` are plain decimal notation: `-?digits[.digits]`.
  static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Indices rather than an iterator: every close of the local history is checked here.
    var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
    let integerStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > integerStart else { return false }
    guard index < bytes.count else { return true }
    guard bytes[index] == UInt8(ascii: ".") else { return false }
    index += 1
    let fractionStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index > fractionStart && index == bytes.count
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

extension Price {
  /// A JSON number as a plain decimal, shifting the point of an exponent form exactly:
  /// `1.234e-05` becomes `0.00001234`, never a rounded binary value.
  public init?(jsonNumber text: String) {
    if let plain = Price(decimalText: text) {
      self = plain
      return
    }
    let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
    guard parts.count == 2, let exponent = Int(parts[1]), abs(exponent) < 400,
      Price(decimalText: String(parts[0])) != nil
    else { return nil }
    var mantissa = String(parts[0])
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa.removeFirst() }
    let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let digits = pieces.map(String.init).joined()
    // Where the decimal point falls, counted in digits from the left.
    let point = pieces[0].count + exponent
    var plain: String
    if point <= 0 {
      plain = "0." + String(repeating: "0", count: -point) + digits
    } else if point >= digits.count {
      plain = digits + String(repeating: "0", count: point - digits.count)
    } else {
      plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }
    // Leading zeros of the integer part come from the shift, not from the source.
    while plain.hasPrefix("0"), plain.count > 1, !plain.hasPrefix("0.") { plain.removeFirst() }
    self.init(decimalText: (negative ? "-" : "") + plain)
  }
}
