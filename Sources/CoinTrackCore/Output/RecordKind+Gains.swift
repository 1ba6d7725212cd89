/// The fields of `portfolio gains`' records.
extension RecordKind {
  /// The fields of `portfolio gains`: one record per part of a sale, then per currency three
  /// totals (all, short-term, long-term), whose `symbol` is `TOTAL`, whose `term` is null,
  /// `short` or `long`, and whose other fields but money and currency are null.
  static let gainFields = RecordFields<GainsReport>([
    .init("sale_id", isNumeric: true) { report in
      { report.row($0) { .integer($0.saleID) } ?? .null }
    },
    .init("sale_date") { report in { .day(report.row($0) { $0.saleDay }) } },
    .init("symbol") { report in
      { .text(report.rowCoin($0) { $0.coin.symbol } ?? HoldingRow.totalSymbol) }
    },
    .init("quantity", isNumeric: true) { report in
      { report.row($0) { .decimal($0.quantity) } ?? .null }
    },
    .init("lot", isNumeric: true) { report in
      { report.row($0) { $0.lotID.map { .integer($0) } ?? .null } ?? .null }
    },
    .init("acquired") { report in { .day(report.row($0) { $0.acquired }) } },
    .init("days_held", isNumeric: true) { report in
      { report.row($0) { .integer($0.daysHeld) } ?? .null }
    },
    .init("term") { report in
      { record in
        let isLongTerm = report.row(record) { $0.isLongTerm } ?? report.total(record)?.isLongTerm
        return .optional(isLongTerm.map { $0 ? "long" : "short" })
      }
    },
    .init("proceeds", isNumeric: true) { report in
      { report.row($0) { .decimal($0.proceeds) } ?? .price(report.total($0)?.proceeds) }
    },
    .init("cost", isNumeric: true) { report in
      { report.row($0) { .decimal($0.cost) } ?? .price(report.total($0)?.cost) }
    },
    .init("gain", isNumeric: true) { report in
      { report.row($0) { .decimal($0.gain) } ?? .price(report.total($0)?.gain) }
    },
    .init("currency") { report in
      { .optional(report.rowCoin($0) { $0.currency } ?? report.total($0)?.currency) }
    },
    .init("coin_id") { report in { .optional(report.rowCoin($0) { $0.coin.id }) } },
  ])
}

extension GainsReport {
  /// `value` of the row that is record `record`, as held; nil for a total. The row is lent
  /// to `value`, not copied: a cell reads one field of it.
  fileprivate func row<Value>(_ record: Int, _ value: (GainRows.Part) -> Value) -> Value? {
    record < rows.count ? value(rows.parts[record]) : nil
  }

  /// `value` of the coin and currency of the row that is record `record`, lent as `row`'s;
  /// nil for a total.
  fileprivate func rowCoin<Value>(_ record: Int, _ value: (GainRows.RowCoin) -> Value) -> Value? {
    record < rows.count ? value(rows.coins[rows.parts[record].coin]) : nil
  }

  /// The total that is record `record`; nil for a row.
  fileprivate func total(_ record: Int) -> GainTotal? {
    record < rows.count ? nil : totals[record - rows.count]
  }
}

extension RecordSet {
  /// `portfolio gains`: a record per part of a sale, then the totals.
  public static func gains(_ report: GainsReport) -> RecordSet {
    RecordKind.gainFields.records(of: report, count: report.rows.count + report.totals.count)
  }
}

extension RecordKind {
  /// The fields of `portfolio earnings`: one record per income received, then per currency and
  /// kind a total, whose `symbol` is `TOTAL` and whose fields but kind, value and currency are
  /// null.
  static let incomeFields = RecordFields<IncomeReport>([
    .init("trade_id", isNumeric: true) { report in
      { report.row($0).map { .integer($0.tradeID) } ?? .null }
    },
    .init("date") { report in { .day(report.row($0)?.day) } },
    .init("symbol") { report in
      { .text(report.row($0)?.coin.symbol ?? HoldingRow.totalSymbol) }
    },
    .init("kind") { report in
      { .text((report.row($0)?.kind ?? report.total($0)!.kind).rawValue) }
    },
    .init("quantity", isNumeric: true) { report in { .price(report.row($0)?.quantity) } },
    .init("close", isNumeric: true) { report in { .price(report.row($0)?.close) } },
    .init("value", isNumeric: true) { report in
      { .price(report.row($0)?.value ?? report.total($0)?.value) }
    },
    .init("currency") { report in
      { .optional(report.row($0)?.currency ?? report.total($0)?.currency) }
    },
    .init("coin_id") { report in { .optional(report.row($0)?.coin.id) } },
  ])
}

extension IncomeReport {
  /// The row that is record `record`; nil for a total.
  fileprivate func row(_ record: Int) -> IncomeRow? {
    record < rows.count ? rows[record] : nil
  }

  /// The total that is record `record`; nil for a row.
  fileprivate func total(_ record: Int) -> IncomeTotal? {
    record < rows.count ? nil : totals[record - rows.count]
  }
}

extension RecordSet {
  /// `portfolio earnings`: a record per income received, then the totals.
  public static func income(_ report: IncomeReport) -> RecordSet {
    RecordKind.incomeFields.records(of: report, count: report.rows.count + report.totals.count)
  }
}
