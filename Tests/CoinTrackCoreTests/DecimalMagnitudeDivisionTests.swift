import Testing

@testable import CoinTrackCore

/// Division by a divisor that ends in whole zero limbs (10^18 and up, as rounding a cost kept
/// to 36 decimals divides by): quotient × divisor + remainder is the dividend, and the
/// remainder is below the divisor.
@Suite struct DecimalMagnitudeDivisionTests {
  static func magnitude(_ digits: String) -> DecimalMagnitude {
    DecimalMagnitude(digits: Array(digits.utf8))
  }

  @Test(arguments: [
    ("123456789012345678901234567890123456789", "10000000000000000000000000000000000"),
    ("999999999999999999999999999999999999", "1000000000000000000"),
    ("1000000000000000000", "1000000000000000000"),
    ("5", "1000000000000000000000000000000000000"),
    ("123456789012345678901234567890123456789012", "4000000000000000000000000000000000000"),
    (
      "100000000000000000000000000000000000000000000000000000",
      "7000000000000000001"
        + "000000000000000000"
    ),
  ])
  func quotientTimesDivisorPlusRemainderIsTheDividend(_ dividend: String, _ divisor: String) {
    let (quotient, remainder) = Self.magnitude(dividend).quotientAndRemainder(
      dividingBy: Self.magnitude(divisor))
    #expect((quotient * Self.magnitude(divisor) + remainder).digits == dividend)
    #expect(remainder < Self.magnitude(divisor))
  }

  /// Rounding, which divides by a power of ten, half to even.
  @Test func roundingACostKeptTo36Decimals() {
    let cost = ExactDecimal(Price(decimalText: "200.666666666666666666666666666666666665")!)
    #expect(cost.rounded(toScale: 2).price.text == "200.67")
    #expect(
      ExactDecimal(Price(decimalText: "0.125000000000000000000000000000000000")!)
        .rounded(toScale: 2).price.text == "0.12")
    #expect(
      ExactDecimal(Price(decimalText: "0.135000000000000000000000000000000000")!)
        .rounded(toScale: 2).price.text == "0.14")
  }
}
