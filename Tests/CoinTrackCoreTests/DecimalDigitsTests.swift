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

  /// The last `count` digits of a value, zeros first when it has fewer, against the text Swift
  /// writes: every count from 0 to 20 (odd and even, as digits are written two at a time), of
  /// values of every length, and the bytes around them untouched.
  @Test func writeGivesTheLastDigitsPaddedWithZeros() {
    var generator = SeededGenerator(seed: 100)
    var values: [UInt64] = [0, 9, 10, 99, 100, UInt64.max]
    values += (0..<2000).map { _ in generator.next() >> generator.next(below: 64) }
    for value in values {
      for count in 0...20 {
        var bytes = [UInt8](repeating: UInt8(ascii: "#"), count: count + 2)
        let start = bytes.withUnsafeMutableBufferPointer {
          DecimalDigits.write(value, count: count, endingAt: $0.baseAddress! + count + 1)
            - $0.baseAddress!
        }
        let text = String(repeating: "0", count: 20) + String(value)
        #expect(start == 1)
        #expect(
          String(decoding: bytes, as: UTF8.self) == "#" + text.suffix(count) + "#",
          "\(value) in \(count)")
      }
    }
  }
}
