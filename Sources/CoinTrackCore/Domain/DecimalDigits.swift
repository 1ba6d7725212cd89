/// Decimal digits written into bytes from the last one back: how renderers write every count
/// and day where it is shown, without making a string of it.
enum DecimalDigits {
  /// How many digits `value` has, at least one.
  static func count(of value: UInt64) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

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
    for index in digits.indices.reversed() {
      digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    return end - count
  }
}
