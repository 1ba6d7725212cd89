/// A trade read as this program writes it (`Trade.json`): its keys in their order, nothing
/// escaped, every value keeping its rule, with or without whitespace between (a saved state
/// file is indented). Such a trade is read in one pass over its bytes, each key compared whole
/// where it must be; anything else is left to the member loop of `readTrade`, which reads every
/// trade whatever its layout and alone refuses one, so that every message stays its own. The
/// loop cost 4.7k instructions a compact trade and 7.7k an indented one, the pass 2.4k and 3.1k.
extension JSONReader {
  /// The trade at the reader's position, read up to its closing brace, when it is written as
  /// this program writes it and keeps every rule; nil for any other trade, the reader then
  /// anywhere within it. `keys` are `Trade.keys`; a coin or currency met before is reused, and
  /// a new valid one added.
  mutating func readTradeAsWritten(
    keys: JSONKeyTable, coins: inout KnownCoins, currency knownCurrency: inout KnownCurrency
  ) -> Trade? {
    guard skipMember(0, of: keys), let id = readShortWholeNumber(),
      skipMember(1, of: keys), let day = readDayAsWritten(),
      skipMember(2, of: keys), let side = readSideAsWritten(),
      skipMember(3, of: keys), let coin = readCoinAsWritten(keys: keys, coins: &coins),
      skipMember(6, of: keys), let quantity = readAmountAsWritten(.quantity),
      skipMember(7, of: keys), let price = readAmountAsWritten(.price),
      skipMember(8, of: keys), let fee = readAmountAsWritten(.fee),
      skipMember(9, of: keys), let code = readPlainASCIIString(),
      let currency = knownCurrency.text(of: code), consumeClosingBrace()
    else { return nil }
    return Trade(
      id: id, day: day, side: side, coin: coin, quantity: quantity, price: price, fee: fee,
      currency: currency)
  }

  /// The day written as `"YYYY-MM-DD"` after any whitespace; nil for any other value.
  @inline(__always)
  private mutating func readDayAsWritten() -> Day? {
    skipWhitespace()
    // The ten bytes between the quotes are digits and dashes when they are a day.
    let length = Day.isoLength + 2
    guard bytes.count - position >= length, bytes[position] == UInt8(ascii: "\""),
      bytes[position + length - 1] == UInt8(ascii: "\""),
      let day = Day(
        isoBytes: UnsafeBufferPointer(rebasing: bytes[position + 1..<position + length - 1]))
    else { return nil }
    position += length
    return day
  }

  /// The side written as `"buy"` or `"sell"` after any whitespace; nil for any other value.
  @inline(__always)
  private mutating func readSideAsWritten() -> TradeSide? {
    skipWhitespace()
    if bytes.count - position >= 5,
      UnsafeBufferPointer(rebasing: bytes[position..<position + 5]).spells(#""buy""#)
    {
      position += 5
      return .buy
    }
    guard bytes.count - position >= 6,
      UnsafeBufferPointer(rebasing: bytes[position..<position + 6]).spells(#""sell""#)
    else { return nil }
    position += 6
    return .sell
  }

  /// The coin whose members begin with the symbol's value after any whitespace, read up to
  /// the end of the id's value, when they are written as this program writes them and keep
  /// their rules; nil otherwise. Members written exactly as a trade before wrote them are that
  /// trade's coin, found by their bytes without reading them one by one.
  @inline(__always)
  private mutating func readCoinAsWritten(keys: JSONKeyTable, coins: inout KnownCoins) -> Coin? {
    skipWhitespace()
    let start = position
    if let (coin, count) = coins.coin(writtenAt: start, in: bytes) {
      position += count
      return coin
    }
    guard let symbol = readPlainASCIIString(), skipMember(4, of: keys),
      let name = readPlainASCIIString(), skipMember(5, of: keys)
    else { return nil }
    skipWhitespace()
    // A null id, or else one in place.
    var coingeckoID: UnsafeBufferPointer<UInt8>?
    if bytes.count - position >= 4,
      UnsafeBufferPointer(rebasing: bytes[position..<position + 4]).spells("null")
    {
      position += 4
    } else {
      guard let id = readPlainASCIIString() else { return nil }
      coingeckoID = id
    }
    return coins.coin(
      symbol: symbol, name: name, coingeckoID: coingeckoID,
      writtenAs: UnsafeBufferPointer(rebasing: bytes[start..<position]))
  }

  /// Reads the brace (for the first key) or comma before the member at `key` of `keys`, then
  /// its key and colon, and the whitespace before each; false, having read some of them, when
  /// they are not there so.
  @inline(__always)
  private mutating func skipMember(_ key: Int, of keys: JSONKeyTable) -> Bool {
    skipWhitespace()
    guard consume(key == 0 ? UInt8(ascii: "{") : UInt8(ascii: ",")) else { return false }
    skipWhitespace()
    guard let length = keys.writtenKeyLength(of: key, at: position, in: bytes) else {
      return false
    }
    position += length
    return true
  }

  /// An amount keeping the rules of `what`, with its value, when it is written in plain
  /// decimal notation; nil otherwise.
  @inline(__always)
  private mutating func readAmountAsWritten(_ what: TradeError.NumberKind) -> (Price, TradeAmount)?
  {
    guard let (text, decimal) = readPlainDecimal() else { return nil }
    return try? Trade.checkedAmount(utf8: text, decimal: decimal, what: what)
  }

  /// Reads the brace that closes an object, after any whitespace; false when it is not there.
  @inline(__always)
  private mutating func consumeClosingBrace() -> Bool {
    skipWhitespace()
    return consume(UInt8(ascii: "}"))
  }
}
