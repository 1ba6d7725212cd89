#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A calendar day in the proleptic Gregorian calendar, independent of any time zone.
///
/// Stored as days since 1970-01-01 so that ranges and arithmetic are plain integer arithmetic.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let daysSince1970: Int

  public init(daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// The day with the given year, month (1-12) and day of month; nil when no such day exists.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Day.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    daysSince1970 = Day.daysFromCivil(year: year, month: month, day: day)
  }

  /// Parses exactly `YYYY-MM-DD`; nil for any other shape or for an impossible day.
  public init?(iso text: String) {
    guard let day = text.withUTF8Bytes(Day.init(isoBytes:)) else { return nil }
    self = day
  }

  /// Parses exactly the bytes of `YYYY-MM-DD` where they lie, each digit read from its fixed
  /// place (the price history reads thousands, and the state file one for every trade); nil
  /// for any other shape or for an impossible day.
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    // A byte below "0" wraps around to far above 9.
    var largestDigit: UInt8 = 0
    func digit(_ index: Int) -> Int {
      let value = bytes[index] &- UInt8(ascii: "0")
      largestDigit = max(largestDigit, value)
      return Int(value)
    }
    let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
    let month = digit(5) * 10 + digit(6)
    let day = digit(8) * 10 + digit(9)
    guard largestDigit < 10 else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The UTC day that contains the given number of seconds since the Unix epoch.
  public init(unixSeconds: Int) {
    // Floor division: a negative timestamp belongs to the day before the epoch.
    let (quotient, remainder) = unixSeconds.quotientAndRemainder(dividingBy: 86_400)
    daysSince1970 = remainder < 0 ? quotient - 1 : quotient
  }

  /// The days cointrack reads and prints: years 1 to 9999, four digits each.
  public static let supported =
    Day(year: 1, month: 1, day: 1)!...Day(year: 9999, month: 12, day: 31)!

  /// Today's UTC date according to the system clock.
  public static func todayUTC() -> Day {
    Day(unixSeconds: Int(time(nil)))
  }

  /// Year, month and day of month: Neri and Schneider's Euclidean affine functions
  /// ("Euclidean affine functions and their application to calendar algorithms", 2022), a few
  /// multiplications where Hinnant's civil_from_days divides by constants with signs to fix,
  /// for every date a row writes.
  public var components: (year: Int, month: Int, day: Int) {
    // Days since 1 March of year -32800, 82 eras of 400 years before 0 (1 March of year 0 is
    // 719,468 days before 1970): never negative for a day of a year from 0, and a leap day
    // falls at the end of its year.
    let erasBeforeYear0 = 82
    let shifted = UInt64(daysSince1970 + 719_468 + 146_097 * erasBeforeYear0)
    let centuries = 4 * shifted + 3
    let century = centuries / 146_097
    let dayOfCentury = centuries % 146_097 / 4
    // The year of the century in the upper 32 bits, the day of that year below them.
    let yearAndDay = 2_939_745 * (4 * dayOfCentury + 3)
    let dayOfYear = (yearAndDay & 0xFFFF_FFFF) / 2_939_745 / 4
    // The month from March in the upper 16 bits, the day of that month below them.
    let monthAndDay = 2_141 * dayOfYear + 197_913
    let isInNextYear = dayOfYear >= 306
    let year = Int(100 * century + yearAndDay >> 32) - 400 * erasBeforeYear0
    return (
      year + (isInNextYear ? 1 : 0), Int(monthAndDay >> 16) - (isInNextYear ? 12 : 0),
      Int((monthAndDay & 0xFFFF) / 2_141) + 1
    )
  }

  /// How many bytes `YYYY-MM-DD` takes.
  public static let isoLength = 10

  /// The day as `YYYY-MM-DD`.
  public var description: String {
    // Written in place into a string short enough to need no memory of its own.
    String(unsafeUninitializedCapacity: Day.isoLength) { bytes in
      writeISO(into: bytes.baseAddress!)
      return Day.isoLength
    }
  }

  /// Writes `YYYY-MM-DD` into the `isoLength` bytes at `bytes`: renderers write a date for every
  /// row of `prices` this way, without making a string of it.
  func writeISO(into bytes: UnsafeMutablePointer<UInt8>) {
    let (year, month, day) = components
    // A year before 1 traps, and one after 9999 keeps its last four digits, as they did when
    // written a digit at a time.
    let shownYear = Int(UInt(year) % 10_000)
    DecimalDigits.writePair(shownYear / 100, at: bytes)
    DecimalDigits.writePair(shownYear % 100, at: bytes + 2)
    bytes[4] = UInt8(ascii: "-")
    DecimalDigits.writePair(month, at: bytes + 5)
    bytes[7] = UInt8(ascii: "-")
    DecimalDigits.writePair(day, at: bytes + 8)
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> Day {
    Day(daysSince1970: daysSince1970 + count)
  }

  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }

  private static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  private static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Howard Hinnant's days_from_civil: exact for every proleptic Gregorian date.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// A non-empty inclusive range of days.
public struct DayRange: Hashable, Sendable, Sequence {
  public let first: Day
  public let last: Day

  /// The range from `first` to `last`; nil when `last` is before `first`.
  public init?(from first: Day, to last: Day) {
    guard first <= last else { return nil }
    self.first = first
    self.last = last
  }

  /// The number of days in the range.
  public var count: Int { last.daysSince1970 - first.daysSince1970 + 1 }

  /// Whether the range holds `day`.
  public func contains(_ day: Day) -> Bool { first <= day && day <= last }

  /// The part of this range that `other` also covers; nil when they do not meet.
  public func clamped(to other: DayRange) -> DayRange? {
    DayRange(from: Swift.max(first, other.first), to: Swift.min(last, other.last))
  }

  public func makeIterator() -> Iterator {
    Iterator(upcoming: first.daysSince1970, end: last.daysSince1970)
  }

  /// Walks the days of a range in order.
  public struct Iterator: IteratorProtocol {
    var upcoming: Int
    let end: Int

    public mutating func next() -> Day? {
      guard upcoming <= end else { return nil }
      defer { upcoming += 1 }
      return Day(daysSince1970: upcoming)
    }
  }

  public var underestimatedCount: Int { count }
}

extension Day {
  /// Whether `text` has the shape YYYY-MM-DD, whether or not it is a real day.
  public static func looksLikeISODate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 10 else { return false }
    return bytes.enumerated().allSatisfy { index, byte in
      index == 4 || index == 7
        ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
  }
}
