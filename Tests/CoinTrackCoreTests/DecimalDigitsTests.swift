import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// The digit counts renderers size every number's text by, against the text Swift writes.
@Suite struct DecimalDigitsTests {
  /// Each power of ten that fits 64 bits, the numbers beside it, and the extremes.
  @Test func countIsTheLengthOfTheDecimalText() {
    var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
    var power: UInt64 = 10
    for _ in 1...19 {
      values += [power - 1, power, power + 1]
      power = power.multipliedReportingOverflow(by: 10).partialValue
    }
    var generator = SeededGenerator(seed: 64)
    values += (0..<1000).map { _ in generator.next() >> generator.next(below: 64) }
    for value in values {
      #expect(DecimalDigits.count(of: value) == String(value).count, "\(value)")
    }
  }
}
