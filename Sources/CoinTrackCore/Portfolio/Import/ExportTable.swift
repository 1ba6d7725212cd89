/// An exchange's export read as a table: the header's column names and each row's fields, with
/// the line each row starts on.
///
/// RFC 4180 as spreadsheets and exchanges write it: fields may be quoted, with a doubled quote
/// for a quote and commas or line breaks inside; a UTF-8 byte order mark is skipped; lines end
/// in LF or CRLF; the separator is `,` or `;`, whichever the header line holds outside quotes
/// (`;` when it holds any, as a spreadsheet re-save writes). A quote left open at the end, or a
/// last line without its line break that has fewer fields than the header, is a truncated file
/// and refused by the line's number. Empty lines are skipped.
public struct ExportTable: Sendable {
  /// The header's column names, without surrounding quotes.
  public let columns: [String]
  /// The rows after the header, in file order.
  public let rows: [Row]

  /// One row: its fields and the number of the line it starts on (the header is line 1).
  public struct Row: Sendable {
    public let line: Int
    public let fields: [String]
  }

  /// The table of `bytes`; throws `ImportError` for a file that is not UTF-8 text, has no
  /// header or ends inside a row.
  public init(_ bytes: [UInt8]) throws(ImportError) {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    let body = bytes[start...]
    guard body.contains(where: { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }) else {
      throw .emptyFile
    }
    var scanner = Scanner(bytes: body, separator: Self.separator(of: body))
    var header: [String]?
    var rows: [Row] = []
    while let (line, fields) = try scanner.nextRecord() {
      if fields == [""] { continue }
      if header == nil {
        header = fields.map { $0.trimmingSpaces() }
        continue
      }
      rows.append(Row(line: line, fields: fields))
    }
    // The scan found a non-empty line, so a header.
    columns = header!
    if let last = rows.last, !scanner.endedWithLineBreak, last.fields.count < columns.count {
      throw .truncatedLine(line: last.line)
    }
    self.rows = rows
  }

  /// The header's column names alone, without reading the rows; nil when there is no header
  /// or it cannot be read.
  public static func columns(of bytes: [UInt8]) -> [String]? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    var scanner = Scanner(bytes: body, separator: separator(of: body))
    while let (_, fields) = try? scanner.nextRecord() {
      if fields != [""] { return fields.map { $0.trimmingSpaces() } }
    }
    return nil
  }

  /// `;` when the header line holds one outside quotes, else `,`.
  private static func separator(of bytes: ArraySlice<UInt8>) -> UInt8 {
    var quoted = false
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted, byte == UInt8(ascii: "\n") { break }
      if !quoted, byte == UInt8(ascii: ";") { return byte }
    }
    return UInt8(ascii: ",")
  }

  /// Reads records one at a time, counting lines.
  private struct Scanner {
    let bytes: ArraySlice<UInt8>
    let separator: UInt8
    var index: Int
    var line = 1
    var endedWithLineBreak = true

    init(bytes: ArraySlice<UInt8>, separator: UInt8) {
      self.bytes = bytes
      self.separator = separator
      index = bytes.startIndex
    }

    /// The next record's first line and fields; nil at the end.
    mutating func nextRecord() throws(ImportError) -> (Int, [String])? {
      guard index < bytes.endIndex else { return nil }
      let first = line
      var fields: [String] = []
      var field: [UInt8] = []
      var quoted = false
      var wasQuoted = false
      while index < bytes.endIndex {
        let byte = bytes[index]
        index += 1
        if quoted {
          if byte == UInt8(ascii: "\"") {
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
              field.append(byte)
              index += 1
            } else {
              quoted = false
            }
          } else {
            if byte == UInt8(ascii: "\n") { line += 1 }
            field.append(byte)
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
          quoted = true
          wasQuoted = true
        case separator:
          fields.append(try text(field, line: first))
          field.removeAll(keepingCapacity: true)
          wasQuoted = false
        case UInt8(ascii: "\n"):
          line += 1
          if field.last == UInt8(ascii: "\r") { field.removeLast() }
          fields.append(try text(field, line: first))
          endedWithLineBreak = true
          return (first, fields)
        default:
          field.append(byte)
        }
      }
      guard !quoted else { throw .truncatedLine(line: first) }
      if field.last == UInt8(ascii: "\r") { field.removeLast() }
      fields.append(try text(field, line: first))
      endedWithLineBreak = false
      return (first, fields)
    }

    private func text(_ bytes: [UInt8], line: Int) throws(ImportError) -> String {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .notUTF8(line: line)
      }
      return text
    }
  }
}
