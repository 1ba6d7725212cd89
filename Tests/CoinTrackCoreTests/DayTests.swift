import Foundation
import Testing

@testable import CoinTrackCore

@Suite struct DayTests {
  @Test(arguments: [
    ("1970-01-01", 0), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2024-01-01", 19_723),
    ("2026-05-20", 20_593), ("0001-01-01", -719_162), ("9999-12-31", 2_932_896),
  ])
  func parsesAndPrintsISODates(text: String, days: Int) throws {
    let day = try #require(Day(iso: text))
    #expect(day.daysSince1970 == days)
    #expect(day.description == text)
    #expect(Day(daysSince1970: days) == day)
  }

  @Test(arguments: [
    "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "01-02-2024",
    "2024-1-01", "2024/01/01", "2024-01-01 ", "", "today", "0000-01-01", "２０２４-01-01",
  ])
  func rejectsMalformedOrImpossibleDates(text: String) {
    #expect(Day(iso: text) == nil)
  }

  /// A leap year is one divisible by 4, except a century not divisible by 400.
  @Test(arguments: [
    ("2000-02-29", true), ("1900-02-29", false), ("2100-02-29", false), ("2400-02-29", true),
    ("2024-02-29", true), ("2023-02-29", false), ("0004-02-29", true), ("0100-02-29", false),
    ("0400-02-29", true), ("9996-02-29", true), ("9900-02-29", false),
  ])
  func leapDaysFollowTheCenturyRules(text: String, exists: Bool) {
    #expect((Day(iso: text) != nil) == exists)
    let (year, month, day) = (Int(text.prefix(4))!, 2, 29)
    #expect((Day(year: year, month: month, day: day) != nil) == exists)
  }

  /// Every day of years 1 to 9999, counted one after another from 0001-01-01 by the calendar's
  /// rules: its components, its days since 1970 and its text each lead back to it.
  @Test func everySupportedDayRoundTrips() {
    var daysSince1970 = Day.supported.lowerBound.daysSince1970
    var mismatches = 0
    for year in 1...9999 {
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      for (month, length) in zip(1..., monthLengths) {
        for dayOfMonth in 1...length {
          let roundTrips = Day(daysSince1970: daysSince1970).map { day in
            Day(year: year, month: month, day: dayOfMonth) == day
              && day.components == (year, month, dayOfMonth)
              && day.description == Self.iso(year, month, dayOfMonth)
              && Day(iso: day.description) == day
          }
          if roundTrips != true { mismatches += 1 }
          daysSince1970 += 1
        }
      }
    }
    #expect(mismatches == 0)
    #expect(daysSince1970 == Day.supported.upperBound.daysSince1970 + 1)
  }

