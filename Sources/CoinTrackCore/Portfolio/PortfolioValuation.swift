/// One row of `portfolio show`: a coin held, valued at its price, or the totals of all of them.
///
/// Money is rounded half to even to the most decimals of the prices and fees it comes from (the
/// coin's trades and its price); `unrealisedPercent` to two decimals.
public struct HoldingRow: Hashable, Sendable {
  /// The coin; nil for the totals.
  public var coin: Coin?
  /// What is held; nil for the totals, as units of different coins do not add up.
  public var quantity: Price?
  /// The cost of what is held: the purchases' prices and fees not yet taken by sales.
  public var cost: Price
  /// `cost` divided by `quantity`; nil for the totals.
  public var averageCost: Price?
  /// The price the holding is valued at and its day; nil when the source has none.
  public var price: PriceRow?
  /// `quantity` × the price; nil without a price (for the totals: when a coin has none).
  public var value: Price?
  /// `value` − `cost`.
  public var unrealised: Price?
  /// `unrealised` as a percentage of `cost`; nil when there is no value or the cost is 0.
  public var unrealisedPercent: Price?
  /// The proceeds of the sales to date, their fees taken off, less the cost they took; for the
  /// totals, that of every coin traded, held now or not.
  public var realised: Price
  public var currency: String
}

/// `portfolio show`: every coin held on a day valued at its price, and the totals.
public struct PortfolioValuation: Hashable, Sendable {
  public var day: Day
  public var method: CostMethod
  /// One row per coin held on `day`, in the order the coins were first bought.
  public var holdings: [HoldingRow]
  /// One totals row per currency, in the order the currencies were first traded: money in
  /// different currencies is never added up.
  public var totals: [HoldingRow]
  /// The coins held that the source has no price for on or before `day`.
  public var unpriced: [Coin] { holdings.filter { $0.price?.price == nil }.compactMap(\.coin) }
}

extension Position {
  /// The row of this position valued at `latest`, and its money as shown, for the totals.
  ///
  /// The unrealised profit is the value less the cost as shown, so that each row's numbers
  /// agree with each other to the last digit.
  mutating func valued(at latest: PriceRow?) -> (row: HoldingRow, amounts: ValuedAmounts) {
    let price = latest?.price.map(ExactDecimal.init)
    let scale = ValuedAmounts.scale(moneyScale: moneyScale, price: price)
    let amounts = amounts(at: price)
    var row = amounts.row(currency: currency)
    row.coin = coin
    row.quantity = quantity.price.normalised
    row.averageCost = cost.divided(by: quantity, scale: scale)?.price
    row.price = price == nil ? nil : latest
    return (row, amounts)
  }

  /// This position's money at `price` (nil: no price), rounded as shown: to the most decimals
  /// of its trades and the price.
  mutating func amounts(at price: ExactDecimal?) -> ValuedAmounts {
    amounts(at: price ?? .zero, isPriced: price != nil)
  }

  /// This position's money at `price`, as `amounts(at:)` gives it; no price when `isPriced` is
  /// false, `price` then standing for none: a walk over years of days reads each coin-day's
  /// close this way rather than as an optional decimal made and let go of every time.
  mutating func amounts(at price: ExactDecimal, isPriced: Bool) -> ValuedAmounts {
    let scale = ValuedAmounts.scale(moneyScale: moneyScale, price: price, isPriced: isPriced)
    let (cost, realised) = shownCostAndRealised(scale: scale)
    guard isPriced else {
      return ValuedAmounts(
        currencyNumber: currencyNumber, cost: cost, value: .zero, isPriced: false,
        realised: realised)
    }
    return ValuedAmounts(
      currencyNumber: currencyNumber, cost: cost,
      value: ValuedAmounts.value(of: quantity, at: price, scale: scale), isPriced: true,
      realised: realised)
  }

  /// The decimals of a percentage.
  static let percentScale = 2

  /// `part` as a percentage of `whole`, to `percentScale` decimals; nil when `whole` is 0.
  static func percent(_ part: ExactDecimal, of whole: ExactDecimal) -> ExactDecimal? {
    (part.multiplied(by: 100)).divided(by: whole, scale: percentScale)
  }
}

/// A row's money as shown, rounded, which the totals add up: the totals are the sums of the rows.
struct ValuedAmounts {
  /// The number of the currency of the money among those traded (`Position.currencyNumber`):
  /// the totals add up each currency's apart.
  var currencyNumber: Int
  var cost: ExactDecimal
  // The value and whether there is one kept apart rather than as an optional decimal: a walk
  // over years of days makes and lets go of these for every coin held each day, and an optional
  // decimal is copied and destroyed through the runtime's generic witnesses.
  /// The value; zero without one.
  fileprivate var pricedValue: ExactDecimal
  /// Whether there is a value: every coin of the amounts had a price.
  private(set) var isPriced: Bool
  var realised: ExactDecimal

