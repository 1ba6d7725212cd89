/// The trades' part of the state file (schema version 5): each trade's day, side, coin, exact
/// quantity, price and fee, and currency, read as strictly as the rest of the document and
/// checked against the rules `portfolio buy` and `portfolio sell` keep.
extension Trade {
  /// The trade as the state file holds it. Quantity, price and fee are JSON numbers written
  /// with their exact decimal text.
  var json: JSONValue {
    .object([
      JSONMember("id", .number(String(id))),
      JSONMember("date", .string(day.description)),
      JSONMember("side", .string(side.rawValue)),
      JSONMember("symbol", .string(coin.symbol)),
      JSONMember("name", .string(coin.name)),
      JSONMember("coingecko_id", coin.coingeckoID.map(JSONValue.string) ?? .null),
      JSONMember("quantity", .number(quantity.text)),
      JSONMember("price", .number(price.text)),
      JSONMember("fee", .number(fee.text)),
      JSONMember("currency", .string(currency)),
    ])
  }

  /// The key of the document's array of trades.
  static let arrayKey = "trades"

  /// The length of the shortest trade object: `{"id":1,"date":"2024-01-01","side":"buy",`
  /// `"symbol":"A","name":"A","coingecko_id":null,"quantity":1,"price":0,"fee":0,`
  /// `"currency":"AB"}`.
  static let smallestLength = 132

  /// The keys of a trade, in the order they are written.
  static let keys = JSONKeyTable([
    "id", "date", "side", "symbol", "name", "coingecko_id", "quantity", "price", "fee",
    "currency",
  ])
}

extension JSONReader {
  /// The `trades` array, each trade checked against the rules its commands keep: read in one
  /// pass when written as this program writes it (`readTradeAsWritten`), else member by member.
  mutating func readTrades() throws(StateDocumentError) -> [Trade] {
    // The table is a global: read once here, not once for every trade.
    let keys = Trade.keys
    var coins = KnownCoins()
    var currency = KnownCurrency()
    return try readArray(named: Trade.arrayKey, smallestElementLength: Trade.smallestLength) {
      reader, index throws(StateDocumentError) in
      let start = reader.position
      if let trade = reader.readTradeAsWritten(keys: keys, coins: &coins, currency: &currency) {
        return trade
      }
      reader.position = start
      return try reader.readTrade(at: index, keys: keys, coins: &coins, currency: &currency)
    }
  }

  /// The document's array `key`, each element read by `readElement` at its index. With
  /// `smallestElementLength`, room is made first for as many elements as the bytes left could
  /// hold: growing an array of a thousand trades copied them eleven times.
  mutating func readArray<Element>(
    named key: String, smallestElementLength: Int? = nil,
    _ readElement: (inout JSONReader, Int) throws(StateDocumentError) -> Element
  ) throws(StateDocumentError) -> [Element] {
    let path = SchemaPath.document.member(key)
    try expect(.array, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginArray() }
    var elements: [Element] = []
    if let smallestElementLength {
      elements.reserveCapacity(remainingByteCount / smallestElementLength)
    }
    while try syntax({ () throws(JSONSyntaxError) in try nextElement() }) {
      elements.append(try readElement(&self, elements.count))
    }
    return elements
  }

