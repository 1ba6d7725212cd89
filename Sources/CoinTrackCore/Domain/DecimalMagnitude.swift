/// A whole number of any size: base 10^18 limbs, least significant first, without leading zero
/// limbs (zero has none). A decimal base makes reading and writing digits, and scaling by powers
/// of ten, simple slicing.
struct DecimalMagnitude: Comparable, Sendable {
  static let base: UInt64 = 1_000_000_000_000_000_000
  static let digitsPerLimb = 18

  /// The limbs, least significant first, without leading zeros.
  private var limbs: [UInt64]

  private init(limbs: [UInt64]) {
    self.limbs = limbs
    normalise()
  }

  init(_ value: UInt64) {
    self.init(limbs: [value % Self.base, value / Self.base])
  }

  /// The number that ASCII decimal `digits` write.
  init(digits: [UInt8]) {
    var limbs: [UInt64] = []
    var end = digits.count
    while end > 0 {
      let start = max(0, end - Self.digitsPerLimb)
      limbs.append(digits[start..<end].reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) })
      end = start
    }
    self.init(limbs: limbs)
  }

  /// The number, exactly (three limbs make 10^54, above 2^128).
  init(wide value: UInt128) {
    let base = UInt128(Self.base)
    self.init(limbs: [
      UInt64(value % base), UInt64(value / base % base), UInt64(value / base / base),
    ])
  }

  /// The number when it is below 2^128.
  var wideValue: UInt128? {
    var value: UInt128 = 0
    for limb in limbs.reversed() {
      let (shifted, overflow) = value.multipliedReportingOverflow(by: UInt128(Self.base))
      let (sum, carry) = shifted.addingReportingOverflow(UInt128(limb))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// How many limbs the number has: `limb(_:)` below that many.
  var limbCount: Int { limbs.count }

  /// The limb at `index`, 0 above the top one.
  func limb(_ index: Int) -> UInt64 {
    index < limbs.count ? limbs[index] : 0
  }

  /// Drops leading zero limbs.
  private mutating func normalise() {
    while limbs.last == 0 { limbs.removeLast() }
  }

  var isZero: Bool { limbs.isEmpty }
  var isOdd: Bool { limb(0) % 2 == 1 }

  /// The decimal digits, without leading zeros; "0" for zero.
  var digits: String {
    guard let top = limbs.last else { return "0" }
    return limbs.dropLast().reversed().reduce(String(top)) { text, limb in
      let digits = String(limb)
      return text + String(repeating: "0", count: Self.digitsPerLimb - digits.count) + digits
    }
  }

  /// How many decimal digits the number has; none for zero.
  var digitCount: Int {
    guard let top = limbs.last else { return 0 }
    let topDigits = DecimalDigits.powersOfTen.firstIndex { $0 > top } ?? Self.digitsPerLimb
    return (limbs.count - 1) * Self.digitsPerLimb + topDigits
  }

  static func < (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> Bool {
    guard lhs.limbs.count == rhs.limbs.count else { return lhs.limbs.count < rhs.limbs.count }
    // From the most significant limb down: the first that differs decides.
    for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
      return lhs.limbs[index] < rhs.limbs[index]
    }
    return false
  }

  static func + (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    var sum: [UInt64] = []
    var carry: UInt64 = 0
    for index in 0..<max(lhs.limbs.count, rhs.limbs.count) {
      // Each limb is below 10^18, so the sum of two and a carry fits with room to spare.
      let limbSum = lhs.limb(index) + rhs.limb(index) + carry
      sum.append(limbSum % base)
      carry = limbSum / base
    }
    sum.append(carry)
    return DecimalMagnitude(limbs: sum)
  }

  /// The difference; `rhs` must not exceed `lhs`.
  static func - (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    precondition(!(lhs < rhs), "a magnitude cannot go below zero")
    var difference: [UInt64] = []
    var borrow: UInt64 = 0
    for index in lhs.limbs.indices {
      let subtrahend = rhs.limb(index) + borrow
      if lhs.limbs[index] >= subtrahend {
        difference.append(lhs.limbs[index] - subtrahend)
        borrow = 0
      } else {
        difference.append(lhs.limbs[index] + base - subtrahend)
        borrow = 1
      }
    }
    return DecimalMagnitude(limbs: difference)
  }

  /// `left × right + addend` split into a limb and the carry to the next: the quotient by
  /// 10^18 of at most (10^18 - 1)^2 + 2 × (10^18 - 1) fits a limb, as `dividingFullWidth`
  /// needs.
  private static func multiplyAdding(_ left: UInt64, _ right: UInt64, _ addend: UInt64)
    -> (limb: UInt64, carry: UInt64)
  {
    let product = left.multipliedFullWidth(by: right)
    let (low, overflow) = product.low.addingReportingOverflow(addend)
    let (quotient, remainder) = base.dividingFullWidth(
      (high: product.high + (overflow ? 1 : 0), low: low))
    return (remainder, quotient)
  }

  /// The exact product, limb by limb.
  static func * (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    var product = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
    for (right, rightLimb) in rhs.limbs.enumerated() {
      var carry: UInt64 = 0
      for (left, leftLimb) in lhs.limbs.enumerated() {
        // The limb so far and the carry are each below 10^18: their sum fits 64 bits.
        (product[left + right], carry) = multiplyAdding(
          leftLimb, rightLimb, product[left + right] + carry)
      }
      product[right + lhs.limbs.count] = carry
    }
    return DecimalMagnitude(limbs: product)
  }

  /// The product with a number below 2^64.
  func multiplied(by factor: UInt64) -> DecimalMagnitude {
    self * DecimalMagnitude(factor)
  }

  /// The product with 10^`exponent`, for `exponent` of zero or more: whole limbs of zeros
  /// below, then the product with the power of ten left.
  func timesPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    guard exponent > 0, !isZero else { return self }
    let zeros = [UInt64](repeating: 0, count: exponent / Self.digitsPerLimb)
    return DecimalMagnitude(limbs: zeros + limbs)
      * DecimalMagnitude(DecimalDigits.powersOfTen[exponent % Self.digitsPerLimb])
  }

  /// The quotient by 10^`exponent`, rounded down, for `exponent` of zero or more: whole limbs
  /// dropped, then a division by the power of ten left.
  func dividedByPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    let shift = exponent / Self.digitsPerLimb
    guard shift < limbs.count else { return DecimalMagnitude(0) }
    return DecimalMagnitude(limbs: Array(limbs[shift...]))
      .quotientAndRemainder(dividingBy: DecimalDigits.powersOfTen[exponent % Self.digitsPerLimb])
      .quotient
  }

  /// The quotient by 10^`exponent`, for `exponent` of one or more, rounded half to even. The
  /// limbs are decimal, so the digits dropped are read rather than divided out: the first of
  /// them against 5, and whether any below it is not 0.
  func roundedDividingByPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    let quotient = dividedByPowerOfTen(exponent)
    let firstDropped = exponent - 1
    let limbIndex = firstDropped / Self.digitsPerLimb
    let power = DecimalDigits.powersOfTen[firstDropped % Self.digitsPerLimb]
    let digit = limb(limbIndex) / power % 10
    let isAboveHalfway =
      limb(limbIndex) % power != 0 || limbs.prefix(limbIndex).contains { $0 != 0 }
    guard digit > 5 || (digit == 5 && (isAboveHalfway || quotient.isOdd)) else { return quotient }
    return quotient + DecimalMagnitude(1)
  }

  /// The quotient and remainder by a number below 2^64, limb by limb from the top.
  private func quotientAndRemainder(dividingBy divisor: UInt64) -> (
    quotient: DecimalMagnitude, remainder: UInt64
  ) {
    var quotient = [UInt64](repeating: 0, count: limbs.count)
    var remainder: UInt64 = 0
    for index in limbs.indices.reversed() {
      // remainder < divisor, so remainder × 10^18 + limb over divisor is below 10^18.
      let product = remainder.multipliedFullWidth(by: Self.base)
      let (low, overflow) = product.low.addingReportingOverflow(limbs[index])
      (quotient[index], remainder) = divisor.dividingFullWidth(
        (high: product.high + (overflow ? 1 : 0), low: low))
    }
    return (DecimalMagnitude(limbs: quotient), remainder)
  }

  /// The quotient and remainder by a number other than zero: long division, one decimal digit
  /// of the quotient at a time, as the divisor shifted to each digit's place fits at most nine
  /// times.
  func quotientAndRemainder(dividingBy divisor: DecimalMagnitude) -> (
    quotient: DecimalMagnitude, remainder: DecimalMagnitude
  ) {
    precondition(!divisor.isZero, "division by zero")
    guard !(self < divisor) else { return (DecimalMagnitude(0), self) }
    let places = digitCount - divisor.digitCount
    var shifted = divisor.timesPowerOfTen(places)
    var remainder = self
    var quotient: [UInt8] = []
    for place in stride(from: places, through: 0, by: -1) {
      var digit = UInt8(ascii: "0")
      while !(remainder < shifted) {
        remainder = remainder - shifted
        digit += 1
      }
      quotient.append(digit)
      if place > 0 { shifted = shifted.quotientAndRemainder(dividingBy: 10).quotient }
    }
    return (DecimalMagnitude(digits: quotient), remainder)
  }
}
