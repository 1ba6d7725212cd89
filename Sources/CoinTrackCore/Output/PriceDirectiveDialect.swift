/// The plain-text accounting tools whose price directives cointrack writes.
///
/// ledger and hledger read `P 2024-01-01 BTC 42280.23 USDT`; beancount reads
/// `2024-01-01 price BTC 42280.23 USDT`. Days without a price are left out.
public enum PriceDirectiveDialect: String, CaseIterable, Sendable {
  case ledger
  case hledger
  case beancount

  /// One directive per row with a price, in row order, as one text.
  public func render(_ rows: PriceRows) throws -> String {
    var text = ""
    try write(rows) { text += $0 }
    return text
  }

  /// Hands `sink` one directive per row with a price, in row order, a chunk of about
  /// `TextBuffer.chunkSize` bytes at a time, so that a long range is never held whole.
  ///
  /// Throws `PriceDirectiveError` before handing anything on when a row's symbol or currency
  /// cannot be written in this dialect, so that no partial output reaches a journal; rethrows
  /// what `sink` throws.
  public func write(_ rows: PriceRows, to sink: (String) throws -> Void) throws {
    var commodities = Commodities(dialect: self)
    // A first pass that looks no price up: the rows are read again to write them.
    for position in rows.indices {
      _ = try commodities.of(rows, at: position)
    }
    var output = TextBuffer(capacity: TextBuffer.chunkSize + 4096)
    for position in rows.indices {
      guard let price = rows.price(at: position) else { continue }
      let day = rows.day(at: position).description
      let (base, quote) = try commodities.of(rows, at: position)
      switch self {
      case .ledger, .hledger:
        output += "P "
        output += day
        output += " "
      case .beancount:
        output += day
        output += " price "
      }
      output += base
      output.append(ascii: " ")
      output += price.text
      output.append(ascii: " ")
      output += quote
      output.append(ascii: "\n")
      if output.isFull { try sink(output.takeText()) }
    }
    if !output.isEmpty { try sink(output.takeText()) }
  }

  /// The commodities of rows as this dialect writes them, worked out once for each symbol and
  /// currency rather than once a row.
  private struct Commodities {
    let dialect: PriceDirectiveDialect
    private var last: (symbol: String, currency: String, base: String, quote: String)?

    init(dialect: PriceDirectiveDialect) {
      self.dialect = dialect
    }

    /// The symbol and currency of the row at `position`, written.
    mutating func of(_ rows: PriceRows, at position: Int) throws(PriceDirectiveError) -> (
      base: String, quote: String
    ) {
      let (symbol, currency) = (rows.symbol(at: position), rows.currency(at: position))
      if let last, last.symbol == symbol, last.currency == currency {
        return (last.base, last.quote)
      }
      let written = (base: try dialect.commodity(symbol), quote: try dialect.commodity(currency))
      last = (symbol, currency, written.base, written.quote)
      return written
    }
  }

  /// `symbol` as this dialect needs it written.
  func commodity(_ symbol: String) throws(PriceDirectiveError) -> String {
    switch self {
    case .ledger, .hledger:
      // Both read a run of letters bare; anything else (a digit, as in 1INCH, a space, an
      // operator) must be double-quoted, and neither can quote a quote or a line break.
      if !symbol.isEmpty, symbol.unicodeScalars.allSatisfy(\.properties.isAlphabetic) {
        return symbol
      }
      guard !symbol.isEmpty,
        !symbol.unicodeScalars.contains(where: {
          $0 == "\"" || $0.properties.generalCategory == .control
            || $0.properties.isWhitespace && $0 != " "
        })
      else { throw PriceDirectiveError(symbol: symbol, dialect: self) }
      return "\"" + symbol + "\""
    case .beancount:
      guard PriceDirectiveDialect.isBeancountCurrency(symbol) else {
        throw PriceDirectiveError(symbol: symbol, dialect: self)
      }
      return symbol
    }
  }

  /// Beancount's currency syntax: 1 to 24 characters, a capital letter first, a capital or digit
  /// last, and capitals, digits and `' . _ -` between. It cannot be quoted.
  private static func isBeancountCurrency(_ symbol: String) -> Bool {
    let bytes = Array(symbol.utf8)
    let isCapital = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard let first = bytes.first, let last = bytes.last, bytes.count <= 24, isCapital(first),
      isCapital(last) || isDigit(last)
    else { return false }
    return bytes.dropFirst().dropLast().allSatisfy {
      isCapital($0) || isDigit($0) || "'._-".utf8.contains($0)
    }
  }
}

/// A symbol or currency that a price-directive dialect cannot write.
public struct PriceDirectiveError: Error, Hashable, Sendable {
  /// The symbol exactly as the source gave it.
  public let symbol: String
  public let dialect: PriceDirectiveDialect
}

extension PriceDirectiveError: KindedFailure {
  public var failureKind: FailureKind { .invalidValue }
}
