/// A whole number of any size: base 10^18 limbs, least significant first, without leading zero
/// limbs (zero has none). A decimal base makes reading and writing digits, and scaling by powers
/// of ten, simple slicing.
///
/// Up to three limbs (a value below 10^54: every quantity and price, and a cost with the cost
/// basis's guard decimals) are held inline, so that arithmetic on them allocates
/// nothing: allocating and freeing a limb array for every step was a third of `portfolio show`.
/// Larger values keep all their limbs in an array.
struct DecimalMagnitude: Comparable, Sendable {
  private static let base: UInt64 = 1_000_000_000_000_000_000
  private static let digitsPerLimb = 18
  private static let inlineLimbCount = 3
  private static let powersOfTen: [UInt64] = (0..<digitsPerLimb).reduce(into: []) { powers, _ in
    powers.append(powers.last.map { $0 * 10 } ?? 1)
  }

  /// How many limbs the value has.
  private var count: Int
  /// The limbs when there are at most `inlineLimbCount`; those at and above `count` are unused.
  private var inline = InlineArray<3, UInt64>(repeating: 0)
  /// All the limbs when there are more than `inlineLimbCount`; empty, which allocates nothing,
  /// otherwise.
  private var spilled: [UInt64] = []

  /// Room for `count` limbs, all zero, to be set in place and then normalised. Nothing is
  /// allocated until a limb beyond the inline ones is set to other than zero: a sum of two
  /// three-limb values has room for four but rarely needs it.
  private init(zeroLimbs count: Int) {
    self.count = count
  }

  init(_ value: UInt64) {
    self.init(zeroLimbs: 2)
    setLimb(0, value % Self.base)
    setLimb(1, value / Self.base)
    normalise()
  }

