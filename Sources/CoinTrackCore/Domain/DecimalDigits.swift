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

  /// Writes the last `count` digits of `value` (zeros first when it has fewer) to the `count`
  /// bytes before `end`, and answers where they start.
  @discardableResult
  static func write(
    _ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    // Indices into a buffer, not a pointer stepped back: Swift 6.3.1's optimiser dropped the
    // stores of the stepped pointer when two numbers were written one after another.
    let digits = UnsafeMutableBufferPointer(start: end - count, count: count)
    var rest = value
    var index = count
    // Two digits a division by 100 rather than one a division by 10: half the divisions, as
    // every amount, count and day of a report is written here.
    while index >= 2 {
      let pair = UInt8(truncatingIfNeeded: rest % 100)
      rest /= 100
      index -= 2
      digits[index] = UInt8(ascii: "0") + pair / 10
      digits[index + 1] = UInt8(ascii: "0") + pair % 10
    }
    if index == 1 { digits[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
    return end - count
  }
}
