/// One recorded trade (a buy or sell), income (staking, airdrop, interest) or transfer: which
/// coin, on which day, how much, at what price per unit, the fee paid, and the currency both are
/// in.
///
/// Quantity, price and fee keep their decimal text as typed or imported, in `Price`'s canonical
/// form (`01` is kept as `1`); arithmetic on them is exact (`ExactDecimal`), never binary
/// floating point.
public struct Trade: Hashable, Sendable {
  /// Small, stable and never reused after a removal, like a tracked coin's list id.
  public var id: Int
  public var day: Day
  public var side: TradeSide
  public var coin: Coin
  /// How many units changed hands: above zero, at most `maximumQuantityDecimals` decimals.
  public var quantity: Price
  /// The price of one unit in `currency`: zero or above (zero for an airdrop or a gift).
  public var price: Price
  /// What the trade cost besides the units, in `currency`: zero or above. It adds to a buy's
  /// cost and comes off a sell's proceeds.
  public var fee: Price
  /// The currency of `price` and `fee`, upper case, such as `USD` or `USDT`.
  public var currency: String
  /// The buy trades a sell takes its units from, in order (`portfolio sell --lot`), whatever
  /// the cost method; empty for a buy and for a sell that leaves it to the method.
  public var lots: [Int]
  /// Where an imported trade came from (`kraken-ledgers:LXXXX-XXXXX-XXXXXX`), so that importing
  /// the same row again records nothing; nil for a trade typed in.
  public var origin: String?

  public init(
    id: Int, day: Day, side: TradeSide, coin: Coin, quantity: Price, price: Price, fee: Price,
    currency: String, lots: [Int] = [], origin: String? = nil
  ) {
    self.id = id
    self.day = day
    self.side = side
    self.coin = coin
    self.quantity = quantity
    self.price = price
    self.fee = fee
    self.currency = currency
    self.lots = lots
    self.origin = origin
  }

  /// The exact value of `quantity`.
  var quantityValue: ExactDecimal { ExactDecimal(quantity) }
  /// The exact value of `price`.
  var priceValue: ExactDecimal { ExactDecimal(price) }
  /// The exact value of `fee`.
  var feeValue: ExactDecimal { ExactDecimal(fee) }
}

/// What a trade did: added units to the portfolio (a buy or income), took them away (a sell), or
/// moved them between the user's own accounts (a transfer).
public enum TradeSide: String, Hashable, Sendable, CaseIterable {
  case buy
  case sell
  /// Income: a staking reward, acquired at its value on the day as a lot, like a buy.
  case staking
  /// Income: coins given, valued as staking is.
  case airdrop
  /// Income: interest paid in coins, valued as staking is.
  case interest
  /// A move between the user's own accounts: no effect on what is held, its cost or gains.
  case transfer

  /// Whether the side is income: an acquisition at the coin's value on the day, fee 0.
  public var isIncome: Bool {
    switch self {
    case .staking, .airdrop, .interest: return true
    case .buy, .sell, .transfer: return false
    }
  }

  /// Whether the side adds units to the portfolio as a lot: a buy or income.
  public var isAcquisition: Bool { self == .buy || isIncome }

  /// The income sides, in their order.
  public static let incomeSides = allCases.filter(\.isIncome)
}

/// A rule that one side puts on a trade's numbers and lots, besides those of every trade.
public enum TradeSideRule: Hashable, Sendable {
  /// Only a sell names the lots it takes from.
  case lotsOnlyOnSell
  /// Income has no fee: it costs its value on the day it came.
  case incomeWithoutFee
  /// A transfer has price 0: it is valued nowhere.
  case transferWithoutPrice
  /// A transfer has fee 0: a fee paid in coin is a sell of its own.
  case transferWithoutFee

  /// The trade member the rule is about, as trades.jsonl names it.
  public var key: String {
    switch self {
    case .lotsOnlyOnSell: return "lots"
    case .incomeWithoutFee, .transferWithoutFee: return "fee"
    case .transferWithoutPrice: return "price"
    }
  }

