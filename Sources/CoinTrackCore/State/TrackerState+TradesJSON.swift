/// A trade's JSON object, one line of the trades journal (`TradesFile`) and, in a version 5 state
/// file, an element of its `trades`: each trade's day, side, coin, exact quantity, price and fee,
/// and currency, read strictly by the one reader below and checked against the rules
/// `portfolio buy`, `sell`, `income` and `transfer` keep (`Trade.brokenSideRule`).
extension Trade {
  /// The trade as the journal (and a version 5 state file) holds it. Quantity, price and fee are JSON numbers written
  /// with their exact decimal text.
  /// A sell that names its lots has a `lots` array of their buy ids; other trades have none.
  /// An imported trade has its `origin`; others have none.
  var json: JSONValue {
    .object(
      [
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
      ] + (lots.isEmpty ? [] : [JSONMember("lots", .array(lots.map { .number(String($0)) }))])
        + (origin.map { [JSONMember("origin", .string($0))] } ?? []))
  }

  /// The key of the document's array of trades.
  static let arrayKey = "trades"

  /// The keys of a trade, in the order they are written.
  static let keys: JSONKeys = [
    "id", "date", "side", "symbol", "name", "coingecko_id", "quantity", "price", "fee",
    "currency", "lots", "origin",
  ]
  /// How many of the last `keys` a trade may leave out: `lots` and `origin`.
  static let optionalKeyCount = 2
}

/// The texts that one file's trades share, each kept once (see `CoinsReadBefore`): their coins, and
/// the currency of the trade before.
struct SharedTradeTexts {
  /// The keys of a trade, this file's own (the journal's parts are read on threads at once).
  let keys = Trade.keys.unshared
  var coins = CoinsReadBefore()
  /// The last currency read, and its UTF-8 (none before the first).
  private var currency = ""
  private var currencyUTF8: [UInt8] = []

  /// Reads the next value when it is the last currency kept, spelled as it is, and returns that
  /// currency; else reads nothing but whitespace and returns nil.
  func readLastCurrency(from reader: inout JSONReader) -> String? {
    guard !currencyUTF8.isEmpty,
      currencyUTF8.withUnsafeBufferPointer({ reader.readString(spelled: $0) })
    else { return nil }
    return currency
  }

  /// Keeps `code`, a currency read and checked, as the last one.
  mutating func keepCurrency(_ code: String) {
    guard code != currency else { return }
    currency = code
    currencyUTF8 = Array(code.utf8)
  }
}

extension JSONReader {
  /// The `trades` array, each trade checked against the rules its commands keep.
  mutating func readTrades() throws(StateDocumentError) -> [Trade] {
    var shared = SharedTradeTexts()
    return try readArray(named: Trade.arrayKey) { reader, index throws(StateDocumentError) in
      try reader.readTrade(
        at: SchemaPath(container: Trade.arrayKey, index: index), sharing: &shared)
    }
  }

