import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// The one scan of plain decimal text against a model written here from strings: seeded random
/// texts, plain decimals and near-misses of them, get the same verdict (plain decimal, above
/// zero) and the same value (digits and scale, and whether it fits a word) from the scan, from
/// `Price(decimalText:)` and `ExactDecimal(Price)`, and from the model.
@Suite struct PlainDecimalScanTests {
  /// What the model says of `text`: nil when it is not plain decimal text.
  struct Expected: Equatable {
    let isAboveZero: Bool
    /// The value's text as `ExactDecimal` writes it: no zero before another whole digit, the
    /// digits after the point as given, no sign on zero.
    let canonical: String
    /// Whether the scan gives the value in a word: units of 56 bits with their sign, a scale
    /// below 255, written in at most 38 digits (leading zeros and all).
    let fitsWord: Bool
  }

  static func model(_ text: String) -> Expected? {
    var body = Substring(text)
    let isNegative = body.first == "-"
    if isNegative { body = body.dropFirst() }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2,
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let whole = parts[0].drop { $0 == "0" }
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    let digits = (whole + fraction).drop { $0 == "0" }
    let isZero = digits.isEmpty
    let canonical =
      (isNegative && !isZero ? "-" : "") + (whole.isEmpty ? "0" : String(whole))
      + (fraction.isEmpty ? "" : "." + fraction)
    let limit: UInt64 = isNegative ? 1 << 55 : 1 << 55 - 1
    let fitsWord =
      fraction.count < 255 && parts.map(\.count).reduce(0, +) <= 38 && digits.count <= 17
      && (UInt64(digits) ?? 0) <= limit
    return Expected(
      isAboveZero: !isNegative && !isZero, canonical: canonical, fitsWord: fitsWord)
  }

  /// Texts at the edges, then seeded random ones.
  static let texts: [String] = {
    var texts = [
      "", "-", ".", "-.", "0", "-0", "0.000", "-0.000", "1.", ".5", "-.5", "1..2", "1.2.3", "+1",
      "--1", "-1-", "007", "-00.10", "0.00001230", "1e5", " 1", "1 ", "1,5", "١٢", "12a",
      String(repeating: "9", count: 38), String(repeating: "9", count: 39),
      "0." + String(repeating: "0", count: 40) + "1", "1." + String(repeating: "0", count: 254),
      "1." + String(repeating: "0", count: 255), "36028797018963967", "36028797018963968",
      "-36028797018963968", "-36028797018963969", "9999999999999999999", "18446744073709551616",
    ]
    var generator = SeededGenerator(seed: 35)
    func digits(_ count: UInt64) -> String {
      String((0..<count).map { _ in Character(String(generator.next(below: 10))) })
    }
    let lengths: [UInt64] = [1, 2, 3, 7, 16, 17, 18, 19, 20, 37, 38, 39, 45]
    let noise: [Character] = ["-", ".", "+", "e", " ", "/", ":", "0", "a", "٣"]
    for _ in 0..<4000 {
      let sign = generator.next(below: 4) == 0 ? "-" : ""
      let zeros = String(repeating: "0", count: Int(generator.next(below: 3)))
      var text =
        sign + zeros + digits(lengths[Int(generator.next(below: UInt64(lengths.count)))])
      if generator.next(below: 3) != 0 {
        text += "." + digits(lengths[Int(generator.next(below: UInt64(lengths.count)))])
      }
      // A near-miss of one in three: a byte put in, taken out or changed.
      switch generator.next(below: 9) {
      case 0:
        let at = text.index(
          text.startIndex, offsetBy: Int(generator.next(below: UInt64(text.count + 1))))
        text.insert(noise[Int(generator.next(below: UInt64(noise.count)))], at: at)
      case 1:
        text.remove(
          at: text.index(text.startIndex, offsetBy: Int(generator.next(below: UInt64(text.count)))))
      case 2:
        let at = text.index(
          text.startIndex, offsetBy: Int(generator.next(below: UInt64(text.count))))
        text.replaceSubrange(
          at...at, with: String(noise[Int(generator.next(below: UInt64(noise.count)))]))
      default: break
      }
      texts.append(text)
    }
    return texts
  }()

