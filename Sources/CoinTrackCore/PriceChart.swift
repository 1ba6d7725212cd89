/// Pictures of a coin's prices over a range, for a terminal: a sparkline or a small chart.
///
/// When the range has more days than there are columns, each column stands for a run of days
/// and shows the last close of the run, as a weekly candle would. A column whose days have no
/// price stays blank. Heights are computed exactly from the decimal text, like the statistics.
public enum PriceChart {
  /// The eight block heights, lowest first.
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// One line of at most `width` blocks scaled from the lowest price to the highest; empty when
  /// no day has a price.
  public static func sparkline(_ rows: [PriceRow], width: Int) -> String {
    guard let columns = Columns(rows, count: width) else { return "" }
    let levels = columns.levels(steps: blocks.count - 1)
    return String(levels.map { $0.map { blocks[$0] } ?? " " }).trimmingTrailingSpaces() + "\n"
  }

  /// A bar chart `height` lines high and at most `width` characters wide, with the highest and
  /// lowest price on the left and the first and last day below; empty when no day has a price.
  public static func chart(_ rows: [PriceRow], width: Int, height: Int = 8) -> String {
    guard let range = Columns.priceRange(rows) else { return "" }
    let labels = (top: range.maximum.text, bottom: range.minimum.text)
    let labelWidth = max(labels.top.count, labels.bottom.count)
    guard let columns = Columns(rows, count: max(1, width - labelWidth - 2)) else { return "" }
    // Heights in eighths of a line; the lowest price still shows one eighth.
    let heights = columns.levels(steps: height * 8 - 1).map { $0.map { $0 + 1 } }
    var lines: [String] = []
    for line in 0..<height {
      let floor = (height - 1 - line) * 8
      let bars = heights.map { height -> Character in
        guard let height, height > floor else { return " " }
        return blocks[min(height - floor, 8) - 1]
      }
      let label = line == 0 ? labels.top : line == height - 1 ? labels.bottom : ""
      let padding = String(repeating: " ", count: labelWidth - label.count)
      let axis = label.isEmpty ? "│" : "┤"
      lines.append(padding + label + " " + axis + String(bars).trimmingTrailingSpaces())
    }
    let firstDay = rows[0].day.description
    let lastDay = rows[rows.count - 1].day.description
    var dates = String(repeating: " ", count: labelWidth + 2) + firstDay
    let gap = columns.count - firstDay.count - lastDay.count
    if rows.count > 1, gap >= 1 { dates += String(repeating: " ", count: gap) + lastDay }
    lines.append(dates)
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The rows split into runs of consecutive days, one per column, each with the units of its last
/// price.
private struct Columns {
  let units: [Int128?]
  let minimum: Int128
  let maximum: Int128

  var count: Int { units.count }

  init?(_ rows: [PriceRow], count: Int) {
    let scale = rows.compactMap { $0.price.map(FixedPoint.scale(of:)) }.max() ?? 0
    let columns = min(rows.count, max(1, count))
    var units: [Int128?] = []
    for column in 0..<columns {
      let run = rows[(column * rows.count / columns)..<((column + 1) * rows.count / columns)]
      units.append(
        run.last { $0.price != nil }?.price.flatMap { FixedPoint.units(of: $0, scale: scale) })
    }
    let known = units.compactMap { $0 }
    guard let minimum = known.min(), let maximum = known.max() else { return nil }
    self.units = units
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Each column's level from 0 (the lowest) to `steps` (the highest), rounded half to even; nil
  /// for a blank column. A flat range sits at 0.
  func levels(steps: Int) -> [Int?] {
    let span = maximum - minimum
    return units.map { value in
      guard let value else { return nil }
      guard span > 0 else { return 0 }
      return Int(FixedPoint.divideRoundingHalfEven((value - minimum) * Int128(steps), by: span))
    }
  }

  /// The lowest and highest price of the rows as written.
  static func priceRange(_ rows: [PriceRow]) -> (minimum: Price, maximum: Price)? {
    let scale = rows.compactMap { $0.price.map(FixedPoint.scale(of:)) }.max() ?? 0
    let priced = rows.compactMap { row in
      row.price.flatMap { price in FixedPoint.units(of: price, scale: scale).map { (price, $0) } }
    }
    guard let low = priced.min(by: { $0.1 < $1.1 }), let high = priced.max(by: { $0.1 < $1.1 })
    else { return nil }
    return (low.0, high.0)
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
