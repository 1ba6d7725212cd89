extension TradeCSV {
  /// The trades as a trade file, in the given order, that `read` with the same `resolveCoin`
  /// gives back unchanged (ids aside): the numbers as they were typed, and each coin by its
  /// symbol when that names it alone, else by `@` and its id.
  ///
  /// Lines end in CRLF, as every CSV cointrack writes. Rethrows a fault of `resolveCoin` other
  /// than a `TrackerError`; throws `TradeFileError.unwritableCoin` for a coin neither of whose
  /// names fits in a field.
  public static func write(_ trades: [Trade], resolveCoin: (String) throws -> Coin) throws
    -> String
  {
    var coinFields: [String: String] = [:]
    var text = header + "\r\n"
    for trade in trades {
      let coin =
        try coinFields[trade.coin.id] ?? coinField(for: trade.coin, resolveCoin: resolveCoin)
      coinFields[trade.coin.id] = coin
      for field in [
        trade.day.description, trade.side.rawValue, coin, trade.quantity.text, trade.price.text,
        trade.fee.text,
      ] {
        text += field
        text += ","
      }
      text += trade.currency
      text += "\r\n"
    }
    return text
  }

  /// The coin column's text for `coin`: its symbol when the resolver takes it to this coin, so
  /// that a file stays readable by people; else `@` and its id, which names one coin always.
  private static func coinField(for coin: Coin, resolveCoin: (String) throws -> Coin) throws
    -> String
  {
    if fitsInField(coin.symbol) {
      do {
        if try resolveCoin(coin.symbol).id == coin.id { return coin.symbol }
      } catch is TrackerError {
        // Unknown to this source, or shared by several of its coins: the id says which.
      }
    }
    let reference = String(Coin.idMarker) + coin.id
    guard fitsInField(reference) else { throw TradeFileError.unwritableCoin(coin) }
    return reference
  }

  /// Whether `text` reads back as itself from an unquoted field: not empty, no comma, quote or
  /// control character, and no space at either end (the coin resolver trims them).
  private static func fitsInField(_ text: String) -> Bool {
    !text.isEmpty && text.trimmingSpaces() == text
      && !text.unicodeScalars.contains {
        $0 == "," || $0 == "\"" || $0.properties.generalCategory == .control
      }
  }
}
