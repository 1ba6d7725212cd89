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
    guard let base = bytes.baseAddress else { return nil }
    let (close, end) = Self.read(base, from: 0, limit: bytes.count)
    guard end == bytes.count, let close else { return nil }
    self = close
  }

  /// The close written from `start` on, up to the first byte that is neither a digit nor a
  /// point (or `limit`), and where that text ends: the close is nil when the text is not plain
  /// decimal text above zero (then the end is where reading stopped). One pass finds the end,
  /// checks and reads the digits, as a history line's price is followed by the rest of the line.
  @inline(__always)
  static func read(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int) -> (
    close: CompactClose?, end: Int
  ) {
    var units: UInt64 = 0
    // Any digit other than 0 sets a bit here; the units may have wrapped beyond 19 digits.
    var nonZeroBits: UInt8 = 0
    var index = start
    /// Reads digits from `index` on.
    func readDigits() {
      while index < limit {
        let digit = base[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return }
        // Wrapping: beyond 18 digits the units are not used.
        units = units &* 10 &+ UInt64(digit)
        nonZeroBits |= digit
        index &+= 1
      }
    }
    readDigits()
    let integerEnd = index
    guard integerEnd > start else { return (nil, index) }
    var scale = 0
    if index < limit, base[index] == UInt8(ascii: ".") {
      index &+= 1
      readDigits()
      scale = index &- integerEnd &- 1
      // Digits after the point, and no second point.
      guard scale > 0, index == limit || base[index] != UInt8(ascii: ".") else {
        return (nil, index)
      }
    }
    guard nonZeroBits != 0 else { return (nil, index) }
    // 18 digits are below 10^18, which fits 63 bits.
    guard integerEnd &- start &+ scale <= 18, scale < Int(Self.wide) else {
      return (CompactClose(units: 0, scale: Self.wide), index)
    }
    return (CompactClose(units: Int64(units), scale: UInt8(scale)), index)
  }
}
