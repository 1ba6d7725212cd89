/// Renders records as aligned columns: text left-aligned, numbers right-aligned, "-" for none.
enum TableRenderer {
  static let columnGap = "  "

  static func render(
    _ records: RecordSet, header: Bool, style: RecordFormat.TableStyle,
    into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    let titles = records.fields.map(\.title)
    let cells = records.records.map { $0.map { Cell(text(of: $0)) } }
    // Without a header the columns are only as wide as their values.
    var widths = header ? titles.map(\.count) : Array(repeating: 0, count: titles.count)
    for row in cells {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.width) }
    }
    if header {
      if style == .decorated { output += "\u{1B}[1m" }
      append(titles.map(Cell.init), widths: widths, fields: records.fields, to: &output)
      if style == .decorated { output += "\u{1B}[0m" }
      output += "\n"
    }
    for row in cells {
      append(row, widths: widths, fields: records.fields, to: &output)
      output += "\n"
      if output.isFull { try flush(&output) }
    }
  }

  /// A cell's text with its width in characters, counted once.
  private struct Cell {
    let text: String
    let width: Int

    init(_ text: String) {
      self.text = text
      // ASCII, the usual case, is one character a byte; only other text needs grapheme counting.
      width = text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
  }

  private static func text(of value: RecordSet.Value) -> String {
    switch value {
    case .text(let text): return text
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "-"
    }
  }

  private static func append(
    _ cells: [Cell], widths: [Int], fields: [RecordSet.Field], to output: inout TextBuffer
  ) {
    for (column, cell) in cells.enumerated() {
      if column > 0 { output += columnGap }
      let padding = widths[column] - cell.width
      if fields[column].isNumeric {
        output.appendSpaces(padding)
        output += cell.text
      } else {
        output += cell.text
        // No trailing spaces at the end of a line.
        if column < cells.count - 1 { output.appendSpaces(padding) }
      }
    }
  }
}
