import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// `Day(isoBytes:)`, which reads a date's bytes a word at a time, against a model that reads
/// them one by one: every byte value at every place of real and edge days, random texts near a
/// date's shape, and bytes at every alignment.
@Suite struct ISODateBytesTests {
  /// The day a text of bytes writes, read a byte at a time by the rules: digits at their
  /// places, dashes at theirs, and a real day of years 1 to 9999.
  static func modelDay(_ bytes: [UInt8]) -> Day? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    let digitPlaces = [0, 1, 2, 3, 5, 6, 8, 9]
    guard digitPlaces.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
    else { return nil }
    func number(_ places: [Int]) -> Int {
      places.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
    }
    return Day(year: number([0, 1, 2, 3]), month: number([5, 6]), day: number([8, 9]))
  }

  static func read(_ bytes: [UInt8]) -> Day? {
    bytes.withUnsafeBufferPointer { Day(isoBytes: $0) }
  }

  /// Days at the edges of years, months, leap rules and the supported range, and seeded random
  /// days of the whole range.
  static let days: [Day] = {
    let edges = [
      "0001-01-01", "0001-12-31", "0004-02-29", "0100-02-28", "0400-02-29", "1969-12-31",
      "1970-01-01", "1999-12-31", "2000-02-29", "2024-02-29", "2026-05-20", "2031-04-30",
      "9999-12-31",
    ].compactMap(Day.init(iso:))
    var generator = SeededGenerator(seed: 36)
    let span = Day.supported.lowerBound.daysSince1970...Day.supported.upperBound.daysSince1970
    let random = (0..<40).compactMap { _ in
      Day(daysSince1970: Int.random(in: span, using: &generator))
    }
    return edges + random
  }()

  @Test func everyByteAtEveryPlaceIsReadAsTheModelReadsIt() {
    var mismatches: [String] = []
    for day in Self.days {
      let text = Array(day.description.utf8)
      #expect(Self.read(text) == day)
      for place in text.indices {
        for value in UInt8.min...UInt8.max {
          var changed = text
          changed[place] = value
          if Self.read(changed) != Self.modelDay(changed) {
            mismatches.append("\(day) with byte \(value) at \(place)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// Texts of ten bytes drawn mostly from digits and dashes, so that many have a date's shape
  /// and many of those are no real day.
  @Test func randomTextsAreReadAsTheModelReadsThem() {
    var generator = SeededGenerator(seed: 3_600)
    let alphabet = Array("0123456789-".utf8) + [0x00, 0x2F, 0x3A, 0x7F, 0x80, 0xB0, 0xFF]
    var mismatches: [String] = []
    var days = 0
    for _ in 0..<200_000 {
      var text = Array("2031-05-19".utf8)
      for place in text.indices where generator.next(below: 3) == 0 {
        text[place] = alphabet[Int(generator.next(below: UInt64(alphabet.count)))]
      }
      let read = Self.read(text)
      if read != Self.modelDay(text) { mismatches.append(String(decoding: text, as: UTF8.self)) }
      if read != nil { days += 1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    // Both real days and other texts were drawn.
    #expect(days > 1_000 && days < 199_000)
  }

  @Test func aDateIsReadAtEveryAlignmentAndOnlyAtItsLength() {
    let text = Array("2024-02-29".utf8)
    for offset in 0..<8 {
      let bytes = Array(repeating: UInt8(ascii: "7"), count: offset) + text + [UInt8(ascii: ",")]
      bytes.withUnsafeBufferPointer { bytes in
        #expect(
          Day(isoBytes: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 10)]))
            == Day(iso: "2024-02-29"))
        #expect(Day(isoBytes: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 9)])) == nil)
        #expect(Day(isoBytes: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 11)])) == nil)
      }
    }
    #expect(Self.read([]) == nil)
  }
}

/// `hasSameBytes(as:)`, which compares a word at a time, against `==` on arrays: every count
/// up to several words, a differing byte at every place, and every alignment.
@Suite struct SameBytesTests {
  @Test func bytesAreSameExactlyWhenEqual() {
    var mismatches: [String] = []
    for count in 0...40 {
      for offset in 0..<8 {
        let bytes = (0..<(offset + count)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        func compare(_ other: [UInt8], _ label: String) {
          let same = bytes.withUnsafeBufferPointer { bytes in
            other.withUnsafeBufferPointer { other in
              UnsafeBufferPointer(rebasing: bytes[offset...]).hasSameBytes(as: other)
            }
          }
          if same != (Array(bytes[offset...]) == other) {
            mismatches.append("\(label), count \(count), offset \(offset)")
          }
        }
        compare(Array(bytes[offset...]), "equal")
        for place in 0..<count {
          var other = Array(bytes[offset...])
          other[place] ^= 0x01
          compare(other, "differing at \(place)")
          other[place] ^= 0x81
          compare(other, "differing in the top bit at \(place)")
        }
        compare(Array(bytes[offset...]) + [0], "longer")
        if count > 0 { compare(Array(bytes[offset...].dropLast()), "shorter") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
