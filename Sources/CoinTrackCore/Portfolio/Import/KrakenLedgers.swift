/// Kraken's ledgers.csv (History, Export, Ledgers):
/// `txid,refid,time,type,subtype,aclass,asset,[wallet,]amount,fee,balance`, one balance change
/// a row. The rows of one `refid` that are `trade`, `spend` or `receive` are one trade (amount
/// signed, the fee in the row's own asset); deposits and withdrawals, written twice (pending
/// with an empty txid, then completed), count once, by their completed row; `staking` rows are
/// income; other rows move the user's own coins.
enum KrakenLedgers {
  static let key = "kraken-ledgers"
  static let tradeTypes: Set<String> = ["trade", "spend", "receive"]

  static func events(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    let rows = try table.exportRows()
    var trades: [String: [ExportRow]] = [:]
    var order: [String] = []
    var events: [(line: Int, event: ImportEvent)] = []
    var completed = Set<String>()
    for row in rows where !row.text("txid").isEmpty {
      completed.insert(row.text("refid") + "\u{1F}" + row.text("type"))
    }
    for row in rows {
      let type = row.text("type").lowercased()
      _ = try row.day("time", today: today)
      if tradeTypes.contains(type) {
        let refid = row.text("refid")
        if trades[refid] == nil { order.append(refid) }
        trades[refid, default: []].append(row)
        continue
      }
      // A pending copy of a row that completed is the same move.
      if row.text("txid").isEmpty,
        completed.contains(row.text("refid") + "\u{1F}" + row.text("type"))
      {
        continue
      }
      let quantity = try row.checked(
        try row.number("amount").magnitude, column: "amount", .quantity)
      let coin = ExportAssets.krakenSymbol(row.text("asset"))
      let kind: ImportEvent.Kind =
        type == "staking"
        ? .income(rowType: row.text("type"), coin: coin, quantity: quantity)
        : .transfer(rowType: row.text("type"), coin: coin, quantity: quantity)
      let id = row.text("txid").isEmpty ? "refid" : "txid"
      // The fee of a move or reward is in its own asset (a withdrawal's network fee).
      let fee = try row.amount("fee", .fee)
      events.append(
        (
          row.line,
          ImportEvent(
            line: row.line, day: try row.day("time", today: today), kind: kind,
            fees: ExactDecimal(fee).isZero ? [] : [ExportAmount(asset: coin, quantity: fee)],
            origin: try row.origin(key, id: id)
          )
        ))
    }
    for refid in order {
      // Made above.
      let legs = trades[refid]!
      events.append((legs[0].line, try trade(of: legs, today: today)))
    }
    return events.sorted { $0.line < $1.line }.map(\.event)
  }

  /// The trade of one refid's rows.
  private static func trade(of rows: [ExportRow], today: Day) throws(ImportError) -> ImportEvent {
    var given: [ExportAmount] = []
    var received: [ExportAmount] = []
    var fees: [ExportAmount] = []
    for row in rows {
      let asset = ExportAssets.krakenSymbol(row.text("asset"))
      let amount = try row.number("amount")
      let quantity = try row.checked(amount.magnitude, column: "amount", .quantity)
      if amount.isNegative {
        given.append(ExportAmount(asset: asset, quantity: quantity))
      } else {
        received.append(ExportAmount(asset: asset, quantity: quantity))
      }
      let fee = try row.amount("fee", .fee)
      if !ExactDecimal(fee).isZero { fees.append(ExportAmount(asset: asset, quantity: fee)) }
    }
    let first = rows[0]
    guard given.count == 1, received.count == 1 else {
      throw .incompleteTrade(
        line: first.line,
        reason: "its refid \(first.text("refid")) has \(given.count) leg(s) out and "
          + "\(received.count) in, not one of each")
    }
    return ImportEvent(
      line: first.line, day: try first.day("time", today: today),
      kind: .exchange(given: given, received: received), fees: fees,
      origin: try first.origin(key, id: "refid"))
  }
}
