/// A trade's quantity, price or fee as its exact value, read from its text once, when the trade
/// is made or read from the state file: the oversell check and the cost basis take every
/// trade's amounts, and reading them from their text each time was a tenth of `portfolio show`.
///
/// Held as 64-bit units and a scale, so that a trade stays free of references beyond its texts;
/// an amount of more than 18 digits is read from its text again where it is used.
struct TradeAmount: Hashable, Sendable {
  /// The value × 10^`scale`, with its sign.
  private let units: Int64
  /// The digits after the point; -1 when the units do not fit 64 bits.
  private let scale: Int

  /// The amount that `decimal` holds.
  init(_ decimal: PlainDecimal) {
    if let magnitude = decimal.magnitude {
      // At most 18 digits: below 10^18, so the magnitude fits and so does its negation.
      units = decimal.isNegative ? -Int64(magnitude) : Int64(magnitude)
      scale = decimal.scale
    } else {
      units = 0
      scale = -1
    }
  }

  /// The amount whose text is `price`.
  init(_ price: Price) {
    let decimal = price.text.withUTF8Bytes(PlainDecimal.init(utf8:))
    // A price's text is plain decimal by construction; a value without one is read again.
    self = decimal.map(TradeAmount.init) ?? TradeAmount(units: 0, scale: -1)
  }

  private init(units: Int64, scale: Int) {
    self.units = units
    self.scale = scale
  }

  /// The exact value; `text` is the amount's text, read again only when the units do not fit.
  @inline(__always)
  func value(text: Price) -> ExactDecimal {
    scale >= 0 ? ExactDecimal(compactUnits: units, scale: scale) : ExactDecimal(text)
  }
}

/// What plain decimal text (`-?digits[.digits]`, as `Price.isPlainDecimal` accepts) holds, read
/// in one pass over its bytes: whether it is one, its sign, its digits' value, its decimals and
/// whether any digit is not zero. A trade's amounts are checked and valued with it at once.
struct PlainDecimal {
  let isNegative: Bool
  /// The digits read as one whole number, point and sign apart; nil beyond 18 digits.
  let magnitude: UInt64?
  /// The digits after the point.
  let scale: Int
  let hasNonZeroDigit: Bool

  /// The decimal `bytes` spell; nil when they are not plain decimal text.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let (decimal, end) = Self.prefix(of: bytes, from: 0), end == bytes.count else {
      return nil
    }
    self = decimal
  }

  private init(isNegative: Bool, magnitude: UInt64?, scale: Int, hasNonZeroDigit: Bool) {
    self.isNegative = isNegative
    self.magnitude = magnitude
    self.scale = scale
    self.hasNonZeroDigit = hasNonZeroDigit
  }

  /// The plain decimal that `bytes` begin with from `start`, and the position after it: a
  /// sign, digits, then a point and digits when a point follows the first digits; nil when
  /// no digit begins them or none follows the point. What follows is for the caller to judge.
  static func prefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    PlainDecimal, end: Int
  )? {
    let isNegative = start < bytes.count && bytes[start] == UInt8(ascii: "-")
    var index = isNegative ? start + 1 : start
    var value: UInt64 = 0
    // Every digit's bits or-ed together: zero only when every digit is.
    var digitBits: UInt8 = 0
    /// Reads the digits from `index` on; how many there were.
    func readDigits() -> Int {
      let first = index
      while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        // Wrapping: beyond 18 digits the value is dropped below.
        value = value &* 10 &+ UInt64(digit)
        digitBits |= digit
        index += 1
      }
      return index - first
    }
    let integerDigits = readDigits()
    guard integerDigits > 0 else { return nil }
    var fractionDigits = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      fractionDigits = readDigits()
      guard fractionDigits > 0 else { return nil }
    }
    let decimal = PlainDecimal(
      isNegative: isNegative, magnitude: integerDigits + fractionDigits <= 18 ? value : nil,
      scale: fractionDigits, hasNonZeroDigit: digitBits != 0)
    return (decimal, index)
  }
}
