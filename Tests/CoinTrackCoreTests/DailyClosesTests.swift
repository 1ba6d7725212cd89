import Testing

@testable import CoinTrackCore

/// A coin's daily closes held compactly read back as the decimals they were, with their decimals,
/// whether they fit 64 bits or not, and days without a close stay without one.
@Suite struct DailyClosesTests {
  static let texts: [String?] = [
    "77815.01", nil, "0.000012340", "1", "9223372036854775807", "9223372036854775808",
    "123456789012345678901234567890.123456789", nil,
    "0." + String(repeating: "0", count: 300) + "1", "42.50",
  ]

  @Test func everyCloseReadsBackWithItsValueAndDecimals() {
    let first = Day(iso: "2026-05-21")!
    let closes = DailyCloses(first: first, count: Self.texts.count, currency: "USDT") { offset in
      Self.texts[offset].map { ExactDecimal(Price(decimalText: $0)!) }
    }
    for (offset, text) in Self.texts.enumerated() {
      let read = closes.close(on: first.adding(days: offset))
      // The text, with its decimals as given, says both value and scale.
      #expect(read?.price.text == text, "day \(offset)")
    }
  }
}

/// A history's rows of consecutive days are a range's closes as they are, shared rather than
/// copied, and read back as the copied closes do; a range with a day without a row, or beyond
/// the rows, is not shared.
@Suite struct SharedClosesTests {
  static let first = Day(iso: "2026-05-21")!

  /// Rows on the days `offsets` after `first`, each close 10.5 + the offset, with as many
  /// decimals as the offset modulo 3.
  static func history(offsets: [Int]) -> HistoryCloses {
    HistoryCloses(
      currency: "USDT", days: offsets.map { Int32(first.adding(days: $0).daysSince1970) },
      units: offsets.map { Int64((105 + 10 * $0) * Int(pow10($0 % 3))) },
      scales: offsets.map { UInt8(1 + $0 % 3) })!
  }

  static func pow10(_ exponent: Int) -> Int { exponent == 0 ? 1 : 10 * pow10(exponent - 1) }

  /// The range from `from` to `to` days after `first`.
  static func range(_ from: Int, _ to: Int) -> DayRange {
    DayRange(from: first.adding(days: from), to: first.adding(days: to))!
  }

  @Test(arguments: [(0, 9), (3, 7), (9, 9), (0, 0)])
  func sharedClosesReadAsCopiedOnes(_ from: Int, _ to: Int) throws {
    let history = Self.history(offsets: Array(0...9))
    let range = Self.range(from, to)
    let shared = try #require(history.sharedCloses(in: range))
    var copied = DailyCloses(first: range.first, count: range.count, currency: "USDT")
    history.setCloses(in: range, into: &copied)
    for day in range {
      #expect(shared.compactClose(on: day) == copied.compactClose(on: day), "\(day)")
      #expect(shared.close(on: day)?.price.text == copied.close(on: day)?.price.text, "\(day)")
      #expect(shared.close(on: day) != nil, "\(day)")
    }
  }

  @Test func aGapOrDaysBeyondTheRowsAreNotShared() {
    let gapped = Self.history(offsets: [0, 1, 2, 4, 5])
    #expect(gapped.sharedCloses(in: Self.range(0, 4)) == nil)
    #expect(gapped.sharedCloses(in: Self.range(3, 5)) == nil)
    #expect(gapped.sharedCloses(in: Self.range(4, 5)) != nil)
    let whole = Self.history(offsets: Array(0...9))
    #expect(whole.sharedCloses(in: Self.range(5, 10)) == nil)
    #expect(whole.sharedCloses(in: Self.range(-1, 3)) == nil)
  }
}
