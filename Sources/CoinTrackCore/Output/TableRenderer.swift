/// Renders records as aligned columns: text left-aligned, numbers right-aligned, "-" for none.
enum TableRenderer {
  /// Spaces between two columns.
  static let columnGap = 2

  static func render(
    _ records: RecordSet, header: Bool, style: RecordFormat.TableStyle,
    into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    let titles = records.fields.map { RecordSet.Value.text($0.title) }
    // Without a header the columns are only as wide as their values. Widths are measured again
    // while writing rather than kept for every row; what is kept is whether a column's text is
    // all plain, so that it is not checked twice.
    var columns = records.fields.map { Layout.Column(isNumeric: $0.isNumeric) }
    if header {
      for column in columns.indices { columns[column].measure(titles[column]) }
    }
    try records.withReaders { readers in
      for column in columns.indices {
        var measured = columns[column]
        for record in 0..<records.count { measured.measure(readers[record, column]) }
        columns[column] = measured
      }
      let layout = Layout(columns: columns)
      if header {
        if style == .decorated { output += "\u{1B}[1m" }
        layout.appendLine(to: &output) { titles[$0] }
        if style == .decorated { output += "\u{1B}[0m" }
        output += "\n"
      }
      for record in 0..<records.count {
        layout.appendLine(to: &output) { readers[record, $0] }
        output.append("\n")
        if output.isFull { try flush(&output) }
      }
    }
  }

  /// A cell as a table shows it: text, or a number or day written in place without a string
  /// of its own.
  private enum Shown {
    case text(String)
    case integer(Int)
    case date(Day)
  }

  /// Calls `body` with a cell as shown, its width in characters and whether it is shown as it
  /// is, the text lent rather than copied. Invisible characters (escape sequences, direction
  /// overrides) are shown escaped, as `\u{1b}`: a table goes to a terminal. Printable ASCII,
  /// the usual case, is one character a byte; only other text needs grapheme counting.
  /// `isKnownPlain` says the text was found printable ASCII before and need not be checked.
  private static func withShown<Result>(
    of value: RecordSet.Value, isKnownPlain: Bool = false,
    _ body: (_ shown: Shown, _ width: Int, _ isPlain: Bool) -> Result
  ) -> Result {
    switch value {
    case .text(let text):
      if isKnownPlain || UntrustedText.isPrintableASCII(text) {
        return body(.text(text), text.utf8.count, true)
      }
      let shown = UntrustedText.terminalEscaped(text)
      return body(.text(shown), shown.count, false)
    // Numbers are ASCII digits, signs and points.
    case .number(let text): return body(.text(text), text.utf8.count, true)
    case .integer(let value):
      return body(.integer(value), TextBuffer.decimalLength(of: value), true)
    case .date(let day): return body(.date(day), Day.isoLength, true)
    case .bool(let flag): return flag ? body(.text("true"), 4, true) : body(.text("false"), 5, true)
    case .null: return body(.text("-"), 1, true)
    }
  }

  /// The columns' widths and alignments.
  private struct Layout {
    /// What measuring a column's cells found.
    struct Column {
      /// Numbers are right-aligned.
      let isNumeric: Bool
      var width = 0
      /// Whether every text cell is printable ASCII, shown as it is.
      var isPlain = true

      mutating func measure(_ value: RecordSet.Value) {
        TableRenderer.withShown(of: value) { _, width, isPlain in
          self.width = max(self.width, width)
          self.isPlain = self.isPlain && isPlain
        }
      }
    }

    let columns: [Column]

    /// Appends one line, the cell of each column given by `cell`, without the line end.
    @inline(__always)
    func appendLine(to output: inout TextBuffer, cell: (_ column: Int) -> RecordSet.Value) {
      // Spaces owed before the next cell: the padding of a left-aligned cell, the gap and the
      // padding of a right-aligned one, written at once. Those still owed at the end of the
      // line are dropped, so that no line ends in spaces.
      var spaces = 0
      for column in columns.indices {
        if column > 0 { spaces += TableRenderer.columnGap }
        let isNumeric = columns[column].isNumeric
        TableRenderer.withShown(of: cell(column), isKnownPlain: columns[column].isPlain) {
          shown, width, _ in
          let padding = columns[column].width - width
          if isNumeric { spaces += padding }
          output.appendSpaces(spaces)
          switch shown {
          case .text(let text): output += text
          case .integer(let value): output.append(value)
          case .date(let day): output.append(day)
          }
          spaces = isNumeric ? 0 : padding
        }
      }
    }
  }
}