  /// The number that ASCII decimal `digits` write.
  init(digits: [UInt8]) {
    self.init(zeroLimbs: (digits.count + Self.digitsPerLimb - 1) / Self.digitsPerLimb)
    var end = digits.count
    var index = 0
    while end > 0 {
      let start = max(0, end - Self.digitsPerLimb)
      setLimb(index, digits[start..<end].reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) })
      index += 1
      end = start
    }
    normalise()
  }

  /// The number, exactly, when it is below 2^128 (at most three limbs make 10^54).
  init(wide value: UInt128) {
    let limbs = FixedPoint.limbs(of: value)
    self.init(zeroLimbs: 3)
    setLimb(0, limbs.0)
    setLimb(1, limbs.1)
    setLimb(2, limbs.2)
    normalise()
  }

  /// The number when it is below 2^128.
  var wideValue: UInt128? {
    guard count <= 2 else {
      guard count == 3 else { return nil }
      let base = UInt128(Self.base)
      let (top, overflow) = UInt128(limb(2)).multipliedReportingOverflow(by: base * base)
      let (value, carry) = top.addingReportingOverflow(UInt128(limb(1)) * base + UInt128(limb(0)))
      return overflow || carry ? nil : value
    }
    return UInt128(limb(1)) * UInt128(Self.base) + UInt128(limb(0))
  }

  /// How many limbs the number has: `limb(_:)` below that many.
  var limbCount: Int { count }

  /// The limb at `index`, 0 above the top one.
  func limb(_ index: Int) -> UInt64 {
    guard index < count else { return 0 }
    guard spilled.isEmpty else { return spilled[index] }
    return index < Self.inlineLimbCount ? inline[index] : 0
  }

  private mutating func setLimb(_ index: Int, _ value: UInt64) {
    if !spilled.isEmpty {
      spilled[index] = value
    } else if index < Self.inlineLimbCount {
      inline[index] = value
    } else if value != 0 {
      // The first limb that does not fit inline: all of them move to an array.
      spilled = [UInt64](repeating: 0, count: count)
      for inlineIndex in 0..<Self.inlineLimbCount { spilled[inlineIndex] = inline[inlineIndex] }
      spilled[index] = value
    }
  }

  /// Drops leading zero limbs, moving a value that now fits back inline.
  private mutating func normalise() {
    while count > 0, limb(count - 1) == 0 { count -= 1 }
    guard !spilled.isEmpty else { return }
    if count <= Self.inlineLimbCount {
      for index in 0..<count { inline[index] = spilled[index] }
      spilled = []
    } else if spilled.count > count {
      spilled.removeSubrange(count...)
    }
  }

  var isZero: Bool { count == 0 }
  var isOdd: Bool { limb(0) % 2 == 1 }

  /// The value when it fits one limb.
  var smallValue: UInt64? {
    count <= 1 ? limb(0) : nil
  }

  /// The decimal digits, without leading zeros; "0" for zero.
  var digits: String {
    guard count > 0 else { return "0" }
    return (0..<count - 1).reversed().reduce(String(limb(count - 1))) { text, index in
      let digits = String(limb(index))
      return text + String(repeating: "0", count: Self.digitsPerLimb - digits.count) + digits
    }
  }

  /// How many decimal digits the number has; none for zero.
  private var digitCount: Int {
    guard count > 0 else { return 0 }
    let top = limb(count - 1)
    let topDigits = Self.powersOfTen.firstIndex { $0 > top } ?? Self.digitsPerLimb
    return (count - 1) * Self.digitsPerLimb + topDigits
  }

  static func == (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> Bool {
    lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.limb($0) == rhs.limb($0) }
  }

  static func < (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> Bool {
    guard lhs.count == rhs.count else { return lhs.count < rhs.count }
    // From the most significant limb down: the first that differs decides.
    for index in (0..<lhs.count).reversed() where lhs.limb(index) != rhs.limb(index) {
      return lhs.limb(index) < rhs.limb(index)
    }
    return false
  }

  static func + (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    // Two limbs below 10^18 add up to less than 2^64.
    if lhs.count <= 1, rhs.count <= 1 { return DecimalMagnitude(lhs.limb(0) + rhs.limb(0)) }
    let count = max(lhs.count, rhs.count)
    var sum = DecimalMagnitude(zeroLimbs: count + 1)
    var carry: UInt64 = 0
    for index in 0..<count {
      // Each limb is below 10^18, so the sum of two and a carry fits with room to spare.
      let limbSum = lhs.limb(index) + rhs.limb(index) + carry
      sum.setLimb(index, limbSum % base)
      carry = limbSum / base
    }
    sum.setLimb(count, carry)
    sum.normalise()
    return sum
  }

  /// The difference; `rhs` must not exceed `lhs`.
  static func - (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    // Checked as it goes rather than by a comparison first: no more limbs, no borrow out of the
    // top one (and one limb's checked subtraction traps).
    precondition(rhs.count <= lhs.count, "a magnitude cannot go below zero")
    if lhs.count <= 1 { return DecimalMagnitude(lhs.limb(0) - rhs.limb(0)) }
    var difference = DecimalMagnitude(zeroLimbs: lhs.count)
    var borrow: UInt64 = 0
    for index in 0..<lhs.count {
      let subtrahend = rhs.limb(index) + borrow
      if lhs.limb(index) >= subtrahend {
        difference.setLimb(index, lhs.limb(index) - subtrahend)
        borrow = 0
      } else {
        difference.setLimb(index, lhs.limb(index) + base - subtrahend)
        borrow = 1
      }
    }
    precondition(borrow == 0, "a magnitude cannot go below zero")
    difference.normalise()
    return difference
  }

  /// `left × right + addend + carry` split into a limb and the carry to the next: the
  /// quotient by 10^18 of at most (10^18 - 1)^2 + 2 × (10^18 - 1) fits a limb, as
  /// `dividingFullWidth` needs.
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
    var product = DecimalMagnitude(zeroLimbs: lhs.count + rhs.count)
    for right in 0..<rhs.count where rhs.limb(right) != 0 {
      var carry: UInt64 = 0
      for left in 0..<lhs.count {
        // The limb so far and the carry are each below 10^18: their sum fits 64 bits.
        let (limb, next) = multiplyAdding(
          lhs.limb(left), rhs.limb(right), product.limb(left + right) + carry)
        product.setLimb(left + right, limb)
        carry = next
      }
      product.setLimb(right + lhs.count, carry)
    }
    product.normalise()
    return product
  }

  /// The product with a number of any size below 2^64.
  func multiplied(by factor: UInt64) -> DecimalMagnitude {
    self * DecimalMagnitude(factor)
  }

  /// The product with 10^`exponent`, for `exponent` of zero or more.
  func timesPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    guard exponent > 0, !isZero else { return self }
    if count == 1, exponent < Self.digitsPerLimb {
      let product = limb(0).multipliedFullWidth(by: Self.powersOfTen[exponent])
      if product.high == 0 { return DecimalMagnitude(product.low) }
    }
    // Whole limbs of zeros below, then the product with the power of ten left.
    let shift = exponent / Self.digitsPerLimb
    let factor = Self.powersOfTen[exponent % Self.digitsPerLimb]
    var product = DecimalMagnitude(zeroLimbs: count + shift + 1)
    var carry: UInt64 = 0
    for index in 0..<count {
      let (limb, next) = Self.multiplyAdding(limb(index), factor, carry)
      product.setLimb(index + shift, limb)
      carry = next
    }
    product.setLimb(count + shift, carry)
    product.normalise()
    return product
  }

  /// The quotient by 10^`exponent`, rounded down, for `exponent` of zero or more: whole limbs
  /// dropped, then a division by the power of ten left.
  func dividedByPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    let shift = exponent / Self.digitsPerLimb
    guard shift < count else { return DecimalMagnitude(0) }
    var shifted = DecimalMagnitude(zeroLimbs: count - shift)
    for index in 0..<count - shift { shifted.setLimb(index, limb(index + shift)) }
    shifted.normalise()
    return shifted.quotientAndRemainder(dividingBy: Self.powersOfTen[exponent % Self.digitsPerLimb])
      .0
  }

  /// The quotient by 10^`exponent`, for `exponent` of one or more, rounded half to even. The
  /// limbs are decimal, so the digits dropped are read rather than divided out: the first of
  /// them against 5, and whether any below it is not 0.
  func roundedDividingByPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    let quotient = dividedByPowerOfTen(exponent)
    let firstDropped = exponent - 1
    let limbIndex = firstDropped / Self.digitsPerLimb
    let power = Self.powersOfTen[firstDropped % Self.digitsPerLimb]
    let digit = limb(limbIndex) / power % 10
    let isAboveHalfway =
      limb(limbIndex) % power != 0 || (0..<min(limbIndex, count)).contains { limb($0) != 0 }
    guard digit > 5 || (digit == 5 && (isAboveHalfway || quotient.isOdd)) else { return quotient }
    return quotient + DecimalMagnitude(1)
  }

  /// The quotient and remainder by a number below 2^64, limb by limb from the top.
  private func quotientAndRemainder(dividingBy divisor: UInt64) -> (DecimalMagnitude, UInt64) {
    var quotient = DecimalMagnitude(zeroLimbs: count)
    var remainder: UInt64 = 0
    for index in (0..<count).reversed() {
      // remainder < divisor, so remainder × 10^18 + limb over divisor is below 10^18.
      let product = remainder.multipliedFullWidth(by: Self.base)
      let (low, overflow) = product.low.addingReportingOverflow(limb(index))
      let (limbQuotient, limbRemainder) = divisor.dividingFullWidth(
        (high: product.high + (overflow ? 1 : 0), low: low))
      quotient.setLimb(index, limbQuotient)
      remainder = limbRemainder
    }
    quotient.normalise()
    return (quotient, remainder)
  }

  /// The quotient and remainder by a number other than zero.
  func quotientAndRemainder(dividingBy divisor: DecimalMagnitude) -> (
    quotient: DecimalMagnitude, remainder: DecimalMagnitude
  ) {
    precondition(!divisor.isZero, "division by zero")
    if let small = divisor.smallValue {
      let (quotient, remainder) = quotientAndRemainder(dividingBy: small)
      return (quotient, DecimalMagnitude(remainder))
    }
    guard !(self < divisor) else { return (DecimalMagnitude(0), self) }
    // Long division, one decimal digit of the quotient at a time: the divisor shifted to each
    // digit's place fits at most nine times.
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
      if place > 0 { shifted = shifted.quotientAndRemainder(dividingBy: 10).0 }
    }
    return (DecimalMagnitude(digits: quotient), remainder)
  }
}
