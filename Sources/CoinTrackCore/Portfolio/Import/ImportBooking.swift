/// Turns an export's events into trades: trades in a currency as they are; swaps, income and
/// fees paid in a coin valued at the day's close from the price source
/// (`PriceSource.close(of:on:)`); transfers as transfers, their coin fees as fee sales.
public struct ImportBooking {
  let source: any PriceSource
  /// Coins already resolved, and those the user named for a symbol (`--symbol`), by the export's
  /// symbol.
  private var coins: [String: Coin]
  /// The currency each coin transferred is valued in, by coin id.
  private var currencies: [String: String] = [:]

  /// `coins` says which coin an export's symbol (in capitals) means, before the source is
  /// asked: how a symbol the source knows several coins by is imported.
  public init(source: any PriceSource, coins: [String: Coin] = [:]) {
    self.source = source
    self.coins = coins
  }

  /// The trades of `events`, in event order, each with the line of its event; the legs one
  /// event makes have origins with suffixes (`#sell`, `#buy`, `#fee`).
  public mutating func trades(of events: [ImportEvent]) throws -> [(line: Int, trade: Trade)] {
    var booked: [(line: Int, trade: Trade)] = []
    booked.reserveCapacity(events.count)
    for event in events {
      for trade in try trades(of: event) { booked.append((event.line, trade)) }
    }
    return booked
  }

  /// The trades of one event.
  mutating func trades(of event: ImportEvent) throws -> [Trade] {
    switch event.kind {
    case .trade(_, let coin, _, _, _) where ExportAssets.isCurrency(coin):
      // Money for money (EUR for USDT, USDC for USDT) is no trade, as money paid in or out is
      // none: cointrack holds coins, and a stablecoin received for a coin's sale was never a
      // lot to sell. A fee paid in a coin is still a fee sale of it.
      return try coinFeeSales(of: event)
    case .trade(let side, let coin, let quantity, let total, let currency):
      var trade = Trade(
        id: 0, day: event.day, side: side, coin: try self.coin(coin, event), quantity: quantity,
        price: try Self.unitPrice(total, quantity, event), fee: Price(decimalText: "0")!,
        currency: try Self.currency(currency, event), origin: event.origin)
      let feeLegs = try fees(of: event, into: &trade)
      return [trade] + feeLegs
    case .swap(let given, let received):
      var legs: [Trade] = []
      for (index, amount) in given.enumerated() {
        legs.append(try leg(.sell, amount, event, suffix: "#sell" + Self.count(index)))
      }
      for (index, amount) in received.enumerated() {
        legs.append(try leg(.buy, amount, event, suffix: "#buy" + Self.count(index)))
      }
      // Fees add to the cost of what was received.
      let buyIndex = given.count
      let feeLegs = try fees(of: event, into: &legs[buyIndex])
      return legs + feeLegs
    case .transfer(_, let asset, _) where ExportAssets.isCurrency(asset),
      .income(_, let asset, _) where ExportAssets.isCurrency(asset),
      .cost(_, let asset, _) where ExportAssets.isCurrency(asset):
      // cointrack holds coins, not money: money paid in or out, or earned, is no trade.
      return []
    case .income(let rowType, let symbol, let quantity):
      return try income(Self.incomeSide(rowType), symbol, quantity, event)
    case .transfer(_, let symbol, let quantity):
      return try transfer(symbol, quantity, event)
    case .cost(_, let symbol, let quantity):
      // Coins paid for a cost are a fee paid in a coin: a fee sale of them.
      let paid = ExportAmount(asset: symbol, quantity: quantity)
      return [try feeSale(paid, event, suffix: "")] + (try coinFeeSales(of: event))
    }
  }

  /// The side of an income row, by the export's name for it: gifts of coins (airdrops,
  /// distributions, bonuses, rewards for learning, coins of a chain's fork) are `airdrop`; interest, lending and savings
  /// `interest`; every other reward `staking`.
  static func incomeSide(_ rowType: String) -> TradeSide {
    let name = rowType.lowercased()
    let airdrop = [
      "airdrop", "distribution", "gift", "bonus", "learning", "coinbase earn", "fork",
    ]
    if airdrop.contains(where: name.includes) { return .airdrop }
    let interest = ["interest", "lending", "savings", "simple earn", "vault"]
    if interest.contains(where: name.includes) { return .interest }
    return .staking
  }

