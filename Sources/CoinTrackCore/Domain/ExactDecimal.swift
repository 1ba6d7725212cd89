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
struct DecimalMagnitude: Comparable, Sendable {
  private static let base: UInt64 = 1_000_000_000_000_000_000
  private static let digitsPerLimb = 18
  private static let powersOfTen: [UInt64] = (0..<digitsPerLimb).reduce(into: []) { powers, _ in
    powers.append(powers.last.map { $0 * 10 } ?? 1)
  }

  private var limbs: [UInt64]

  private init(limbs: [UInt64]) {
    self.limbs = limbs
    while self.limbs.last == 0 { self.limbs.removeLast() }
  }

  init(_ value: UInt64) {
    self.init(limbs: [value % Self.base, value / Self.base])
  }

  /// The number that ASCII decimal `digits` write.
  init(digits: [UInt8]) {
    var limbs: [UInt64] = []
    limbs.reserveCapacity(digits.count / Self.digitsPerLimb + 1)
    var end = digits.count
    while end > 0 {
      let start = max(0, end - Self.digitsPerLimb)
      limbs.append(digits[start..<end].reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) })
      end = start
    }
    self.init(limbs: limbs)
  }

  var isZero: Bool { limbs.isEmpty }
  var isOdd: Bool { (limbs.first ?? 0) % 2 == 1 }

  /// The value when it fits one limb.
  var smallValue: UInt64? {
    limbs.count <= 1 ? limbs.first ?? 0 : nil
  }

  /// The decimal digits, without leading zeros; "0" for zero.
  var digits: String {
    guard let top = limbs.last else { return "0" }
    return limbs.dropLast().reversed().reduce(String(top)) { text, limb in
      let digits = String(limb)
      return text + String(repeating: "0", count: Self.digitsPerLimb - digits.count) + digits
    }
  }

  /// How many decimal digits the number has; none for zero.
  private var digitCount: Int {
    guard let top = limbs.last else { return 0 }
    let topDigits = Self.powersOfTen.firstIndex { $0 > top } ?? Self.digitsPerLimb
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
    var limbs: [UInt64] = []
    limbs.reserveCapacity(max(lhs.limbs.count, rhs.limbs.count) + 1)
    var carry: UInt64 = 0
    for index in 0..<max(lhs.limbs.count, rhs.limbs.count) {
      // Each limb is below 10^18, so the sum of two and a carry fits with room to spare.
      let sum = lhs.limb(index) + rhs.limb(index) + carry
      limbs.append(sum % base)
      carry = sum / base
    }
    limbs.append(carry)
    return DecimalMagnitude(limbs: limbs)
  }

  /// The difference; `rhs` must not exceed `lhs`.
  static func - (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    precondition(!(lhs < rhs), "a magnitude cannot go below zero")
    var limbs: [UInt64] = []
    limbs.reserveCapacity(lhs.limbs.count)
    var borrow: UInt64 = 0
    for index in lhs.limbs.indices {
      let subtrahend = rhs.limb(index) + borrow
      if lhs.limbs[index] >= subtrahend {
        limbs.append(lhs.limbs[index] - subtrahend)
        borrow = 0
      } else {
        limbs.append(lhs.limbs[index] + base - subtrahend)
        borrow = 1
      }
    }
    return DecimalMagnitude(limbs: limbs)
  }

  private func limb(_ index: Int) -> UInt64 {
    index < limbs.count ? limbs[index] : 0
  }

  /// The exact product, limb by limb.
  static func * (lhs: DecimalMagnitude, rhs: DecimalMagnitude) -> DecimalMagnitude {
    if let left = lhs.smallValue, let right = rhs.smallValue {
      // Two limbs below 10^18: the product is below 10^36, so its quotient by 10^18 is a limb
      // and its high word is below the base, as dividingFullWidth needs.
      let (quotient, remainder) = base.dividingFullWidth(left.multipliedFullWidth(by: right))
      return DecimalMagnitude(limbs: [remainder, quotient])
    }
    var product = DecimalMagnitude(limbs: [])
    for (index, limb) in rhs.limbs.enumerated() where limb != 0 {
      // The partial product of one limb, moved up to that limb's place.
      let partial = lhs.multiplied(byLimb: limb).limbs
      product = product + DecimalMagnitude(limbs: Array(repeating: 0, count: index) + partial)
    }
    return product
  }

  /// The product with a number of any size below 2^64.
  func multiplied(by factor: UInt64) -> DecimalMagnitude {
    guard factor >= Self.base else { return multiplied(byLimb: factor) }
    return multiplied(byLimb: factor % Self.base)
      + DecimalMagnitude(limbs: [0] + multiplied(byLimb: factor / Self.base).limbs)
  }

  /// The product with a number below 10^18.
  private func multiplied(byLimb factor: UInt64) -> DecimalMagnitude {
    var limbs: [UInt64] = []
    limbs.reserveCapacity(self.limbs.count + 1)
    var carry: UInt64 = 0
    for limb in self.limbs {
      // limb × factor + carry < 10^36 + 10^18: the quotient by 10^18 fits 64 bits.
      let product = limb.multipliedFullWidth(by: factor)
      let (low, overflow) = product.low.addingReportingOverflow(carry)
      let (quotient, remainder) = Self.base.dividingFullWidth(
        (high: product.high + (overflow ? 1 : 0), low: low))
      limbs.append(remainder)
      carry = quotient
    }
    limbs.append(carry)
    return DecimalMagnitude(limbs: limbs)
  }

  /// The product with 10^`exponent`, for `exponent` of zero or more.
  func timesPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
    guard exponent > 0, !isZero else { return self }
    let whole = DecimalMagnitude(
      limbs: Array(repeating: 0, count: exponent / Self.digitsPerLimb) + limbs)
    return whole.multiplied(byLimb: Self.powersOfTen[exponent % Self.digitsPerLimb])
  }

  /// The quotient and remainder by a number below 2^64, limb by limb from the top.
  private func quotientAndRemainder(dividingBy divisor: UInt64) -> (DecimalMagnitude, UInt64) {
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

  /// The quotient and remainder by a number other than zero.
  func quotientAndRemainder(dividingBy divisor: DecimalMagnitude) -> (
    quotient: DecimalMagnitude, remainder: DecimalMagnitude
  ) {
    precondition(!divisor.isZero, "division by zero")
    // A divisor ending in zero limbs, such as the power of ten a rounding divides by, divides
    // the limbs above as many of ours; the limbs below join the remainder.
    if let zeros = divisor.limbs.firstIndex(where: { $0 != 0 }), zeros > 0 {
      let (quotient, remainder) = DecimalMagnitude(limbs: Array(limbs.dropFirst(zeros)))
        .quotientAndRemainder(dividingBy: DecimalMagnitude(limbs: Array(divisor.limbs[zeros...])))
      return (quotient, DecimalMagnitude(limbs: Array(limbs.prefix(zeros)) + remainder.limbs))
    }
    if let small = divisor.smallValue {
      let (quotient, remainder) = quotientAndRemainder(dividingBy: small)
      return (quotient, DecimalMagnitude(remainder))
    }
    guard !(self < divisor) else { return (DecimalMagnitude(limbs: []), self) }
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