  /// The amounts in the currency numbered `currencyNumber`, `value` standing for none when
  /// `isPriced` is false.
  init(
    currencyNumber: Int, cost: ExactDecimal, value: ExactDecimal, isPriced: Bool,
    realised: ExactDecimal
  ) {
    self.currencyNumber = currencyNumber
    self.cost = cost
    pricedValue = value
    self.isPriced = isPriced
    self.realised = realised
  }

  /// The value; nil without a price.
  var value: ExactDecimal? { isPriced ? pricedValue : nil }

  /// Whether an amount is held behind a reference (it has more than 38 digits).
  var holdsReference: Bool {
    cost.holdsReference || pricedValue.holdsReference || realised.holdsReference
  }

  /// The decimals a position's money is shown with at `price`: the most of its trades' and
  /// the price's, not counting the trailing zeros a source pads its prices with (Binance
  /// answers `24012.00000000`).
  static func scale(moneyScale: Int, price: ExactDecimal?) -> Int {
    scale(moneyScale: moneyScale, price: price ?? .zero, isPriced: price != nil)
  }

  /// The decimals as `scale(moneyScale:price:)` gives them; no price when `isPriced` is false.
  static func scale(moneyScale: Int, price: ExactDecimal, isPriced: Bool) -> Int {
    // A price with no more decimals than the money has none beyond them to count.
    guard isPriced, price.scale > moneyScale else { return moneyScale }
    return max(moneyScale, price.significantScale)
  }

  /// The value of `quantity` at `price`, rounded to `scale` decimals as shown.
  static func value(of quantity: ExactDecimal, at price: ExactDecimal, scale: Int) -> ExactDecimal {
    (quantity * price).rounded(toScale: scale)
  }

  /// A row of these amounts in `currency`, all with the most decimals among them, without coin
  /// or quantity.
  func row(currency: String) -> HoldingRow { shown.row(currency: currency) }

  /// The numbers of the row, exact: each amount with the most decimals among them.
  var shown: ShownAmounts { ShownAmounts(self) }
}

/// The numbers of a row as shown, exact until they are written (a writer of many rows writes
/// them without making a string of each): the cost, value and realised profit with the most
/// decimals among them, and the unrealised profit and its percentage made from them when read.
///
/// The three amounts are kept as units of one scale, in few bytes, as a walk over years of days
/// keeps a row of each day until it is written; amounts whose units do not fit are kept whole.
struct ShownAmounts {
  /// The units of the cost, the value (0 without one) and the realised profit at `scale`;
  /// 0 when `whole` holds the amounts.
  // 64 bits each rather than 128: a day of `portfolio history` then takes 56 bytes, not 96,
  // and five years of them a third fewer pages; money as shown mostly has fewer than 19 digits.
  private let costUnits: Int64
  private let valueUnits: Int64
  private let realisedUnits: Int64
  /// The amounts at `scale`, when their units or the scale do not fit the fields above.
  private let whole: Whole?
  private let scale: Int8
  /// Whether there is a value: every coin of the row had a price.
  let isPriced: Bool

  /// Amounts too large to be kept as units.
  private final class Whole: Sendable {
    let cost: ExactDecimal
    let value: ExactDecimal?
    let realised: ExactDecimal

    init(cost: ExactDecimal, value: ExactDecimal?, realised: ExactDecimal) {
      (self.cost, self.value, self.realised) = (cost, value, realised)
    }
  }

  /// The numbers of `amounts`.
  init(_ amounts: ValuedAmounts) {
    isPriced = amounts.isPriced
    let scale = max(amounts.cost.scale, amounts.value?.scale ?? 0, amounts.realised.scale)
    let (cost, realised) = (amounts.cost.rescaled(to: scale), amounts.realised.rescaled(to: scale))
    let value = amounts.value?.rescaled(to: scale)
    // Without a value, 0 units stand for it.
    if let costUnits = Self.units(of: cost), let realisedUnits = Self.units(of: realised),
      let valueUnits = value.map(Self.units(of:)) ?? 0, let scale = Int8(exactly: scale)
    {
      (self.costUnits, self.valueUnits, self.realisedUnits) = (costUnits, valueUnits, realisedUnits)
      self.scale = scale
      whole = nil
    } else {
      (costUnits, valueUnits, realisedUnits) = (0, 0, 0)
      self.scale = 0
      whole = Whole(cost: cost, value: value, realised: realised)
    }
  }

