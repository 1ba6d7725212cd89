/// Decimal digits written into bytes from the last one back, two at a step from a table: how
/// renderers write every number, count and day without making a string of it.
enum DecimalDigits {
  /// 10^0 through 10^19, every power of ten a `UInt64` holds.
  static let powersOfTen: InlineArray<20, UInt64> = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
    100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// Two ASCII digits for each number below 100, at twice the number.
  private static let pairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// How many digits `value` has, at least one: from its bits rather than a division a digit.
  @inline(__always)
  static func count(of value: UInt64) -> Int {
    // The bits × log10(2) (1233 / 4096, from below): the count, or one less.
    let estimate = ((64 - value.leadingZeroBitCount) * 1233) >> 12
    return value >= powersOfTen[estimate] ? estimate + 1 : max(estimate, 1)
  }

  /// Writes `value`, below 100, as two digits at `start`: one load and one store.
  @inline(__always)
  static func writePair(_ value: Int, at start: UnsafeMutablePointer<UInt8>) {
    let pair = UnsafeRawPointer(pairs.utf8Start).loadUnaligned(
      fromByteOffset: value * 2, as: UInt16.self)
    UnsafeMutableRawPointer(start).storeBytes(of: pair, as: UInt16.self)
  }

  /// Writes the digits of `value`, which has at most `count`, to the `count` bytes before
  /// `end` (zeros first when it has fewer), and answers where they start: eight digits a
  /// step, then the rest four, two and one at a time.
  @inline(__always)
  static func write(
    _ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    assert(count >= powersOfTen.count || value < powersOfTen[count], "more digits than count")
    var rest = value
    var position = end
    var remaining = count
    while remaining >= 8 {
      position -= 8
      let (upper, lastEight) = rest.quotientAndRemainder(dividingBy: 100_000_000)
      UnsafeMutableRawPointer(position).storeBytes(
        of: eightDigits(lastEight).littleEndian, as: UInt64.self)
      rest = upper
      remaining -= 8
    }
    guard remaining > 0 else { return position }
    position -= remaining
    // The last `remaining` of eight digits, moved to the first bytes.
    var digits = eightDigits(rest) >> (8 * (8 - remaining))
    var next = UnsafeMutableRawPointer(position)
    if remaining & 4 != 0 {
      next.storeBytes(of: UInt32(truncatingIfNeeded: digits).littleEndian, as: UInt32.self)
      next += 4
      digits >>= 32
    }
    if remaining & 2 != 0 {
      next.storeBytes(of: UInt16(truncatingIfNeeded: digits).littleEndian, as: UInt16.self)
      next += 2
      digits >>= 16
    }
    if remaining & 1 != 0 {
      next.storeBytes(of: UInt8(truncatingIfNeeded: digits), as: UInt8.self)
    }
    return position
  }

  /// The most digits `writeForward` writes.
  static let maximumForward = 16
  /// How many bytes past its digits `writeForward` may overwrite.
  static let forwardSpill = 8

  /// Writes the digits of `value`, which has at most `count` (1 to `maximumForward`), to the
  /// `count` bytes at `start` (zeros first when it has fewer), a word of eight at a time: up to
  /// `forwardSpill` bytes after them are overwritten too, so that what follows is written
  /// after, or lies past the text's end.
  @inline(__always)
  static func writeForward(_ value: UInt64, count: Int, at start: UnsafeMutablePointer<UInt8>) {
    assert((1...maximumForward).contains(count) && value < powersOfTen[count], "digits")
    let first = UnsafeMutableRawPointer(start)
    guard count > 8 else {
      // The last `count` of eight digits, moved to the first bytes.
      let digits = eightDigits(value) >> (8 * (8 - count))
      first.storeBytes(of: digits.littleEndian, as: UInt64.self)
      return
    }
    let (upper, lower) = value.quotientAndRemainder(dividingBy: 100_000_000)
    let upperDigits = eightDigits(upper) >> (8 * (16 - count))
    first.storeBytes(of: upperDigits.littleEndian, as: UInt64.self)
    (first + (count - 8)).storeBytes(of: eightDigits(lower).littleEndian, as: UInt64.self)
  }

  /// The eight ASCII digits of `value`, below 10^8, zeros first: byte `i` of the answer (its
  /// bits `8i` up) is digit `i`. All eight are worked out at once in lanes of one word
  /// (Paul Khuong's method): a few multiplications instead of a division for each pair.
  @inline(__always)
  static func eightDigits(_ value: UInt64) -> UInt64 {
    // Two 32-bit lanes of four digits each, the first four in the low lane.
    let fours = value / 10_000 | (value % 10_000) << 32
    // Each lane divided by 100 (10486 / 2^20 is exact below 10^4), then four 16-bit lanes
    // of two digits: the quotients, and above each its remainder.
    let hundreds = ((fours &* 10_486) >> 20) & 0x7F_0000_007F
    let twos = (fours &- 100 &* hundreds) << 16 &+ hundreds
    // Each 16-bit lane divided by 10 (103 / 2^10 is exact below 100): the tens in its low
    // byte, the ones in its high byte.
    let tens = ((twos &* 103) >> 10) & 0x000F_000F_000F_000F
    let digits = tens &+ (twos &- 10 &* tens) << 8
    return digits | 0x3030_3030_3030_3030
  }
}
