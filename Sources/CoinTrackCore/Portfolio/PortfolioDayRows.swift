/// The days of `portfolio history` as rows: each the totals row `ValuedAmounts.row` makes of the
/// day's totals, its cost and realised profit as text kept from one day to the next while they
/// and their decimals stay, as most days change the value alone.
struct PortfolioDayRows {
  let currency: String
  private var totals = ValuedAmounts(cost: .zero, value: nil, realised: .zero)
  private var cost = Shown()
  private var realised = Shown()

  /// An amount and its text at some decimals, made again only when either changes.
  private struct Shown {
    private var amount = ExactDecimal.zero
    private var scale = -1
    private var text = ExactDecimal.zero.price

    /// `amount` as text with `scale` decimals.
    mutating func text(of amount: ExactDecimal, scale: Int) -> Price {
      if scale != self.scale || amount != self.amount {
        (self.amount, self.scale) = (amount, scale)
        text = amount.rounded(toScale: scale).price
      }
      return text
    }
  }

  init(currency: String) {
    self.currency = currency
  }

  /// Takes the totals of the positions' costs and profits as shown, from a day that changed
  /// them on.
  mutating func take(_ totals: ValuedAmounts) {
    self.totals = totals
  }

  /// The row of `day`, the positions held valued at `value` (nil when one has no close).
  mutating func row(of day: Day, value: ExactDecimal?, coinsHeld: Int) -> PortfolioDay {
    // As `ValuedAmounts.row`: every amount with the most decimals among them, the unrealised
    // profit the value less the cost, its percentage of the cost to two decimals.
    let scale = max(totals.cost.scale, value?.scale ?? 0, totals.realised.scale)
    let unrealised = value.map { $0 - totals.cost }
    return PortfolioDay(
      day: day, coinsHeld: coinsHeld, value: value?.rounded(toScale: scale).price,
      cost: cost.text(of: totals.cost, scale: scale),
      unrealised: unrealised?.rounded(toScale: scale).price,
      unrealisedPercent: unrealised.flatMap { Position.percent($0, of: totals.cost) },
      realised: realised.text(of: totals.realised, scale: scale), currency: currency)
  }
}
