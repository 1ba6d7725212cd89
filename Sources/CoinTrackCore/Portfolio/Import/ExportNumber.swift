/// A number as an exchange's export writes it, read into canonical `Price` text and its unit.
///
/// Read: an optional sign (`-` or `+`), then an optional currency sign (`€`, `$`, `£`), the
/// digits, and an optional unit glued on after them (`43.7VET`, `0.00001143BNB`). The digits are
/// plain decimal (`1234.5`), thousands-separated only in the one unambiguous shape
/// `1,234,567.89` (groups of three after a first group of one to three, with a point, so `1,234`
/// alone is refused: it may be a decimal comma), or scientific (`-3.605E-05`, `5.1E-7`),
/// shifted exactly. Anything else, a decimal comma `12,5` among it, is refused: no export was
/// found writing one, and guessing would misread `1,234` by a factor of a thousand.
public struct ExportNumber: Hashable, Sendable {
  /// The value, signed, in canonical plain decimal text.
  public let value: Price
  /// The unit glued on after the digits, upper case; nil when none.
  public let unit: String?
  /// The currency sign before the digits; nil when none.
  public let currencySign: Character?

  /// The currency code each sign stands for.
  public static let currencySigns: [Character: String] = ["€": "EUR", "$": "USD", "£": "GBP"]

  /// The number of `text`, surrounding spaces ignored; nil when it is no number by the rules
  /// above.
  public init?(_ text: String) {
    var rest = Substring(text.trimmingSpaces())
    var negative = false
    if rest.first == "-" || rest.first == "+" {
      negative = rest.first == "-"
      rest = rest.dropFirst()
    }
    if let sign = rest.first, Self.currencySigns[sign] != nil {
      currencySign = sign
      rest = rest.dropFirst().drop { $0 == " " }
    } else {
      currencySign = nil
    }
    // A sign after the currency sign: `€-597.49`.
    if !negative, rest.first == "-" {
      negative = true
      rest = rest.dropFirst()
    }
    let unitStart =
      rest.lastIndex { !$0.isLetter }.map { rest.index(after: $0) } ?? rest.startIndex
    let unitText = rest[unitStart...]
    var digits = String(rest[..<unitStart])
    // A unit is ASCII letters (an exponent's E is followed by digits, so stays in them).
    guard unitText.allSatisfy(\.isASCII) else { return nil }
    if digits.contains(",") {
      guard Self.isThousandsSeparated(digits) else { return nil }
      digits.removeAll { $0 == "," }
    }
    guard !digits.isEmpty, !digits.hasPrefix("-"), !digits.hasPrefix("+"),
      let magnitude = Price(jsonNumber: digits)
    else { return nil }
    guard let signed = Price(decimalText: (negative ? "-" : "") + magnitude.text) else {
      return nil
    }
    value = signed
    unit = unitText.isEmpty ? nil : unitText.uppercased()
  }

  /// Whether `digits` are `d{1,3}(,ddd)+.d+`: the one shape where a comma cannot be a
  /// decimal comma.
  private static func isThousandsSeparated(_ digits: String) -> Bool {
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else {
      return false
    }
    let groups = parts[0].split(separator: ",", omittingEmptySubsequences: false)
    guard groups.count >= 2, (1...3).contains(groups[0].count) else { return false }
    return groups.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
      && groups.dropFirst().allSatisfy { $0.count == 3 }
  }

  /// The value's magnitude, without its sign.
  public var magnitude: Price {
    value.text.hasPrefix("-") ? Price(decimalText: String(value.text.dropFirst()))! : value
  }

  /// Whether the value is below zero.
  public var isNegative: Bool { value.text.hasPrefix("-") }
}

extension Character {
  /// Whether this is one of the ASCII digits 0-9.
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
