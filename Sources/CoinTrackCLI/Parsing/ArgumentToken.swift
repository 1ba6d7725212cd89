/// One element of argv, classified before any matching against the command table.
struct ArgumentToken: Hashable, Sendable {
  /// The shapes an argument can have.
  enum Kind: Hashable, Sendable {
    /// `--name` or `--name=value`.
    case longOption(name: String, value: String?)
    /// `-x` or grouped `-xyz`.
    case shortOptions([Character])
    /// `--`: everything after it is a plain value.
    case terminator
    /// Anything else, including `-` alone.
    case value(String)
  }

  let kind: Kind
  /// The element exactly as given, for messages.
  let text: String
  /// Position in argv (0 is the first argument after the program name).
  let position: Int

  /// Splits argv into tokens; nothing is looked up yet.
  static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var afterTerminator = false
    for (position, text) in arguments.enumerated() {
      let kind: Kind
      if afterTerminator {
        kind = .value(text)
      } else if text == "--" {
        kind = .terminator
        afterTerminator = true
      } else if text.hasPrefix("--") {
        let body = text.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          kind = .longOption(
            name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
        } else {
          kind = .longOption(name: String(body), value: nil)
        }
      } else if text.hasPrefix("-"), text.count > 1 {
        kind = .shortOptions(Array(text.dropFirst()))
      } else {
        kind = .value(text)
      }
      tokens.append(ArgumentToken(kind: kind, text: text, position: position))
    }
    return tokens
  }
}

extension ArgumentToken {
  /// The token as the value of an option that takes one: a plain value, or a negative number
  /// such as `-10` for `--change`, which no group of short options spells (none is a digit).
  var optionValue: String? {
    switch kind {
    case .value(let text): return text
    case .shortOptions(let characters) where characters.first.map(\.isASCIIDigit) == true:
      return text
    default: return nil
    }
  }
}

extension Character {
  /// 0 to 9, and no other digit of any script.
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
