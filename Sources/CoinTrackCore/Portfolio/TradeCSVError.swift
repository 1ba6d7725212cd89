/// Why a trade file could not be read or written. A problem of a line carries the line's
/// number (the header is line 1), the column and the field's text.
public enum TradeFileError: Error, Hashable, Sendable {
  /// No file at the path given.
  case missingFile(path: String)
  /// A file that exists but cannot be read: a directory, no permission, an I/O fault.
  case unreadableFile(path: String, reason: String)
  /// Zero bytes: not even the header.
  case emptyFile
  /// The file starts with the UTF-8 byte order mark, which would become part of the first
  /// column's name.
  case byteOrderMark
  /// The first line is not `TradeCSV.header`.
  case wrongHeader(found: String)
  /// A line that is not valid UTF-8.
  case notUTF8(line: Int)
  /// A line without any text between the header and the last trade.
  case emptyLine(line: Int)
  /// A line with more or fewer fields than the header's seven.
  case wrongFieldCount(line: Int, found: Int)
  /// A field whose value is not what its column takes.
  case invalidField(line: Int, column: TradeCSV.Column, value: String, FieldProblem)
  /// A trade of the file that cannot be recorded with the stored ones, such as a sell of more
  /// than is held.
  case tradeRefused(line: Int, TradeError)
  /// A coin that the file cannot name: neither its symbol nor `@` and its id fit in a field.
  case unwritableCoin(Coin)

  /// What is wrong with a field.
  public enum FieldProblem: Hashable, Sendable {
    /// It holds a double quote: quoted fields are not read.
    case quoted
    /// It holds a control character, such as a tab or a lone carriage return.
    case control
    /// Not a day written YYYY-MM-DD.
    case date
    /// A day after today, which is given.
    case afterToday(Day)
    /// No side's name (`TradeSide.names`).
    case side
    /// A quantity, price, fee or currency that breaks the rule a typed one follows.
    case trade(TradeError)
    /// A coin the source does not know, or knows several of.
    case coin(TrackerError)
  }
}

extension TradeFileError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .missingFile: return .notFound
    case .unreadableFile: return .ioError
    case .tradeRefused(_, let error): return error.failureKind
    case .emptyFile, .byteOrderMark, .wrongHeader, .notUTF8, .emptyLine, .wrongFieldCount,
      .invalidField, .unwritableCoin:
      return .invalidValue
    }
  }
}
