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
