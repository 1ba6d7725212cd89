// The arithmetic of units held fixed: each function answers nil when its result would not fit
// an `Int128`, so that the caller computes it exactly on the general path instead.
extension ExactDecimal {
  /// 10^0 through 10^38, every power of ten an `Int128` holds.
  private static let powersOfTen: [UInt128] = (0..<39).reduce(into: []) { powers, _ in
    powers.append(powers.last.map { $0 * 10 } ?? 1)
  }

  /// `units` when they fit 64 bits.
  @inline(__always)
  static func small(_ units: Int128) -> Int64? {
    let small = Int64(truncatingIfNeeded: units)
    return Int128(small) == units ? small : nil
  }

  /// `units` × 10^`exponent`, for `exponent` of zero or more; `units` itself for less.
  static func scaled(_ units: Int128, by exponent: Int) -> Int128? {
    // Mostly both operands have one scale: nothing to scale.
    guard exponent > 0 else { return units }
    // Units and a power of ten of 64 bits each multiply without overflow.
    if exponent < 19, let smallUnits = small(units) {
      return Int128(smallUnits) &* Int128(DecimalDigits.powersOfTen[exponent])
    }
    return wideScaled(units, by: exponent)
  }

  // Out of line, so that what is left above is small enough to be inlined where values are
  // rounded and added.
  /// `scaled(_:by:)` of units wider than 64 bits or by 10^19 or more.
  @inline(never)
  private static func wideScaled(_ units: Int128, by exponent: Int) -> Int128? {
    guard let magnitude = scaled(units.magnitude, by: exponent) else { return nil }
    return signed(magnitude, isNegative: units < 0)
  }

  /// `magnitude` × 10^`exponent`, for `exponent` of zero or more; `magnitude` itself for less.
  private static func scaled(_ magnitude: UInt128, by exponent: Int) -> UInt128? {
    guard exponent > 0, magnitude != 0 else { return magnitude }
    // A magnitude and a power of ten of 64 bits each multiply without overflow.
    if exponent < 20, magnitude >> 64 == 0 {
      return magnitude &* UInt128(DecimalDigits.powersOfTen[exponent])
    }
    guard exponent < powersOfTen.count else { return nil }
    let (product, overflow) = magnitude.multipliedReportingOverflow(by: powersOfTen[exponent])
    return overflow ? nil : product
  }

  /// `dividend` × 10^`exponent` / `divisor` (a negative exponent divides by the power of ten
  /// instead), rounded to the nearest whole number, ties to the even one; `divisor` is not 0.
  static func quotient(_ dividend: Int128, _ divisor: Int128, exponent: Int)
    -> Int128?
  {
    guard let numerator = scaled(dividend.magnitude, by: exponent),
      let denominator = scaled(divisor.magnitude, by: -exponent)
    else { return nil }
    let isNegative = (dividend < 0) != (divisor < 0)
    // Most amounts and powers of ten fit 64 bits, whose division is far quicker than 128 bits'.
    if let small = UInt64(exactly: numerator), let smallDenominator = UInt64(exactly: denominator) {
      let quotient = Int128(roundedQuotient(small, smallDenominator))
      return isNegative ? -quotient : quotient
    }
    return signed(roundedQuotient(numerator, denominator), isNegative: isNegative)
  }

  /// `numerator` / `denominator` rounded to the nearest whole number, ties to the even one;
  /// `denominator` is not 0.
  private static func roundedQuotient<Magnitude: FixedWidthInteger & UnsignedInteger>(
    _ numerator: Magnitude, _ denominator: Magnitude
  ) -> Magnitude {
    var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    // remainder against denominator - remainder: twice the remainder could overflow.
    let rest = denominator - remainder
    if remainder > rest || (remainder == rest && quotient & 1 == 1) { quotient += 1 }
    return quotient
  }

  /// The units of `magnitude` with the sign, when they fit.
  static func signed(_ magnitude: UInt128, isNegative: Bool) -> Int128? {
    guard magnitude <= UInt128(Int128.max) else { return nil }
    return isNegative ? -Int128(magnitude) : Int128(magnitude)
  }
}
