/// Decimal digits written into bytes from the last one back: how renderers write every count
/// and day where it is shown, without making a string of it.
enum DecimalDigits {
  /// How many digits `value` has, at least one.
  static func count(of value: UInt64) -> Int {
    // The bit length leaves two counts possible (n bits hold floor(n × log10 2) or one more
    // digits; 1233 / 4096 is log10 2 closely enough for 64 bits), and a power of ten tells which.
    let bits = UInt64.bitWidth - value.leadingZeroBitCount
    let fewer = (bits * 1233) >> 12
    return max(1, value >= powersOfTen[fewer] ? fewer + 1 : fewer)
  }

  /// 10^0 through 10^19, every power of ten a `UInt64` holds, written out so that the table is
  /// made when the program is built rather than when first read.
  static let powersOfTen: [UInt64] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
    100_000_000_000_000_000,
    1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
  ]

  // Inlined into its few callers: it runs for every amount, count and day a report writes.
  /// Writes the last `count` digits of `value` (zeros first when it has fewer) to the `count`
  /// bytes before `end`, and answers where they start.
  @discardableResult
  @inline(__always)
  static func write(
    _ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    // Indices into a buffer, not a pointer stepped back: Swift 6.3.1's optimiser dropped the
    // stores of the stepped pointer when two numbers were written one after another.
    let digits = UnsafeMutableBufferPointer(start: end - count, count: count)
    var rest = value
    var index = count
    // Two digits a division by 100, copied from a table of every pair rather than split by
    // two more divisions: every amount, count and day of a report is written here.
    let pairs = UnsafeRawPointer(digitPairs.utf8Start)
    let bytes = UnsafeMutableRawPointer(end - count)
    while index >= 2 {
      let pair = Int(truncatingIfNeeded: rest % 100)
      rest /= 100
      index -= 2
      bytes.storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self), toByteOffset: index,
        as: UInt16.self)
    }
    if index == 1 { digits[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
    return end - count
  }

  /// "00" through "99", each pair of digits at twice its value.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324\
    25262728293031323334353637383940414243444546474849\
    50515253545556575859606162636465666768697071727374\
    75767778798081828384858687888990919293949596979899
    """
}