  @Test func theScanAgreesWithTheModelAndWithPrice() {
    var plainCount = 0
    for text in Self.texts {
      let expected = Self.model(text)
      text.withUTF8Bytes { bytes in
        let scan = PlainDecimalScan(bytes)
        #expect(scan.isPlainDecimal == (expected != nil), "\(text)")
        #expect(Price.isPlainDecimal(bytes) == (expected != nil), "\(text)")
        #expect(scan.isAboveZero == (expected?.isAboveZero ?? false), "\(text)")
        #expect(Price.isAboveZero(bytes) == (expected?.isAboveZero ?? false), "\(text)")
        guard let expected else {
          #expect(scan.word == .none, "\(text)")
          return
        }
        plainCount += 1
        #expect(ExactDecimal(plainDecimalBytes: bytes).price.text == expected.canonical, "\(text)")
        #expect(
          scan.word.value?.price.text == (expected.fitsWord ? expected.canonical : nil), "\(text)")
      }
      let price = Price(decimalText: text)
      #expect((price != nil) == (expected != nil), "\(text)")
      if let price, let expected {
        #expect(ExactDecimal(price).price.text == expected.canonical, "\(text)")
        #expect(price.isAboveZero == expected.isAboveZero, "\(text)")
      }
    }
    // The random texts reach both verdicts, often.
    #expect(plainCount > Self.texts.count / 2 && plainCount < Self.texts.count * 9 / 10)
  }

  /// How many characters of `text` start it in the shape of plain decimal text: a '-', digits,
  /// a point and digits, each part optional, as many as there are.
  static func leadingShapeLength(_ text: String) -> Int {
    var rest = Substring(text)
    func take(_ accepts: (Character) -> Bool) {
      rest = rest.drop { accepts($0) && $0.isASCII }
    }
    if rest.first == "-" { rest = rest.dropFirst() }
    take(\.isNumber)
    if rest.first == "." {
      rest = rest.dropFirst()
      take(\.isNumber)
    }
    return text.count - rest.count
  }

  /// Reading only the text that starts the bytes (a history line's close, up to the comma after
  /// it) stops where the shape ends, and says of the text read what the whole scan says of it.
  @Test func theLeadingTextIsReadToWhereItsShapeEnds() {
    let ends = ["", ",USDT,binance\n", ",", "\n", "x", "-", ".", ". ", "+1", "e5", "٣"]
    // Zeros past what 64 bits hold, before a digit other than 0 that is not read.
    let zeros = String(repeating: "0", count: 25)
    let texts =
      Self.texts.enumerated().map { offset, text in text + ends[offset % ends.count] }
      + [zeros + "e5", "0." + zeros + ",USDT,binance\n1"]
    var plainCount = 0
    for bytes in texts {
      let text = bytes
      let expectedLength = Self.leadingShapeLength(bytes)
      let leading = String(bytes.prefix(expectedLength))
      let expected = Self.model(leading)
      bytes.withUTF8Bytes { bytes in
        let scan = PlainDecimalScan(leadingTextOf: bytes)
        #expect(scan.length == expectedLength, "\(text)")
        #expect(scan.isPlainDecimal == (expected != nil), "\(text)")
        #expect(scan.isAboveZero == (expected?.isAboveZero ?? false), "\(text)")
        guard let expected else { return }
        plainCount += 1
        #expect(
          scan.word.value?.price.text == (expected.fitsWord ? expected.canonical : nil), "\(text)")
      }
    }
    #expect(plainCount > Self.texts.count / 2)
  }
}

/// The scan, which reads eight bytes a step where eight lie ahead, against a model that reads
/// one byte a step: texts of every length to 27 digits with the point at every place (or none),
/// a byte that is no digit put at every place (or none), among them the bytes nearest the
/// digits and those that carry when added to, and bytes after the text, read whole and as the
/// text that starts the bytes.
@Suite struct PlainDecimalScanStepTests {
  /// What reading one byte a step finds.
  struct Model: Equatable {
    var isNegative = false
    var digitCount = 0
    var scale = 0
    var length = 0
    var isPlainDecimal = false
    /// The digits as a whole number, when the text is plain decimal in at most 38 digits.
    var magnitude: Int128?
  }

