/// The plain-text accounting tools whose price directives cointrack writes.
///
/// ledger and hledger read `P 2024-01-01 BTC 42280.23 USDT`; beancount reads
/// `2024-01-01 price BTC 42280.23 USDT`. Days without a price are left out.
public enum PriceDirectiveDialect: String, CaseIterable, Sendable {
  case ledger
  case hledger
  case beancount

  /// One directive per row with a price, in row order.
  ///
  /// Throws before writing anything when a symbol or currency cannot be written in this dialect,
  /// so that no partial output reaches a journal.
  public func render(_ rows: [PriceRow]) throws(PriceDirectiveError) -> String {
    var output = ""
    for row in rows {
      guard let price = row.price else { continue }
      let base = try commodity(row.symbol)
      let quote = try commodity(row.currency)
      switch self {
      case .ledger, .hledger:
        output += "P \(row.day) \(base) \(price.text) \(quote)\n"
      case .beancount:
        output += "\(row.day) price \(base) \(price.text) \(quote)\n"
      }
    }
    return output
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
