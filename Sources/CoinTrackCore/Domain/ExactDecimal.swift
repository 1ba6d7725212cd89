/// Exact decimal arithmetic on prices, of any size.
///
/// Prices are decimal text; binary floating point would turn 0.1 + 0.2 into 0.30000000000000004,
/// and a fixed width would overflow: a live source can give a price of 40 digits, or 1e-30 and
/// 1e8 in one range. A value is a sign, a whole number of any size and the count of its digits
/// after the point, so every operation here is exact and none can overflow.
struct ExactDecimal: Comparable, Sendable {
  /// Never true for zero, so that -0.0 and 0 compare equal.
  private let isNegative: Bool
  private let magnitude: DecimalMagnitude
  /// The number of digits after the point.
  let scale: Int

  private init(isNegative: Bool, magnitude: DecimalMagnitude, scale: Int) {
    self.isNegative = isNegative && !magnitude.isZero
    self.magnitude = magnitude
    self.scale = scale
  }

  /// The price's exact value, keeping the digits it has after the point.
  init(_ price: Price) {
    if let small = ExactDecimal(smallPrice: price) {
      self = small
      return
    }
    let (isNegative, digits, scale) = price.text.withUTF8Bytes { bytes in
      (
        bytes.first == UInt8(ascii: "-"),
        bytes.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".") },
        bytes.firstIndex(of: UInt8(ascii: ".")).map { bytes.count - $0 - 1 } ?? 0
      )
    }
    self.init(isNegative: isNegative, magnitude: DecimalMagnitude(digits: digits), scale: scale)
  }

  /// The price's exact value when it has at most 18 digits, read in one pass without building
  /// an array of digits: most prices, quantities and fees are that short, and a portfolio
  /// reads three for every trade.
  private init?(smallPrice price: Price) {
    var value: UInt64 = 0
    var digitCount = 0
    var pointAt: Int?
    var isNegative = false
    let fits = price.text.withUTF8Bytes { bytes -> Bool in
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "-"): isNegative = true
        case UInt8(ascii: "."): pointAt = digitCount
        default:
          digitCount += 1
          guard digitCount <= 18 else { return false }
          value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
      }
      return true
    }
    guard fits else { return nil }
    self.init(
      isNegative: isNegative, magnitude: DecimalMagnitude(value),
      scale: pointAt.map { digitCount - $0 } ?? 0)
  }

  /// A whole number.
  init(_ value: Int) {
    self.init(
      isNegative: value < 0, magnitude: DecimalMagnitude(UInt64(value.magnitude)), scale: 0)
  }

  static let zero = ExactDecimal(0)

  var isZero: Bool { magnitude.isZero }

  /// The value as a whole number of 10^-scale units, for `scale` at least the value's own.
  private func magnitude(atScale scale: Int) -> DecimalMagnitude {
    magnitude.timesPowerOfTen(scale - self.scale)
  }

  /// The same value with `scale` digits after the point, for `scale` at least the value's own.
  func rescaled(to scale: Int) -> ExactDecimal {
    ExactDecimal(isNegative: isNegative, magnitude: magnitude(atScale: scale), scale: scale)
  }

  /// The value as decimal text, with exactly `scale` digits after the point.
  var price: Price {
    let digits = magnitude.digits
    let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
    let point = padded.index(padded.endIndex, offsetBy: -scale)
    let text =
      (isNegative ? "-" : "") + padded[..<point] + (scale > 0 ? "." + padded[point...] : "")
    // Digits, an optional point and digits after it: always plain decimal notation.
    return Price(decimalText: text)!
  }

  /// The value as a whole number of its smallest unit, 10^-scale: 1234 for 12.34.
  var units: ExactDecimal {
    ExactDecimal(isNegative: isNegative, magnitude: magnitude, scale: 0)
  }

  /// The value when it is a whole number that fits an Int.
  var integer: Int? {
    guard scale == 0, let value = magnitude.smallValue, value <= UInt64(Int.max) else {
      return nil
    }
    return isNegative ? -Int(value) : Int(value)
  }

  static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let scale = max(lhs.scale, rhs.scale)
    let (left, right) = (lhs.magnitude(atScale: scale), rhs.magnitude(atScale: scale))
    return lhs.isNegative ? right < left : left < right
  }

  /// Equal values, whatever their digits after the point: 1.50 == 1.5.
  static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }

  /// The exact sum, with the larger scale of the two.
  static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    let scale = max(lhs.scale, rhs.scale)
    let (left, right) = (lhs.magnitude(atScale: scale), rhs.magnitude(atScale: scale))
    if lhs.isNegative == rhs.isNegative {
      return ExactDecimal(isNegative: lhs.isNegative, magnitude: left + right, scale: scale)
    }
    // Opposite signs: the larger magnitude keeps its sign.
    return left < right
      ? ExactDecimal(isNegative: rhs.isNegative, magnitude: right - left, scale: scale)
      : ExactDecimal(isNegative: lhs.isNegative, magnitude: left - right, scale: scale)
  }

  static prefix func - (value: ExactDecimal) -> ExactDecimal {
    ExactDecimal(isNegative: !value.isNegative, magnitude: value.magnitude, scale: value.scale)
  }

  /// The exact difference, with the larger scale of the two.
  static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    lhs + -rhs
  }

  /// The exact product with a whole number.
  func multiplied(by factor: Int) -> ExactDecimal {
    ExactDecimal(
      isNegative: isNegative != (factor < 0),
      magnitude: magnitude.multiplied(by: UInt64(factor.magnitude)), scale: scale)
  }

  /// The exact product, with the sum of the two scales.
  static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    ExactDecimal(
      isNegative: lhs.isNegative != rhs.isNegative, magnitude: lhs.magnitude * rhs.magnitude,
      scale: lhs.scale + rhs.scale)
  }

  /// The value with exactly `scale` digits after the point: rounded half to even when it has
  /// more, padded with zeros when it has fewer.
  func rounded(toScale scale: Int) -> ExactDecimal {
    // Dividing by one rounds as every quotient is rounded; one cannot be zero.
    divided(by: ExactDecimal(1), scale: scale)!
  }

  /// `self / divisor` with `scale` digits after the point, rounded to the nearest, ties to the
  /// even last digit (banker's rounding, so that rounding many values adds no bias); nil when
  /// the divisor is zero.
  func divided(by divisor: ExactDecimal, scale: Int) -> ExactDecimal? {
    guard !divisor.isZero else { return nil }
    // quotient × 10^-scale = (a × 10^-sa) / (b × 10^-sb), so quotient = a × 10^(scale + sb - sa)
    // / b; a negative exponent moves to the divisor instead.
    let exponent = scale + divisor.scale - self.scale
    let dividend = magnitude.timesPowerOfTen(max(0, exponent))
    let denominator = divisor.magnitude.timesPowerOfTen(max(0, -exponent))
    var quotient: DecimalMagnitude
    var remainder: DecimalMagnitude
    if exponent < 0, divisor.magnitude.smallValue != nil {
      // Dividing by the divisor and then by the power of ten rounds down as dividing by their
      // product does, without the digit-by-digit long division a product of many digits needs
      // (a cost with the working scale's 36 decimals over a quantity).
      quotient = dividend.quotientAndRemainder(dividingBy: divisor.magnitude).quotient
        .dividedByPowerOfTen(-exponent)
      remainder = dividend - quotient * denominator
    } else {
      (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: denominator)
    }
    let twiceRemainder = remainder + remainder
    if denominator < twiceRemainder || (twiceRemainder == denominator && quotient.isOdd) {
      quotient = quotient + DecimalMagnitude(1)
    }
    return ExactDecimal(
      isNegative: isNegative != divisor.isNegative, magnitude: quotient, scale: scale)
  }
}
