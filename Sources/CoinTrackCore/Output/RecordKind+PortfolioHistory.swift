/// The records of `cointrack portfolio history`.
extension RecordKind {
  /// The fields of `portfolio history`: one record per day, the numbers of `portfolio show`'s
  /// totals row at that day's closes, each made as it is written.
  static let portfolioDayFields = RecordFields<[PortfolioDay]>([
    .init("date") { days in { days.day($0) { .date($0.pointee.day) } } },
    .init("value", isNumeric: true) { days in
      { days.day($0) { .amount($0.pointee.totals.shownValue) } }
    },
    .init("cost", isNumeric: true) { days in
      { days.day($0) { .decimal($0.pointee.totals.shownCost) } }
    },
    .init("unrealised", isNumeric: true) { days in
      { days.day($0) { .amount($0.pointee.totals.shownUnrealised) } }
    },
    .init("unrealised_percent", isNumeric: true) { days in
      { days.day($0) { .amount($0.pointee.totals.shownUnrealisedPercent) } }
    },
    .init("realised", isNumeric: true) { days in
      { days.day($0) { .decimal($0.pointee.totals.shownRealised) } }
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