  /// The trade at `path`. Each member goes to its own variable, checked and converted from its
  /// bytes as it is read; every member must then be present and keep its rule, in the order of
  /// the keys, whatever order they were read in. A coin or currency read before, kept in
  /// `shared`, is shared with the trades before.
  // Inlined into its two callers, the journal's line reader and the version 5 array: it runs
  // for every trade.
  @inline(__always)
  mutating func readTrade(at path: SchemaPath, sharing shared: inout SharedTradeTexts)
    throws(StateDocumentError) -> Trade
  {
    // Each member is nil until read, then its value, or nil inside when it breaks its rule.
    var id: Int?
    var day: Day??
    var side: TradeSide??
    var coin = CoinMembers(firstKey: 3)
    var quantity: Price??
    var price: Price??
    var fee: Price??
    var currency: String??
    var lots: [Int] = []
    // Nil when absent (a trade typed in), nil inside when it breaks its rule.
    var origin: String?? = nil
    // The member loop written out rather than handed a closure, so that the members above
    // stay plain local variables. The keys are this file's own (`shared.keys`); the names of
    // `Trade.keys` are for errors only.
    var members = try beginMembers(of: path)
    while let key = try nextMember(of: path, keys: shared.keys, after: &members) {
      /// The member's path, made only for an error (the arguments below are autoclosures).
      func member() -> SchemaPath { path.member(Trade.keys[key]) }
      switch key {
      case 0: id = try readInteger(at: member(), in: 1...TrackerState.largestID)
      case 1: day = try readUTF8(of: .string, at: member(), Day.init(isoBytes:))
      case 2: side = try readUTF8(of: .string, at: member(), TradeSide.init(utf8:))
      case 3, 4, 5: try coin.read(key, from: &self, at: member(), known: shared.coins)
      case 6: quantity = try readAmount(.quantity, at: member())
      case 7: price = try readAmount(.price, at: member())
      case 8: fee = try readAmount(.fee, at: member())
      case 10: lots = try readTradeIDs(at: member())
      case 11:
        origin = try readUTF8(of: .string, at: member()) { bytes in
          Trade.isOrigin(bytes) ? String(validUTF8: bytes) : nil
        }
      default:
        if let last = shared.readLastCurrency(from: &self) {
          currency = last
        } else {
          currency = try readUTF8(of: .string, at: member()) { bytes in
            Trade.isCurrencyCode(bytes) ? String(validUTF8: bytes) : nil
          }
        }
      }
    }
    /// The member at `key`, which must be present and keep `rule`. Each member's variable is
    /// handed over (`consume`), not copied then destroyed.
    func valid<Value>(_ value: consuming Value??, _ key: Int, _ rule: @autoclosure () -> String)
      throws(StateDocumentError) -> Value
    {
      guard let value = try required(value, Trade.keys[key], in: path) else {
        throw .schema(
          StateSchemaError(keyPath: path.member(Trade.keys[key]).text, problem: .invalid(rule())))
      }
      return value
    }
    if case .some(.none) = origin {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(Trade.keys[11]).text,
          problem: .invalid("is not an origin: 1 to 200 printable ASCII characters")))
    }
    // Each member checked in the order of the keys, then the trade made of them.
    let validID = try required(id, Trade.keys[0], in: path)
    let validDay = try valid(consume day, 1, "is not a date YYYY-MM-DD")
    let validSide = try valid(consume side, 2, "is not one of \(TradeSide.names)")
    let validCoin = try coin.coin(at: path, keys: Trade.keys, known: shared.coins)
    let validQuantity = try valid(
      consume quantity, 6,
      "is not a quantity: above 0 with at most \(Trade.maximumQuantityDecimals) decimals")
    let validPrice = try valid(consume price, 7, "is not a price: plain decimal, 0 or above")
    let validFee = try valid(consume fee, 8, "is not a fee: plain decimal, 0 or above")
    let validCurrency = try valid(
      consume currency, 9, "is not a currency code: 2 to 10 capitals and digits, a capital first")
    // The side rules checked from the members, so that the trade is made only once it keeps
    // them, last.
    if let rule = Trade.brokenSideRule(
      side: validSide, price: validPrice, fee: validFee, lots: lots)
    {
      throw .schema(
        StateSchemaError(
          keyPath: path.member(rule.key).text, problem: .invalid(rule.problem(side: validSide))))
    }
    if let slot = coin.knownCoinSlot {
      shared.coins.noteRead(slot: slot)
    } else {
      shared.coins.remember(validCoin)
    }
    shared.keepCurrency(validCurrency)
    return Trade(
      id: validID, day: validDay, side: validSide, coin: validCoin,
      quantity: validQuantity, price: validPrice, fee: validFee,
      currency: validCurrency, lots: lots, origin: origin ?? nil)
  }

  /// A non-empty array of trade ids.
  fileprivate mutating func readTradeIDs(at path: SchemaPath) throws(StateDocumentError) -> [Int] {
    try expect(.array, at: path)
    try syntax { () throws(JSONSyntaxError) in try beginArray() }
    var ids: [Int] = []
    while try syntax({ () throws(JSONSyntaxError) in try nextElement() }) {
      ids.append(try readInteger(at: path, in: 1...TrackerState.largestID))
    }
    guard !ids.isEmpty else {
      throw .schema(StateSchemaError(keyPath: path.text, problem: .invalid("is an empty list")))
    }
    return ids
  }

  /// A trade's amount, `what` it is: its text when it keeps the rules of `what`, nil inside
  /// otherwise.
  fileprivate mutating func readAmount(
    _ what: TradeError.NumberKind, at path: @autoclosure () -> SchemaPath
  ) throws(StateDocumentError) -> Price? {
    // An amount as cointrack writes it is checked from the scan that finds its end.
    if let (bytes, scan) = readPlainDecimalNumber() {
      return try? Trade.checkedAmount(utf8: bytes, scan: scan, what: what)
    }
    return try readUTF8(of: .number, at: path()) { bytes in
      try? Trade.checkedAmount(utf8: bytes, what: what)
    }
  }
}

extension TrackerState {
  /// Refuses trades out of id order, an id at or past `nextTradeID` (which would be given out
  /// again), and trades that sell more of a coin than is held on the day. `keyPath` names the
  /// member `key` of the trade at an index, or the document's member `key` for a nil index.
  static func checkTrades(
    _ trades: [Trade], nextTradeID: Int, keyPath: (_ index: Int?, _ key: String) -> String
  ) throws(StateDocumentError) {
    if let index = trades.indices.dropFirst().first(where: { trades[$0 - 1].id >= trades[$0].id }) {
      throw .schema(
        StateSchemaError(
          keyPath: keyPath(index, "id"),
          problem: .invalid("is \(trades[index].id), not above the id of the trade before")))
    }
    if let highest = trades.last?.id, nextTradeID <= highest {
      throw .schema(
        StateSchemaError(
          keyPath: keyPath(nil, "next_trade_id"),
          problem: .invalid("is \(nextTradeID) but trade id \(highest) is already used")))
    }
    if let oversell = PortfolioCheck.firstOversell(in: trades) {
      let index = trades.firstIndex { $0.id == oversell.trade.id }!
      throw .schema(
        StateSchemaError(
          keyPath: keyPath(index, "quantity"),
          problem: .invalid(
            "sells \(oversell.trade.quantity) \(oversell.trade.coin.symbol) on "
              + "\(oversell.trade.day) when \(oversell.held) is held")))
    }
  }
}
