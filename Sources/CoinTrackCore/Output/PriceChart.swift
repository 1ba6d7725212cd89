/// Pictures of a coin's prices over a range, for a terminal: a sparkline or a small chart.
///
/// When the range has more days than there are columns, each column stands for a run of days
/// and shows the last close of the run, as a weekly candle would. A column whose days have no
/// price stays blank. Heights are computed exactly from the decimal text, like the statistics,
/// so that prices of any size and spread draw rather than overflow.
public enum PriceChart {
  /// The eight block heights, lowest first.
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// One line of at most `width` blocks scaled from the lowest price to the highest; empty when
  /// no day has a price.
  public static func sparkline(_ rows: PriceRows, width: Int) -> String {
    guard let columns = Columns(rows, count: width) else { return "" }
    let levels = columns.levels(steps: blocks.count - 1)
    return String(levels.map { $0.map { blocks[$0] } ?? " " }).trimmingTrailingSpaces() + "\n"
  }

  /// A bar chart `height` lines high and at most `width` characters wide, with the highest and
  /// lowest price on the left and the first and last day below; empty when no day has a price.
  public static func chart(_ rows: PriceRows, width: Int, height: Int = 8) -> String {
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

/// The rows split into runs of consecutive days, one per column, each with the value of its last
/// price.
private struct Columns {
  let values: [ExactDecimal?]
  let minimum: ExactDecimal
  let maximum: ExactDecimal

  var count: Int { values.count }

  init?(_ rows: PriceRows, count: Int) {
    let columns = min(rows.count, max(1, count))
    // Each run read backwards from its end to its last price: every row is read at most once.
    let values = (0..<columns).map { column -> ExactDecimal? in
      let run = (column * rows.count / columns)..<((column + 1) * rows.count / columns)
      return run.reversed().lazy.compactMap(rows.price(at:)).first.map(ExactDecimal.init)
    }
    let known = values.compactMap { $0 }
    guard let minimum = known.min(), let maximum = known.max() else { return nil }
    self.values = values
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Each column's level from 0 (the lowest) to `steps` (the highest), rounded half to even; nil
  /// for a blank column. A flat range sits at 0.
  func levels(steps: Int) -> [Int?] {
    let span = maximum - minimum
    return values.map { value in
      // A level lies between 0 and `steps`, so it is a small whole number.
      value.map {
        ((($0 - minimum).multiplied(by: steps)).divided(by: span, scale: 0)?.integer) ?? 0
      }
    }
  }

  /// The lowest and highest price of the rows as written, in one pass.
  static func priceRange(_ rows: PriceRows) -> (minimum: Price, maximum: Price)? {
    var range: (minimum: (Price, ExactDecimal), maximum: (Price, ExactDecimal))?
    for position in rows.indices {
      guard let price = rows.price(at: position) else { continue }
      let value = ExactDecimal(price)
      guard var known = range else {
        range = ((price, value), (price, value))
        continue
      }
      if value < known.minimum.1 { known.minimum = (price, value) }
      if known.maximum.1 < value { known.maximum = (price, value) }
      range = known
    }
    return range.map { ($0.minimum.0, $0.maximum.0) }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
