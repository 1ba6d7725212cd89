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
