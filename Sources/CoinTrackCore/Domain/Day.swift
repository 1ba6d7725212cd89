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

  /// The day `daysSince1970` days after 1970-01-01; nil outside `supported`, as a number from a
  /// file or an answer may be.
  public init?(daysSince1970: Int) {
    guard Day.supportedDaysSince1970.contains(daysSince1970) else { return nil }
    self.daysSince1970 = daysSince1970
  }

  /// The day `daysSince1970` days after 1970-01-01, which arithmetic on a day made it: it may lie
  /// a little outside `supported` (the day after a range's last, or a day checked after), or
  /// kept as its number by a type that holds many days.
  init(computed daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// The day with the given year, month (1-12) and day of month; nil when no such day exists.
  // Inlined into the reading of a date, which the price history does on every line.
  @inline(__always)
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

  /// Parses exactly the bytes of `YYYY-MM-DD` where they lie (the price history reads thousands,
  /// and the state file one for every trade); nil for any other shape or for an impossible day.
  ///
  /// `YYYY-MM-` is read as one little-endian word and `DD` as another, each byte of them at once:
  /// the first byte of the text is the lowest of its word.
  // Inlined where the price history reads the date of each line.
  @inline(__always)
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == Day.isoLength, let start = bytes.baseAddress else { return nil }
    let head = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self).littleEndian
    let tail = UInt64(UnsafeRawPointer(start + 8).loadUnaligned(as: UInt16.self).littleEndian)
    // Each digit's byte becomes its value (0-9) and each dash 0; any other byte becomes 10 or
    // more, or a dash's place something other than 0.
    let headValues = head ^ 0x2D30_302D_3030_3030
    let tailValues = tail ^ 0x3030
    guard Day.areDigitValues(headValues), Day.areDigitValues(tailValues),
      headValues & 0xFF00_00FF_0000_0000 == 0
    else { return nil }
    // Byte i becomes ten times digit i plus digit i + 1: the pairs YY, YY, MM and DD. No byte
    // carries into the next, as no pair is over 99.
    let headPairs = headValues &* 10 &+ (headValues >> 8)
    let tailPair = tailValues &* 10 &+ (tailValues >> 8)
    let year = Int(headPairs & 0xFF) &* 100 &+ Int((headPairs >> 16) & 0xFF)
    self.init(year: year, month: Int((headPairs >> 40) & 0xFF), day: Int(tailPair & 0xFF))
  }

  /// Whether every byte of `values` is at most 9. Adding 0x76 sets a byte's top bit when it is
  /// 10 or more; a byte whose top bit is set already is refused before its sum could carry into
  /// the next.
  @inline(__always)
  private static func areDigitValues(_ values: UInt64) -> Bool {
    (values | (values &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0
  }

  /// The UTC day that contains the given number of seconds since the Unix epoch; nil when it
  /// is outside `supported`.
  public init?(unixSeconds: Int) {
    self.init(daysSince1970: Day.daysSince1970(unixSeconds: unixSeconds))
  }

  /// The days since 1970-01-01 of the UTC day holding `unixSeconds`: floor division, as a
  /// negative timestamp belongs to the day before the epoch (dividing by a positive number
  /// never overflows).
  private static func daysSince1970(unixSeconds: Int) -> Int {
    let (quotient, remainder) = unixSeconds.quotientAndRemainder(dividingBy: 86_400)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// The days cointrack reads and prints: years 1 to 9999, four digits each.
  public static let supported = {
    let days = supportedDaysSince1970
    return Day(computed: days.lowerBound)...Day(computed: days.upperBound)
  }()

  /// 0001-01-01 and 9999-12-31 as days since 1970-01-01.
  private static let supportedDaysSince1970 =
    daysFromCivil(year: 1, month: 1, day: 1)...daysFromCivil(year: 9999, month: 12, day: 31)

  /// 1970-01-01, from which days held as numbers that were checked before (a history's rows,
  /// the embedded snapshot's series) are counted.
  static let epoch = Day(computed: 0)

  /// Today's UTC date according to the system clock.
  public static func todayUTC() -> Day {
    Day(computed: daysSince1970(unixSeconds: Int(time(nil))))
  }

  /// Year, month and day of month: Howard Hinnant's civil_from_days, exact for every proleptic
  /// Gregorian date. The year starts on 1 March so that the leap day is its last, and an era
  /// is the 400 years after which the calendar repeats.
  public var components: (year: Int, month: Int, day: Int) {
    let shifted = daysSince1970 + 719_468  // days since 0000-03-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097  // 0...146_096
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from 1 March
    let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0...11
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
    // A day just outside `supported`, as a message about it shows, keeps its year's last four
    // digits: 0000-12-31 for the day before 0001-01-01.
    DecimalDigits.write(UInt64(year.magnitude % 10_000), count: 4, endingAt: bytes + 4)
    bytes[4] = UInt8(ascii: "-")
    DecimalDigits.write(UInt64(month), count: 2, endingAt: bytes + 7)
    bytes[7] = UInt8(ascii: "-")
    DecimalDigits.write(UInt64(day), count: 2, endingAt: bytes + 10)
  }

  /// The day `count` days later (earlier when negative). Callers step by days within the
  /// calendar's span, so that the result is at most that far outside `supported`.
  public func adding(days count: Int) -> Day {
    Day(computed: daysSince1970 + count)
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
  ///
  /// For a real day of years 1 to 9999, as every caller checks first: then no step is negative
  /// or overflows, so the arithmetic is unsigned and unchecked, its divisions by constants the
  /// cheaper unsigned ones (the price history reads a day on every line).
  @inline(__always)
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = UInt(truncatingIfNeeded: month <= 2 ? year &- 1 : year)
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear &- era &* 400
    let monthFromMarch = UInt(truncatingIfNeeded: month > 2 ? month &- 3 : month &+ 9)
    let dayOfYear = (153 &* monthFromMarch &+ 2) / 5 &+ UInt(truncatingIfNeeded: day) &- 1
    let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
    return Int(truncatingIfNeeded: era &* 146_097 &+ dayOfEra) &- 719_468
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
    Iterator(upcoming: first, last: last)
  }

  /// Walks the days of a range in order.
  public struct Iterator: IteratorProtocol {
    var upcoming: Day
    let last: Day

    public mutating func next() -> Day? {
      guard upcoming <= last else { return nil }
      defer { upcoming = upcoming.adding(days: 1) }
      return upcoming
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
