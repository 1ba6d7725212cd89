/// The records of `cointrack portfolio history`.
extension RecordKind {
  /// The fields of `portfolio history`: one record per day, the numbers of `portfolio show`'s
  /// totals row at that day's closes, each made as it is written.
  static let portfolioDayFields = RecordFields<[PortfolioDay]>([
    .init("date") { days in { days.day($0) { .date($0.pointee.day) } } },
    .init("value", isNumeric: true) { days in
      { days.day($0) { .amount(ValuedAmounts.shownValue(of: $0.totals)) } }
    },
    .init("cost", isNumeric: true) { days in
      { days.day($0) { .decimal(ValuedAmounts.shownCost(of: $0.totals)) } }
    },
    .init("unrealised", isNumeric: true) { days in
      { days.day($0) { .amount(ValuedAmounts.shownUnrealised(of: $0.totals)) } }
    },
    .init("unrealised_percent", isNumeric: true) { days in
      { days.day($0) { .amount(ValuedAmounts.shownUnrealisedPercent(of: $0.totals)) } }
    },
    .init("realised", isNumeric: true) { days in
      { days.day($0) { .decimal(ValuedAmounts.shownRealised(of: $0.totals)) } }
    },
    .init("currency") { days in { days.day($0) { .text($0.pointee.totals.currency) } } },
    .init("coins", isNumeric: true) { days in { days.day($0) { .integer($0.pointee.coinsHeld) } } },
    .init("priced", isShownInTables: false) { days in
      { days.day($0) { .bool($0.pointee.isPriced) } }
    },
  ])
}

extension [PortfolioDay] {
  /// `value` of the day that is record `record`, read where it lies: a copy of the day, as
  /// the array's subscript makes, would retain and release its currency and amounts for every
  /// cell.
  fileprivate func day<Value>(_ record: Int, _ value: (UnsafePointer<PortfolioDay>) -> Value)
    -> Value
  {
    precondition(indices.contains(record), "a record of the days")
    return withUnsafeBufferPointer { value($0.baseAddress.unsafelyUnwrapped + record) }
  }
}

extension RecordSet {
  /// `portfolio history`: a row per day.
  public static func portfolioDays(_ history: PortfolioHistory) -> RecordSet {
    RecordKind.portfolioDayFields.records(of: history.days, count: history.days.count)
  }
}

extension UnsafePointer<PortfolioDay> {
  /// The day's totals where they lie.
  fileprivate var totals: UnsafePointer<ValuedAmounts> {
    // A stored property always has an address inside the value.
    pointer(to: \.totals).unsafelyUnwrapped
  }
}
