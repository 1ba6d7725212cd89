/// One lot's part in a sale: the units the sale took from it, the cost they carried and the
/// share of the sale's proceeds they brought. Under the average method a sale has one disposal,
/// of no lot.
///
/// A sale's disposals add up exactly: their quantities to its quantity, their proceeds to its
/// proceeds (its units at its price, less its fee) and their costs to the cost it took from
/// what was held. Each part but the last takes its share of the proceeds by its units, rounded
/// half to even as a share of a cost is (`CostBasis.guardDecimals` beyond the money's
/// decimals); the last takes what is left.
struct Disposal: Equatable, Sendable {
  /// The sell trade: its id, day, coin and currency.
  var sale: Trade
  /// The buy trade whose lot the units came from; nil under the average method.
  var lotID: Int?
  /// The day the units were bought: the lot's buy day, or under the average method the day
  /// of the first buy since the coin was last not held at all.
  var acquired: Day
  var quantity: ExactDecimal
  var proceeds: ExactDecimal
  var cost: ExactDecimal

  /// The proceeds less the cost.
  var gain: ExactDecimal { proceeds - cost }
  /// The whole days from `acquired` to the sale's day.
  var daysHeld: Int { sale.day.daysSince1970 - acquired.daysSince1970 }
  /// Whether the units were held long enough for a long-term gain: `longTermDays` or more.
  var isLongTerm: Bool { daysHeld >= Self.longTermDays }
  /// The days held from which a gain is long-term.
  static let longTermDays = 365
}
