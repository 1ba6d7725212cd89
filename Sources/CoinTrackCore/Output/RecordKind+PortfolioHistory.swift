/// The records of `cointrack portfolio history`.
extension RecordKind {
  /// The fields of `portfolio history`: one record per day, the numbers of `portfolio show`'s
  /// totals row at that day's closes.
  static let portfolioDayFields = RecordFields<PortfolioDays>([
    .init("date") { days in { .day(days.day(at: $0)) } },
    .init("value", isNumeric: true) { days in { .amount(days.value(at: $0)) } },
    .init("cost", isNumeric: true) { days in { .amount(days.cost(at: $0)) } },
    .init("unrealised", isNumeric: true) { days in { .amount(days.unrealised(at: $0)) } },
    .init("unrealised_percent", isNumeric: true) { days in
      { .amount(days.unrealisedPercent(at: $0)) }
    },
    .init("realised", isNumeric: true) { days in { .amount(days.realised(at: $0)) } },
    .init("currency") { days in { _ in .text(days.currency) } },
    .init("coins", isNumeric: true) { days in { .integer(days.coinsHeld(at: $0)) } },
    .init("priced", isShownInTables: false) { days in { .bool(days.isPriced(at: $0)) } },
  ])
}

extension RecordSet {
  /// `portfolio history`: a row per day.
  public static func portfolioDays(_ history: PortfolioHistory) -> RecordSet {
    RecordKind.portfolioDayFields.records(of: history.days, count: history.days.count)
  }
}
