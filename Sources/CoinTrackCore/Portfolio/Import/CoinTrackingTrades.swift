/// CoinTracking's trade list (Enter Coins, Export CSV):
/// `"Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date"`, read
/// by position as `Cur.` is named three times; an optional `Tx-ID` after them is the origin,
/// else the row is hashed. Missing amounts are `-` or empty.
enum CoinTrackingTrades {
  static func events(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    var hashes = RowHashes(key: "cointracking")
    let hasID = table.columns.contains("Tx-ID")
    return try table.exportRows().map { row throws(ImportError) in
      let type = row.at(0)
      let day = try row.day("Date", today: today)
      func amount(_ position: Int, _ what: TradeError.NumberKind) throws(ImportError)
        -> ExportAmount?
      {
        let text = row.at(position)
        guard text != "-", !text.isEmpty else { return nil }
        let quantity = try row.amount(at: position, what)
        return ExactDecimal(quantity).isZero && what != .quantity
          ? nil : ExportAmount(asset: row.at(position + 1).uppercased(), quantity: quantity)
      }
      let bought = try amount(1, .quantity)
      let sold = try amount(3, .quantity)
      let fee = try amount(5, .fee)
      let origin =
        hasID && !row.text("Tx-ID").isEmpty
        ? try row.origin("cointracking", id: "Tx-ID") : hashes.origin(of: row.fields)
      let kind: ImportEvent.Kind
      switch type {
      case "Trade":
        guard let bought, let sold else {
          throw .incompleteTrade(line: row.line, reason: "a trade needs both Buy and Sell")
        }
        kind = .exchange(given: [sold], received: [bought])
      case "Deposit", "Withdrawal":
        guard let moved = bought ?? sold else {
          throw .incompleteTrade(line: row.line, reason: "it moves no amount")
        }
        kind = .transfer(rowType: type, coin: moved.asset, quantity: moved.quantity)
      case "Income", "Gift/Tip", "Staking", "Mining", "Airdrop", "Interest Income",
        "Reward / Bonus", "Lending Income":
        guard let bought else {
          throw .incompleteTrade(line: row.line, reason: "income needs a Buy amount")
        }
        kind = .income(rowType: type, coin: bought.asset, quantity: bought.quantity)
      default:
        throw .invalidField(line: row.line, column: "Type", value: type, .value(expected: []))
      }
      return ImportEvent(
        line: row.line, day: day, kind: kind, fees: fee.map { [$0] } ?? [], origin: origin)
    }
  }
}