  /// Days against Foundation's Gregorian calendar in UTC, a day every 97 from 1583 (before
  /// its switch from the Julian calendar on 1582-10-15, Foundation counts Julian days) to 9999.
  @Test func daysAgreeWithFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let first = try #require(Day(iso: "1583-01-01")).daysSince1970
    let last = Day.supported.upperBound.daysSince1970
    for daysSince1970 in stride(from: first, through: last, by: 97) + [last] {
      let day = try #require(Day(daysSince1970: daysSince1970))
      let date = Date(timeIntervalSince1970: TimeInterval(daysSince1970) * 86_400)
      let expected = calendar.dateComponents([.era, .year, .month, .day], from: date)
      #expect(expected.era == 1)
      #expect(day.components == (expected.year!, expected.month!, expected.day!))
    }
  }

  @Test(arguments: [
    Int.min, Int.min + 1, -719_163, 2_932_897, Int.max - 1, Int.max,
    Int(Int64.min / 86_400_000), Int(Int64.max / 86_400_000),
  ])
  func refusesDaysOutsideTheSupportedRange(daysSince1970: Int) {
    #expect(Day(daysSince1970: daysSince1970) == nil)
  }

  @Test func unixSecondsMapToTheUTCDay() {
    #expect(Day(unixSeconds: 0)?.description == "1970-01-01")
    #expect(Day(unixSeconds: 86_399)?.description == "1970-01-01")
    #expect(Day(unixSeconds: 86_400)?.description == "1970-01-02")
    #expect(Day(unixSeconds: -1)?.description == "1969-12-31")
    #expect(Day(unixSeconds: 1_704_067_200)?.description == "2024-01-01")
    #expect(Day(unixSeconds: Int.min) == nil)
    #expect(Day(unixSeconds: Int.max) == nil)
  }

  /// A day a step outside the range, as a message about a date too early shows it, is written
  /// with its year's last four digits rather than trapping.
  @Test func daysJustOutsideTheRangeAreWritten() {
    #expect(Day.supported.lowerBound.adding(days: -1).description == "0000-12-31")
    #expect(Day.supported.lowerBound.adding(days: -400).description == "0001-11-28")
    #expect(Day.supported.upperBound.adding(days: 1).description == "0000-01-01")
  }

  @Test func daysAreWrittenIntoABuffer() {
    for text in ["0001-01-01", "0099-10-09", "1970-01-01", "2024-02-29", "9999-12-31"] {
      var written = TextBuffer()
      written.append(Day(iso: text)!)
      #expect(written.text == text)
    }
  }

  @Test func rangesCountAndClamp() throws {
    let january = try #require(DayRange(from: Day(iso: "2024-01-01")!, to: Day(iso: "2024-01-31")!))
    #expect(january.count == 31)
    #expect(Array(january).count == 31)
    #expect(january.map(\.description).last == "2024-01-31")
    let single = try #require(DayRange(from: Day(iso: "2024-01-05")!, to: Day(iso: "2024-01-05")!))
    #expect(single.count == 1)
    #expect(DayRange(from: Day(iso: "2024-01-02")!, to: Day(iso: "2024-01-01")!) == nil)
    let late = try #require(DayRange(from: Day(iso: "2024-01-20")!, to: Day(iso: "2024-02-10")!))
    #expect(january.clamped(to: late)?.first.description == "2024-01-20")
    #expect(january.clamped(to: late)?.last.description == "2024-01-31")
    let february = try #require(
      DayRange(from: Day(iso: "2024-02-01")!, to: Day(iso: "2024-02-29")!))
    #expect(january.clamped(to: february) == nil)
  }

  /// `YYYY-MM-DD`, padded with zeros by String's own formatting.
  private static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
    func padded(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: width - String(value).count) + String(value)
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }
}

@Suite struct PriceTests {
  @Test(arguments: ["0", "42280.23", "0.00001234", "3850.0", "-1.5", "100"])
  func keepsPlainDecimalTextExactly(text: String) throws {
    #expect(try #require(Price(decimalText: text)).text == text)
  }

  @Test(arguments: ["", "-", ".5", "5.", "1e5", "1,000", "+1", "0x10", " 1", "1.2.3", "NaN"])
  func rejectsAnythingButPlainDecimals(text: String) {
    #expect(Price(decimalText: text) == nil)
  }
}

@Suite struct EditDistanceTests {
  @Test func countsEditsAndSwaps() {
    #expect(EditDistance.between("list", "list") == 0)
    #expect(EditDistance.between("lsit", "list") == 1)
    #expect(EditDistance.between("lst", "list") == 1)
    #expect(EditDistance.between("", "abc") == 3)
    #expect(EditDistance.between("kitten", "sitting") == 3)
  }

  @Test func suggestsCloseCandidatesClosestFirst() {
    #expect(EditDistance.closest(to: "lsit", among: ["add", "list", "remove"]) == ["list"])
    #expect(
      EditDistance.closest(to: "--form", among: ["--format", "--from", "--today"]) == [
        "--from", "--format",
      ])
    #expect(EditDistance.closest(to: "xyz", among: ["add", "list"]).isEmpty)
    #expect(EditDistance.closest(to: "avail", among: ["available", "add"]) == ["available"])
  }
}
