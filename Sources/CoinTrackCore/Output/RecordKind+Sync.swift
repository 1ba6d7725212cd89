/// The records of `cointrack sync`.
extension RecordKind {
  /// The fields of `sync`: one record per coin, whatever became of it.
  static let syncOutcomeFields = RecordFields<[SyncOutcome]>([
    .init("symbol") { outcomes in { .text(outcomes[$0].symbol) } },
    .init("coin_id") { outcomes in { .optional(outcomes[$0].coinID) } },
    .init("source") { outcomes in { .optional(outcomes[$0].source) } },
    .init("first_added") { outcomes in { .day(outcomes[$0].added.first) } },
    .init("last_added") { outcomes in { .day(outcomes[$0].added.last) } },
    .init("days_added", isNumeric: true) { outcomes in
      { .integer(outcomes[$0].added.count) }
    },
    .init("status") { outcomes in { .text(outcomes[$0].status.rawValue) } },
  ])
}

extension RecordSet {
  /// `sync`: what became of each coin.
  public static func syncOutcomes(_ outcomes: [SyncOutcome]) -> RecordSet {
    RecordKind.syncOutcomeFields.records(of: outcomes, count: outcomes.count)
  }
}
