/// The rules for text that comes from outside (API answers, the state file, the command line):
/// what a symbol, a name and a coin id may hold, and how text is made inert for a terminal.
public enum UntrustedText {
  /// The punctuation a symbol may hold besides ASCII letters and digits; real symbols use it
  /// (`USDC.E`, `ETH2X-FLI`, `USD+`, `$ADS`), and none of it is special inside a shell word
  /// once the completion scripts treat candidates as literal. `isSymbol` spells it out again as
  /// bytes.
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
    text.withUTF8Bytes(isSymbol(utf8:))
  }

  /// Whether `bytes` are a symbol as stored, read where they lie.
  static func isSymbol(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    holdsOnly(bytes, lengths: 1...maximumSymbolLength) { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "+"),
        UInt8(ascii: "$"):
        return true
      default: return false
      }
    }
  }

  /// Whether `text` can be a CoinGecko id: 1 to 100 lower-case ASCII letters, digits and
  /// `. - _`. It never holds `/`, which keeps it apart from the id of a coin known by its
  /// symbol alone (`symbol/FOO`).
  public static func isCoinGeckoID(_ text: String) -> Bool {
    text.withUTF8Bytes(isCoinGeckoID(utf8:))
  }

  /// Whether `bytes` can be a CoinGecko id, read where they lie.
  static func isCoinGeckoID(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    holdsOnly(bytes, lengths: 1...maximumIDLength) { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
        return true
      default: return false
      }
    }
  }

  /// Whether `bytes` are `lengths` long and `isAllowed` accepts every one: loading a thousand
  /// tracked coins checks three texts of each.
  @inline(__always)
  private static func holdsOnly(
    _ bytes: UnsafeBufferPointer<UInt8>, lengths: ClosedRange<Int>, _ isAllowed: (UInt8) -> Bool
  ) -> Bool {
    lengths.contains(bytes.count) && bytes.allSatisfy(isAllowed)
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
    text.withUTF8Bytes(isCleanName(utf8:))
  }

  /// Whether the valid UTF-8 `bytes` are a name as stored, read where they lie.
  static func isCleanName(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Printable ASCII, all a name usually holds, needs no look at its scalars and no copy:
    // loading a thousand tracked coins checks a thousand names.
    guard let first = bytes.first, let last = bytes.last else { return false }
    guard !isPrintableASCII(bytes) else {
      return first != 0x20 && last != 0x20 && bytes.count <= maximumNameLength
    }
    let text = String(decoding: bytes, as: UTF8.self)
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

  /// Whether `text` is printable ASCII alone, as most text is, which needs no escaping.
  public static func isPrintableASCII(_ text: String) -> Bool {
    text.withUTF8Bytes(isPrintableASCII)
  }

  /// Whether `bytes` are printable ASCII alone.
  private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // The largest distance above a space, rather than a test per byte that may stop early,
    // lets the loop be vectorised: a table of a thousand rows asks this of its text cells.
    bytes.reduce(0) { max($0, $1 &- 0x20) } < 0x5F
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
