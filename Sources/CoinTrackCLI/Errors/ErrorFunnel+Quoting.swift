import CoinTrackCore

/// How messages show what came from outside: quoted and escaped so that a message stays one
/// line and cannot act on the terminal, shortened, and listed in prose.
extension ErrorFunnel {
  /// `input` in single quotes with control and other invisible characters (direction
  /// overrides, zero-width and tag characters) escaped, so that a message stays one line and
  /// shows what was typed; `shortened` cuts what the user typed to a readable length (never a
  /// path).
  static func quote(_ input: String, shortened: Bool = true) -> String {
    var escaped = escaping(input)
    if shortened, escaped.count > 100 { escaped = String(escaped.prefix(97)) + "..." }
    return "'" + escaped + "'"
  }

  /// `bytes` quoted like text, with each byte that is not part of valid UTF-8 written `\xHH`,
  /// and shortened like text.
  static func quote(bytes: [UInt8], shortened: Bool = true) -> String {
    var escaped = ""
    var valid = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    parsing: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        valid.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        escaped += escaping(String(valid))
        valid = String.UnicodeScalarView()
        for byte in bytes[offset..<offset + length] {
          let hex = String(byte, radix: 16)
          escaped += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
        offset += length
      case .emptyInput:
        break parsing
      }
    }
    escaped += escaping(String(valid))
    if shortened, escaped.count > 100 { escaped = String(escaped.prefix(97)) + "..." }
    return "'" + escaped + "'"
  }

  /// `input` with quotes, backslashes and control characters escaped.
  private static func escaping(_ input: String) -> String {
    var escaped = ""
    for scalar in input.unicodeScalars {
      switch scalar {
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "'": escaped += "\\'"
      case "\\": escaped += "\\\\"
      default:
        if scalar.isInvisible {
          escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// Text from outside (a symbol, a name, a coin id) as it may appear in a message: with
  /// invisible characters escaped, so that it cannot act on the terminal.
  static func shown(_ text: String) -> String {
    UntrustedText.terminalEscaped(text)
  }

  /// `.` or `; did you mean 'a' or 'b'?`, ending a sentence about an unknown name.
  static func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "." }
    return "; did you mean " + listing(suggestions.map { "'\($0)'" }, conjunction: "or") + "?"
  }

  /// `a`, `a or b`, `a, b or c`.
  static func listing(_ items: [String], conjunction: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    // A loop rather than `joined(separator:)` over a slice, which is not specialised and cost
    // `alerts check` more than its notes' other work.
    var text = items[0]
    for item in items[1..<(items.count - 1)] {
      text += ", "
      text += item
    }
    return text + " " + conjunction + " " + items[items.count - 1]
  }
}
