/// A price as exact decimal text, never a binary floating-point number.
///
/// The text is plain decimal notation (`-?digits[.digits]`) in canonical form, so it can be
/// printed in a table, a CSV field and a JSON number without conversion, and read back.
///
/// Canonical: no zero before another digit of the whole part (`042000.10` is `42000.10`, `00.5`
/// is `0.5`) and no sign on zero (`-0` is `0`, `-0.00` is `0.00`, as zero has no sign). The digits
/// after the point are kept as the source gave them: `42000.10` stays `42000.10`. Every
/// constructor makes this form, so a leading zero from a person, a file or an API never reaches
/// a file cointrack writes or what it prints.
public struct Price: Hashable, Sendable, CustomStringConvertible {
  /// The decimal text as the source gave it, in canonical form.
  public let text: String

  /// Accepts plain decimal notation, made canonical; nil for anything else (exponents, signs
  /// other than '-', thousands separators, empty digits).
  public init?(decimalText text: String) {
    guard text.withUTF8Bytes(Price.isPlainDecimal) else { return nil }
    self.text = text.withUTF8Bytes(Price.canonicalText(of:)) ?? text
  }

  /// The price whose text is `bytes`, already known to be plain decimal notation
  /// (`isPlainDecimal`), made canonical: made where they lie without checking them again.
  init(plainDecimalUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    text = Price.canonicalText(of: bytes) ?? String(validUTF8: bytes)
  }

  /// The canonical text of the plain decimal `bytes` (see `Price`); nil when they already are
  /// it, which every text is but one starting with `0` and another digit, or with `-0`.
  static func canonicalText(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let isNegative = bytes.first == UInt8(ascii: "-")
    let signLength = isNegative ? 1 : 0
    var start = signLength
    while start + 1 < bytes.count, bytes[start] == UInt8(ascii: "0"), isDigit(bytes[start + 1]) {
      start += 1
    }
    let isSignedZero =
      isNegative
      && !bytes[start...].contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    guard start > signLength || isSignedZero else { return nil }
    let digits = String(validUTF8: UnsafeBufferPointer(rebasing: bytes[start...]))
    return isNegative && !isSignedZero ? "-" + digits : digits
  }

  public var description: String { text }

  /// Whether `bytes` are plain decimal notation: `-?digits[.digits]`.
  static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    PlainDecimalScan(bytes).isPlainDecimal
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
    let plain: String
    if point <= 0 {
      plain = "0." + String(repeating: "0", count: -point) + digits
    } else if point >= digits.count {
      plain = digits + String(repeating: "0", count: point - digits.count)
    } else {
      plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }
    // The zeros the shift leaves before the point go as the canonical form drops them.
    self.init(decimalText: (negative ? "-" : "") + plain)
  }
}
