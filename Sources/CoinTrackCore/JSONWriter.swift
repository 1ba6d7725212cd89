/// Serialises `JSONValue` as compact or indented JSON text.
public enum JSONWriter {
  /// Compact JSON on one line.
  public static func compact(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: nil, level: 0, into: &output)
    return output
  }

  /// JSON indented by two spaces per level, for files people may read.
  public static func indented(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: "  ", level: 0, into: &output)
    return output
  }

  /// Appends `text` as a JSON string literal.
  public static func appendString(_ text: String, to output: inout String) {
    output.append("\"")
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      case "\u{08}": output.append("\\b")
      case "\u{0C}": output.append("\\f")
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output.append("\"")
  }

  private static func write(_ value: JSONValue, indent: String?, level: Int, into output: inout String)
  {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let text): output.append(text)
    case .string(let text): appendString(text, to: &output)
    case .array(let elements):
      writeContainer(
        elements, open: "[", close: "]", indent: indent, level: level, into: &output
      ) { element, output in
        write(element, indent: indent, level: level + 1, into: &output)
      }
    case .object(let members):
      writeContainer(
        members, open: "{", close: "}", indent: indent, level: level, into: &output
      ) { member, output in
        appendString(member.key, to: &output)
        output.append(indent == nil ? ":" : ": ")
        write(member.value, indent: indent, level: level + 1, into: &output)
      }
    }
  }

  private static func writeContainer<Element>(
    _ elements: [Element], open: String, close: String, indent: String?, level: Int,
    into output: inout String, writeElement: (Element, inout String) -> Void
  ) {
    output.append(open)
    guard !elements.isEmpty else {
      output.append(close)
      return
    }
    for (index, element) in elements.enumerated() {
      if index > 0 { output.append(",") }
      if let indent { output.append("\n" + String(repeating: indent, count: level + 1)) }
      writeElement(element, &output)
    }
    if let indent { output.append("\n" + String(repeating: indent, count: level)) }
    output.append(close)
  }
}
