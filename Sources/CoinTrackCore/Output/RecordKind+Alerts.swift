/// The fields of the alert commands' records, declared with their values.
extension RecordKind {
  /// The fields of `alerts add`, `alerts list` and `alerts remove`.
  static let alertFields = RecordFields<[Alert]>([
    .init("id", isNumeric: true) { alerts in { .integer(alerts[$0].id) } },
    .init("symbol") { alerts in { .text(alerts[$0].coin.symbol) } },
    .init("condition") { alerts in { .text(alerts[$0].condition.name) } },
    .init("threshold", isNumeric: true) { alerts in { .price(alerts[$0].condition.threshold) } },
    .init("days", isNumeric: true) { alerts in { .count(alerts[$0].condition.days) } },
    .init("currency") { alerts in { .text(alerts[$0].currency) } },
    .init("fired_on") { alerts in { .day(alerts[$0].firedOn) } },
    .init("coin_id") { alerts in { .text(alerts[$0].coin.id) } },
  ])

  /// The fields of `alerts check`: each alert reported with the prices it was compared on.
  static let alertReadingFields = RecordFields<[AlertReading]>([
    .init("id", isNumeric: true) { readings in { .integer(readings[$0].alert.id) } },
    .init("symbol") { readings in { .text(readings[$0].alert.coin.symbol) } },
    .init("condition") { readings in { .text(readings[$0].alert.condition.name) } },
    .init("threshold", isNumeric: true) { readings in
      { .price(readings[$0].alert.condition.threshold) }
    },
    .init("days", isNumeric: true) { readings in { .count(readings[$0].alert.condition.days) } },
    .init("price", isNumeric: true) { readings in { .price(readings[$0].latest.price) } },
    .init("date") { readings in { .day(readings[$0].latest.day) } },
    .init("reference_price", isNumeric: true) { readings in
      { .price(readings[$0].reference?.price) }
    },
    .init("reference_date") { readings in { .day(readings[$0].reference?.day) } },
    .init("change_percent", isNumeric: true) { readings in { .price(readings[$0].changePercent) } },
    .init("currency") { readings in { .text(readings[$0].latest.currency) } },
    .init("source") { readings in { .text(readings[$0].latest.source) } },
    .init("coin_id") { readings in { .text(readings[$0].alert.coin.id) } },
  ])
}

extension RecordSet {
  /// `alerts add`, `alerts list` and `alerts remove`: the alerts added, stored or removed.
  public static func alerts(_ alerts: [Alert]) -> RecordSet {
    RecordKind.alertFields.records(of: alerts, count: alerts.count)
  }

  /// `alerts check`: the alerts that fired, or with `--all` those whose condition holds.
  public static func alertReadings(_ readings: [AlertReading]) -> RecordSet {
    RecordKind.alertReadingFields.records(of: readings, count: readings.count)
  }
}

extension RecordSet.Value {
  /// A whole number, or null.
  static func count(_ value: Int?) -> Self { value.map(Self.integer) ?? .null }
}
