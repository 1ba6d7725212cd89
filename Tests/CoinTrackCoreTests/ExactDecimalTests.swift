import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// Exact decimal arithmetic against an independent oracle: Swift's `UInt128` for every result
/// that fits it, and for larger numbers the identities that tie the operations together. The
/// values sit around the limb boundaries (10^18, 10^36, 10^54), where the inline limbs carry,
/// borrow, spill into an array and come back.
@Suite struct ExactDecimalTests {
  /// Values around every boundary the representation has, and pseudo-random ones of each size.
  static let values: [UInt128] = {
    var values: [UInt128] = [0, 1, 2, 9, 10, 999_999_999]
    for exponent in [9, 18, 19, 27, 35, 36, 37] {
      let power = power(of: exponent)
      values += [power - 2, power - 1, power, power + 1, 2 * power - 1, 5 * power]
    }
    values += [UInt128(UInt64.max), UInt128(UInt64.max) + 1, UInt128.max / 3]
    var generator = SplitMix64(seed: 15)
    for digits in [3, 17, 18, 19, 30, 36, 37] {
      for _ in 0..<6 { values.append(generator.next() % power(of: digits)) }
    }
    return values
  }()

  static func power(of exponent: Int) -> UInt128 {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
  }

  static func magnitude(_ value: UInt128) -> DecimalMagnitude {
    DecimalMagnitude(digits: Array(String(value).utf8))
  }

  @Test func sumsDifferencesAndComparisonsMatchTheOracle() {
    for left in Self.values {
      for right in Self.values {
        let (a, b) = (Self.magnitude(left), Self.magnitude(right))
        #expect((a < b) == (left < right), "\(left) < \(right)")
        #expect((a == b) == (left == right), "\(left) == \(right)")
        let (sum, overflow) = left.addingReportingOverflow(right)
        if !overflow { #expect((a + b).digits == String(sum), "\(left) + \(right)") }
        if left >= right { #expect((a - b).digits == String(left - right), "\(left) - \(right)") }
      }
    }
  }

  @Test func productsAndQuotientsMatchTheOracle() {
    for left in Self.values {
      for right in Self.values {
        let (a, b) = (Self.magnitude(left), Self.magnitude(right))
        let (product, overflow) = left.multipliedReportingOverflow(by: right)
        if !overflow { #expect((a * b).digits == String(product), "\(left) × \(right)") }
        guard right != 0 else { continue }
        let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
        #expect(quotient.digits == String(left / right), "\(left) / \(right)")
        #expect(remainder.digits == String(left % right), "\(left) % \(right)")
      }
    }
  }

  @Test func powersOfTenMatchTheOracle() {
    for value in Self.values {
      for exponent in 0...38 {
        let (product, overflow) = value.multipliedReportingOverflow(by: Self.power(of: exponent))
        guard !overflow else { continue }
        #expect(
          Self.magnitude(value).timesPowerOfTen(exponent).digits == String(product),
          "\(value) × 10^\(exponent)")
      }
    }
  }

  /// Numbers beyond `UInt128`, up to nine limbs: the division undoes the product, the difference
  /// the sum, whatever the two sizes.
  /// Only units beyond 128 bits are held behind a reference, which a walk over years of days
  /// must release, whatever operation made them; amounts of them do so whichever holds one.
  @Test func onlyUnitsBeyond128BitsAreHeldBehindAReference() {
    let largest = ExactDecimal(units: .max, scale: 2)
    let wider = largest + ExactDecimal(units: 1, scale: 2)
    #expect(!largest.holdsReference && wider.holdsReference)
    #expect(!(wider - wider).holdsReference)
    #expect((largest * largest).holdsReference && !(largest * .zero).holdsReference)
    let text = "1" + String(repeating: "0", count: 40) + ".5"
    #expect(ExactDecimal(Price(decimalText: text)!).holdsReference)
    #expect(!ExactDecimal(Price(decimalText: "12345.678")!).holdsReference)
    for place in 0..<3 {
      var amounts = [ExactDecimal](repeating: ExactDecimal(units: 7, scale: 1), count: 3)
      #expect(
        !ValuedAmounts(
          currencyNumber: 0, cost: amounts[0], value: amounts[1], isPriced: true,
          realised: amounts[2]
        ).holdsReference)
      amounts[place] = wider
      #expect(
        ValuedAmounts(
          currencyNumber: 0, cost: amounts[0], value: amounts[1], isPriced: true,
          realised: amounts[2]
        ).holdsReference, "the amount at \(place)")
    }
  }

  @Test func largeNumbersKeepTheIdentities() {
    var generator = SplitMix64(seed: 54)
    var numbers: [DecimalMagnitude] = [54, 55, 72, 160].flatMap { digits in
      let power = DecimalMagnitude(1).timesPowerOfTen(digits)
      return [power - DecimalMagnitude(1), power, power + DecimalMagnitude(1)]
    }
    for limbs in 1...9 {
      let digits = (0..<limbs * 18).map { _ in UInt8(ascii: "0") + UInt8(generator.next() % 10) }
      numbers.append(DecimalMagnitude(digits: digits))
    }
    for a in numbers {
      for b in numbers where !b.isZero {
        #expect((a + b) - b == a)
        #expect(!(a + b < a))
        let (quotient, remainder) = (a * b).quotientAndRemainder(dividingBy: b)
        #expect(quotient == a && remainder.isZero, "\(a.digits) × \(b.digits) / \(b.digits)")
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        #expect(q * b + r == a && r < b, "\(a.digits) / \(b.digits)")
      }
    }
  }

