/// The exports with one trade of a glued pair a row: Binance's Trade History, Kraken's
/// trades.csv and Coinbase Pro's fills. Each row gives the pair, the side, the quantity of the
/// base coin, the total in the quote asset and the fee.
enum PairTrades {
  /// The event of one row: `base` bought or sold for `total` of `quote`, with `fee` in
  /// `feeAsset`.
  static func event(
    _ row: ExportRow, day: Day, side: TradeSide, base: String, quote: String, quantity: Price,
    total: Price, fee: Price, feeAsset: String, origin: String
  ) -> ImportEvent {
    let coin = ExportAmount(asset: base, quantity: quantity)
    let money = ExportAmount(asset: quote, quantity: total)
    let kind: ImportEvent.Kind =
      side == .buy
      ? .exchange(given: [money], received: [coin]) : .exchange(given: [coin], received: [money])
    let fees =
      ExactDecimal(fee).isZero ? [] : [ExportAmount(asset: feeAsset, quantity: fee)]
    return ImportEvent(line: row.line, day: day, kind: kind, fees: fees, origin: origin)
  }

  /// The side named by `value` (`BUY`, `buy`, `Buy`).
  static func side(_ row: ExportRow, _ column: String) throws(ImportError) -> TradeSide {
    try row.choice(column, ["buy", "sell"]) == "buy" ? .buy : .sell
  }

  /// The pair of column `column` split into base and quote (`LTCBTC`, `XXRPZEUR`, `XLM-EUR`).
  static func pair(_ row: ExportRow, _ column: String, kraken: Bool = false) throws(ImportError)
    -> (base: String, quote: String)
  {
    let value = row.text(column)
    let parts = value.split(separator: "-")
    if parts.count == 2 { return (String(parts[0]).uppercased(), String(parts[1]).uppercased()) }
    guard let split = ExportAssets.splitPair(value) else {
      throw .invalidField(line: row.line, column: column, value: value, .value(expected: []))
    }
    return kraken
      ? (ExportAssets.krakenSymbol(split.base), ExportAssets.krakenSymbol(split.quote))
      : split
  }

  /// Binance's spot Trade History, older layout:
  /// `Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin`; no id, so rows are hashed.
  static func binanceTradeHistory(_ table: ExportTable, today: Day) throws(ImportError)
    -> [ImportEvent]
  {
    var hashes = RowHashes(key: "binance-trades")
    return try table.exportRows().map { row throws(ImportError) in
      let (base, quote) = try pair(row, "Market")
      return event(
        row, day: try row.day("Date(UTC)", today: today), side: try side(row, "Type"),
        base: base, quote: quote, quantity: try row.amount("Amount", .quantity),
        total: try row.amount("Total", .price), fee: try row.amount("Fee", .fee),
        feeAsset: row.text("Fee Coin").uppercased(), origin: hashes.origin(of: row.fields))
    }
  }

  /// Binance's spot Trade History, newer layout: `Date(UTC),Pair,Side,Price,Executed,Amount,
  /// Fee`, each amount with its asset glued on (`0.48SOL`, `62.376USDT`, `0.00010548BNB`); no
  /// id, so rows are hashed.
  static func binanceTradeHistoryGlued(_ table: ExportTable, today: Day) throws(ImportError)
    -> [ImportEvent]
  {
    var hashes = RowHashes(key: "binance-trades")
    return try table.exportRows().map { row throws(ImportError) in
      let (base, quote) = try pair(row, "Pair")
      let executed = try glued(row, "Executed", [base, quote], .quantity)
      let amount = try glued(row, "Amount", [base, quote], .price)
      let fee = try glued(row, "Fee", [base, quote], .fee)
      guard executed.asset == base, amount.asset == quote else {
        throw .invalidField(
          line: row.line, column: executed.asset == base ? "Amount" : "Executed",
          value: row.text(executed.asset == base ? "Amount" : "Executed"),
          .value(expected: [executed.asset == base ? quote : base]))
      }
      return event(
        row, day: try row.day("Date(UTC)", today: today), side: try side(row, "Side"),
        base: base, quote: quote, quantity: executed.quantity, total: amount.quantity,
        fee: fee.quantity, feeAsset: fee.asset, origin: hashes.origin(of: row.fields))
    }
  }

  /// The amount in `column` with its asset glued on: one of `symbols` (the pair's, longest
  /// first, so that `5.11INCH` of 1INCHUSDT is 5.1 1INCH) when the text ends in it, else the
  /// letters it ends in; refused without one.
  private static func glued(
    _ row: ExportRow, _ column: String, _ symbols: [String], _ what: TradeError.NumberKind
  ) throws(ImportError) -> ExportAmount {
    let text = row.text(column)
    let upper = text.uppercased()
    if let symbol = symbols.sorted(by: { $0.count > $1.count }).first(where: {
      upper.hasSuffix($0) && upper.count > $0.count
    }), let number = ExportNumber(String(text.dropLast(symbol.count))), number.unit == nil {
      return ExportAmount(
        asset: symbol, quantity: try row.checked(number.magnitude, column: column, what))
    }
    guard let number = ExportNumber(text), let unit = number.unit else {
      throw .invalidField(line: row.line, column: column, value: text, .number)
    }
    return ExportAmount(
      asset: unit, quantity: try row.checked(number.magnitude, column: column, what))
  }

  /// Kraken's trades.csv: `txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,...`,
  /// the fee in the quote currency; the origin is the trade's txid.
  static func krakenTrades(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    try table.exportRows().map { row throws(ImportError) in
      let (base, quote) = try pair(row, "pair", kraken: true)
      return event(
        row, day: try row.day("time", today: today), side: try side(row, "type"), base: base,
        quote: quote, quantity: try row.amount("vol", .quantity),
        total: try row.amount("cost", .price), fee: try row.amount("fee", .fee), feeAsset: quote,
        origin: try row.origin("kraken-trades", id: "txid"))
    }
  }

  /// Coinbase (Pro, Advanced Trade) fills: `portfolio,trade id,product,side,created at,size,
  /// size unit,price,fee,total,price/fee/total unit`. `total` is signed and holds the fee, so
  /// the amount before fees is size × price; the origin is the product and trade id (ids are
  /// numbered per product).
  static func coinbaseFills(_ table: ExportTable, today: Day) throws(ImportError)
    -> [ImportEvent]
  {
    try table.exportRows().map { row throws(ImportError) in
      let (base, quote) = try pair(row, "product")
      let quantity = try row.amount("size", .quantity)
      let price = try row.amount("price", .price)
      let total = ExactDecimal(quantity) * ExactDecimal(price)
      let id = row.text("product") + "/" + row.text("trade id")
      let origin = "coinbase-fills:" + id
      guard origin.withUTF8Bytes(Trade.isOrigin), origin.count <= Trade.maximumOriginLength - 8
      else { throw .invalidField(line: row.line, column: "trade id", value: id, .origin) }
      return event(
        row, day: try row.day("created at", today: today), side: try side(row, "side"),
        base: base, quote: quote, quantity: quantity, total: total.price,
        fee: try row.amount("fee", .fee), feeAsset: row.text("price/fee/total unit").uppercased(),
        origin: origin)
    }
  }
}
