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
    .init("origin") { trades in { .optional(trades[$0].origin) } },
  ])
}

extension RecordSet {
  /// `portfolio buy`, `sell`, `trades` and `remove`: the trades recorded, stored or removed.
  public static func trades(_ trades: [Trade]) -> RecordSet {
    RecordKind.tradeFields.records(of: trades, count: trades.count)
  }
}

extension RecordKind {
  /// The fields of `portfolio show`: each coin held, then the totals, whose `symbol` is `TOTAL`
  /// and whose `coin_id` is null.
  static let holdingFields = RecordFields<[HoldingRow]>([
    .init("symbol") { rows in { .text(rows[$0].coin?.symbol ?? HoldingRow.totalSymbol) } },
    .init("quantity", isNumeric: true) { rows in { .price(rows[$0].quantity) } },
    .init("cost", isNumeric: true) { rows in { .price(rows[$0].cost) } },
    .init("average_cost", isNumeric: true) { rows in { .price(rows[$0].averageCost) } },
    .init("price", isNumeric: true) { rows in { .price(rows[$0].price?.price) } },
    .init("price_date") { rows in { .day(rows[$0].price?.day) } },
    .init("value", isNumeric: true) { rows in { .price(rows[$0].value) } },
    .init("unrealised", isNumeric: true) { rows in { .price(rows[$0].unrealised) } },
    .init("unrealised_percent", isNumeric: true) { rows in
      { .price(rows[$0].unrealisedPercent) }
    },
    .init("realised", isNumeric: true) { rows in { .price(rows[$0].realised) } },
    .init("currency") { rows in { .text(rows[$0].currency) } },
    .init("coin_id") { rows in { .optional(rows[$0].coin?.id) } },
  ])
}

extension HoldingRow {
  /// The symbol of the totals' row.
  public static let totalSymbol = "TOTAL"
}

extension RecordSet {
  /// `portfolio show`: a row per coin held, and the totals of each currency as the last rows.
  public static func holdings(_ valuation: PortfolioValuation) -> RecordSet {
    let rows = valuation.holdings + valuation.totals
    return RecordKind.holdingFields.records(of: rows, count: rows.count)
  }
}
