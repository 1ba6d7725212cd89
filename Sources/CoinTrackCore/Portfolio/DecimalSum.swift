/// An exact sum of amounts with any decimals, as `ExactDecimal`'s `+` gives it from zero (the
/// value, and the most decimals of the amounts): the units at those decimals in 128 bits while
/// they fit, which is a few machine instructions an amount, and an `ExactDecimal` once they do
/// not.
struct DecimalSum {
  private var units: Int128 = 0
  private var scale = 0
  /// The sum once its units left 128 bits.
  private var wide: ExactDecimal?

  /// Adds `addend` units of 10^-`addendScale`.
  @inline(__always)
  mutating func add(units addend: Int128, scale addendScale: Int) {
    if wide == nil {
      // Most amounts have the sum's decimals: nothing to pad.
      if addendScale == scale {
        let (sum, overflow) = units.addingReportingOverflow(addend)
        if !overflow {
          units = sum
          return
        }
      }
      let common = max(scale, addendScale)
      if let total = FixedPoint.scaled(units, by: common - scale),
        let term = FixedPoint.scaled(addend, by: common - addendScale)
      {
        let (sum, overflow) = total.addingReportingOverflow(term)
        if !overflow {
          (units, scale) = (sum, common)
          return
        }
      }
    }
    addWide(ExactDecimal(fixedPointUnits: addend, scale: addendScale))
  }

  /// Adds `value`.
  @inline(__always)
  mutating func add(_ value: ExactDecimal) {
    guard case .fixed(let addend) = value.storage else { return addWide(value) }
    add(units: addend, scale: value.scale)
  }

  private mutating func addWide(_ value: ExactDecimal) {
    wide = (wide ?? ExactDecimal(fixedPointUnits: units, scale: scale)) + value
  }

  /// The sum of the amounts added.
  var total: ExactDecimal { wide ?? ExactDecimal(fixedPointUnits: units, scale: scale) }
}

/// An exact sum of amounts, each of which may be replaced by another: the value and decimals
/// `ExactDecimal`'s `+` gives the amounts in it from zero. A walk over days keeps each
/// position's amounts in one and replaces those of the position a day changed, where summing
/// every position's again cost as much as the rest of the day.
struct ReplaceableSum {
  /// The amounts added less those taken out: its decimals are the most any amount ever had.
  private var sum = DecimalSum()
  /// How many amounts in the sum have each number of decimals, by that number.
  private var scaleCounts: [Int] = []

  /// Adds `amount`.
  mutating func add(_ amount: ExactDecimal) {
    sum.add(amount)
    if amount.scale >= scaleCounts.count {
      scaleCounts.append(contentsOf: repeatElement(0, count: amount.scale + 1 - scaleCounts.count))
    }
    scaleCounts[amount.scale] += 1
  }

  /// Replaces `old`, an amount in the sum, with `new`.
  mutating func replace(_ old: ExactDecimal, with new: ExactDecimal) {
    sum.add(-old)
    scaleCounts[old.scale] -= 1
    add(new)
  }

  /// The sum of the amounts in it, with the most decimals among them (and none for no amount).
  var total: ExactDecimal {
    let scale = scaleCounts.lastIndex { $0 > 0 } ?? 0
    // Exact: every amount left has at most `scale` decimals.
    return sum.total.rounded(toScale: scale)
  }
}
