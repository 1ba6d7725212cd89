/// Why a trade could not be read, recorded or removed. Each case carries the input it is about.
public enum TradeError: Error, Hashable, Sendable {
  /// A quantity, price or fee that is not plain decimal text (`1e3`, `1,000`, `abc`).
  case malformedNumber(input: String, what: NumberKind)
  /// A quantity of zero or below.
  case quantityNotPositive(input: String)
  /// A price or fee below zero.
  case negativeAmount(input: String, what: NumberKind)
  /// A quantity with more decimals than `Trade.maximumQuantityDecimals`.
  case tooManyDecimals(input: String, allowed: Int)
  /// A currency code that is not 2 to 10 ASCII letters and digits.
  case malformedCurrency(input: String)
  /// Recording trades would make a sell sell more than is held on its day; `isNew` tells
  /// whether that sell is one of those being recorded or one stored before.
  case oversold(Oversell, isNew: Bool)
  /// Removing the trades `removing` would leave a later sell selling more than is held.
  case removalOversells(removing: [Int], Oversell)
  /// No trade has the id `input` gives.
  case unknownTrade(input: String)
  /// A `--lot` list that is not trade ids separated by commas, each once.
  case malformedLots(input: String)
  /// A sale names as a lot the trade id `lot`, which is no buy of the sale's coin before it.
  case unknownLot(sale: Trade, lot: Int)
  /// The lots a sale names hold less than it sells under `method`: other sales took from
  /// them first.
  case namedLotsShort(sale: Trade, method: CostMethod)
  /// Every trade id has been given out.
  case noTradeIDsLeft
  /// A trade in another currency than its coin's, the one the source values the coin in (a
  /// `USDT` trade of a coin synced in `USD`): currencies are never mixed silently. `isNew` tells
  /// whether the trade is one being recorded or one stored before.
  case currencyMismatch(trade: Trade, coinCurrency: String, source: String, isNew: Bool)

  /// A trade of `side` that breaks `rule` (a fee on income, a price or fee on a transfer, lots
  /// named by other than a sell); `input` is the number or lots as given.
  case sideRuleBroken(TradeSideRule, side: TradeSide, input: String)

  /// Which number of a trade a malformed one was meant to be.
  public enum NumberKind: String, Hashable, Sendable {
    case quantity
    case price
    case fee
  }
}

extension TradeError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .malformedNumber, .malformedCurrency, .malformedLots: return .usage
    case .quantityNotPositive, .negativeAmount, .tooManyDecimals, .oversold, .removalOversells,
      .noTradeIDsLeft, .currencyMismatch, .unknownLot, .namedLotsShort, .sideRuleBroken:
      return .invalidValue
    case .unknownTrade: return .notFound
    }
  }
}
