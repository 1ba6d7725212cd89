/// Arithmetic on a decimal's units (its value × 10^scale) held as an `Int128`: the fast path of
/// `ExactDecimal`. Every function answers nil when its result would not fit, so that the caller
/// can compute it exactly with `DecimalMagnitude` instead.
enum FixedPoint {
  /// 10^0 through 10^38, every power of ten an `Int128` holds.
  private static let powersOfTen: InlineArray<39, Int128> = {
    var powers = InlineArray<39, Int128>(repeating: 1)
    for exponent in 1..<39 { powers[exponent] = powers[exponent - 1] * 10 }
    return powers
  }()

  /// 10^18, the base of `DecimalMagnitude`'s limbs.
  private static let limbBase: UInt64 = 1_000_000_000_000_000_000

  /// `units` × 10^`exponent`, for `exponent` of zero or more; `units` itself for less, as the
  /// general path does.
  @inline(__always)
  static func scaled(_ units: Int128, by exponent: Int) -> Int128? {
    guard exponent > 0, units != 0 else { return units }
    guard exponent < 39 else { return nil }
    let (product, overflow) = units.multipliedReportingOverflow(by: powersOfTen[exponent])
    return overflow ? nil : product
  }

  /// `magnitude` × 10^`exponent`, for `exponent` of zero or more.
  @inline(__always)
  private static func scaled(_ magnitude: UInt128, by exponent: Int) -> UInt128? {
    guard exponent > 0, magnitude != 0 else { return magnitude }
    guard exponent < 39 else { return nil }
    let (product, overflow) = magnitude.multipliedReportingOverflow(
      by: UInt128(powersOfTen[exponent]))
    return overflow ? nil : product
  }

  /// `dividend` × 10^`exponent` / `divisor` (a negative exponent divides by the power of ten
  /// instead), rounded to the nearest whole number, ties to the even one; `divisor` is not 0.
  static func quotient(_ dividend: Int128, _ divisor: Int128, exponent: Int) -> Int128? {
    guard let numerator = scaled(dividend.magnitude, by: exponent),
      let denominator = scaled(divisor.magnitude, by: -exponent)
    else { return nil }
    let isNegative = (dividend < 0) != (divisor < 0)
    // Only scaled (a value padded to more decimals): nothing to divide or round.
    guard denominator != 1 else { return signed(numerator, isNegative: isNegative) }
    var quotient: UInt128
    var remainder: UInt128
    if numerator >> 64 == 0, denominator >> 64 == 0 {
      // Two 64-bit values divide in one instruction rather than a 128-bit library call.
      let (small, rest) = UInt64(numerator).quotientAndRemainder(dividingBy: UInt64(denominator))
      (quotient, remainder) = (UInt128(small), UInt128(rest))
    } else {
      (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    }
    // remainder against denominator - remainder: twice the remainder could overflow.
    let rest = denominator - remainder
    if remainder > rest || (remainder == rest && quotient & 1 == 1) { quotient += 1 }
    return signed(quotient, isNegative: isNegative)
  }

  /// The units of `magnitude` with the sign, when they fit.
  @inline(__always)
  private static func signed(_ magnitude: UInt128, isNegative: Bool) -> Int128? {
    guard magnitude <= UInt128(Int128.max) else { return nil }
    return isNegative ? -Int128(magnitude) : Int128(magnitude)
  }

  /// `magnitude` in `DecimalMagnitude`'s base-10^18 limbs, least significant first (2^128 is
  /// below 10^39, so three suffice).
  static func limbs(of magnitude: UInt128) -> (UInt64, UInt64, UInt64) {
    if magnitude >> 64 == 0 {
      let small = UInt64(magnitude)
      return (small % limbBase, small / limbBase, 0)
    }
    let (upper, low) = magnitude.quotientAndRemainder(dividingBy: UInt128(limbBase))
    let (top, middle) = upper.quotientAndRemainder(dividingBy: UInt128(limbBase))
    return (UInt64(low), UInt64(middle), UInt64(top))
  }
}
