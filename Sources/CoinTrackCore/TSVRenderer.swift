/// Renders records as tab-separated values: a header row of keys, LF after every record.
///
/// A field cannot hold a tab or a line break in TSV, so tab, CR, LF and backslash are written as
/// `\t`, `\r`, `\n` and `\\` (the escapes of PostgreSQL's text format and of Linear TSV); a
/// missing value is an empty field.
enum TSVRenderer {
  static func render(_ records: RecordSet, header: Bool) -> String {
    var output = header ? records.fields.map { escape($0.key) }.joined(separator: "\t") + "\n" : ""
    for record in records.records {
      output += record.map(text(of:)).joined(separator: "\t") + "\n"
    }
    return output
  }

  private static func text(of value: RecordSet.Value) -> String {
    switch value {
    case .text(let text): return escape(text)
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return ""
    }
  }

  /// `text` with the four characters TSV cannot carry written as backslash escapes.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
