/// The rows of `portfolio history`, kept in columns of a few bytes a day and made into
/// `PortfolioDay`s as they are read: five years of days as `PortfolioDay`s were 230 bytes each,
/// a hundred pages of memory faulted in one at a time, then released row by row. A row's amounts
/// share their decimals (the percentage has two), so a day holds their 64-bit units and one
/// scale; a row whose amounts do not fit is kept whole.
public struct PortfolioDays: RandomAccessCollection, Sendable {
  /// The first day; the days follow one another.
  let first: Day
  let currency: String
  /// Each day's value, cost, unrealised profit, its percentage and realised profit, as units
  /// of 10^-scale (the percentage's of 10^-2), five a day.
  private var units: [Int64] = []
  /// Each day's amounts' decimals.
  private var scales: [UInt8] = []
  /// Each day's `Marks`.
  private var marks: [Marks] = []
  /// How many coins each day held at its end.
  private var heldCounts: [Int32] = []
  /// The rows whose amounts do not fit the columns, by day.
  private var wideRows: [Int: PortfolioDay] = [:]
  /// The totals last taken, and their cost and profit as the last day showed them, with
  /// `shownScale` decimals (-1 before a day did).
  private var totals = ValuedAmounts(cost: .zero, value: nil, realised: .zero)
  private var shownScale = -1
  private var shownCost = ExactDecimal.zero
  private var shownRealised = ExactDecimal.zero

  /// What a day's row has besides its units.
  private struct Marks: OptionSet {
    let rawValue: UInt8
    /// Every coin held had a close: the row has a value and an unrealised profit.
    static let priced = Marks(rawValue: 1)
    /// The unrealised profit has a percentage (the cost is not 0).
    static let percent = Marks(rawValue: 2)
    /// The row is in `wideRows`.
    static let wide = Marks(rawValue: 4)
  }

  /// The amounts of a row, in the order of `units`.
  private static let amounts = 5

  init(first: Day, capacity: Int, currency: String) {
    self.first = first
    self.currency = currency
    units.reserveCapacity(capacity * Self.amounts)
    scales.reserveCapacity(capacity)
    marks.reserveCapacity(capacity)
    heldCounts.reserveCapacity(capacity)
  }

  /// Takes the totals of the positions' costs and profits as shown, for the days appended from
  /// now on.
  mutating func take(_ totals: ValuedAmounts) {
    self.totals = totals
    shownScale = -1
  }

  /// Appends the next day, the positions held valued at `value` (nil when one has no close),
  /// with the totals last taken: the totals row `ValuedAmounts.row` makes of them, every amount
  /// with the most decimals among them, the unrealised profit the value less the cost, its
  /// percentage of the cost to two decimals.
  mutating func append(value: ExactDecimal?, coinsHeld: Int) {
    let scale = Swift.max(totals.cost.scale, value?.scale ?? 0, totals.realised.scale)
    // Most days' rows show the totals as the day before's did.
    if scale != shownScale {
      shownScale = scale
      shownCost = totals.cost.rounded(toScale: scale)
      shownRealised = totals.realised.rounded(toScale: scale)
    }
    if let value, appendInUnits(value: value, scale: scale, coinsHeld: coinsHeld) { return }
    let unrealised = value.map { $0 - totals.cost }
    let shownValue = value?.rounded(toScale: scale)
    let shownUnrealised = unrealised?.rounded(toScale: scale)
    let percent = unrealised.flatMap { Position.percent($0, of: totals.cost) }
    var marks: Marks = []
    if shownValue != nil { marks.insert(.priced) }
    if percent != nil { marks.insert(.percent) }
    // Absent amounts are 0.
    if let valueUnits = shownValue.map(\.compactUnits?.units) ?? 0,
      let costUnits = shownCost.compactUnits?.units,
      let unrealisedUnits = shownUnrealised.map(\.compactUnits?.units) ?? 0,
      let percentUnits = percent.map(\.compactUnits?.units) ?? 0,
      let realisedUnits = shownRealised.compactUnits?.units, scale < Int(UInt8.max)
    {
      units.append(valueUnits)
      units.append(costUnits)
      units.append(unrealisedUnits)
      units.append(percentUnits)
      units.append(realisedUnits)
      scales.append(UInt8(scale))
    } else {
      units.append(contentsOf: repeatElement(0, count: Self.amounts))
      scales.append(0)
      marks.insert(.wide)
      wideRows[self.marks.count] = PortfolioDay(
        day: first.adding(days: self.marks.count), coinsHeld: coinsHeld,
        value: shownValue.map(ShownDecimal.init), cost: ShownDecimal(shownCost),
        unrealised: shownUnrealised.map(ShownDecimal.init),
        unrealisedPercent: percent.map(ShownDecimal.init),
        realised: ShownDecimal(shownRealised), currency: currency)
    }
    self.marks.append(marks)
    heldCounts.append(Int32(clamping: coinsHeld))
  }