  /// What a trade of `side` that breaks the rule does, as the end of a sentence naming the member.
  public func problem(side: TradeSide) -> String {
    switch self {
    case .lotsOnlyOnSell: return "names lots on a \(side.rawValue)"
    case .incomeWithoutFee, .transferWithoutFee: return "is not 0 on a \(side.rawValue)"
    case .transferWithoutPrice: return "is not 0 on a transfer"
    }
  }
}

extension Trade {
  /// The most decimals a quantity may have: 18, a wei of ether.
  public static let maximumQuantityDecimals = 18
  /// The longest text of a quantity, price or fee: longer numbers are no amount anyone trades.
  public static let maximumNumberLength = 64
  /// The lengths of a currency code: `EU` is no code, `USDT` and `BUSD` are.
  public static let currencyCodeLengths = 2...10

  /// A quantity: plain decimal text without a sign, above zero, with at most 18 decimals.
  public static func checkedQuantity(_ input: String) throws(TradeError) -> Price {
    try checkedAmount(input, what: .quantity)
  }

  /// A price per unit or a fee: plain decimal text without a sign, zero or above; a quantity
  /// keeps its own rules besides (see `checkedQuantity`).
  public static func checkedAmount(_ input: String, what: TradeError.NumberKind) throws(TradeError)
    -> Price
  {
    try input.withUTF8Bytes { bytes in
      Result { () throws(TradeError) in try checkedAmount(utf8: bytes, what: what) }
    }.get()
  }

  /// The amount whose text is `bytes`, checked as `checkedAmount` checks text: the state file's
  /// amounts are checked where they lie in it.
  static func checkedAmount(utf8 bytes: UnsafeBufferPointer<UInt8>, what: TradeError.NumberKind)
    throws(TradeError) -> Price
  {
    try checkedAmount(utf8: bytes, scan: PlainDecimalScan(bytes), what: what)
  }

  /// The amount whose text is `bytes`, checked as `checkedAmount` checks text, from `scan`, the
  /// scan of those bytes already made (the journal's reader finds a number's end by it).
  @inline(__always)
  static func checkedAmount(
    utf8 bytes: UnsafeBufferPointer<UInt8>, scan: PlainDecimalScan, what: TradeError.NumberKind
  ) throws(TradeError) -> Price {
    /// The input, made into text only for an error.
    var input: String { String(decoding: bytes, as: UTF8.self) }
    // Every rule below is checked from the one reading of the bytes.
    guard bytes.count <= maximumNumberLength, scan.isPlainDecimal else {
      throw TradeError.malformedNumber(input: input, what: what)
    }
    guard !scan.isNegative else {
      throw what == .quantity
        ? TradeError.quantityNotPositive(input: input)
        : TradeError.negativeAmount(input: input, what: what)
    }
    if what == .quantity {
      guard scan.scale <= maximumQuantityDecimals else {
        throw TradeError.tooManyDecimals(input: input, allowed: maximumQuantityDecimals)
      }
      guard scan.hasNonzeroDigit else { throw TradeError.quantityNotPositive(input: input) }
    }
    return Price(plainDecimalUTF8: bytes)
  }

  /// The longest origin, in bytes.
  public static let maximumOriginLength = 200

