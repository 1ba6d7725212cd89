/// Binance's account statement ("Transaction History" in Binance's Orders, Generate all
/// statements): `User_ID,UTC_Time,Account,Operation,Coin,Change,Remark`, one balance change a
/// row, `Change` signed.
///
/// The trade rows of one moment (`UTC_Time`) are one trade, whatever their order and however
/// many fills: each coin's changes summed, the sign (not the operation's name, as the 2020 rows
/// call both legs `Buy`) saying given or received, `Fee` rows the fees. Dust conversions
/// (`Small assets exchange BNB`) are grouped by the minute, as Binance spreads one over two
/// seconds. Other rows are income or moves of the user's own coins.
enum BinanceStatement {
  static let key = "binance-statement"

  /// The operations whose rows of one moment make a trade; `feeOperations` are its fees.
  static let tradeOperations: Set<String> = [
    "Buy", "Sell", "Fee", "Transaction Related", "Transaction Buy", "Transaction Spend",
    "Transaction Fee", "Transaction Sold", "Transaction Revenue", "Binance Convert",
    "Small assets exchange BNB", "ETH 2.0 Staking", "Large OTC trading",
  ]
  static let feeOperations: Set<String> = ["Fee", "Transaction Fee"]
  /// Coins received as income.
  static let incomeOperations: Set<String> = [
    "ETH 2.0 Staking Rewards", "Launchpool Interest", "POS savings interest",
    "Simple Earn Flexible Interest", "Simple Earn Locked Rewards", "BNB Vault Rewards",
    "Cash Voucher Distribution", "Mission Reward Distribution", "Distribution",
    "Savings Interest", "Staking Rewards", "Commission Rebate", "Referral Kickback",
    "Referrer rebates", "Airdrop Assets",
  ]
  /// Coins moved in, out or between the user's own accounts and products.
  static let transferOperations: Set<String> = [
    "Deposit", "Withdraw", "Fiat Deposit", "Fiat Withdraw", "Buy Crypto",
    "Transfer Between Main and Funding Wallet",
    "Transfer Between Spot Account and UM Futures Account",
    "Transfer Between Spot Account and CM Futures Account", "POS savings purchase",
    "POS savings redemption", "Simple Earn Flexible Subscription",
    "Simple Earn Flexible Redemption", "Simple Earn Locked Subscription",
    "Simple Earn Locked Redemption", "Staking Purchase", "Staking Redemption",
    "Savings purchase", "Savings Principal redemption",
  ]

  static func events(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    // Binance writes no Remark (and no comma before it) on some rows.
    let rows = try table.exportRows(minimumFields: table.columns.count - 1)
    var groups: [String: [ExportRow]] = [:]
    var order: [String] = []
    var events: [(line: Int, event: ImportEvent?)] = []
    var hashes = RowHashes(key: key)
    for row in rows {
      let operation = row.text("Operation")
      let time = row.text("UTC_Time")
      // Every row's time is checked, though a trade takes the day of its first row.
      let day = try row.day("UTC_Time", today: today)
      if tradeOperations.contains(operation) {
        let group =
          operation == "Small assets exchange BNB" ? "dust " + time.prefix(16) : "trade " + time
        if groups[group] == nil { order.append(group) }
        groups[group, default: []].append(row)
        continue
      }
      let change = try row.number("Change")
      let quantity = try row.checked(change.magnitude, column: "Change", .quantity)
      let coin = row.text("Coin").uppercased()
      let kind: ImportEvent.Kind
      if incomeOperations.contains(operation) {
        kind = .income(rowType: operation, coin: coin, quantity: quantity)
      } else if transferOperations.contains(operation) {
        kind = .transfer(rowType: operation, coin: coin, quantity: quantity)
      } else {
        throw .invalidField(
          line: row.line, column: "Operation", value: operation, .value(expected: []))
      }
      events.append(
        (
          row.line,
          ImportEvent(
            line: row.line, day: day, kind: kind, fees: [],
            origin: hashes.origin(of: row.fields)
          )
        ))
    }
    for group in order {
      // Made above.
      events.append(
        (groups[group]![0].line, try trade(of: groups[group]!, today: today, hashes: &hashes)))
    }
    return events.sorted { $0.line < $1.line }.compactMap(\.event)
  }

  /// The trade the rows of one moment make.
  private static func trade(of rows: [ExportRow], today: Day, hashes: inout RowHashes)
    throws(ImportError) -> ImportEvent
  {
    var changes: [String: ExactDecimal] = [:]
    var assets: [String] = []
    var fees: [String: ExactDecimal] = [:]
    var feeAssets: [String] = []
    for row in rows {
      let coin = row.text("Coin").uppercased()
      let change = ExactDecimal(try row.number("Change").value)
      if feeOperations.contains(row.text("Operation")) {
        if fees[coin] == nil { feeAssets.append(coin) }
        fees[coin, default: ExactDecimal(0)] = fees[coin, default: ExactDecimal(0)] - change
      } else {
        if changes[coin] == nil { assets.append(coin) }
        changes[coin, default: ExactDecimal(0)] = changes[coin, default: ExactDecimal(0)] + change
      }
    }
    let first = rows[0]
    func amount(_ asset: String, _ value: ExactDecimal) throws(ImportError) -> ExportAmount {
      ExportAmount(
        asset: asset, quantity: try first.checked(value.price, column: "Change", .quantity))
    }
    var given: [ExportAmount] = []
    var received: [ExportAmount] = []
    for asset in assets {
      let change = changes[asset]!
      if change < ExactDecimal(0) { given.append(try amount(asset, -change)) }
      if ExactDecimal(0) < change { received.append(try amount(asset, change)) }
    }
    guard !given.isEmpty, !received.isEmpty else {
      throw .incompleteTrade(
        line: first.line,
        reason: given.isEmpty
          ? "it gives no coin for those it receives" : "it receives no coin for those it gives")
    }
    // A group's origin hashes its rows in a fixed order, so a re-export in another order is
    // the same trade.
    let fields = rows.map { $0.fields.joined(separator: "\u{1F}") }.sorted()
    return ImportEvent(
      line: first.line, day: try first.day("UTC_Time", today: today),
      kind: .exchange(given: given, received: received),
      // A fee row of 0 (Binance writes them) is no fee.
      fees: try feeAssets.filter { !fees[$0]!.isZero }.map { asset throws(ImportError) in
        try amount(asset, fees[asset]!)
      },
      origin: hashes.origin(of: fields))
  }
}
