/// How records are written to stdout.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned columns for people.
  case table
  /// RFC 4180: a header row, CRLF line ends, fields quoted when needed.
  case csv
  /// An array of objects (one object for a single record), one object per line.
  case json

  /// How a table is decorated.
  public enum TableStyle: Sendable {
    /// No escape sequences: for pipes, files and NO_COLOR.
    case plain
    /// A bold header, for terminals.
    case decorated
  }

  /// The records in this format.
  public func render(_ records: RecordSet, tableStyle: TableStyle = .plain) -> String {
    switch self {
    case .table: return TableRenderer.render(records, style: tableStyle)
    case .csv: return CSVRenderer.render(records)
    case .json: return JSONRenderer.render(records)
    }
  }
}