  /// Whether `bytes` are an origin as stored: 1 to 200 printable ASCII characters.
  static func isOrigin(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    (1...maximumOriginLength).contains(bytes.count)
      && bytes.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// The trade ids of `--lot`: comma-separated whole numbers, each a possible id and none twice.
  public static func checkedLots(_ input: String) throws(TradeError) -> [Int] {
    var ids: [Int] = []
    for part in input.split(separator: ",", omittingEmptySubsequences: false) {
      let text = String(part).trimmingSpaces()
      guard text.isDecimalDigits, let id = Int(text), (1...TrackerState.largestID).contains(id),
        !ids.contains(id)
      else { throw TradeError.malformedLots(input: input) }
      ids.append(id)
    }
    return ids
  }

  /// A currency code in upper case: 2 to 10 ASCII letters and digits, starting with a letter.
  public static func checkedCurrency(_ input: String) throws(TradeError) -> String {
    let code = input.uppercased()
    guard code.withUTF8Bytes(isCurrencyCode) else {
      throw TradeError.malformedCurrency(input: input)
    }
    return code
  }

  /// Whether `bytes` are a currency code as stored: 2 to 10 capitals and digits, a capital first.
  static func isCurrencyCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard currencyCodeLengths.contains(bytes.count),
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0])
    else { return false }
    return bytes.allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
  }
}

extension Trade {
  /// The first rule of its side that the trade breaks (see `TradeSideRule`); nil when it keeps
  /// them. The commands make trades that keep them; the readers and the recorder check.
  public var brokenSideRule: TradeSideRule? {
    Trade.brokenSideRule(side: side, price: price, fee: fee, lots: lots)
  }

  /// The first rule of `side` that a trade with `price`, `fee` and `lots` breaks; nil when it
  /// keeps them. The journal's reader checks the members it has read before it makes the trade.
  static func brokenSideRule(side: TradeSide, price: Price, fee: Price, lots: [Int])
    -> TradeSideRule?
  {
    if side != .sell, !lots.isEmpty { return .lotsOnlyOnSell }
    if side.isIncome, !ExactDecimal(fee).isZero { return .incomeWithoutFee }
    if side == .transfer, !ExactDecimal(price).isZero { return .transferWithoutPrice }
    if side == .transfer, !ExactDecimal(fee).isZero { return .transferWithoutFee }
    return nil
  }

  /// Refuses a trade that breaks a rule of its side (`brokenSideRule`), naming what it gave.
  public func checkSideRules() throws(TradeError) {
    guard let rule = brokenSideRule else { return }
    let input: String
    switch rule {
    case .lotsOnlyOnSell: input = lots.map(String.init).joinedText(separator: ",")
    case .incomeWithoutFee, .transferWithoutFee: input = fee.text
    case .transferWithoutPrice: input = price.text
    }
    throw .sideRuleBroken(rule, side: side, input: input)
  }
}

extension TradeSide {
  /// The side whose name is `bytes`, compared where they lie; nil for any other text.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    // Each name spelled out: the journal's reader meets a side on every line.
    if bytes.spells("buy") {
      self = .buy
    } else if bytes.spells("sell") {
      self = .sell
    } else if bytes.spells("staking") {
      self = .staking
    } else if bytes.spells("airdrop") {
      self = .airdrop
    } else if bytes.spells("interest") {
      self = .interest
    } else if bytes.spells("transfer") {
      self = .transfer
    } else {
      return nil
    }
  }

  /// The sides' names, separated by commas, for the messages about one that is none of them.
  public static let names = allCases.map(\.rawValue).joinedText(separator: ", ")
}

extension Trade {
  /// The sale of `quantity` units of `coin` paid as a transfer's fee: at `close`, with a fee of
  /// its whole proceeds, so that it brings nothing and the units' cost is its loss.
  public static func feeSale(of coin: Coin, quantity: Price, at close: DayClose) throws(TradeError)
    -> Trade
  {
    let proceeds = ExactDecimal(quantity) * ExactDecimal(close.price)
    let exact = proceeds.rounded(toScale: proceeds.significantScale)
    let fee = try checkedAmount(exact.price.text, what: .fee)
    return Trade(
      id: 0, day: close.day, side: .sell, coin: coin, quantity: quantity, price: close.price,
      fee: fee, currency: close.currency)
  }
}

extension Price {
  /// Zero: the price and fee of a transfer, the fee of income.
  public static let zero = Price(decimalText: "0")!
}
