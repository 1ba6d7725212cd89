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
    var (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: denominator)
    let twiceRemainder = remainder + remainder
    if denominator < twiceRemainder || (twiceRemainder == denominator && quotient.isOdd) {
      quotient = quotient + DecimalMagnitude(1)
    }
    return ExactDecimal(
      isNegative: isNegative != divisor.isNegative, magnitude: quotient, scale: scale)
  }
}

/// A whole number of any size: base 10^18 limbs, least significant first, without leading zero
/// limbs (zero has none). A decimal base makes reading and writing digits, and scaling by powers
/// of ten, simple slicing.
///
/// Up to three limbs (a value below 10^54: every quantity and price, and a cost at the cost
/// basis's working scale of 36 decimals) are held inline, so that arithmetic on them allocates
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

  /// The limb at `index`, 0 above the top one.
  private func limb(_ index: Int) -> UInt64 {
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
    precondition(!(lhs < rhs), "a magnitude cannot go below zero")
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
