import Testing

@testable import CoinTrackCore

@Suite struct DayTests {
  @Test(arguments: [
    ("1970-01-01", 0), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2024-01-01", 19_723),
    ("2026-05-20", 20_593), ("9999-12-31", 2_932_896),
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

  @Test func roundTripsEveryDayOfFourCenturies() {
    // From 1900 to 2300: leap years, century rules and the epoch all round-trip.
    var previous: Day?
    for offset in -25_567...120_000 {
      let day = Day(daysSince1970: offset)
      let parsed = Day(iso: day.description)
      #expect(parsed == day)
      if let previous { #expect(previous < day) }
      previous = day
    }
  }

  @Test func unixSecondsMapToTheUTCDay() {
    #expect(Day(unixSeconds: 0).description == "1970-01-01")
    #expect(Day(unixSeconds: 86_399).description == "1970-01-01")
    #expect(Day(unixSeconds: 86_400).description == "1970-01-02")
    #expect(Day(unixSeconds: -1).description == "1969-12-31")
    #expect(Day(unixSeconds: 1_704_067_200).description == "2024-01-01")
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
