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

  /// The keys of a trade, in the order they are written.
  static let keys = JSONKeyTable([
    "id", "date", "side", "symbol", "name", "coingecko_id", "quantity", "price", "fee",
    "currency",
  ])
}

extension JSONReader {
  /// The `trades` array, each trade checked against the rules its commands keep.
  mutating func readTrades() throws(StateDocumentError) -> [Trade] {
    try readArray(named: Trade.arrayKey) { reader, path throws(StateDocumentError) in
      try reader.readTrade(at: path.index)
    }
  }

  /// The document's array `key`, each element read by `readElement` at its path.
  mutating func readArray<Element>(
    named key: String,
    _ readElement: (inout JSONReader, SchemaPath) throws(StateDocumentError) -> Element
  ) throws(StateDocumentError) -> [Element] {
    let path = SchemaPath.document.member(key)
    try expect(.array, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginArray() }
    var elements: [Element] = []
    while try syntax({ () throws(JSONSyntaxError) in try nextElement() }) {
      elements.append(
        try readElement(&self, SchemaPath(container: path.text, index: elements.count)))
    }
    return elements
  }

  /// The trade at `index` of the array. Each member goes to its own variable, and its key path
  /// is spelled out only for an error from the trade's index alone: an array of texts per trade,
  /// and key paths built, or captured with their strings, for every member were two thirds of
  /// reading a trade.
  private mutating func readTrade(at index: Int?) throws(StateDocumentError) -> Trade {
    let path = SchemaPath(container: Trade.arrayKey, index: index)
    let keys = Trade.keys.names
    /// The key path of the member at `key`.
    func member(_ key: Int) -> SchemaPath {
      SchemaPath(container: Trade.arrayKey, index: index, key: Trade.keys.names[key])
    }
    var id: Int?
    var date: String?
    var sideName: String?
    var symbol: String?
    var name: String?
    var coingeckoID: String??
    var quantityText: String?
    var priceText: String?
    var feeText: String?
    var currencyCode: String?
    try readMembers(of: path, keys: Trade.keys) { reader, key throws(StateDocumentError) in
      switch key {
      case 0:
        id = try reader.readInteger(at: member(key), in: 1...TrackerState.largestID)
      case 1: date = try reader.readString(at: member(key))
      case 2: sideName = try reader.readString(at: member(key))
      case 3: symbol = try reader.readString(at: member(key))
      case 4: name = try reader.readString(at: member(key))
      case 5: coingeckoID = try reader.readOptionalString(at: member(key))
      case 6: quantityText = try reader.readNumberText(at: member(key))
      case 7: priceText = try reader.readNumberText(at: member(key))
      case 8: feeText = try reader.readNumberText(at: member(key))
      default: currencyCode = try reader.readString(at: member(key))
      }
    }
    /// The member at `key`, which must be present.
    func present<Value>(_ value: Value?, _ key: Int) throws(StateDocumentError) -> Value {
      try required(value, keys[key], in: path)
    }
    /// Refuses the member at `key` for breaking `rule`.
    func broken(_ key: Int, _ rule: String) -> StateDocumentError {
      .schema(StateSchemaError(keyPath: member(key).text, problem: .invalid(rule)))
    }
    let tradeID = try present(id, 0)
    guard let day = Day(iso: try present(date, 1)) else {
      throw broken(1, "is not a date YYYY-MM-DD")
    }
    guard let side = TradeSide(rawValue: try present(sideName, 2)) else {
      throw broken(2, "is not one of buy, sell")
    }
    let coin = Coin(
      symbol: try present(symbol, 3), name: try present(name, 4),
      coingeckoID: try present(coingeckoID, 5))
    if let (key, rule) = TrackerState.brokenRule(of: coin) {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(TrackerState.coinKeys.names[key]).text, problem: .invalid(rule)))
    }
    guard let quantity = try? Trade.checkedQuantity(try present(quantityText, 6)) else {
      throw broken(
        6, "is not a quantity: above 0 with at most \(Trade.maximumQuantityDecimals) decimals")
    }
    guard let price = try? Trade.checkedAmount(try present(priceText, 7), what: .price) else {
      throw broken(7, "is not a price: plain decimal, 0 or above")
    }
    guard let fee = try? Trade.checkedAmount(try present(feeText, 8), what: .fee) else {
      throw broken(8, "is not a fee: plain decimal, 0 or above")
    }
    let currency = try present(currencyCode, 9)
    guard (try? Trade.checkedCurrency(currency)) == currency else {
      throw broken(9, "is not a currency code: 2 to 10 capitals and digits, a capital first")
    }
    return Trade(
      id: tradeID, day: day, side: side, coin: coin, quantity: quantity, price: price, fee: fee,
      currency: currency)
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
