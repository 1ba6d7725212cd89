/// Renders records as aligned columns: text left-aligned, numbers right-aligned, "-" for none.
enum TableRenderer {
  static let columnGap = "  "

  static func render(
    _ records: RecordSet, header: Bool, style: RecordFormat.TableStyle,
    into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    let titles = records.fields.map { RecordSet.Value.text($0.title) }
    // Without a header the columns are only as wide as their values. Widths are measured again
    // while writing rather than kept, as keeping them for a thousand rows cost more.
    var widths = header ? titles.map(width(of:)) : Array(repeating: 0, count: titles.count)
    for record in records.records {
      for (column, value) in record.enumerated() {
        widths[column] = max(widths[column], width(of: value))
      }
    }
    let layout = Layout(widths: widths, fields: records.fields)
    if header {
      if style == .decorated { output += "\u{1B}[1m" }
      layout.append(titles, to: &output)
      if style == .decorated { output += "\u{1B}[0m" }
      output += "\n"
    }
    for record in records.records {
      layout.append(record, to: &output)
      output += "\n"
      if output.isFull { try flush(&output) }
    }
  }

  /// A cell's width in characters: ASCII, the usual case, is one character a byte; only other
  /// text needs grapheme counting.
  private static func width(of value: RecordSet.Value) -> Int {
    withText(of: value) { text in
      let isASCII = text.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } }
      return isASCII == true ? text.utf8.count : text.count
    }
  }

  /// Calls `body` with the text of a cell, lent rather than copied: a table of a thousand rows
  /// looks at each cell twice.
  private static func withText<Result>(of value: RecordSet.Value, _ body: (String) -> Result)
    -> Result
  {
    switch value {
    case .text(let text), .number(let text): return body(text)
    case .bool(let flag): return body(flag ? "true" : "false")
    case .null: return body("-")
    }
  }

  /// The columns' widths and alignments.
  private struct Layout {
    let widths: [Int]
    let fields: [RecordSet.Field]

    /// Appends one line's cells, padded to the column widths, without the line end.
    func append(
      _ cells: some RandomAccessCollection<RecordSet.Value>, to output: inout TextBuffer
    ) {
      for (column, cell) in cells.enumerated() {
        if column > 0 { output += TableRenderer.columnGap }
        let padding = widths[column] - TableRenderer.width(of: cell)
        if fields[column].isNumeric {
          output.appendSpaces(padding)
          TableRenderer.withText(of: cell) { output += $0 }
        } else {
          TableRenderer.withText(of: cell) { output += $0 }
          // No trailing spaces at the end of a line.
          if column < cells.count - 1 { output.appendSpaces(padding) }
        }
      }
    }
  }
}
