/// The days of `portfolio history` as rows: each the totals row `ValuedAmounts.row` makes of the
/// day's totals, its amounts kept as decimals for the renderer to write.
struct PortfolioDayRows {
  let currency: String
  private var totals = ValuedAmounts(cost: .zero, value: nil, realised: .zero)

  init(currency: String) {
    self.currency = currency
  }

  /// Takes the totals of the positions' costs and profits as shown, from a day that changed
  /// them on.
  mutating func take(_ totals: ValuedAmounts) {
    self.totals = totals
  }

  /// The row of `day`, the positions held valued at `value` (nil when one has no close).
  func row(of day: Day, value: ExactDecimal?, coinsHeld: Int) -> PortfolioDay {
    // As `ValuedAmounts.row`: every amount with the most decimals among them, the unrealised
    // profit the value less the cost, its percentage of the cost to two decimals.
    let scale = max(totals.cost.scale, value?.scale ?? 0, totals.realised.scale)
    let unrealised = value.map { $0 - totals.cost }
    return PortfolioDay(
      day: day, coinsHeld: coinsHeld, value: value.map { Self.shown($0, scale: scale) },
      cost: Self.shown(totals.cost, scale: scale),
      unrealised: unrealised.map { Self.shown($0, scale: scale) },
      unrealisedPercent: unrealised.flatMap { Position.percent($0, of: totals.cost) }
        .map(ShownDecimal.init),
      realised: Self.shown(totals.realised, scale: scale), currency: currency)
  }

  /// `amount` with `scale` decimals, as shown.
  private static func shown(_ amount: ExactDecimal, scale: Int) -> ShownDecimal {
    ShownDecimal(amount.rounded(toScale: scale))
  }
}
