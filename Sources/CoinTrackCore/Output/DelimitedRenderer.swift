/// Renders records as delimited lines: CSV and TSV differ only in separator, line end and how a
/// field that holds special characters is written.
enum DelimitedRenderer {
  /// The rules of one delimited format.
  struct Dialect: Sendable {
    /// One ASCII character, written as a byte: a string is retained and copied, for every cell.
    let separator: Unicode.Scalar
    let lineEnd: StaticString
    /// Appends a text field, escaped or quoted as the format requires.
    let appendText: @Sendable (String, inout TextBuffer) -> Void
  }

  /// The records, after a header line of keys unless `header` is false; a missing value is an
  /// empty field.
  static func render(
    _ records: RecordSet, header: Bool, dialect: Dialect, into output: inout TextBuffer,
    flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    if header {
      for (column, field) in records.fields.enumerated() {
        if column > 0 { output.append(ascii: dialect.separator) }
        dialect.appendText(field.key, &output)
      }
      output.append(dialect.lineEnd)
    }
    try records.withReaders { readers in
      for record in 0..<records.count {
        for column in records.fields.indices {
          if column > 0 { output.append(ascii: dialect.separator) }
          switch readers[record, column] {
          case .text(let text): dialect.appendText(text, &output)
          case .number(let text): output += text
          case .decimal(let amount): amount.write(to: &output)
          case .integer(let value): output.append(value)
          case .date(let day): output.append(day)
          case .bool(let flag): output.append(flag ? "true" : "false")
          case .null: break
          }
        }
        output.append(dialect.lineEnd)
        if output.isFull { try flush(&output) }
      }
    }
  }
}

extension DelimitedRenderer.Dialect {
  /// RFC 4180: CRLF after every record, and a field quoted (inner quotes doubled) when it holds a
  /// comma, a quote, CR or LF.
  static let csv = Self(separator: ",", lineEnd: "\r\n") { text, output in
    guard
      !output.appendUnlessAny(
        of: text, where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A })
    else { return }
    output += "\""
    for character in text {
      output += character == "\"" ? "\"\"" : String(character)
    }
    output += "\""
  }

  /// Tab-separated values, LF after every record. A field cannot hold a tab or a line break, so
  /// tab, CR, LF and backslash are written as `\t`, `\r`, `\n` and `\\` (the escapes of
  /// PostgreSQL's text format and of Linear TSV).
  static let tsv = Self(separator: "\t", lineEnd: "\n") { text, output in
    guard
      !output.appendUnlessAny(
        of: text, where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C })
    else { return }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": output += "\\t"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\\": output += "\\\\"
      default: output += String(Character(scalar))
      }
    }
  }
}