  /// Appends the day as `append(value:coinsHeld:)` does, in 64-bit units when the value and
  /// totals fit them, as nearly every day's do: every amount then has `scale` decimals, at
  /// least its own, so the value less the cost is the difference of the padded units and its
  /// percentage the quotient `ExactDecimal.divided` takes; false, with nothing appended, when
  /// a number does not fit.
  private mutating func appendInUnits(value: ExactDecimal, scale: Int, coinsHeld: Int) -> Bool {
    guard let (valueUnits, valueScale) = value.compactUnits,
      let paddedValue = FixedPoint.scaled(Int128(valueUnits), by: scale - valueScale)
        .flatMap(Int64.init(exactly:)),
      let cost = shownCost.compactUnits?.units, let realised = shownRealised.compactUnits?.units,
      case (let unrealised, false) = paddedValue.subtractingReportingOverflow(cost),
      scale < Int(UInt8.max)
    else { return false }
    // As `Position.percent`: nil when the cost is 0.
    var percent: Int64 = 0
    if cost != 0 {
      guard
        let quotient = FixedPoint.quotient(
          Int128(unrealised) * 100, Int128(cost), exponent: Position.percentScale
        ).flatMap(Int64.init(exactly:))
      else { return false }
      percent = quotient
    }
    units.append(paddedValue)
    units.append(cost)
    units.append(unrealised)
    units.append(percent)
    units.append(realised)
    scales.append(UInt8(scale))
    marks.append(cost != 0 ? [.priced, .percent] : .priced)
    heldCounts.append(Int32(clamping: coinsHeld))
    return true
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { scales.count }

  public subscript(index: Int) -> PortfolioDay {
    if let row = wideRows[index] { return row }
    return PortfolioDay(
      day: day(at: index), coinsHeld: coinsHeld(at: index), value: value(at: index),
      cost: cost(at: index), unrealised: unrealised(at: index),
      unrealisedPercent: unrealisedPercent(at: index), realised: realised(at: index),
      currency: currency)
  }

  // A row's fields one at a time, as a renderer reads each cell: making the whole row for each
  // would make it nine times.

  func day(at index: Int) -> Day { first.adding(days: index) }

  func coinsHeld(at index: Int) -> Int { Int(heldCounts[index]) }

  func isPriced(at index: Int) -> Bool { marks[index].contains(.priced) }

  func value(at index: Int) -> ShownDecimal? {
    marks[index].contains(.priced) ? amount(0, at: index) { $0.value } : nil
  }

  func cost(at index: Int) -> ShownDecimal { amount(1, at: index) { $0.cost }! }

  func unrealised(at index: Int) -> ShownDecimal? {
    marks[index].contains(.priced) ? amount(2, at: index) { $0.unrealised } : nil
  }

  func unrealisedPercent(at index: Int) -> ShownDecimal? {
    marks[index].contains(.percent) ? amount(3, at: index) { $0.unrealisedPercent } : nil
  }

  func realised(at index: Int) -> ShownDecimal { amount(4, at: index) { $0.realised }! }

  /// The amount at `place` in the day's units, or the `field` of its row kept whole.
  @inline(__always)
  private func amount(
    _ place: Int, at index: Int, _ field: (PortfolioDay) -> ShownDecimal?
  ) -> ShownDecimal? {
    if marks[index].contains(.wide) { return field(wideRows[index]!) }
    let scale = place == 3 ? Position.percentScale : Int(scales[index])
    return ShownDecimal(
      ExactDecimal(compactUnits: units[index * Self.amounts + place], scale: scale))
  }
}
