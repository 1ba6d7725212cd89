/// Renders records as RFC 4180 CSV: a header row, CRLF after every record, and a field quoted
/// (with inner quotes doubled) when it holds a comma, a quote, CR or LF.
enum CSVRenderer {
  static let lineEnd = "\r\n"

  static func render(_ records: RecordSet, header: Bool) -> String {
    var output = header ? records.fields.map { field($0.key) }.joined(separator: ",") + lineEnd : ""
    for record in records.records {
      output += record.map(text(of:)).joined(separator: ",") + lineEnd
    }
    return output
  }

  private static func text(of value: RecordSet.Value) -> String {
    switch value {
    case .text(let text): return field(text)
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return ""
    }
  }

  private static func field(_ text: String) -> String {
    let needsQuotes = text.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n"
    }
    guard needsQuotes else { return text }
    return "\""
      + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
      + "\""
  }
}
