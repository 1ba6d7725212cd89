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
    isNegative = bytes.first == UInt8(ascii: "-")
    let start = isNegative ? 1 : 0
    var value: UInt64 = 0
    var digitCount = 0
    var digitsBeforePoint: Int?
    var nonZero = false
    var index = start
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      if digit < 10 {
        // Wrapping: beyond 18 digits the value is dropped below.
        value = value &* 10 &+ UInt64(digit)
        digitCount += 1
        nonZero = nonZero || digit != 0
      } else if bytes[index] == UInt8(ascii: "."), digitsBeforePoint == nil, digitCount > 0 {
        digitsBeforePoint = digitCount
      } else {
        return nil
      }
      index += 1
    }
    // Digits before the point and, when there is one, after it.
    guard digitCount > (digitsBeforePoint ?? 0) else { return nil }
    magnitude = digitCount <= 18 ? value : nil
    scale = digitsBeforePoint.map { digitCount - $0 } ?? 0
    hasNonZeroDigit = nonZero
  }
}
