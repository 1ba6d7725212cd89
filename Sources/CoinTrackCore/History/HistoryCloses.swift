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
  var firstDay: Day { Day(daysSince1970: Int(days[0])) }
  /// The day of the last row.
  var lastDay: Day { Day(daysSince1970: Int(days[days.count - 1])) }

  /// The rows whose days, closes and scales are given, none of them wide; nil when they are not
  /// a history's: none, days out of order or beyond the years cointrack reads, a close that is
  /// not above zero or has more digits than 64-bit units hold, a currency no source quotes. What
  /// the cache holds passes these checks again, as any input does.
  init?(currency: String, days: [Int32], units: [Int64], scales: [UInt8]) {
    guard !days.isEmpty, days.count == units.count, days.count == scales.count,
      HistoryFormat.knownCurrencies.contains(currency),
      Day(daysSince1970: Int(days[0])) >= Day.supported.lowerBound,
      Day(daysSince1970: Int(days[days.count - 1])) <= Day.supported.upperBound
    else { return nil }
    let isValid = days.withUnsafeBufferPointer { days in
      units.withUnsafeBufferPointer { units in
        scales.withUnsafeBufferPointer { scales in
          // The same bounds as `CompactClose.read`: at most 18 digits in all.
          var isValid = units[0] > 0 && units[0] < 1_000_000_000_000_000_000 && scales[0] <= 18
          for row in 1..<days.count {
            isValid =
              isValid && days[row] > days[row - 1] && units[row] > 0
              && units[row] < 1_000_000_000_000_000_000 && scales[row] <= 18
          }
          return isValid
        }
      }
    }
    guard isValid else { return nil }
    self.init(currency: currency, days: days, units: units, scales: scales, wide: [:])
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
    let first = closes.first.daysSince1970
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
