/// What a walk over days keeps from one to the next: the coins' closes, the days without one,
/// the positions held, and each one's cost and profit as shown, rounded again only when they
/// change.
struct HistoryWalk {
  private var closes: HeldCloses
  private(set) var gaps = GapLog()
  /// By position: its cost and profit as shown, the decimals they have and how many trades
  /// the position had applied when they were rounded.
  private var shown: [ShownCosts] = []
  /// The positions held since trades were last applied, in order.
  private var held: [HeldPosition] = []
  /// `held` before the last trade day, kept for its room.
  private var heldBefore: [HeldPosition] = []
  /// By position: how many trades it had applied when `hold` last looked at it (-1 before it
  /// did); one with as many since is held, or not, as it was.
  private var tradesSeen: [Int] = []

  /// A struct, not a tuple: an optional tuple is copied through its type's runtime metadata.
  private struct ShownCosts {
    var trades = -1
    var scale = 0
    var cost = ExactDecimal.zero
    var realised = ExactDecimal.zero
  }

  /// A position held, as each day values it: its place in the cost basis and its quantity's
  /// units, when they fit 64 bits, so that a day's value is a product of integers. Nothing
  /// counted by reference, so that reading one copies no coin, lots or decimal.
  private struct HeldPosition {
    let index: Int
    let moneyScale: Int
    let tradesApplied: Int
    let quantityUnits: Int64
    /// The quantity's decimals, or -1 when its units do not fit `quantityUnits`.
    let quantityScale: Int
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

  /// How many coins are held.
  var heldCount: Int { held.count }

  /// Takes the positions held once the trades up to `day` are applied, and reads the closes
  /// of each coin first held on it.
  ///
  /// Refuses a coin whose closes come in another currency than its trades, naming the first
  /// of `trades` in it.
  mutating func hold(_ positions: [Position], on day: Day, trades: ArraySlice<Trade>) throws {
    // Only for positions new since: appending none still costs hundreds of instructions.
    if positions.count > shown.count {
      shown.append(contentsOf: repeatElement(ShownCosts(), count: positions.count - shown.count))
      tradesSeen.append(contentsOf: repeatElement(-1, count: positions.count - tradesSeen.count))
    }
    swap(&held, &heldBefore)
    held.removeAll(keepingCapacity: true)
    var kept = 0
    // Through a buffer: an array's element read field by field was copied whole, coin and
    // lots included.
    try positions.withUnsafeBufferPointer { positions in
      for index in positions.indices {
        let applied = positions[index].tradesApplied
        // Both lists are in the positions' order.
        while kept < heldBefore.count, heldBefore[kept].index < index { kept += 1 }
        if applied == tradesSeen[index] {
          // No trade changed it: held or not as before, with what valuing it remembered.
          if kept < heldBefore.count, heldBefore[kept].index == index {
            held.append(heldBefore[kept])
          }
          continue
        }
        tradesSeen[index] = applied
        guard positions[index].quantity > .zero else { continue }
        if !closes.hasSeries(ofPositionAt: index) {
          try closes.readSeries(ofPositionAt: index, positions[index], from: day, trades: trades)
        }
        let quantity = positions[index].quantity.compactUnits
        held.append(
          HeldPosition(
            index: index, moneyScale: positions[index].moneyScale, tradesApplied: applied,
            quantityUnits: quantity?.units ?? 0, quantityScale: quantity?.scale ?? -1))
      }
    }
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
    var value = DecimalSum()
    var isPriced = true
    var costsChanged = false
    for place in held.indices {
      let held = held[place]
      let index = held.index
      let compact = closes.compactClose(ofPositionAt: index, on: day)
      if let compact, compact.scale == held.lastCloseScale {
        value.add(
          units: Int128(held.paddedQuantity) &* Int128(compact.units), scale: held.valueScale)
        continue
      }
      let close = compact?.decimal ?? closes.close(ofPositionAt: index, on: day)
      let scale = ValuedAmounts.scale(moneyScale: held.moneyScale, price: close)
      if shown[index].trades != held.tradesApplied || shown[index].scale != scale {
        shown[index] = ShownCosts(
          trades: held.tradesApplied, scale: scale,
          cost: positions[index].cost.rounded(toScale: scale),
          realised: positions[index].realised.rounded(toScale: scale))
        costsChanged = true
      }
      guard let close else {
        gaps.add(day, of: positions[index].coin)
        isPriced = false
        continue
      }
      // `ValuedAmounts.value` in integers: the product of the units, padded or rounded to
      // `scale` as `rounded(toScale:)` does it. Two 64-bit units multiply within 126 bits.
      let exponent = scale - held.quantityScale - Int(compact?.scale ?? 0)
      if let compact, held.quantityScale >= 0,
        let units = exponent >= 0
          ? FixedPoint.scaled(Int128(held.quantityUnits) &* Int128(compact.units), by: exponent)
          : FixedPoint.quotient(
            Int128(held.quantityUnits) &* Int128(compact.units), 1, exponent: exponent)
      {
        value.add(units: units, scale: scale)
        remember(compact, valuedAt: scale, exponent: exponent, at: place)
      } else {
        value.add(ValuedAmounts.value(of: positions[index].quantity, at: close, scale: scale))
      }
    }
    return (isPriced ? value.total : nil, costsChanged)
  }

  /// Keeps what valuing the position at `place` in `held` at `close`, at `scale` with the
  /// product's units padded by 10^`exponent`, lets the next close with as many decimals skip,
  /// when the padded quantity fits 64 bits.
  private mutating func remember(
    _ close: CompactClose, valuedAt scale: Int, exponent: Int, at place: Int
  ) {
    guard exponent >= 0,
      let padded = FixedPoint.scaled(Int128(held[place].quantityUnits), by: exponent)
        .flatMap(Int64.init(exactly:))
    else { return }
    held[place].lastCloseScale = close.scale
    held[place].valueScale = scale
    held[place].paddedQuantity = padded
  }

  /// The totals of the cost and profit as shown of `positions` on the last day valued, as
  /// `CostBasis.totals(of:)` sums the held positions' amounts: those of the positions held, and
  /// the profit of those sold out at their trades' decimals; added in integers while they fit,
  /// as a day with a trade sums them again.
  func totals(of positions: [Position]) -> ValuedAmounts {
    var cost = DecimalSum()
    var realised = DecimalSum()
    var next = 0
    // Through a buffer: an array's element read field by field was copied whole.
    positions.withUnsafeBufferPointer { positions in
      for index in positions.indices {
        // Both lists are in the positions' order; a position not held is sold out.
        if next < held.count, held[next].index == index {
          cost.add(shown[index].cost)
          realised.add(shown[index].realised)
          next += 1
        } else {
          realised.add(positions[index].realised.rounded(toScale: positions[index].moneyScale))
        }
      }
    }
    return ValuedAmounts(cost: cost.total, value: nil, realised: realised.total)
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
