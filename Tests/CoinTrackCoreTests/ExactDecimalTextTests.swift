import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// The text an exact decimal writes, against the text it was read from: every length of digits
/// up to three limbs and beyond, every place of the point, the leading zeros of a value below
/// one and the sign, on both the 128-bit and the general storage.
@Suite struct ExactDecimalTextTests {
  /// Canonical decimal texts (no leading zero but the one before a point): each length from 1
  /// to 60 digits with the point at each place, from pseudo-random digits.
  static let texts: [String] = {
    var generator = SplitMix64(seed: 23)
    var texts: [String] = []
    for length in 1...60 {
      var digits = ""
      while digits.count < length { digits += String(generator.next() % 1_000_000_000) }
      var integer = Array(digits.prefix(length))
      if integer[0] == "0" { integer[0] = "7" }
      for scale in 0...min(length, 40) {
        let whole = String(integer.dropLast(scale))
        let fraction = String(integer.suffix(scale))
        texts.append(scale == 0 ? whole : (whole.isEmpty ? "0" : whole) + "." + fraction)
      }
    }
    // Fewer digits than decimals: zeros between the point and the digits, up to a scale of
    // four limbs above units of three (the limbs a 128-bit value does not have are zeros).
    for length in [1, 18, 19, 36, 37, 38, 39] {
      let digits = texts.first { $0.count == length && !$0.contains(".") }!
      for zeros in [1, 17, 18, 19, 24, 40] {
        texts.append("0." + String(repeating: "0", count: zeros) + digits)
      }
    }
    // Each power of ten and the number below it: a digit more or not.
    for length in 1...45 {
      texts.append("1" + String(repeating: "0", count: length - 1))
      texts.append(String(repeating: "9", count: length))
    }
    return texts + ["0", "0.0", "0.5", "0.05", "0.000000000000000001", "1000000000000000000"]
  }()

  @Test func aValueWritesTheTextItWasReadFrom() {
    for text in Self.texts {
      let value = ExactDecimal(Price(decimalText: text)!)
      #expect(value.price.text == text)
      #expect(value.textLength == text.utf8.count)
      var written = TextBuffer()
      written.append(ascii: "=")
      value.write(to: &written)
      #expect(written.text == "=" + text)
      #expect(ExactDecimal(general: value).price.text == text)
      if value != .zero {
        #expect((ExactDecimal.zero - value).price.text == "-" + text)
        #expect(ExactDecimal(Price(decimalText: "-" + text)!).price.text == "-" + text)
      }
    }
  }

  /// Units of up to 20 digits (those of one limb are written without walking limbs) at scales
  /// 0 to 20, pseudo-random, against the units' own digits with the point put in: on both
  /// storages, with both signs, as a string and into a buffer.
  @Test func randomUnitsWriteTheirDigitsAroundThePoint() {
    var generator = SeededGenerator(seed: 1_800)
    for _ in 0..<20_000 {
      let magnitude = generator.next() >> generator.next(below: 64)
      let scale = Int(generator.next(below: 21))
      let isNegative = magnitude != 0 && generator.next(below: 2) == 0
      let digits =
        String(repeating: "0", count: max(0, scale + 1 - String(magnitude).count))
        + String(magnitude)
      let point = digits.index(digits.endIndex, offsetBy: -scale)
      let text =
        (isNegative ? "-" : "") + digits[..<point] + (scale > 0 ? "." + digits[point...] : "")
      let units = isNegative ? -Int128(magnitude) : Int128(magnitude)
      let value = ExactDecimal(units: units, scale: scale)
      #expect(value.price.text == text)
      #expect(ExactDecimal(general: value).price.text == text)
      var written = TextBuffer()
      written.append(ascii: "=")
      value.write(to: &written)
      #expect(written.text == "=" + text)
    }
  }

  /// The digits after the point up to the last that is not zero, against the text's own count,
  /// on both storages: the texts above, and each with trailing zeros added, as Binance pads.
  @Test func significantScaleCountsTheDigitsBeforeTrailingZeros() {
    func significantDigits(_ text: String) -> Int {
      guard let point = text.firstIndex(of: ".") else { return 0 }
      return text[text.index(after: point)...].reversed().drop { $0 == "0" }.count
    }
    for base in Self.texts + ["24012.00000000", "0.10", "100", "7.5000"] {
      for zeros in [0, 1, 8, 19] {
        let text = base.contains(".") || zeros == 0 ? base : base + "."
        let padded = text + String(repeating: "0", count: text.contains(".") ? zeros : 0)
        let value = ExactDecimal(Price(decimalText: padded)!)
        #expect(value.significantScale == significantDigits(padded), "\(padded)")
        #expect(ExactDecimal(general: value).significantScale == significantDigits(padded))
        #expect((-value).significantScale == significantDigits(padded), "-\(padded)")
      }
    }
  }
}

/// Whole numbers written straight into a buffer, against their descriptions.
@Suite struct TextBufferNumberTests {
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
}
