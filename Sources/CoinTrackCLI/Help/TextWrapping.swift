/// Word-wrapping for help text.
enum TextWrapping {
  /// `text` broken into lines of at most `width` characters (longer words stand alone), every
  /// line after the first prefixed by `indent` spaces.
  static func wrap(_ text: String, width: Int, hangingIndent indent: Int = 0) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let limit = lines.isEmpty ? width : width - indent
      if !line.isEmpty, line.count + 1 + word.count > limit {
        lines.append(line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    lines.append(line)
    let padding = String(repeating: " ", count: indent)
    return lines.enumerated().map { $0.offset == 0 ? $0.element : padding + $0.element }
      .joined(separator: "\n")
  }

  /// Two columns: each term padded to the widest, then its description wrapped beside it.
  static func columns(_ rows: [(term: String, description: String)], width: Int) -> String {
    let termWidth = min(rows.map(\.term.count).max() ?? 0, 28)
    return rows.map { row in
      let lead = "  " + row.term
      let column = 2 + termWidth + 2
      if row.term.count > termWidth {
        return lead + "\n" + String(repeating: " ", count: column)
          + wrap(row.description, width: width - column, hangingIndent: 0)
          .replacingNewlines(indent: column)
      }
      let padded = lead + String(repeating: " ", count: column - lead.count)
      return padded
        + wrap(row.description, width: width - column).replacingNewlines(indent: column)
    }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func replacingNewlines(indent: Int) -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
