/// A coin's closes as its history file holds them: each row's day and close, in order, all in
/// one currency. What `portfolio history` reads of years of rows, in a form the cache keeps as
/// it is, so that a file read once is not read again while it stays the same.
struct HistoryCloses: Sendable {
  /// The currency of every close.
  let currency: String
  /// Each row's day, as days since 1970, strictly ascending; never empty.
  let days: [Int32]
  /// Each row's close as units of 10^-scale, and its scale: `CompactClose.wide` for a close
  /// whose digits do not fit, held in `wide` instead.
  let units: [Int64]
  let scales: [UInt8]
  /// By row, the closes with too many digits for 64-bit units.
  let wide: [Int: ExactDecimal]

  /// The day of the first row.
  var firstDay: Day { Day.epoch.adding(days: Int(days[0])) }
  /// The day of the last row.
  var lastDay: Day { Day.epoch.adding(days: Int(days[days.count - 1])) }

  /// The rows whose days, closes and scales are given, none of them wide; nil when they are not
  /// a history's: none, days out of order or beyond the years cointrack reads, a close that is
  /// not above zero or has more digits than 64-bit units hold, a currency no source quotes. What
  /// the cache holds passes these checks again, as any input does.
  init?(currency: String, days: [Int32], units: [Int64], scales: [UInt8]) {
    guard !days.isEmpty, days.count == units.count, days.count == scales.count,
      HistoryFormat.knownCurrencies.contains(currency),
      Day(daysSince1970: Int(days[0])) != nil,
      Day(daysSince1970: Int(days[days.count - 1])) != nil,
      Self.areOrdered(days), Self.areCloses(units, scales)
    else { return nil }
    self.init(currency: currency, days: days, units: units, scales: scales, wide: [:])
  }

  /// Whether `days` are strictly ascending. Counted without a branch a row, so that the loop
  /// runs on vectors: a cache's rows are checked as often as they are read.
  private static func areOrdered(_ days: [Int32]) -> Bool {
    days.withUnsafeBufferPointer { days in
      var unordered: UInt8 = 0
      for row in 1..<days.count { unordered |= days[row] > days[row - 1] ? 0 : 1 }
      return unordered == 0
    }
  }

  /// Whether every close is above zero with at most 18 digits in all, as `CompactClose.read`
  /// reads them; counted as `areOrdered` counts.
  private static func areCloses(_ units: [Int64], _ scales: [UInt8]) -> Bool {
    let below = UInt64(1_000_000_000_000_000_000 - 1)
    let outside = units.withUnsafeBufferPointer { units in
      // Above zero and below 10^18 is one unsigned comparison of the units less one.
      var outside: UInt8 = 0
      for close in units { outside |= UInt64(bitPattern: close &- 1) < below ? 0 : 1 }
      return outside
    }
    let tooFine = scales.withUnsafeBufferPointer { scales in
      var tooFine: UInt8 = 0
      for scale in scales { tooFine |= scale > 18 ? 1 : 0 }
      return tooFine
    }
    return outside | tooFine == 0
  }

  /// Rows read from a checked file.
  init(currency: String, days: [Int32], units: [Int64], scales: [UInt8], wide: [Int: ExactDecimal])
  {
    self.currency = currency
    self.days = days
    self.units = units
    self.scales = scales
    self.wide = wide
  }

  /// Sets the closes of the rows in `range` into `closes`, whose days hold the range.
  func setCloses(in range: DayRange, into closes: inout DailyCloses) {
    let rows = row(from: range.first)..<row(from: range.last.adding(days: 1))
    guard !rows.isEmpty else { return }
    let first = closes.first.daysSince1970
    let offset = Int(days[rows.lowerBound]) - first
    // Days without a gap, none of them wide, as synced closes are: copied as they are.
    if wide.isEmpty, Int(days[rows.upperBound - 1]) - Int(days[rows.lowerBound]) == rows.count - 1 {
      closes.withCompactWriter { writer in
        writer.copy(units: units[rows], scales: scales[rows], at: offset)
      }
      return
    }
    days.withUnsafeBufferPointer { days in
      units.withUnsafeBufferPointer { units in
        scales.withUnsafeBufferPointer { scales in
          closes.withCompactWriter { writer in
            for row in rows where scales[row] < CompactClose.wide {
              writer.set(
                CompactClose(units: units[row], scale: scales[row]),
                at: Int(days[row]) - first)
            }
          }
        }
      }
    }
    for (row, close) in wide where rows.contains(row) {
      closes.set(close, at: Int(days[row]) - first)
    }
  }

  /// The closes of `range` sharing these rows' storage, when every day of it has a row and no
  /// close is wide, as a synced history's days are: nil otherwise. Nothing is copied.
  func sharedCloses(in range: DayRange) -> DailyCloses? {
    let start = row(from: range.first)
    let end = start + range.count
    // Strictly ascending days from the first to the last of the range, as many as it has.
    guard wide.isEmpty, end <= days.count,
      Int(days[start]) == range.first.daysSince1970,
      Int(days[end - 1]) == range.last.daysSince1970
    else { return nil }
    return DailyCloses(
      first: range.first, currency: currency, units: units, scales: scales, base: start)
  }

  /// The first row on or after `day` (`days.count` when there is none).
  private func row(from day: Day) -> Int {
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if Int(days[middle]) < day.daysSince1970 { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
