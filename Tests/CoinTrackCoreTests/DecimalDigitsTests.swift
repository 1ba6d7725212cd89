import Testing

@testable import CoinTrackCore

/// The numbers and days renderers write two digits at a step, straight into their buffer,
/// against the text the general ways make of them.
@Suite struct DecimalDigitsTests {
  /// Magnitudes at the edges of the 64-bit path: zero, one digit, 8, 9, 16, 17 (a word of
  /// digits or two, and more), 18, 19 and 20 digits, `Int64.max` and `Int64.min`'s,
  /// `UInt64.max`, and beyond 64 bits, where the general path writes them.
  static let magnitudes: [UInt128] = [
    0, 1, 9, 10, 99, 100, 12_345, 99_999_999, 100_000_000, 51_386_500_000_000,
    9_999_999_999_999_999, 10_000_000_000_000_000, 999_999_999_999_999_999,
    1_000_000_000_000_000_000, 9_223_372_036_854_775_807, 9_223_372_036_854_775_808,
    9_999_999_999_999_999_999, 10_000_000_000_000_000_000, 18_446_744_073_709_551_615,
    18_446_744_073_709_551_616, 123_456_789_012_345_678_901_234_567_890,
    UInt128(Int128.max),
  ]

  @Test func decimalsOf64BitUnitsAreWrittenAsTheGeneralPathWritesThem() {
    for magnitude in Self.magnitudes {
      for scale in [0, 1, 2, 7, 8, 9, 15, 16, 17, 18, 19, 20, 21, 25, 40] {
        for isNegative in [false, true] {
          let units = isNegative ? -Int128(magnitude) : Int128(magnitude)
          let value = ExactDecimal(fixedPointUnits: units, scale: scale)
          var written = TextBuffer()
          value.write(into: &written)
          var general = TextBuffer()
          ExactDecimal(general: value).write(into: &general)
          #expect(written.text == general.text, "\(units) scale \(scale)")
          #expect(written.text == value.price.text, "\(units) scale \(scale)")
          #expect(written.text.utf8.count == value.textLength, "\(units) scale \(scale)")
        }
      }
    }
  }

  @Test(arguments: [
    (Int64(0), 0, "0"), (0, 2, "0.00"), (-5, 3, "-0.005"),
    (51_386_500_000_000, 8, "513865.00000000"),
    (-123, 0, "-123"), (Int64.min, 19, "-0.9223372036854775808"),
    (Int64.max, 25, "0.0000009223372036854775807"), (1, 20, "0.00000000000000000001"),
  ])
  func decimalsOf64BitUnitsAreWrittenExactly(units: Int64, scale: Int, text: String) {
    var written = TextBuffer()
    ExactDecimal(compactUnits: units, scale: scale).write(into: &written)
    #expect(written.text == text)
  }

  /// Eight digits worked out at once: every four-digit value in each half of the eight, with
  /// another in the other half.
  @Test func eightDigitsAreThoseOfTheValue() {
    for four in UInt64(0)..<10_000 {
      for value in [
        four * 10_000 + (four * 7_919) % 10_000, (four * 7_919) % 10_000 * 10_000 + four,
      ] {
        var bytes = DecimalDigits.eightDigits(value).littleEndian
        let text = withUnsafeBytes(of: &bytes) { String(decoding: $0, as: UTF8.self) }
        #expect(text == String(repeating: "0", count: 8 - String(value).count) + String(value))
      }
    }
  }

  @Test func wholeNumbersAreWrittenAsTheirDescriptions() {
    var values = [0, Int.max, Int.min, Int.min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1].flatMap { [$0, -$0] }
    }
    for value in values {
      var written = TextBuffer()
      written.append(value)
      #expect(written.text == String(value))
      #expect(TextBuffer.decimalLength(of: value) == String(value).utf8.count)
    }
  }

  @Test func daysAreWrittenFromTheirComponents() {
    // The first and last days of every month of years across the supported range's digits.
    for year in [1, 9, 10, 99, 100, 999, 1000, 1969, 1970, 2000, 2024, 2100, 9999] {
      for month in 1...12 {
        for dayOfMonth in [1, 9, 10, 28] {
          let day = Day(year: year, month: month, day: dayOfMonth)!
          var written = TextBuffer()
          written.append(day)
          #expect(written.text == Self.iso(year, month, dayOfMonth))
        }
      }
    }
  }

  /// Every day cointrack reads and prints, counted one after another from 0001-01-01 by the
  /// calendar's rules, has the components of the day that many days on.
  @Test func everySupportedDayHasItsComponents() {
    var daysSince1970 = Day.supported.lowerBound.daysSince1970
    var mismatches = 0
    for year in 1...9999 {
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      for (month, length) in zip(1..., monthLengths) {
        for dayOfMonth in 1...length {
          let components = Day(daysSince1970: daysSince1970).components
          if components != (year, month, dayOfMonth) { mismatches += 1 }
          daysSince1970 += 1
        }
      }
    }
    #expect(mismatches == 0)
    #expect(daysSince1970 == Day.supported.upperBound.daysSince1970 + 1)
  }

  /// `YYYY-MM-DD`, padded with zeros a digit at a time.
  private static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
    func padded(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: width - String(value).count) + String(value)
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }
}
