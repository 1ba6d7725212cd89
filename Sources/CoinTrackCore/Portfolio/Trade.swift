/// One recorded buy or sell: which coin, on which day, how much, at what price per unit, the fee
/// paid, and the currency both are in.
///
/// Quantity, price and fee keep their exact decimal text as typed or imported; arithmetic on them
/// is exact (`ExactDecimal`), never binary floating point.
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

  public init(
    id: Int, day: Day, side: TradeSide, coin: Coin, quantity: Price, price: Price, fee: Price,
    currency: String
  ) {
    self.id = id
    self.day = day
    self.side = side
    self.coin = coin
    self.quantity = quantity
    self.price = price
    self.fee = fee
    self.currency = currency
  }
}

/// Whether a trade added units to the portfolio or took them away.
public enum TradeSide: String, Hashable, Sendable, CaseIterable {
  case buy
  case sell
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
    let quantity = try checkedAmount(input, what: .quantity)
    let exact = ExactDecimal(quantity)
    guard exact.scale <= maximumQuantityDecimals else {
      throw TradeError.tooManyDecimals(input: input, allowed: maximumQuantityDecimals)
    }
    guard !exact.isZero else { throw TradeError.quantityNotPositive(input: input) }
    return quantity
  }

  /// A price per unit or a fee: plain decimal text without a sign, zero or above.
  public static func checkedAmount(_ input: String, what: TradeError.NumberKind) throws(TradeError)
    -> Price
  {
    guard input.utf8.count <= maximumNumberLength, let amount = Price(decimalText: input) else {
      throw TradeError.malformedNumber(input: input, what: what)
    }
    guard !input.hasPrefix("-") else {
      throw what == .quantity
        ? TradeError.quantityNotPositive(input: input)
        : TradeError.negativeAmount(input: input, what: what)
    }
    return amount
  }

  /// A currency code in upper case: 2 to 10 ASCII letters and digits, starting with a letter.
  public static func checkedCurrency(_ input: String) throws(TradeError) -> String {
    let code = input.uppercased()
    let bytes = code.utf8
    guard currencyCodeLengths.contains(bytes.count), let first = bytes.first,
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
      bytes.allSatisfy({
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
      })
    else { throw TradeError.malformedCurrency(input: input) }
    return code
  }
}
