/// What a walk over days keeps from one to the next: the coins' closes, the days without one,
/// the positions held, each one's cost and profit as shown (rounded again only when they
/// change), and their totals (changed by the difference when one does).
struct HistoryWalk {
  private var closes: HeldCloses
  private(set) var gaps = GapLog()
  /// By position: whether it is held and how a day values it.
  private var slots: [Slot] = []
  /// By position: what it adds to the totals, as shown.
  private var shown: [ShownCosts] = []
  /// The sums of `shown`.
  private var shownCost = ReplaceableSum()
  private var shownRealised = ReplaceableSum()
  /// How many coins are held.
  private(set) var heldCount = 0
  /// The positions a day values at a close with other decimals than the day before's, kept
  /// for its room.
  private var revalued: [Int] = []

  /// A position's cost and profit as the totals take them: a held one's rounded to the
  /// decimals of its last value, a sold-out one's profit to its money's decimals. A struct,
  /// not a tuple: an optional tuple is copied through its type's runtime metadata.
  private struct ShownCosts {
    /// How many trades the position had applied when they were rounded.
    var trades = -1
    var scale = 0
    var cost = ExactDecimal.zero
    var realised = ExactDecimal.zero
  }

  /// A position as each day values it: its quantity's units, when they fit 64 bits, so that a
  /// day's value is a product of integers. Nothing counted by reference, so that reading one
  /// retains nothing.
  private struct Slot {
    var isHeld = false
    /// How many trades the position had applied when `hold` last looked at it; one with as
    /// many since is held, or not, as it was.
    var tradesSeen = -1
    var moneyScale = 0
    var quantityUnits: Int64 = 0
    /// The quantity's decimals, or -1 when its units do not fit `quantityUnits`.
    var quantityScale = -1
    /// The decimals of the close last valued at (`CompactClose.wide` for none), when a value at
    /// a close with as many decimals is `paddedQuantity` times the close's units, at
    /// `valueScale`: most days' closes have the day before's decimals, and their value is then
    /// one product, the position's costs as shown unchanged.
    var lastCloseScale = CompactClose.wide
    var valueScale = 0
    /// The quantity's units padded to `valueScale` less the close's decimals.
    var paddedQuantity: Int64 = 0
  }

  init(closes: HeldCloses) {
    self.closes = closes
  }

  /// Takes the positions held once the trades up to `day` are applied, and reads the closes
  /// of each coin first held on it. Looks again only at the positions a trade changed since.
  ///
  /// Refuses a coin whose closes come in another currency than its trades, naming the first
  /// of `trades` in it.
  mutating func hold(_ positions: [Position], on day: Day, trades: ArraySlice<Trade>) throws {
    while slots.count < positions.count {
      slots.append(Slot())
      shown.append(ShownCosts())
      shownCost.add(.zero)
      shownRealised.add(.zero)
    }
    // Through a buffer: an array's element read field by field was copied whole, coin and
    // lots included.
    try positions.withUnsafeBufferPointer { positions in
      for index in positions.indices where positions[index].tradesApplied != slots[index].tradesSeen
      {
        try hold(positionAt: index, of: positions, on: day, trades: trades)
      }
    }
  }

  /// Takes the position at `index`, as a trade changed it. Reads it in place: a copy retains
  /// its coin and lots.
  private mutating func hold(
    positionAt index: Int, of positions: UnsafeBufferPointer<Position>, on day: Day,
    trades: ArraySlice<Trade>
  ) throws {
    slots[index].tradesSeen = positions[index].tradesApplied
    guard positions[index].quantity > .zero else {
      if slots[index].isHeld {
        slots[index].isHeld = false
        heldCount -= 1
      }
      // Sold out: only its profit counts, at its money's decimals.
      show(
        ShownCosts(
          trades: positions[index].tradesApplied, scale: positions[index].moneyScale, cost: .zero,
          realised: positions[index].realised.rounded(toScale: positions[index].moneyScale)),
        at: index)
      return
    }
    if !closes.hasSeries(ofPositionAt: index) {
      try closes.readSeries(ofPositionAt: index, positions[index], from: day, trades: trades)
    }
    if !slots[index].isHeld { heldCount += 1 }
    let quantity = positions[index].quantity.compactUnits
    // Its costs as shown stay in the totals until the day's value rounds them again.
    slots[index] = Slot(
      isHeld: true, tradesSeen: positions[index].tradesApplied,
      moneyScale: positions[index].moneyScale,
      quantityUnits: quantity?.units ?? 0, quantityScale: quantity?.scale ?? -1)
  }

  /// Makes `costs` what the position at `index` adds to the totals.
  private mutating func show(_ costs: ShownCosts, at index: Int) {
    shownCost.replace(shown[index].cost, with: costs.cost)
    shownRealised.replace(shown[index].realised, with: costs.realised)
    shown[index] = costs
  }

  /// The sum of the values of the positions held at the closes of `day` (nil when one has
  /// none), which are `positions` as `hold` took them; and whether any cost or profit among
  /// them was rounded again (a trade applied, or a close with another number of decimals).
  mutating func value(of positions: [Position], on day: Day) -> (
    value: ExactDecimal?, costsChanged: Bool
  ) {
    positions.withUnsafeBufferPointer { value(of: $0, on: day) }
  }

