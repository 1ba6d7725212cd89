/// Why an exchange's export could not be imported. A problem of a row names its line (the
/// header is line 1) and, where one field is wrong, the column and the field's text. Nothing
/// is stored when any is thrown.
public enum ImportError: Error, Hashable, Sendable {
  /// No line with any text.
  case emptyFile
  /// A line that is not valid UTF-8.
  case notUTF8(line: Int)
  /// The file ends inside a row: a quote left open, or a last line without its line break
  /// that holds fewer fields than the header.
  case truncatedLine(line: Int)
  /// The header is none of the formats known (`columns` as found).
  case unknownHeader(columns: [String])
  /// `--from` named a format whose header the file's does not match.
  case headerNotOfFormat(ExportFormat, columns: [String])
  /// A column the format reads that the header lacks (`columns` as found).
  case missingColumn(String, columns: [String])
  /// A row with another number of fields than the header.
  case wrongFieldCount(line: Int, found: Int, expected: Int)
  /// A field whose text is not what its column holds.
  case invalidField(line: Int, column: String, value: String, FieldProblem)
  /// A row whose rows around it do not make a whole trade (a statement's moment with only
  /// coins coming in, a ledger trade with one leg).
  case incompleteTrade(line: Int, reason: String)
  /// A coin given or received in a swap, or paid as a fee, that the source has no close for
  /// on the day.
  case noClose(line: Int, coin: String, day: Day, source: String)
  /// A fee paid in a coin whose close is in another currency than the trade's.
  case feeCurrency(line: Int, coin: String, day: Day, closeCurrency: String, tradeCurrency: String)
  /// A trade of the file that cannot be recorded with the stored ones (a sell of more than is
  /// held, another currency than the coin's).
  case tradeRefused(line: Int, TradeError)

  /// What is wrong with a field.
  public enum FieldProblem: Hashable, Sendable {
    /// Not a number by `ExportNumber`'s rules.
    case number
    /// A number that breaks the rule a trade's quantity, price or fee keeps.
    case trade(TradeError)
    /// Not a date or time of the forms the format writes.
    case date
    /// A day after today.
    case afterToday(Day)
    /// None of the values the column holds, which are given.
    case value(expected: [String])
    /// A coin the source knows several of.
    case coin(TrackerError)
    /// Koinly's own number for a coin (`ID:56784085`), which `--symbol` did not name.
    case koinlyNumber
    /// An id that cannot be kept as an origin: control characters, non-ASCII or too long.
    case origin
  }
}

extension ImportError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .tradeRefused(_, let error): return error.failureKind
    case .noClose: return .notFound
    case .emptyFile, .notUTF8, .truncatedLine, .unknownHeader, .headerNotOfFormat, .missingColumn,
      .wrongFieldCount, .invalidField, .incompleteTrade, .feeCurrency:
      return .invalidValue
    }
  }
}