  /// Quotients at many scales rounded half to even, with signs, against the oracle's rounding
  /// of the same fraction.
  @Test func quotientsRoundHalfToEvenAsTheOracle() {
    let texts = [
      "0.5", "1.5", "2.5", "-2.5", "0.125", "999999999999999999", "1000000000000000000",
      "0.000000000000000001", "123456789.123456789", "-7", "3", "2.000000000000000001",
    ]
    for dividendText in texts {
      for divisorText in texts {
        for scale in [0, 1, 2, 8, 18, 36] {
          let dividend = ExactDecimal(Price(decimalText: dividendText)!)
          let divisor = ExactDecimal(Price(decimalText: divisorText)!)
          let expected = Self.roundedQuotient(dividendText, divisorText, scale: scale)
          #expect(
            dividend.divided(by: divisor, scale: scale)?.price.text == expected,
            "\(dividendText) / \(divisorText) to \(scale)")
        }
      }
    }
  }

  /// The quotient of two decimal texts to `scale` decimals, half to even, worked in `UInt128`
  /// as numerator / denominator scaled to whole numbers; the magnitudes above keep it in range.
  static func roundedQuotient(_ dividend: String, _ divisor: String, scale: Int) -> String {
    func parts(_ text: String) -> (negative: Bool, units: UInt128, scale: Int) {
      let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
      let pieces = unsigned.split(separator: ".", omittingEmptySubsequences: false)
      return (
        text.hasPrefix("-"), UInt128(pieces.joined())!, pieces.count == 2 ? pieces[1].count : 0
      )
    }
    let (a, b) = (parts(dividend), parts(divisor))
    // quotient = a.units × 10^(scale + b.scale − a.scale) / b.units, the negative power moved.
    let exponent = scale + b.scale - a.scale
    let numerator = UInt256(a.units).timesPowerOfTen(max(0, exponent))
    let denominator = UInt256(b.units).timesPowerOfTen(max(0, -exponent))
    var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    let twiceRemainder = remainder + remainder
    if denominator < twiceRemainder || (twiceRemainder == denominator && quotient.low % 2 == 1) {
      quotient = quotient + UInt256(1)
    }
    var digits = quotient.description
    digits = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
    let point = digits.index(digits.endIndex, offsetBy: -scale)
    let negative = a.negative != b.negative && quotient != UInt256(0)
    return (negative ? "-" : "") + digits[..<point] + (scale > 0 ? "." + digits[point...] : "")
  }
}

/// A whole number below 2^256 for the oracle's quotients, which scale a dividend by up to
/// 10^54: two `UInt128` halves and the few operations the oracle needs.
struct UInt256: Comparable, CustomStringConvertible {
  var high: UInt128
  var low: UInt128

  init(_ value: UInt128) { (high, low) = (0, value) }
  init(high: UInt128, low: UInt128) { (self.high, self.low) = (high, low) }

  static func < (lhs: UInt256, rhs: UInt256) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }

  static func + (lhs: UInt256, rhs: UInt256) -> UInt256 {
    let (low, carry) = lhs.low.addingReportingOverflow(rhs.low)
    return UInt256(high: lhs.high + rhs.high + (carry ? 1 : 0), low: low)
  }

  static func - (lhs: UInt256, rhs: UInt256) -> UInt256 {
    let (low, borrow) = lhs.low.subtractingReportingOverflow(rhs.low)
    return UInt256(high: lhs.high - rhs.high - (borrow ? 1 : 0), low: low)
  }

  /// The product with 10^`exponent`, as 8x + 2x over and over; it must stay below 2^256.
  func timesPowerOfTen(_ exponent: Int) -> UInt256 {
    (0..<exponent).reduce(self) { value, _ in
      value.shiftedLeftByOne.shiftedLeftByOne.shiftedLeftByOne + value.shiftedLeftByOne
    }
  }

  /// Bit by bit: slow, and obviously right.
  func quotientAndRemainder(dividingBy divisor: UInt256) -> (quotient: UInt256, remainder: UInt256)
  {
    var quotient = UInt256(0)
    var remainder = UInt256(0)
    for bit in (0..<256).reversed() {
      remainder = remainder.shiftedLeftByOne
      if self.bit(bit) { remainder.low |= 1 }
      quotient = quotient.shiftedLeftByOne
      if !(remainder < divisor) {
        remainder = remainder - divisor
        quotient.low |= 1
      }
    }
    return (quotient, remainder)
  }

  private var shiftedLeftByOne: UInt256 {
    UInt256(high: high << 1 | low >> 127, low: low << 1)
  }

  private func bit(_ index: Int) -> Bool {
    index >= 128 ? (high >> (index - 128)) & 1 == 1 : (low >> index) & 1 == 1
  }

  var description: String {
    guard high != 0 else { return String(low) }
    let (quotient, remainder) = quotientAndRemainder(dividingBy: UInt256(10))
    return quotient.description + String(remainder.low)
  }
}

/// A seeded pseudo-random generator, so that every run tests the same values.
struct SplitMix64 {
  private var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func next() -> UInt128 {
    let low = generator.next()
    return UInt128(low) << 64 | UInt128(low &* 0x2545_f491_4f6c_dd1d)
  }
}