  /// The units of `value` when they are held fixed and fit 64 bits.
  private static func units(of value: ExactDecimal) -> Int64? {
    guard case .fixed(let units) = value.storage else { return nil }
    return Int64(exactly: units)
  }

  var cost: ExactDecimal {
    whole?.cost ?? ExactDecimal(units: Int128(costUnits), scale: Int(scale))
  }
  /// Nil without a price.
  var value: ExactDecimal? {
    guard isPriced else { return nil }
    return pricedValue
  }
  // Inlined, as the next, and made from the units rather than from `value`: no optional amount
  // is made, copied and destroyed on the way, for every row `portfolio history` writes.
  /// `value` − `cost`; nil without a value.
  @inline(__always)
  var unrealised: ExactDecimal? {
    guard isPriced else { return nil }
    return pricedValue(less: cost)
  }
  /// `unrealised` as a percentage of `cost`; nil without a value or when the cost is 0.
  @inline(__always)
  var unrealisedPercent: ExactDecimal? {
    guard isPriced else { return nil }
    let cost = self.cost
    return Position.percent(pricedValue(less: cost), of: cost)
  }
  /// The value, when there is one, less `cost`, the cost: units of 64 bits at one scale
  /// subtracted in 128 bits, which no difference of theirs overflows.
  @inline(__always)
  private func pricedValue(less cost: ExactDecimal) -> ExactDecimal {
    guard whole == nil else { return pricedValue - cost }
    return ExactDecimal(units: Int128(valueUnits) - Int128(costUnits), scale: Int(scale))
  }
  /// The value, when there is one.
  private var pricedValue: ExactDecimal {
    whole?.value ?? ExactDecimal(units: Int128(valueUnits), scale: Int(scale))
  }
  var realised: ExactDecimal {
    whole?.realised ?? ExactDecimal(units: Int128(realisedUnits), scale: Int(scale))
  }

  /// The row of these numbers in `currency`, without coin or quantity.
  func row(currency: String) -> HoldingRow {
    HoldingRow(
      coin: nil, quantity: nil, cost: cost.price, averageCost: nil, price: nil,
      value: value?.price, unrealised: unrealised?.price,
      unrealisedPercent: unrealisedPercent?.price, realised: realised.price, currency: currency)
  }
}

extension CostBasis {
  /// The positions held now valued at `latestPrices` (by position among the held ones), and the
  /// totals of each currency: the sums of its rows as shown, the realised profit of its coins no
  /// longer held added. Without trades, one totals row of zeros in `currency`.
  mutating func valuation(
    on day: Day, currency: String, latestPrices: (_ held: [Coin]) throws -> LatestPrices
  ) rethrows -> PortfolioValuation {
    var held = positions.filter(\.isHeld)
    let prices = held.isEmpty ? LatestPrices([]) : try latestPrices(held.map(\.coin))
    let valued = held.indices.map { held[$0].valued(at: prices[$0]) }
    let currencies = tradedCurrencies(through: day, otherwise: currency)
    return PortfolioValuation(
      day: day, method: method, holdings: valued.map(\.row),
      totals: totalRows(of: valued.map(\.amounts), currencies: currencies))
  }

  /// The totals rows of the held positions' `amounts` as shown, one per currency of
  /// `currencies` in its order: what `portfolio show` gives below its holdings, and `portfolio
  /// history` for each day.
  mutating func totalRows(of amounts: [ValuedAmounts], currencies: [String]) -> [HoldingRow] {
    amounts.withUnsafeBufferPointer { amounts in
      currencies.indices.map { totals(of: amounts, currency: $0).row(currency: currencies[$0]) }
    }
  }

  /// The sums of the held positions' `amounts` as shown that are in the currency numbered
  /// `currency`, and the realised profit of the coins in it sold out, which have no row.
  mutating func totals(of amounts: UnsafeBufferPointer<ValuedAmounts>, currency: Int)
    -> ValuedAmounts
  {
    var cost = ExactDecimal.zero
    // The value and whether there is one apart: an optional decimal is copied through the
    // runtime's generic witnesses.
    var value = ExactDecimal.zero
    var isPriced = true
    var realised = ExactDecimal.zero
    // By index, reading each row's amounts where they lie rather than copying the row.
    for index in amounts.indices where amounts[index].currencyNumber == currency {
      cost += amounts[index].cost
      if isPriced, amounts[index].isPriced {
        value += amounts[index].pricedValue
      } else {
        isPriced = false
      }
      realised += amounts[index].realised
    }
    realised += soldOutRealised(currency: currency)
    return ValuedAmounts(
      currencyNumber: currency, cost: cost, value: value, isPriced: isPriced, realised: realised)
  }
}
