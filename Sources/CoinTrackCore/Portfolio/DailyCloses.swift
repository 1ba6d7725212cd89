/// A coin's closes over consecutive days, from `first` on, held compactly: most closes' units fit
/// 64 bits and their decimals a byte, nine bytes a day where an optional decimal takes 48, so that
/// years of twenty coins' closes stay a small part of `portfolio history`'s memory.
public struct DailyCloses: Sendable {
  let first: Day
  /// The currency every close is quoted in.
  let currency: String
  /// Each day's close as units of 10^-scale, when they fit.
  private var units: [Int64]
  /// Each day's decimals, or `DailyCloses.none` / `CompactClose.wide`.
  private var scales: [UInt8]
  /// The closes whose units or decimals do not fit, by offset from `first`.
  private var wide: [Int: ExactDecimal] = [:]

  /// The mark in `scales` of a day without a close.
  private static let none = UInt8.max

  /// `count` days from `first` on, none of them with a close yet.
  init(first: Day, count: Int, currency: String) {
    self.first = first
    self.currency = currency
    units = Array(repeating: 0, count: count)
    scales = Array(repeating: Self.none, count: count)
  }

  /// `count` days from `first` on, the `n`th day's close `close(n)`.
  init(first: Day, count: Int, currency: String, close: (_ offset: Int) -> ExactDecimal?) {
    self.init(first: first, count: count, currency: currency)
    for offset in 0..<count {
      if let found = close(offset) { set(found, at: offset) }
    }
  }

  /// Makes `close` the close of the day `offset` days after `first`.
  mutating func set(_ close: CompactClose, at offset: Int) {
    units[offset] = close.units
    scales[offset] = close.scale
  }

  /// Makes `close` the close of the day `offset` days after `first`, compactly when it fits.
  mutating func set(_ close: ExactDecimal, at offset: Int) {
    if let (small, scale) = close.compactUnits, scale < Int(CompactClose.wide) {
      set(CompactClose(units: small, scale: UInt8(scale)), at: offset)
    } else {
      set(CompactClose(units: 0, scale: CompactClose.wide), at: offset)
      wide[offset] = close
    }
  }

  /// The close on `day`, which lies in the days held, when it has one and it is compact: the
  /// walk over days multiplies these, and reads the others with `close(on:)`.
  @inline(__always)
  func compactClose(on day: Day) -> CompactClose? {
    let index = day.daysSince1970 - first.daysSince1970
    let scale = scales[index]
    return scale < CompactClose.wide ? CompactClose(units: units[index], scale: scale) : nil
  }

  /// The close on `day`, which lies in the days held.
  func close(on day: Day) -> ExactDecimal? {
    let offset = day.daysSince1970 - first.daysSince1970
    switch scales[offset] {
    case Self.none: return nil
    case CompactClose.wide: return wide[offset]
    case let scale: return ExactDecimal(compactUnits: units[offset], scale: Int(scale))
    }
  }
}
