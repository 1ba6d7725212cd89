/// What a live API answered for a range of closed days: the closes it gave, and the days for
/// which the answer proves that a missing close is really absent at the source.
///
/// The cache records absence only inside `proven`, so that a fault, an empty series or a
/// truncated answer is asked again next time rather than remembered as "no price". What a
/// non-empty answer proves, per API:
/// - Binance: a page of fewer candles than `limit` is complete for the days asked; a full page
///   only up to its last candle.
/// - Twelve Data: likewise with `outputsize`.
/// - CoinGecko: the days from its first close to its last (it pages nothing, but does not vouch
///   for the ends of a series).
/// An empty series proves nothing anywhere.
struct ClosesAnswer: Equatable, Sendable {
  /// The close of each day the answer gives, all inside the range asked.
  var closes: [Day: Price]
  /// The days the answer covers completely; nil when it proves nothing (an empty series).
  var proven: DayRange?

  /// An answer that proves the days from its first close to its last, and nothing when it holds
  /// no close: the conservative reading of a series whose ends the API does not vouch for.
  init(closes: [Day: Price]) {
    self.closes = closes
    if let first = closes.keys.min(), let last = closes.keys.max() {
      proven = DayRange(from: first, to: last)
    } else {
      proven = nil
    }
  }

  init(closes: [Day: Price], proven: DayRange?) {
    self.closes = closes
    self.proven = proven
  }

  /// What one page of a paged API proves: nothing when empty; the whole page `asked` when it
  /// held fewer rows than the page size (so nothing was cut off); else up to its last day.
  static func pageProof(asked: DayRange, rows: Int, pageSize: Int, lastDay: Day?) -> DayRange? {
    guard rows > 0, let lastDay else { return nil }
    return rows < pageSize ? asked : DayRange(from: asked.first, to: lastDay)
  }

  /// The proof of consecutive pages asked in order: the first run of pages that each proved
  /// their days and join up, as one range; a page that proved nothing ends the run.
  static func joinedProof(_ pages: [DayRange?]) -> DayRange? {
    var joined: DayRange?
    for page in pages {
      guard let page else {
        if joined != nil { break }
        continue
      }
      guard let run = joined else {
        joined = page
        continue
      }
      guard page.first <= run.last.adding(days: 1) else { break }
      joined = DayRange(from: run.first, to: Swift.max(run.last, page.last))
    }
    return joined
  }
}
