/// The records of `cointrack portfolio history`.
extension RecordKind {
  /// The fields of `portfolio history`: one record per day, the numbers of `portfolio show`'s
  /// totals row at that day's closes.
  static let portfolioDayFields = RecordFields<[PortfolioDay]>([
    .init("date") { days in { .day(days[$0].day) } },
    .init("value", isNumeric: true) { days in { .price(days[$0].total.value) } },
    .init("cost", isNumeric: true) { days in { .price(days[$0].total.cost) } },
    .init("unrealised", isNumeric: true) { days in { .price(days[$0].total.unrealised) } },
    .init("unrealised_percent", isNumeric: true) { days in
      { .price(days[$0].total.unrealisedPercent) }
    },
    .init("realised", isNumeric: true) { days in { .price(days[$0].total.realised) } },
    .init("currency") { days in { .text(days[$0].total.currency) } },
    .init("coins", isNumeric: true) { days in { .integer(days[$0].coinsHeld) } },
    .init("priced", isShownInTables: false) { days in { .bool(days[$0].isPriced) } },
  ])
}

extension RecordSet {
  /// `portfolio history`: a row per day.
  public static func portfolioDays(_ history: PortfolioHistory) -> RecordSet {
    RecordKind.portfolioDayFields.records(of: history.days, count: history.days.count)
  }
}
