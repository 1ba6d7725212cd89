/// The rules for text that comes from outside (API answers, the state file, the command line):
/// what a symbol, a name and a coin id may hold, and how text is made inert for a terminal.
public enum UntrustedText {
  /// The punctuation a symbol may hold besides ASCII letters and digits; real symbols use it
  /// (`USDC.E`, `ETH2X-FLI`, `USD+`, `$ADS`), and none of it is special inside a shell word
  /// once the completion scripts treat candidates as literal.
  public static let symbolPunctuation = ".-_+$"
  /// The longest symbol, in characters.
  public static let maximumSymbolLength = 24
  /// The longest coin name kept, in characters, after invisible characters are removed.
  public static let maximumNameLength = 100
  /// The longest coin id, in characters.
  public static let maximumIDLength = 100

  /// `text` in upper case when it can be a symbol: 1 to 24 ASCII letters, digits and
  /// `. - _ + $`; nil otherwise.
  public static func symbol(_ text: String) -> String? {
    let upper = text.uppercased()
    return isSymbol(upper) ? upper : nil
  }

  /// Whether `text` is a symbol as stored: 1 to 24 capitals, digits and `. - _ + $`.
  public static func isSymbol(_ text: String) -> Bool {
    let bytes = text.utf8
    return (1...maximumSymbolLength).contains(bytes.count)
      && bytes.allSatisfy { byte in
        (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
          || symbolPunctuation.utf8.contains(byte)
      }
  }

  /// Whether `text` can be a CoinGecko id: 1 to 100 lower-case ASCII letters, digits and
  /// `. - _`. It never holds `/`, which keeps it apart from the id of a coin known by its
  /// symbol alone (`symbol/FOO`).
  public static func isCoinGeckoID(_ text: String) -> Bool {
    let bytes = text.utf8
    return (1...maximumIDLength).contains(bytes.count)
      && bytes.allSatisfy { byte in
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || ".-_".utf8.contains(byte)
      }
  }

  /// `text` without invisible characters and surrounding spaces, as a coin name; nil when it is
  /// longer than `maximumNameLength` characters even then.
  public static func cleanedName(_ text: String) -> String? {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !scalar.isInvisible { kept.append(scalar) }
    let name = String(kept).trimmingSpaces()
    return name.count <= maximumNameLength ? name : nil
  }

  /// Whether `text` is a name as stored: no invisible character, no surrounding space, not
  /// empty, at most `maximumNameLength` characters.
  public static func isCleanName(_ text: String) -> Bool {
    // Printable ASCII, all a name usually holds, needs no look at its scalars and no copy:
    // loading a thousand tracked coins checks a thousand names.
    let bytes = text.utf8
    guard let first = bytes.first, let last = bytes.last else { return false }
    if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
      return first != 0x20 && last != 0x20 && bytes.count <= maximumNameLength
    }
    return firstInvisible(in: text) == nil && text.trimmingSpaces().utf8.count == bytes.count
      && text.count <= maximumNameLength
  }

  /// The first invisible character of `text` and its position, counting Unicode scalars from 1.
  public static func firstInvisible(in text: String) -> (position: Int, scalar: Unicode.Scalar)? {
    for (offset, scalar) in text.unicodeScalars.enumerated() where scalar.isInvisible {
      return (offset + 1, scalar)
    }
    return nil
  }

  /// Whether `text` is printable ASCII alone, as most text is, which needs no escaping; false
  /// for text whose bytes are not contiguous, which then takes the slower look at its scalars.
  public static func isPrintableASCII(_ text: String) -> Bool {
    // The lowest and highest byte, rather than a test per byte, lets the loop be vectorised: a
    // table of a thousand rows asks this of every text cell.
    let range = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.reduce((low: UInt8.max, high: UInt8.min)) { (min($0.low, $1), max($0.high, $1)) }
    }
    guard let range else { return false }
    return range.low >= 0x20 && range.high < 0x7F
  }

  /// `text` with every invisible character written as `\u{1b}`, so that nothing from outside
  /// can move the cursor, retitle the terminal or reorder what is shown.
  public static func terminalEscaped(_ text: String) -> String {
    guard !isPrintableASCII(text), text.unicodeScalars.contains(where: \.isInvisible) else {
      return text
    }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isInvisible {
        escaped.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16) + "}").unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// `U+202E`: how a message names a character.
  public static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension Unicode.Scalar {
  /// Whether the character is a control, format, separator or other character that shows
  /// nothing or changes how the text around it is shown: C0 and C1 controls, DEL, line and
  /// paragraph separators, direction marks and overrides, zero-width characters, tag
  /// characters, private-use and unassigned code points, and every default-ignorable one.
  public var isInvisible: Bool {
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
      .surrogate:
      return true
    default:
      return properties.isDefaultIgnorableCodePoint
    }
  }
}
