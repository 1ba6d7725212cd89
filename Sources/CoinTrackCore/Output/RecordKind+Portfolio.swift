/// The fields of the portfolio commands' records, declared with their values.
extension RecordKind {
  /// The fields of `portfolio buy`, `sell`, `trades` and `remove`: each trade as stored.
  static let tradeFields = RecordFields<[Trade]>([
    .init("id", isNumeric: true) { trades in { .number(String(trades[$0].id)) } },
    .init("date") { trades in { .day(trades[$0].day) } },
    .init("side") { trades in { .text(trades[$0].side.rawValue) } },
    .init("symbol") { trades in { .text(trades[$0].coin.symbol) } },
    .init("coin_id") { trades in { .text(trades[$0].coin.id) } },
    .init("quantity", isNumeric: true) { trades in { .price(trades[$0].quantity) } },
    .init("price", isNumeric: true) { trades in { .price(trades[$0].price) } },
    .init("fee", isNumeric: true) { trades in { .price(trades[$0].fee) } },
    .init("currency") { trades in { .text(trades[$0].currency) } },
  ])
}

extension RecordSet {
  /// `portfolio buy`, `sell`, `trades` and `remove`: the trades recorded, stored or removed.
  public static func trades(_ trades: [Trade]) -> RecordSet {
    RecordKind.tradeFields.records(of: trades, count: trades.count)
  }
}
