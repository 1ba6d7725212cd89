/// A close as a whole number of units of 10^-scale in 64 bits, read from its text in the same
/// pass that checks it: what the local history and the snapshot hold for nearly every day, so
/// that a walk over years of closes multiplies integers rather than reading text or building
/// decimals.
struct CompactClose: Hashable, Sendable {
  /// The units; meaningless when `scale` is `CompactClose.wide`.
  let units: Int64
  /// The digits after the point, or `CompactClose.wide`.
  let scale: UInt8

  /// The scale of a close with more than 18 digits, or more decimals than a byte counts below
  /// the marks: its text is read as an `ExactDecimal` instead.
  static let wide = UInt8.max - 1

  /// Whether the units hold the close: not `wide`.
  var isCompact: Bool { scale < Self.wide }

  /// The exact value, when compact.
  var decimal: ExactDecimal? {
    isCompact ? ExactDecimal(compactUnits: units, scale: Int(scale)) : nil
  }

  init(units: Int64, scale: UInt8) {
    self.units = units
    self.scale = scale
  }

  /// The close that `bytes` write, when they are plain decimal text above zero (digits, and at
  /// most one point with digits on both sides: `Price.isPlainDecimal` without a sign, and
  /// `Price.isAboveZero`); nil for any other text.
  @inline(__always)
  init?(closeText bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    var units: UInt64 = 0
    // Any digit other than 0 sets a bit here; the units may have wrapped beyond 19 digits.
    var nonZeroBits: UInt8 = 0
    var point = -1
    for index in 0..<bytes.count {
      let digit = base[index] &- UInt8(ascii: "0")
      if digit < 10 {
        // Wrapping: beyond 18 digits the units are not used.
        units = units &* 10 &+ UInt64(digit)
        nonZeroBits |= digit
      } else {
        guard base[index] == UInt8(ascii: "."), point < 0, index > 0 else { return nil }
        point = index
      }
    }
    guard nonZeroBits != 0, point != bytes.count - 1 else { return nil }
    let scale = point < 0 ? 0 : bytes.count - 1 - point
    let digitCount = point < 0 ? bytes.count : bytes.count - 1
    // 18 digits are below 10^18, which fits 63 bits.
    if digitCount <= 18, scale < Int(Self.wide) {
      self.init(units: Int64(units), scale: UInt8(scale))
    } else {
      self.init(units: 0, scale: Self.wide)
    }
  }
}