  private mutating func value(of positions: UnsafeBufferPointer<Position>, on day: Day) -> (
    value: ExactDecimal?, costsChanged: Bool
  ) {
    // Most days a position's close has the day before's decimals, and its value is one
    // product: those are summed in a first pass that reads nothing else, the others valued in
    // a second, in the positions' order.
    var others: [Int] = []
    swap(&others, &revalued)
    defer { swap(&others, &revalued) }
    // Emptying an empty array still costs a call.
    if !others.isEmpty { others.removeAll(keepingCapacity: true) }
    var value = DecimalSum()
    closes.withSeries { series in
      slots.withUnsafeBufferPointer { slots in
        // The products are summed here while they share their decimals and fit, as nearly
        // every day's do, in locals the loop keeps in registers; `value`, captured, was loaded
        // and stored for every position.
        var units: Int128 = 0
        var scale = -1
        for index in slots.indices where slots[index].isHeld {
          guard let compact = series[index]!.compactClose(on: day),
            compact.scale == slots[index].lastCloseScale
          else {
            others.append(index)
            continue
          }
          let product = Int128(slots[index].paddedQuantity) &* Int128(compact.units)
          if slots[index].valueScale == scale {
            let (sum, overflow) = units.addingReportingOverflow(product)
            if !overflow {
              units = sum
              continue
            }
          }
          if scale >= 0 { value.add(units: units, scale: scale) }
          (units, scale) = (product, slots[index].valueScale)
        }
        if scale >= 0 { value.add(units: units, scale: scale) }
      }
    }
    var isPriced = true
    var costsChanged = false
    for index in others {
      let slot = slots[index]
      let compact = closes.compactClose(ofPositionAt: index, on: day)
      let close = compact?.decimal ?? closes.close(ofPositionAt: index, on: day)
      let scale = ValuedAmounts.scale(moneyScale: slot.moneyScale, price: close)
      if shown[index].trades != slot.tradesSeen || shown[index].scale != scale {
        show(
          ShownCosts(
            trades: slot.tradesSeen, scale: scale,
            cost: positions[index].cost.rounded(toScale: scale),
            realised: positions[index].realised.rounded(toScale: scale)), at: index)
        costsChanged = true
      }
      guard let close else {
        gaps.add(day, of: positions[index].coin)
        isPriced = false
        // Its costs are now shown at its money's decimals: the next close, whatever its
        // decimals, must show them again at its own.
        slots[index].lastCloseScale = CompactClose.wide
        continue
      }
      // `ValuedAmounts.value` in integers: the product of the units, padded or rounded to
      // `scale` as `rounded(toScale:)` does it. Two 64-bit units multiply within 126 bits.
      let exponent = scale - slot.quantityScale - Int(compact?.scale ?? 0)
      if let compact, slot.quantityScale >= 0,
        let units = exponent >= 0
          ? FixedPoint.scaled(Int128(slot.quantityUnits) &* Int128(compact.units), by: exponent)
          : FixedPoint.quotient(
            Int128(slot.quantityUnits) &* Int128(compact.units), 1, exponent: exponent)
      {
        value.add(units: units, scale: scale)
        remember(compact, valuedAt: scale, exponent: exponent, at: index)
      } else {
        value.add(ValuedAmounts.value(of: positions[index].quantity, at: close, scale: scale))
      }
    }
    return (isPriced ? value.total : nil, costsChanged)
  }

  /// Keeps what valuing the position at `index` at `close`, at `scale` with the product's
  /// units padded by 10^`exponent`, lets the next close with as many decimals skip, when the
  /// padded quantity fits 64 bits.
  private mutating func remember(
    _ close: CompactClose, valuedAt scale: Int, exponent: Int, at index: Int
  ) {
    guard exponent >= 0,
      let padded = FixedPoint.scaled(Int128(slots[index].quantityUnits), by: exponent)
        .flatMap(Int64.init(exactly:))
    else { return }
    slots[index].lastCloseScale = close.scale
    slots[index].valueScale = scale
    slots[index].paddedQuantity = padded
  }

  /// The totals of the cost and profit as shown on the last day valued, as
  /// `CostBasis.totals(of:)` sums the held positions' amounts: those of the positions held, and
  /// the profit of those sold out at their trades' decimals.
  var totals: ValuedAmounts {
    ValuedAmounts(cost: shownCost.total, value: nil, realised: shownRealised.total)
  }
}

/// The days each coin held had no close, in the order the coins first lacked one.
struct GapLog {
  private(set) var gaps: [PortfolioHistory.Gap] = []
  private var gapIndex: [String: Int] = [:]

  mutating func add(_ day: Day, of coin: Coin) {
    if gapIndex[coin.id] == nil {
      gapIndex[coin.id] = gaps.count
      gaps.append(PortfolioHistory.Gap(coin: coin, days: []))
    }
    gaps[gapIndex[coin.id]!].days.append(day)
  }
}
