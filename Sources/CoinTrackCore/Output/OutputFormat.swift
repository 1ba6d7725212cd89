/// How a command's results are written to stdout: as records, or as price directives.
public enum OutputFormat: Hashable, Sendable {
  /// Rows of named fields: every command's results can be written this way.
  case records(RecordFormat)
  /// Price directives of a plain-text accounting tool: only daily prices can be written this way.
  case priceDirectives(PriceDirectiveDialect)

  /// Every format, in the order help lists them.
  public static let all: [OutputFormat] =
    RecordFormat.allCases.map(OutputFormat.records)
    + PriceDirectiveDialect.allCases.map(OutputFormat.priceDirectives)

  /// The name `--format` takes, such as `jsonl` or `beancount`.
  public var name: String {
    switch self {
    case .records(let format): return format.rawValue
    case .priceDirectives(let dialect): return dialect.rawValue
    }
  }

  /// The format called `name`; nil for an unknown name.
  public init?(name: String) {
    guard let format = OutputFormat.all.first(where: { $0.name == name }) else { return nil }
    self = format
  }

  /// Whether results of this kind can be written in this format.
  public func canWrite(_ kind: RecordKind) -> Bool {
    switch self {
    case .records: return true
    case .priceDirectives: return kind == .priceRow
    }
  }
}

/// The formats that write rows of named fields.
public enum RecordFormat: String, CaseIterable, Sendable {
  /// Aligned columns for people.
  case table
  /// RFC 4180: a header row, CRLF line ends, fields quoted when needed.
  case csv
  /// Tab-separated: a header row, LF line ends, tab, line breaks and backslash escaped.
  case tsv
  /// An array of objects (one object for a single record), one object per line.
  case json
  /// JSON Lines: one object per line and nothing else, so that each line parses on its own.
  case jsonl

  /// How a table is decorated.
  public enum TableStyle: Sendable {
    /// No escape sequences: for pipes, files and NO_COLOR.
    case plain
    /// A bold header, for terminals.
    case decorated
  }

  /// The fields a table leaves out first to fit a terminal, in that order, for help to name.
  public static var tableLeftOutFirst: [String] { TableRenderer.leftOutFirst }

  /// Whether the format starts with a header line that `--no-header` can leave out.
  public var hasHeader: Bool {
    switch self {
    case .table, .csv, .tsv: return true
    case .json, .jsonl: return false
    }
  }

  /// The records in this format; `header` is ignored by formats without one, `tableWidth` by
  /// all but tables.
  public func render(
    _ records: RecordSet, header: Bool = true, tableStyle: TableStyle = .plain,
    tableWidth: Int? = nil
  ) -> String {
    var text = ""
    write(records, header: header, tableStyle: tableStyle, tableWidth: tableWidth) {
      text += String(decoding: $0, as: UTF8.self)
    }
    return text
  }

  /// Hands the records in this format to `sink` as UTF-8 bytes lent for the call, a chunk of
  /// about `TextBuffer.chunkSize` bytes at a time, so that thousands of rows are never held as
  /// one text, nor made a String that would check every byte again.
  ///
  /// A table wider than `tableWidth` characters is made to fit it (see `TableRenderer`); nil,
  /// for pipes and files, and the other formats never shorten anything. Returns the keys of
  /// the fields a table left out to fit.
  @discardableResult
  public func write(
    _ records: RecordSet, header: Bool = true, tableStyle: TableStyle = .plain,
    tableWidth: Int? = nil, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows -> [String] {
    var output = TextBuffer(capacity: TextBuffer.chunkSize + 4096)
    var leftOut: [String] = []
    switch self {
    case .table:
      leftOut = try TableRenderer.render(
        records, header: header, style: tableStyle, width: tableWidth, into: &output,
        flush: { try $0.takeBytes(sink) })
    case .csv:
      try DelimitedRenderer.render(
        records, header: header, dialect: .csv, into: &output, flush: { try $0.takeBytes(sink) })
    case .tsv:
      try DelimitedRenderer.render(
        records, header: header, dialect: .tsv, into: &output, flush: { try $0.takeBytes(sink) })
    case .json:
      try JSONRenderer.render(records, into: &output, flush: { try $0.takeBytes(sink) })
    case .jsonl:
      try JSONRenderer.renderLines(records, into: &output, flush: { try $0.takeBytes(sink) })
    }
    if !output.isEmpty { try output.takeBytes(sink) }
    return leftOut
  }
}
