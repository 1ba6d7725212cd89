/// Exact decimal arithmetic on prices, of any size.
///
/// Prices are decimal text; binary floating point would turn 0.1 + 0.2 into 0.30000000000000004,
/// and a fixed width would overflow: a live source can give a price of 40 digits, or 1e-30 and
/// 1e8 in one range. A value is a whole number of units of 10^-scale and the scale, the count of
/// its digits after the point, so every operation here is exact and none can overflow.
///
/// Units that fit an `Int128` (38 digits: every price, quantity and amount of money) are held as
/// one, and arithmetic on them is the machine's; larger ones as a sign and a `DecimalMagnitude`
/// of any size, behind a reference. An operation whose operands and result fit takes the first
/// way, any other the second, with the same result.
///
/// Public only as a cell of `RecordSet.Value`: nothing outside the core makes or reads one.
public struct ExactDecimal: Comparable, Sendable {
  /// How the units are held: `fixed` whenever they fit, except in a value made by
  /// `init(general:)`.
  enum Storage {
    /// The units, with their sign.
    case fixed(Int128)
    /// The units as a sign and a magnitude; never negative for zero, so that -0.0 and 0 compare
    /// equal.
    case general(isNegative: Bool, magnitude: DecimalMagnitude)
  }

  /// The units when `general` is nil. Variable only for `+=`, which writes them alone.
  private var fixedUnits: Int128
  /// The units when they do not fit `fixedUnits`. Behind a reference rather than in an enum
  /// beside them, so that a copy of a value (and of every struct holding decimals) retains at
  /// most a reference, and none for units that fit.
  private let general: GeneralUnits?
  /// The number of digits after the point.
  let scale: Int

  /// A sign and magnitude too large for `fixedUnits`.
  private final class GeneralUnits: Sendable {
    let isNegative: Bool
    let magnitude: DecimalMagnitude

    init(isNegative: Bool, magnitude: DecimalMagnitude) {
      self.isNegative = isNegative
      self.magnitude = magnitude
    }
  }

  /// Whether the units are held behind a reference: only then does a copy retain anything.
  var holdsReference: Bool { general != nil }

  /// The units as the operations read them.
  var storage: Storage {
    guard let general else { return .fixed(fixedUnits) }
    return .general(isNegative: general.isNegative, magnitude: general.magnitude)
  }

  /// `units` × 10^-`scale`, held fixed.
  init(units: Int128, scale: Int) {
    fixedUnits = units
    general = nil
    self.scale = scale
  }

  private init(isNegative: Bool, magnitude: DecimalMagnitude, scale: Int) {
    if let wide = magnitude.wideValue, wide <= UInt128(Int128.max) {
      self.init(units: isNegative ? -Int128(wide) : Int128(wide), scale: scale)
    } else {
      self.init(general: GeneralUnits(isNegative: isNegative, magnitude: magnitude), scale: scale)
    }
  }

  private init(general: GeneralUnits, scale: Int) {
    fixedUnits = 0
    self.general = general
    self.scale = scale
  }

  /// The same value held as a sign and a magnitude whatever its size, so that tests can compute
  /// the general path's answer to what the fixed path answers. Results made from it are held as
  /// usual.
  init(general value: ExactDecimal) {
    let (isNegative, magnitude) = value.signAndMagnitude
    self.init(
      general: GeneralUnits(isNegative: isNegative && !magnitude.isZero, magnitude: magnitude),
      scale: value.scale)
  }

  /// The units as a sign and a magnitude, for the general path.
  private var signAndMagnitude: (isNegative: Bool, magnitude: DecimalMagnitude) {
    switch storage {
    case .fixed(let units): (units < 0, DecimalMagnitude(wide: units.magnitude))
    case .general(let isNegative, let magnitude): (isNegative, magnitude)
    }
  }

  /// The price's exact value, keeping the digits it has after the point.
  init(_ price: Price) {
    self = price.text.withUTF8Bytes(ExactDecimal.init(plainDecimalBytes:))
  }

