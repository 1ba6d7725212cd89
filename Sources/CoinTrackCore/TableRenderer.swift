/// Renders records as aligned columns: text left-aligned, numbers right-aligned, "-" for none.
enum TableRenderer {
  static let columnGap = "  "

  static func render(_ records: RecordSet, header: Bool, style: RecordFormat.TableStyle) -> String {
    let titles = records.fields.map(\.title)
    let cells = records.records.map { $0.map(text(of:)) }
    // Without a header the columns are only as wide as their values.
    var widths = header ? titles.map(\.count) : Array(repeating: 0, count: titles.count)
    for row in cells {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    var output = ""
    if header {
      let headerLine = line(titles, widths: widths, fields: records.fields)
      output += style == .decorated ? "\u{1B}[1m" + headerLine + "\u{1B}[0m\n" : headerLine + "\n"
    }
    for row in cells { output += line(row, widths: widths, fields: records.fields) + "\n" }
    return output
  }

  private static func text(of value: RecordSet.Value) -> String {
    switch value {
    case .text(let text): return text
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "-"
    }
  }

  private static func line(_ cells: [String], widths: [Int], fields: [RecordSet.Field]) -> String {
    var parts: [String] = []
    for (column, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[column] - cell.count)
      let isLast = column == cells.count - 1
      if fields[column].isNumeric {
        parts.append(padding + cell)
      } else {
        // No trailing spaces at the end of a line.
        parts.append(isLast ? cell : cell + padding)
      }
    }
    return parts.joined(separator: columnGap)
  }
}