  /// The trade at `index` in the array. Each member goes to its own variable, checked and
  /// converted from its bytes where they lie as it is read, and its key path is spelled out only
  /// for an error: texts made for every member only to be checked and taken apart were most of
  /// reading a trade.
  private mutating func readTrade(
    at index: Int, keys keyTable: JSONKeyTable, coins: inout KnownCoins,
    currency knownCurrency: inout KnownCurrency
  ) throws(StateDocumentError) -> Trade {
    let keys = keyTable.names
    let path = SchemaPath(container: Trade.arrayKey, index: index)
    /// The key path of the member at `key`, made from the index rather than from `path`: the
    /// closures that read the members then copy no texts.
    func member(_ key: Int) -> SchemaPath {
      SchemaPath(container: Trade.arrayKey, index: index, key: keys[key])
    }
    // Each member is nil until read, then its value, or nil inside when it breaks its rule.
    var id: Int?
    var day: Day??
    var side: TradeSide??
    var coin = CoinMembers(firstKey: 3)
    var quantity: (Price, TradeAmount)??
    var price: (Price, TradeAmount)??
    var fee: (Price, TradeAmount)??
    var currency: String??
    try readMembers(of: path, keys: keyTable) { reader, key throws(StateDocumentError) in
      switch key {
      case 0:
        // Up to nine digits are always within the ids' range.
        if let short = reader.readShortWholeNumber() {
          id = short
        } else {
          id = try reader.readInteger(at: member(key), in: 1...TrackerState.largestID)
        }
      case 1: day = try reader.readUTF8(of: .string, at: member(key), Day.init(isoBytes:))
      case 2: side = try reader.readUTF8(of: .string, at: member(key), TradeSide.init(utf8:))
      case 3, 4, 5: try coin.read(key, from: &reader, at: member(key))
      case 6: quantity = try reader.readAmount(.quantity, at: member(key))
      case 7: price = try reader.readAmount(.price, at: member(key))
      case 8: fee = try reader.readAmount(.fee, at: member(key))
      default:
        if let bytes = reader.readPlainASCIIString() {
          currency = knownCurrency.text(of: bytes)
        } else {
          currency = try reader.readUTF8(of: .string, at: member(key)) { bytes in
            Trade.isCurrencyCode(bytes) ? String(validUTF8: bytes) : nil
          }
        }
      }
    }
    /// The member at `key`, which must be present and keep `rule`.
    func valid<Value>(_ value: Value??, _ key: Int, _ rule: @autoclosure () -> String)
      throws(StateDocumentError) -> Value
    {
      guard let value = try required(value, keys[key], in: path) else {
        throw .schema(StateSchemaError(keyPath: member(key).text, problem: .invalid(rule())))
      }
      return value
    }
    return Trade(
      id: try required(id, keys[0], in: path),
      day: try valid(day, 1, "is not a date YYYY-MM-DD"),
      side: try valid(side, 2, "is not one of buy, sell"),
      coin: try coin.coin(at: path, keys: keyTable, reusing: &coins),
      quantity: try valid(
        quantity, 6,
        "is not a quantity: above 0 with at most \(Trade.maximumQuantityDecimals) decimals"),
      price: try valid(price, 7, "is not a price: plain decimal, 0 or above"),
      fee: try valid(fee, 8, "is not a fee: plain decimal, 0 or above"),
      currency: try valid(
        currency, 9, "is not a currency code: 2 to 10 capitals and digits, a capital first"))
  }
}

extension JSONReader {
  /// A trade's amount, `what` it is, with its value when it keeps the rules of `what`, nil
  /// inside otherwise. A number in plain decimal notation, as every amount this program writes
  /// is, is scanned once for the syntax, the rules and the value together.
  fileprivate mutating func readAmount(
    _ what: TradeError.NumberKind, at path: @autoclosure () -> SchemaPath
  ) throws(StateDocumentError) -> (Price, TradeAmount)? {
    if let (bytes, decimal) = readPlainDecimal() {
      return try? Trade.checkedAmount(utf8: bytes, decimal: decimal, what: what)
    }
    return try readUTF8(of: .number, at: path()) { bytes in
      try? Trade.checkedAmount(utf8: bytes, what: what)
    }
  }
}

/// The currency of the trade read before, with its bytes where they lie: the trades of a
/// portfolio nearly all have one, checked and made into text once. Valid while the document is.
struct KnownCurrency {
  private var bytes: UnsafeBufferPointer<UInt8>?
  private var text: String?

  /// The currency code `bytes` spell, read in place; nil when they are not one.
  mutating func text(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if let text, let known = self.bytes, known.hasSameBytes(as: bytes) { return text }
    guard Trade.isCurrencyCode(bytes) else { return nil }
    (self.bytes, text) = (bytes, String(validUTF8: bytes))
    return text
  }
}

extension TrackerState {
  /// Refuses trades out of id order, a `next_trade_id` that would give out an id again, and
  /// trades that sell more of a coin than is held on the day.
  static func checkTrades(of state: TrackerState) throws(StateDocumentError) {
    let trades = state.trades
    if let index = trades.indices.dropFirst().first(where: { trades[$0 - 1].id >= trades[$0].id }) {
      throw .schema(
        StateSchemaError(
          keyPath: "trades[\(index)].id",
          problem: .invalid("is \(trades[index].id), not above the id of the trade before")))
    }
    if let highest = trades.last?.id, state.nextTradeID <= highest {
      throw .schema(
        StateSchemaError(
          keyPath: "next_trade_id",
          problem: .invalid("is \(state.nextTradeID) but trade id \(highest) is already used")))
    }
    if let oversell = PortfolioCheck.firstOversell(in: trades) {
      let index = trades.firstIndex { $0.id == oversell.trade.id }!
      throw .schema(
        StateSchemaError(
          keyPath: "trades[\(index)].quantity",
          problem: .invalid(
            "sells \(oversell.trade.quantity) \(oversell.trade.coin.symbol) on "
              + "\(oversell.trade.day) when \(oversell.held) is held")))
    }
  }
}
