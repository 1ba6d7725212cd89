/// A close as a whole number of units of 10^-scale in 64 bits, as `DailyCloses` holds it.
struct CompactClose: Hashable, Sendable {
  /// The units; meaningless when `scale` is `CompactClose.wide`.
  let units: Int64
  /// The digits after the point, or `CompactClose.wide`.
  let scale: UInt8

  /// The scale of a close whose units or decimals do not fit: `DailyCloses` holds it as an
  /// `ExactDecimal` instead.
  static let wide = UInt8.max - 1

  /// The exact value, unless the close is wide.
  var decimal: ExactDecimal? {
    scale < Self.wide ? ExactDecimal(compactUnits: units, scale: Int(scale)) : nil
  }

  init(units: Int64, scale: UInt8) {
    self.units = units
    self.scale = scale
  }
}
