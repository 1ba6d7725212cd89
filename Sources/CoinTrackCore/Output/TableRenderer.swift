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
    // while writing rather than kept, as keeping them for a thousand rows cost more.
    var widths = header ? titles.map(width(of:)) : Array(repeating: 0, count: titles.count)
    for record in 0..<records.count {
      for column in widths.indices {
        widths[column] = max(widths[column], width(of: records[record, column]))
      }
    }
    let layout = Layout(widths: widths, fields: records.fields)
    if header {
      if style == .decorated { output += "\u{1B}[1m" }
      layout.appendLine(to: &output) { titles[$0] }
      if style == .decorated { output += "\u{1B}[0m" }
      output += "\n"
    }
    for record in 0..<records.count {
      layout.appendLine(to: &output) { records[record, $0] }
      output += "\n"
      if output.isFull { try flush(&output) }
    }
  }

  /// A cell's width in characters: ASCII, the usual case, is one character a byte; only other
  /// text needs grapheme counting.
  private static func width(of value: RecordSet.Value) -> Int {
    withText(of: value) { text in
      // Or-ing every byte rather than stopping at the first high one lets the loop be vectorised.
      let isASCII = text.utf8.withContiguousStorageIfAvailable { $0.reduce(0, |) < 0x80 }
      return isASCII == true ? text.utf8.count : text.count
    }
  }

  /// Calls `body` with the text of a cell, lent rather than copied: a table of a thousand rows
  /// looks at each cell twice. Invisible characters (escape sequences, direction overrides)
  /// are shown escaped, as `\u{1b}`: a table goes to a terminal.
  private static func withText<Result>(of value: RecordSet.Value, _ body: (String) -> Result)
    -> Result
  {
    switch value {
    case .text(let text):
      return UntrustedText.isPrintableASCII(text)
        ? body(text) : body(UntrustedText.terminalEscaped(text))
    case .number(let text): return body(text)
    case .bool(let flag): return body(flag ? "true" : "false")
    case .null: return body("-")
    }
  }

  /// The columns' widths and alignments.
  private struct Layout {
    let widths: [Int]
    let fields: [RecordSet.Field]

    /// Appends one line, the cell of each column given by `cell`, without the line end.
    @inline(__always)
    func appendLine(to output: inout TextBuffer, cell: (_ column: Int) -> RecordSet.Value) {
      // Spaces owed before the next cell: the padding of a left-aligned cell, the gap and the
      // padding of a right-aligned one, written at once. Those still owed at the end of the
      // line are dropped, so that no line ends in spaces.
      var spaces = 0
      for column in widths.indices {
        let cell = cell(column)
        if column > 0 { spaces += TableRenderer.columnGap }
        let padding = widths[column] - TableRenderer.width(of: cell)
        if fields[column].isNumeric { spaces += padding }
        output.appendSpaces(spaces)
        TableRenderer.withText(of: cell) { output += $0 }
        spaces = fields[column].isNumeric ? 0 : padding
      }
    }
  }
}
