/// Why a coin's local price history cannot be used or extended. Each case names the file.
public enum HistoryError: Error, Hashable, Sendable {
  /// The file is not a history cointrack wrote: `line` (1-based) says where, `reason` why.
  case damaged(path: String, line: Int, reason: String)
  /// The file or its folder cannot be read.
  case unreadable(path: String, reason: String)
  /// The file or its folder cannot be written; the file is as it was.
  case unwritable(path: String, reason: String)
  /// The coin's offline prices are in `held`, which `source` cannot quote: one coin keeps one
  /// currency.
  case currencyMismatch(symbol: String, held: String, source: String, quotes: [String])
  /// `source` answered a close of the coin `symbol` for `day` that is `length` characters
  /// long, more than a line of its file holds; nothing was stored for the coin.
  case closeTooLong(symbol: String, source: String, day: Day, length: Int)
}

extension HistoryError: KindedFailure {
  /// A damaged file is bad data (65); a file that cannot be read or written is an I/O failure
  /// (74); a close no history line can hold is an answer cointrack cannot use (69), as a
  /// malformed body is.
  public var failureKind: FailureKind {
    switch self {
    case .damaged, .currencyMismatch: return .invalidValue
    case .unreadable, .unwritable: return .ioError
    case .closeTooLong: return .unavailable
    }
  }
}
