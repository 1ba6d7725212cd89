/// A coin's closes over consecutive days, from `first` on, held compactly: most closes' units fit
/// 64 bits and their decimals a byte, nine bytes a day where an optional decimal takes 48, so that
/// years of twenty coins' closes stay a small part of `portfolio history`'s memory.
struct DailyCloses {
  let first: Day
  /// Each day's close as units of 10^-scale, when they fit.
  private var units: [Int64] = []
  /// Each day's decimals, or `DailyCloses.none` / `DailyCloses.wide`.
  private var scales: [UInt8] = []
  /// The closes whose units or decimals do not fit, by offset from `first`.
  private var wide: [Int: ExactDecimal] = [:]

  /// The marks in `scales` of a day without a close and of one held in `wide`.
  private static let none = UInt8.max
  private static let wideMark = UInt8.max - 1

  /// `count` days from `first` on, the `n`th day's close `close(n)`.
  init(first: Day, count: Int, close: (_ offset: Int) -> ExactDecimal?) {
    self.first = first
    units.reserveCapacity(count)
    scales.reserveCapacity(count)
    for offset in 0..<count {
      let found = close(offset)
      if let found, let (small, scale) = found.compactUnits, scale < Int(Self.wideMark) {
        units.append(small)
        scales.append(UInt8(scale))
      } else {
        units.append(0)
        scales.append(found == nil ? Self.none : Self.wideMark)
        if let found { wide[offset] = found }
      }
    }
  }

  /// The close on `day`, which lies in the days held.
  func close(on day: Day) -> ExactDecimal? {
    let offset = day.daysSince1970 - first.daysSince1970
    switch scales[offset] {
    case Self.none: return nil
    case Self.wideMark: return wide[offset]
    case let scale: return ExactDecimal(compactUnits: units[offset], scale: Int(scale))
    }
  }
}
