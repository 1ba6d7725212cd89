/// Exact decimal arithmetic on prices: each price becomes a whole number of 10^-scale units.
///
/// Prices are decimal text; binary floating point would turn 0.1 + 0.2 into 0.30000000000000004.
/// 128-bit integers hold 38 digits, far more than any price times any number of days needs; an
/// operation that would overflow returns nil instead of trapping.
enum FixedPoint {
  /// The number of digits after the point in `price`.
  static func scale(of price: Price) -> Int {
    price.text.firstIndex(of: ".").map {
      price.text.distance(from: $0, to: price.text.endIndex) - 1
    }
      ?? 0
  }

  /// `price` as a whole number of 10^-scale units; nil when `scale` is smaller than the price's
  /// own or the number does not fit.
  static func units(of price: Price, scale: Int) -> Int128? {
    let fraction = FixedPoint.scale(of: price)
    guard fraction <= scale else { return nil }
    let digits = price.text.filter { $0 != "." } + String(repeating: "0", count: scale - fraction)
    return Int128(digits)
  }

  /// The decimal text of `units` 10^-scale units, with exactly `scale` digits after the point.
  static func price(units: Int128, scale: Int) -> Price {
    let magnitude = String(units.magnitude)
    let padded = String(repeating: "0", count: max(0, scale + 1 - magnitude.count)) + magnitude
    let point = padded.index(padded.endIndex, offsetBy: -scale)
    let text =
      (units < 0 ? "-" : "") + padded[..<point] + (scale > 0 ? "." + padded[point...] : "")
    // Digits, an optional point and digits after it: always plain decimal notation.
    return Price(decimalText: text)!
  }

  /// `dividend / divisor` rounded to the nearest whole number, ties to the even one (banker's
  /// rounding, so that rounding many values adds no bias).
  static func divideRoundingHalfEven(_ dividend: Int128, by divisor: Int128) -> Int128 {
    let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
    let twiceRemainder = remainder.magnitude * 2
    let awayFromZero =
      twiceRemainder > divisor.magnitude
      || (twiceRemainder == divisor.magnitude && quotient % 2 != 0)
    guard awayFromZero else { return quotient }
    return (dividend < 0) == (divisor < 0) ? quotient + 1 : quotient - 1
  }
}
