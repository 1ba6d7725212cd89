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
