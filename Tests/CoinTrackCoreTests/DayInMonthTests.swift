import CoinTrackTestSupport
import Foundation
import Testing

@testable import CoinTrackCore

/// The history reader's date of a line in the month of the line before's: the day it gives is
/// the day `Day(isoBytes:)` reads, and it gives one for every such date on the first 28 days;
/// a file of daily closes across months, leap days and impossible days reads as before.
@Suite struct DayInMonthTests {
  static func dayInMonth(_ text: [UInt8], of previous: Day) -> Day? {
    let previousText = Array(previous.description.utf8)
    return text.withUnsafeBufferPointer { date in
      previousText.withUnsafeBufferPointer { previousDate in
        HistoryFormat.Line.day(
          at: date.baseAddress!, inMonthOf: previous, at: previousDate.baseAddress!)
      }
    }
  }

  /// Previous days at the edges of months, leap years and the supported range, and random
  /// ones; each with every pair of bytes as its day of the month (digits, and bytes around
  /// them), and with another month's text.
  @Test func theDayInTheMonthIsTheDayTheDateWrites() {
    var generator = SeededGenerator(seed: 37)
    let span = Day.supported.lowerBound.daysSince1970...Day.supported.upperBound.daysSince1970
    let edges = [
      "0001-01-01", "0001-01-28", "1900-02-28", "2000-02-29", "2023-02-28", "2024-02-01",
      "2024-02-28", "2024-02-29", "2026-04-30", "2026-12-31", "9999-12-01", "9999-12-31",
    ].compactMap(Day.init(iso:))
    let previousDays =
      edges
      + (0..<60).compactMap { _ in Day(daysSince1970: Int.random(in: span, using: &generator)) }
    let bytes = Array(UInt8(ascii: "/")...UInt8(ascii: ":")) + [0x00, 0x2D, 0xB0, 0xFF]
    var mismatches: [String] = []
    var given = 0
    for previous in previousDays {
      let head = Array(previous.description.utf8.prefix(8))
      for tens in bytes {
        for ones in bytes {
          let text = head + [tens, ones]
          let model = ISODateBytesTests.modelDay(text)
          let read = Self.dayInMonth(text, of: previous)
          if read != nil { given += 1 }
          let dayOfMonth = model.map { $0.description.suffix(2) }.flatMap { Int($0) }
          // Given exactly for the first 28 days, and then the day the text writes.
          let expected = dayOfMonth.map { $0 <= 28 } == true ? model : nil
          if read != expected {
            mismatches.append("\(String(decoding: text, as: UTF8.self)) after \(previous)")
          }
        }
      }
      // Another month, or year, is left to Day(isoBytes:).
      for other in [previous.adding(days: 40), previous.adding(days: -40)]
      where Day.supported.contains(other) {
        let text = Array(other.description.utf8)
        if Self.dayInMonth(text, of: previous) != nil {
          mismatches.append("\(other) after \(previous)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    #expect(given == previousDays.count * 28)
  }

  /// Daily closes over fourteen months, through a leap day and every month's end, read back
  /// day by day; an impossible day in a month (the 29th of February of a common year, the
  /// 31st of April, the 00th, the 32nd) is refused as before, naming its line.
  @Test func dailyClosesAcrossMonthsReadBackAndImpossibleDaysAreRefused() throws {
    let header = "date,symbol,price,currency,source\n"
    let first = Day(iso: "2023-01-20")!
    let days = (0..<420).map { first.adding(days: $0) }
    let text = header + days.map { "\($0),BTC,1018.11,USDT,binance\n" }.joined()
    let read = try HistoryFormat.history(
      of: Array(text.utf8), path: "btc.csv", symbol: "BTC", today: Day(iso: "2030-01-01")!)
    #expect((0..<read.history.count).map(read.history.day(at:)) == days)
    for (before, impossible) in [
      ("2023-02-28", "2023-02-29"), ("2023-04-30", "2023-04-31"), ("2023-05-01", "2023-05-00"),
      ("2023-05-28", "2023-05-32"), ("2023-05-09", "2023-05-1x"),
    ] {
      let damaged =
        header + "2023-02-01,BTC,1,USDT,binance\n\(before),BTC,2,USDT,binance\n"
        + "\(impossible),BTC,3,USDT,binance\n"
      #expect(
        throws: HistoryError.damaged(path: "btc.csv", line: 4, reason: "the date is not YYYY-MM-DD")
      ) {
        _ = try HistoryFormat.history(
          of: Array(damaged.utf8), path: "btc.csv", symbol: "BTC", today: Day(iso: "2030-01-01")!)
      }
    }
  }
}
