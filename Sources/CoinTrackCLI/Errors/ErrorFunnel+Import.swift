import CoinTrackCore

/// The words for an exchange's export that `portfolio import` cannot import: each names the
/// line (and the column, where one field is wrong) and says that nothing was imported.
extension ErrorFunnel {
  static func message(for error: ImportError) -> String {
    let nothing = "; nothing was imported."
    switch error {
    case .emptyFile:
      return "the export is empty: it has no header line" + nothing
    case .notUTF8(let line):
      return "line \(line) of the export is not valid UTF-8" + nothing
    case .truncatedLine(let line):
      return "the export ends inside the row of line \(line) (a quote left open or fields "
        + "missing): it looks cut short" + nothing
    case .unknownHeader(let columns):
      return "the export's header (\(columnListing(columns))) is none of the formats known: "
        + formatListing() + nothing
    case .headerNotOfFormat(let format, let columns):
      return "the export's header (\(columnListing(columns))) is not one of \(format.rawValue)'s"
        + " (\(layoutListing(format)))" + nothing
    case .missingColumn(let name, let columns):
      return "the export's header (\(columnListing(columns))) has no column \(quote(name)), "
        + "which its format needs" + nothing
    case .wrongFieldCount(let line, let found, let expected):
      return "line \(line) of the export has \(found) field\(found == 1 ? "" : "s"), not the "
        + "header's \(expected)" + nothing
    case .invalidField(let line, let column, let value, let problem):
      return "line \(line) of the export, column \(quote(column)): "
        + importFieldProblem(problem, value: value) + nothing
    case .incompleteTrade(let line, let reason):
      return "line \(line) of the export starts a trade that is not whole: \(reason)" + nothing
    case .noClose(let line, let coin, let day, let source):
      return "line \(line) of the export needs the close of \(quote(coin)) on \(day), which "
        + "\(source) does not have; sync it or choose another --source" + nothing
    case .feeCurrency(let line, let coin, let day, let closeCurrency, let tradeCurrency):
      return "line \(line) of the export pays a fee in \(quote(coin)) on \(day), whose close is "
        + "in \(closeCurrency), not the trade's \(tradeCurrency); cointrack converts no "
        + "currency" + nothing
    case .tradeRefused(let line, let error):
      return "line \(line) of the export: \(message(for: error))"
    }
  }

  /// A sentence without its closing period, to go on inside another.
  private static func withoutFinalPeriod(_ sentence: String) -> String {
    sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }

  /// The columns as found, quoted, at most twelve.
  private static func columnListing(_ columns: [String]) -> String {
    let shown = columns.prefix(12).map { quote($0) }.joined(separator: ",")
    return columns.count > 12 ? shown + ",..." : shown
  }

  /// Each format known with its layouts' first columns.
  private static func formatListing() -> String {
    ExportFormat.allCases.map { "\($0.rawValue) (\(layoutListing($0)))" }
      .joined(separator: "; ")
  }

  /// The headers of `format`'s layouts, joined by "or".
  static func layoutListing(_ format: ExportFormat) -> String {
    ImportHeaders.headers(of: format).joined(separator: " or ")
  }

  /// What a field's value breaks, as the end of a sentence that names its line and column.
  private static func importFieldProblem(_ problem: ImportError.FieldProblem, value: String)
    -> String
  {
    let quoted = quote(value)
    switch problem {
    case .number:
      return "\(quoted) is no number cointrack reads: plain (1234.5), with thousands "
        + "separators as 1,234,567.89, scientific (3.6E-05), a currency sign or a unit glued "
        + "on; a decimal comma (12,5) is refused, as 1,234 could be either"
    case .trade(let error):
      return withoutFinalPeriod(message(for: error))
    case .date:
      return "\(quoted) is not a date of the export's form (YYYY-MM-DD or DD.MM.YYYY, a time "
        + "after it)"
    case .afterToday(let today):
      return "the date \(quoted) is after today, \(today)"
    case .value(let expected):
      guard !expected.isEmpty else { return "\(quoted) is no value of this column cointrack knows" }
      return "\(quoted) is not \(listing(expected, conjunction: "or"))"
    case .coin(.ambiguousCoin(let input, let candidates, let pool)):
      // An export's symbol cannot be edited into an id: the option says which coin it means.
      return ambiguity(input, candidates, pool) + "; say which with --symbol "
        + "\(shown(input))=@\(shown(candidates[0].id))"
    case .coin(let error):
      return withoutFinalPeriod(message(for: error))
    case .koinlyNumber:
      return "\(quoted) is Koinly's own number for a coin, which names no coin cointrack can "
        + "look up; say which coin it is with --symbol \(shown(value))=COIN"
    case .origin:
      return "\(quoted) cannot be kept as the trade's origin: 1 to 190 printable ASCII "
        + "characters"
    }
  }
}
