/// What a live API answered for a range of closed days: the closes it gave, and the days for
/// which the answer proves that a missing close is really absent at the source.
///
/// The cache records absence only inside `proven`, so that a fault, an empty series or a
/// truncated answer is asked again next time rather than remembered as "no price".
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
}