  /// Income: a lot at the coin's close that day. A fee in the coin itself comes off the units
  /// received (income has no fee of its own); a fee in another coin is a fee sale of it.
  private mutating func income(
    _ side: TradeSide, _ symbol: String, _ quantity: Price, _ event: ImportEvent
  ) throws -> [Trade] {
    let coin = try self.coin(symbol, event)
    let close = try self.close(of: coin, event)
    var units = ExactDecimal(quantity)
    var feeLegs: [Trade] = []
    for (index, amount) in event.fees.enumerated() {
      if amount.asset == symbol {
        units = units - ExactDecimal(amount.quantity)
      } else if !ExportAssets.isCurrency(amount.asset) {
        feeLegs.append(try feeSale(amount, event, suffix: "#fee" + Self.count(index)))
      }
    }
    // A reward its own fee ate up whole is no income: nothing came in.
    guard units > .zero else { return feeLegs }
    let income = Trade(
      id: 0, day: event.day, side: side, coin: coin,
      quantity: try Self.checked(units.price, .quantity, event), price: close.price, fee: .zero,
      currency: close.currency, origin: event.origin)
    return [income] + feeLegs
  }

  /// A move between the user's own accounts: the transfer, and each fee paid in a coin as a
  /// fee sale of it at its close. A fee in money is no trade: cointrack holds coins.
  private mutating func transfer(_ symbol: String, _ quantity: Price, _ event: ImportEvent)
    throws -> [Trade]
  {
    let coin = try self.coin(symbol, event)
    let moved = Trade(
      id: 0, day: event.day, side: .transfer, coin: coin, quantity: quantity, price: .zero,
      fee: .zero, currency: try currency(of: coin), origin: event.origin)
    return [moved] + (try coinFeeSales(of: event))
  }

  /// Each fee of `event` paid in a coin, as a fee sale of it; a fee in money is no trade.
  private mutating func coinFeeSales(of event: ImportEvent) throws -> [Trade] {
    var sales: [Trade] = []
    for (index, amount) in event.fees.enumerated() where !ExportAssets.isCurrency(amount.asset) {
      sales.append(try feeSale(amount, event, suffix: "#fee" + Self.count(index)))
    }
    return sales
  }

  /// A fee paid in a coin outside a trade: a sale of its units at their close whose fee is its
  /// whole proceeds (`Trade.feeSale`).
  private mutating func feeSale(_ amount: ExportAmount, _ event: ImportEvent, suffix: String)
    throws -> Trade
  {
    let coin = try self.coin(amount.asset, event)
    let quantity = try Self.checked(amount.quantity, .quantity, event)
    var sale: Trade
    do {
      sale = try Trade.feeSale(of: coin, quantity: quantity, at: close(of: coin, event))
    } catch let error as TradeError {
      throw ImportError.tradeRefused(line: event.line, error)
    }
    sale.origin = event.origin + suffix
    return sale
  }

  /// The currency the source values `coin` in (its own currency for a coin it has none for
  /// yet), asked once a coin.
  private mutating func currency(of coin: Coin) throws -> String {
    if let known = currencies[coin.id] { return known }
    let currency = try source.valuationCurrency(of: coin)
    currencies[coin.id] = currency
    return currency
  }

  /// A swap's leg: `amount` sold or bought at its coin's close on the day.
  private mutating func leg(
    _ side: TradeSide, _ amount: ExportAmount, _ event: ImportEvent, suffix: String
  ) throws -> Trade {
    let coin = try self.coin(amount.asset, event)
    let close = try self.close(of: coin, event)
    return Trade(
      id: 0, day: event.day, side: side, coin: coin, quantity: amount.quantity,
      price: close.price, fee: Price(decimalText: "0")!, currency: close.currency,
      origin: event.origin + suffix)
  }