  static func model(_ bytes: [UInt8], wholly: Bool) -> Model {
    var model = Model()
    var index = 0
    func isDigit(_ at: Int) -> Bool { at < bytes.count && (48...57).contains(bytes[at]) }
    if bytes.first == UInt8(ascii: "-") {
      model.isNegative = true
      index = 1
    }
    var digits: [UInt8] = []
    while isDigit(index) {
      digits.append(bytes[index])
      index += 1
    }
    let integerDigits = digits.count
    let hasPoint = index < bytes.count && bytes[index] == UInt8(ascii: ".")
    if hasPoint {
      index += 1
      while isDigit(index) {
        digits.append(bytes[index])
        index += 1
        model.scale += 1
      }
    }
    model.length = index
    model.digitCount = digits.count
    model.isPlainDecimal =
      integerDigits > 0 && (!hasPoint || model.scale > 0) && (!wholly || index == bytes.count)
    if model.isPlainDecimal, digits.count <= 38 {
      model.magnitude = digits.reduce(Int128(0)) { $0 * 10 + Int128($1 - 48) }
    }
    return model
  }

  static func scanned(_ scan: PlainDecimalScan) -> Model {
    Model(
      isNegative: scan.isNegative, digitCount: scan.digitCount, scale: scan.scale,
      length: scan.length, isPlainDecimal: scan.isPlainDecimal,
      magnitude: scan.isPlainDecimal ? scan.magnitude : nil)
  }

  /// Bytes that are no digit: those either side of the digits, those whose high half is a
  /// digit's, those that carry when 6 is added, and what ends a close in a history line.
  static let notDigits: [UInt8] = [
    0x00, 0x2F, 0x3A, 0x3F, 0x40, 0x7F, 0x80, 0xB0, 0xB9, 0xF0, 0xF9, 0xFA, 0xFF, 0x2C, 0x2E, 0x2D,
    0x0A, 0x20, 0x13, 0x23, 0x33 | 0x40,
  ]

  @Test func eightBytesAStepReadWhatOneByteAStepReads() {
    var generator = SeededGenerator(seed: 37)
    var checked = 0
    var plain = 0
    var leadingPlain = 0
    for digitCount in 0...27 {
      for point in [nil] + Array(0...digitCount) {
        for notDigitAt in [nil] + Array(0...digitCount + 1) {
          var text: [UInt8] = generator.next(below: 4) == 0 ? [UInt8(ascii: "-")] : []
          for place in 0..<digitCount {
            if place == point { text.append(UInt8(ascii: ".")) }
            text.append(UInt8(ascii: "0") + UInt8(generator.next(below: 10)))
          }
          if point == digitCount { text.append(UInt8(ascii: ".")) }
          if let notDigitAt {
            let byte = Self.notDigits[Int(generator.next(below: UInt64(Self.notDigits.count)))]
            text.insert(byte, at: min(notDigitAt + (text.first == 45 ? 1 : 0), text.count))
          }
          let after = (0..<generator.next(below: 12)).map { _ in
            generator.next(below: 2) == 0
              ? UInt8(ascii: "0") + UInt8(generator.next(below: 10))
              : UInt8(truncatingIfNeeded: generator.next())
          }
          for bytes in [text, text + after] {
            bytes.withUnsafeBufferPointer { buffer in
              let whole = Self.model(bytes, wholly: true)
              let leading = Self.model(bytes, wholly: false)
              #expect(Self.scanned(PlainDecimalScan(buffer)) == whole, "\(bytes)")
              #expect(
                Self.scanned(PlainDecimalScan(leadingTextOf: buffer)) == leading, "\(bytes)")
              checked += 1
              if whole.isPlainDecimal { plain += 1 }
              if leading.isPlainDecimal { leadingPlain += 1 }
            }
          }
        }
      }
    }
    // Both verdicts, often.
    #expect(
      checked > 15_000 && plain > 400 && leadingPlain > checked / 4 && leadingPlain < checked,
      "\(plain), \(leadingPlain) of \(checked)")
  }
}