  /// The exact value of bytes of plain decimal text (as `Price.isPlainDecimal` accepts), read
  /// where they lie: the local history's closes are never made into text to be added up.
  init(plainDecimalBytes bytes: UnsafeBufferPointer<UInt8>) {
    let scan = PlainDecimalScan(bytes)
    guard let magnitude = scan.magnitude else {
      let digits = bytes.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".") }
      self.init(
        isNegative: scan.isNegative, magnitude: DecimalMagnitude(digits: digits), scale: scan.scale)
      return
    }
    self.init(units: scan.isNegative ? -magnitude : magnitude, scale: scan.scale)
  }

  /// A whole number.
  init(_ value: Int) {
    self.init(units: Int128(value), scale: 0)
  }

  static let zero = ExactDecimal(0)

  /// The digits after the point up to the last that is not zero: `24012.00000000` has none.
  var significantScale: Int {
    guard case .fixed(let units) = storage else {
      let digits = price.text.utf8.reversed().prefix(scale)
      return scale - digits.prefix { $0 == UInt8(ascii: "0") }.count
    }
    // Units of 64 bits, as a close's are, divided in 64 bits: quicker than 128 bits.
    guard let small = Self.small(units) else {
      return scale - Self.trailingZeros(of: units, upTo: scale)
    }
    return scale - Self.trailingZeros(of: small.magnitude, upTo: scale)
  }

  /// How many of the last `limit` digits of `units` are zeros in a row from the last.
  private static func trailingZeros(of units: some BinaryInteger, upTo limit: Int) -> Int {
    var units = units
    var zeros = 0
    while zeros < limit, units % 10 == 0 {
      units /= 10
      zeros += 1
    }
    return zeros
  }

  var isZero: Bool {
    switch storage {
    case .fixed(let units): units == 0
    case .general(_, let magnitude): magnitude.isZero
    }
  }

  /// The same value with `scale` digits after the point, for `scale` at least the value's own.
  func rescaled(to scale: Int) -> ExactDecimal {
    if case .fixed(let units) = storage,
      let scaled = Self.scaled(units, by: scale - self.scale)
    {
      return ExactDecimal(units: scaled, scale: scale)
    }
    return generalRescaled(to: scale)
  }

  // Out of line, as the other general paths below: what stays inline where the arithmetic is
  // called is the fixed path alone, small enough for the optimiser to inline it there.
  /// `rescaled(to:)` on the general path.
  @inline(never)
  private func generalRescaled(to scale: Int) -> ExactDecimal {
    let (isNegative, magnitude) = signAndMagnitude
    return ExactDecimal(
      isNegative: isNegative, magnitude: magnitude.timesPowerOfTen(scale - self.scale), scale: scale
    )
  }

  /// The value as a whole number of its smallest unit, 10^-scale: 1234 for 12.34.
  var units: ExactDecimal {
    if case .fixed(let units) = storage { return ExactDecimal(units: units, scale: 0) }
    let (isNegative, magnitude) = signAndMagnitude
    return ExactDecimal(isNegative: isNegative, magnitude: magnitude, scale: 0)
  }

  /// The value when it is a whole number that fits an Int (and is not Int.min).
  var integer: Int? {
    guard scale == 0 else { return nil }
    switch storage {
    case .fixed(let units):
      return units.magnitude <= UInt128(Int.max) ? Int(units) : nil
    case .general(let isNegative, let magnitude):
      guard let value = magnitude.wideValue, value <= UInt128(Int.max) else { return nil }
      return isNegative ? -Int(value) : Int(value)
    }
  }

  /// Both values' units at the larger scale of the two, when both are held fixed and fit.
  @inline(__always)
  private static func alignedUnits(_ lhs: ExactDecimal, _ rhs: ExactDecimal)
    -> (left: Int128, right: Int128, scale: Int)?
  {
    guard case .fixed(let left) = lhs.storage, case .fixed(let right) = rhs.storage else {
      return nil
    }
    // Mostly both have one scale, as amounts of one currency do: nothing to scale.
    if lhs.scale == rhs.scale { return (left, right, lhs.scale) }
    let scale = max(lhs.scale, rhs.scale)
    guard let leftUnits = scaled(left, by: scale - lhs.scale),
      let rightUnits = scaled(right, by: scale - rhs.scale)
    else { return nil }
    return (leftUnits, rightUnits, scale)
  }

  /// Both values' magnitudes at the larger scale of the two, for the general path.
  private static func magnitudes(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> (
    left: (isNegative: Bool, magnitude: DecimalMagnitude),
    right: (isNegative: Bool, magnitude: DecimalMagnitude), scale: Int
  ) {
    let scale = max(lhs.scale, rhs.scale)
    let (left, right) = (lhs.signAndMagnitude, rhs.signAndMagnitude)
    return (
      (left.isNegative, left.magnitude.timesPowerOfTen(scale - lhs.scale)),
      (right.isNegative, right.magnitude.timesPowerOfTen(scale - rhs.scale)), scale
    )
  }

  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if let (left, right, _) = alignedUnits(lhs, rhs) { return left < right }
    let (left, right, _) = magnitudes(lhs, rhs)
    if left.isNegative != right.isNegative { return left.isNegative }
    return left.isNegative
      ? right.magnitude < left.magnitude : left.magnitude < right.magnitude
  }

  /// Equal values, whatever their digits after the point: 1.50 == 1.5.
  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }

  /// Adds `rhs` to `lhs`, as `lhs + rhs` would: of two values held fixed at one scale (as a
  /// currency's sums are) whose sum fits, only the units are written, the reference to general
  /// units left as it is (nil); a zero with no more decimals than `rhs` becomes `rhs`.
  // Inlined where it is called: a sum kept in place is its purpose.
  @inline(__always)
  static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) {
    if lhs.general == nil, rhs.general == nil {
      if lhs.scale == rhs.scale {
        let (sum, overflow) = lhs.fixedUnits.addingReportingOverflow(rhs.fixedUnits)
        if !overflow {
          lhs.fixedUnits = sum
          return
        }
      }
      // A sum started from zero takes its first amount as it is, with that amount's scale
      // when it is the larger.
      if lhs.fixedUnits == 0, lhs.scale <= rhs.scale {
        lhs = rhs
        return
      }
    }
    lhs = lhs + rhs
  }

  /// The exact sum, with the larger scale of the two.
  static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    if let (left, right, scale) = alignedUnits(lhs, rhs) {
      let (sum, overflow) = left.addingReportingOverflow(right)
      if !overflow { return ExactDecimal(units: sum, scale: scale) }
    }
    return generalSum(lhs, rhs, negatingRight: false)
  }

  static prefix func - (value: ExactDecimal) -> ExactDecimal {
    if case .fixed(let units) = value.storage, units != .min {
      return ExactDecimal(units: -units, scale: value.scale)
    }
    let (isNegative, magnitude) = value.signAndMagnitude
    return ExactDecimal(isNegative: !isNegative, magnitude: magnitude, scale: value.scale)
  }

  /// The exact difference, with the larger scale of the two.
  static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    if let (left, right, scale) = alignedUnits(lhs, rhs) {
      let (difference, overflow) = left.subtractingReportingOverflow(right)
      if !overflow { return ExactDecimal(units: difference, scale: scale) }
    }
    return generalSum(lhs, rhs, negatingRight: true)
  }

  /// `lhs + rhs`, or `lhs - rhs`, on the general path.
  @inline(never)
  private static func generalSum(_ lhs: ExactDecimal, _ rhs: ExactDecimal, negatingRight: Bool)
    -> ExactDecimal
  {
    var (left, right, scale) = magnitudes(lhs, rhs)
    right.isNegative = right.isNegative != negatingRight && !right.magnitude.isZero
    if left.isNegative == right.isNegative {
      return ExactDecimal(
        isNegative: left.isNegative, magnitude: left.magnitude + right.magnitude, scale: scale)
    }
    // Opposite signs: the larger magnitude keeps its sign.
    return left.magnitude < right.magnitude
      ? ExactDecimal(
        isNegative: right.isNegative, magnitude: right.magnitude - left.magnitude, scale: scale)
      : ExactDecimal(
        isNegative: left.isNegative, magnitude: left.magnitude - right.magnitude, scale: scale)
  }

  /// The exact product with a whole number.
  func multiplied(by factor: Int) -> ExactDecimal {
    self * ExactDecimal(factor)
  }

  /// The exact product, with the sum of the two scales.
  // Inlined where it is called (every position held is valued by it on every day of a history);
  // the wider products stay out of line.
  @inline(__always)
  static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    // Units of 64 bits, as quantities and prices mostly are, multiply without overflow.
    if case .fixed(let left) = lhs.storage, case .fixed(let right) = rhs.storage,
      let leftUnits = Self.small(left), let rightUnits = Self.small(right)
    {
      return ExactDecimal(
        units: Int128(leftUnits) &* Int128(rightUnits), scale: lhs.scale + rhs.scale)
    }
    return wideProduct(lhs, rhs)
  }

  /// `lhs * rhs` of units wider than 64 bits: in 128 bits when it fits, else on the general path.
  @inline(never)
  private static func wideProduct(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> ExactDecimal {
    if case .fixed(let left) = lhs.storage, case .fixed(let right) = rhs.storage {
      let (product, overflow) = left.multipliedReportingOverflow(by: right)
      if !overflow { return ExactDecimal(units: product, scale: lhs.scale + rhs.scale) }
    }
    let (left, right) = (lhs.signAndMagnitude, rhs.signAndMagnitude)
    return ExactDecimal(
      isNegative: left.isNegative != right.isNegative, magnitude: left.magnitude * right.magnitude,
      scale: lhs.scale + rhs.scale)
  }

  /// The value with exactly `scale` digits after the point: rounded half to even when it has
  /// more, padded with zeros when it has fewer.
  func rounded(toScale scale: Int) -> ExactDecimal {
    guard scale < self.scale else { return rescaled(to: scale) }
    if case .fixed(let units) = storage,
      let rounded = Self.quotient(units, 1, exponent: scale - self.scale)
    {
      return ExactDecimal(units: rounded, scale: scale)
    }
    return generalRounded(toScale: scale)
  }

  /// `rounded(toScale:)` to fewer decimals on the general path.
  @inline(never)
  private func generalRounded(toScale scale: Int) -> ExactDecimal {
    let (isNegative, magnitude) = signAndMagnitude
    return ExactDecimal(
      isNegative: isNegative, magnitude: magnitude.roundedDividingByPowerOfTen(self.scale - scale),
      scale: scale)
  }

  /// `self / divisor` with `scale` digits after the point, rounded to the nearest, ties to the
  /// even last digit (banker's rounding, so that rounding many values adds no bias); nil when
  /// the divisor is zero.
  func divided(by divisor: ExactDecimal, scale: Int) -> ExactDecimal? {
    guard !divisor.isZero else { return nil }
    // quotient × 10^-scale = (a × 10^-sa) / (b × 10^-sb), so quotient = a × 10^(scale + sb - sa)
    // / b; a negative exponent moves to the divisor instead.
    let exponent = scale + divisor.scale - self.scale
    if case .fixed(let dividend) = storage, case .fixed(let denominator) = divisor.storage,
      let quotient = Self.quotient(dividend, denominator, exponent: exponent)
    {
      return ExactDecimal(units: quotient, scale: scale)
    }
    let (isNegative, magnitude) = signAndMagnitude
    let (divisorIsNegative, divisorMagnitude) = divisor.signAndMagnitude
    let dividend = magnitude.timesPowerOfTen(max(0, exponent))
    let denominator = divisorMagnitude.timesPowerOfTen(max(0, -exponent))
    var (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: denominator)
    let twiceRemainder = remainder + remainder
    if denominator < twiceRemainder || (twiceRemainder == denominator && quotient.isOdd) {
      quotient = quotient + DecimalMagnitude(1)
    }
    return ExactDecimal(
      isNegative: isNegative != divisorIsNegative, magnitude: quotient, scale: scale)
  }
}