  /// Adds the event's fees to `trade`'s fee: one in its currency as it is, one in a coin as a
  /// sell of that coin at its close (returned), whose value is added. The close must be in the
  /// trade's currency.
  private mutating func fees(of event: ImportEvent, into trade: inout Trade) throws -> [Trade] {
    var fee = ExactDecimal(trade.fee)
    var legs: [Trade] = []
    for (index, amount) in event.fees.enumerated() {
      if amount.asset == trade.currency {
        fee = fee + ExactDecimal(amount.quantity)
        continue
      }
      let coin = try self.coin(amount.asset, event)
      let close = try self.close(of: coin, event)
      guard close.currency == trade.currency else {
        throw ImportError.feeCurrency(
          line: event.line, coin: coin.symbol, day: event.day, closeCurrency: close.currency,
          tradeCurrency: trade.currency)
      }
      legs.append(
        Trade(
          id: 0, day: event.day, side: .sell, coin: coin,
          quantity: try Self.checked(amount.quantity, .quantity, event), price: close.price,
          fee: Price(decimalText: "0")!, currency: close.currency,
          origin: event.origin + "#fee" + Self.count(index)))
      fee = fee + ExactDecimal(amount.quantity) * ExactDecimal(close.price)
    }
    trade.fee = try Self.checked(fee.price, .fee, event)
    return legs
  }

  /// `""` for the first of several, then `2`, `3`...
  private static func count(_ index: Int) -> String { index == 0 ? "" : String(index + 1) }

  /// The coin of `symbol`: the source's when it knows one, else the coin known by that symbol
  /// alone; a symbol the source knows several coins by is refused naming the row.
  private mutating func coin(_ symbol: String, _ event: ImportEvent) throws -> Coin {
    if let coin = coins[symbol] { return coin }
    if ExportAssets.isKoinlyNumber(symbol) {
      throw ImportError.invalidField(
        line: event.line, column: "coin", value: symbol, .koinlyNumber)
    }
    guard Self.isExportSymbol(symbol) else {
      throw ImportError.invalidField(
        line: event.line, column: "coin", value: symbol, .value(expected: []))
    }
    let coin: Coin
    do {
      coin = try source.resolveCoin(symbol)
    } catch TrackerError.unknownCoin {
      coin = Coin(symbol: symbol, name: symbol, coingeckoID: nil)
    } catch let error as TrackerError {
      throw ImportError.invalidField(line: event.line, column: "coin", value: symbol, .coin(error))
    }
    coins[symbol] = coin
    return coin
  }

  /// Whether `symbol` is an asset code as imports read them: 1 to 20 capitals and digits, or
  /// Koinly's number for a coin (`ID:56784085`).
  public static func isExportSymbol(_ symbol: String) -> Bool {
    ExportAssets.isKoinlyNumber(symbol)
      || (1...20).contains(symbol.utf8.count)
        && symbol.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
  }

  /// The close of `coin` on the event's day; refused naming the row when there is none.
  private func close(of coin: Coin, _ event: ImportEvent) throws -> DayClose {
    do {
      return try source.close(of: coin, on: event.day)
    } catch TrackerError.noPricesInRange {
      throw ImportError.noClose(
        line: event.line, coin: coin.symbol, day: event.day, source: source.name)
    }
  }

  /// The price of one unit: `total` ÷ `quantity`, exact when it ends within 18 decimals, else
  /// rounded half to even at the 18th; trailing zeros dropped.
  static func unitPrice(_ total: Price, _ quantity: Price, _ event: ImportEvent)
    throws(ImportError) -> Price
  {
    // A quantity is above zero.
    let quotient = ExactDecimal(total).divided(by: ExactDecimal(quantity), scale: 18)!
    var text = quotient.price.text
    while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return try checked(Price(decimalText: text)!, .price, event)
  }

  /// `value` checked as a trade's `what`, refused naming the event's line.
  private static func checked(_ value: Price, _ what: TradeError.NumberKind, _ event: ImportEvent)
    throws(ImportError) -> Price
  {
    do {
      return try Trade.checkedAmount(value.text, what: what)
    } catch {
      throw .tradeRefused(line: event.line, error)
    }
  }

  /// A currency code as a trade keeps it.
  private static func currency(_ code: String, _ event: ImportEvent) throws(ImportError)
    -> String
  {
    do {
      return try Trade.checkedCurrency(code)
    } catch {
      throw .tradeRefused(line: event.line, error)
    }
  }
}
