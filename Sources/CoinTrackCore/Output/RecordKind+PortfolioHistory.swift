/// The records of `cointrack portfolio history`.
extension RecordKind {
  /// The fields of `portfolio history`: one record per day, the numbers of `portfolio show`'s
  /// totals row at that day's closes, each made as it is written.
  static let portfolioDayFields = RecordFields<[PortfolioDay]>([
    .init("date") { days in { .date(days[$0].day) } },
    .init("value", isNumeric: true) { days in { .amount(days[$0].shown.value) } },
    .init("cost", isNumeric: true) { days in { .decimal(days[$0].shown.cost) } },
    .init("unrealised", isNumeric: true) { days in { .amount(days[$0].shown.unrealised) } },
    .init("unrealised_percent", isNumeric: true) { days in
      { .amount(days[$0].shown.unrealisedPercent) }
    },
    .init("realised", isNumeric: true) { days in { .decimal(days[$0].shown.realised) } },
    .init("currency") { days in { .text(days[$0].currency) } },
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
