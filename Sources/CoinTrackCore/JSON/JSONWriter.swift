/// Serialises `JSONValue` as compact or indented JSON text.
public enum JSONWriter {
  /// Compact JSON on one line.
  public static func compact(_ value: JSONValue) -> String {
    var output = TextBuffer()
    write(value, indent: nil, level: 0, into: &output)
    return output.text
  }

  /// JSON indented by two spaces per level, for files people may read.
  public static func indented(_ value: JSONValue) -> String {
    var output = TextBuffer()
    write(value, indent: "  ", level: 0, into: &output)
    return output.text
  }

  /// Appends `text` as a JSON string literal.
  public static func appendString(_ text: String, to output: inout TextBuffer) {
    // Most text (symbols, names, dates) needs no escape at all: copy it whole.
    let isPlain = text.withUTF8Bytes { bytes in
      !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }
    }
    if isPlain {
      output.append(ascii: "\"")
      output += text
      output.append(ascii: "\"")
      return
    }
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output += String(Character(scalar))
      }
    }
    output += "\""
  }

  private static func write(
    _ value: JSONValue, indent: String?, level: Int, into output: inout TextBuffer
  ) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
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
        output += indent == nil ? ":" : ": "
        write(member.value, indent: indent, level: level + 1, into: &output)
      }
    }
  }

  private static func writeContainer<Element>(
    _ elements: [Element], open: String, close: String, indent: String?, level: Int,
    into output: inout TextBuffer, writeElement: (Element, inout TextBuffer) -> Void
  ) {
    output += open
    guard !elements.isEmpty else {
      output += close
      return
    }
    for (index, element) in elements.enumerated() {
      if index > 0 { output += "," }
      if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
      writeElement(element, &output)
    }
    if let indent { output += "\n" + String(repeating: indent, count: level) }
    output += close
  }
}
