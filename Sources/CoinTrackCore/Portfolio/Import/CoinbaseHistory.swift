/// Coinbase's transaction history report (Profile, Statements, Generate report, CSV), in its
/// variants: `ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at
/// Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes`
/// (money with currency signs, `-€597.49`), the older `Spot Price Currency`, `Total (inclusive
/// of fees)`, `Fees`, and the one with the currency in the column names (`EUR Subtotal`).
///
/// A buy or sell is of `Quantity Transacted` for `Subtotal` (before fees) with the fee
/// `Fees`, in the price currency; `Convert` gives the asset for the coin its `Notes` name
/// ("Converted 0.1 BTC to 4.79 ETH"). The origin is `ID` when there is one, else the row's hash.
/// Coinbase's `ETH2` (staked ether) is ETH, so its conversions and moves are of one coin.
enum CoinbaseHistory {
  static let key = "coinbase"
  static let buys: Set<String> = ["Buy", "Advanced Trade Buy"]
  static let sells: Set<String> = ["Sell", "Advanced Trade Sell"]
  static let incomeTypes: Set<String> = [
    "Staking Income", "Coinbase Earn", "Learning Reward", "Rewards Income", "Inflation Reward",
    "Reward Income",
  ]
  static let transferTypes: Set<String> = [
    "Send", "Receive", "Deposit", "Withdrawal", "Pro Deposit", "Pro Withdrawal",
    "Exchange Deposit", "Exchange Withdrawal",
  ]

  static func events(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    let columns = table.columns
    // The currency named in the columns (`EUR Subtotal`), when it is.
    let namedCurrency = columns.first { $0.hasSuffix(" Subtotal") }.map {
      String($0.dropLast(" Subtotal".count))
    }
    let subtotal = namedCurrency.map { "\($0) Subtotal" } ?? "Subtotal"
    let fees =
      namedCurrency.map { "\($0) Fees" }
      ?? (columns.contains("Fees and/or Spread") ? "Fees and/or Spread" : "Fees")
    let currencyColumn =
      columns.contains("Price Currency") ? "Price Currency" : "Spot Price Currency"
    var hashes = RowHashes(key: key)
    var events: [ImportEvent] = []
    for row in try table.exportRows() {
      let type = row.text("Transaction Type")
      let day = try row.day("Timestamp", today: today)
      let asset = symbol(row.text("Asset"))
      let quantity = try row.checked(
        try row.number("Quantity Transacted").magnitude, column: "Quantity Transacted", .quantity)
      let origin =
        columns.contains("ID") ? try row.origin(key, id: "ID") : hashes.origin(of: row.fields)
      let kind: ImportEvent.Kind
      var feeAmounts: [ExportAmount] = []
      if buys.contains(type) || sells.contains(type) {
        let currency = namedCurrency ?? row.text(currencyColumn).uppercased()
        let total = try money(row, subtotal, currency)
        let coin = ExportAmount(asset: asset, quantity: quantity)
        let paid = ExportAmount(asset: currency, quantity: total)
        kind =
          buys.contains(type)
          ? .exchange(given: [paid], received: [coin]) : .exchange(given: [coin], received: [paid])
        if !row.text(fees).isEmpty {
          let fee = try money(row, fees, currency)
          if !ExactDecimal(fee).isZero {
            feeAmounts = [ExportAmount(asset: currency, quantity: fee)]
          }
        }
      } else if type == "Convert" {
        let received = try converted(row)
        // ETH to ETH2 is ether staked: the same coin, no trade.
        if received.asset == asset { continue }
        kind = .swap(given: [ExportAmount(asset: asset, quantity: quantity)], received: [received])
      } else if incomeTypes.contains(type) {
        kind = .income(rowType: type, coin: asset, quantity: quantity)
      } else if transferTypes.contains(type) {
        kind = .transfer(rowType: type, coin: asset, quantity: quantity)
      } else {
        throw .invalidField(
          line: row.line, column: "Transaction Type", value: type, .value(expected: []))
      }
      events.append(
        ImportEvent(line: row.line, day: day, kind: kind, fees: feeAmounts, origin: origin))
    }
    return events
  }

  /// Coinbase's asset as a symbol: `ETH2`, staked ether, is ETH.
  static func symbol(_ asset: String) -> String {
    let upper = asset.uppercased()
    return upper == "ETH2" ? "ETH" : upper
  }

  /// The amount of money in `column`, in `currency`; a currency sign for another currency is
  /// refused.
  private static func money(_ row: ExportRow, _ column: String, _ currency: String)
    throws(ImportError) -> Price
  {
    let number = try row.number(column)
    if let sign = number.currencySign, ExportNumber.currencySigns[sign] != currency {
      throw .invalidField(
        line: row.line, column: column, value: row.text(column), .value(expected: [currency]))
    }
    return try row.checked(number.magnitude, column: column, .price)
  }

  /// The coin a `Convert` row's Notes name: "Converted 0.00363125 BTC to 156.145683 XRP".
  private static func converted(_ row: ExportRow) throws(ImportError) -> ExportAmount {
    let notes = row.text("Notes")
    let words = notes.split(separator: " ")
    guard words.count == 6, words[0] == "Converted", words[3] == "to",
      let number = ExportNumber(String(words[4])), !number.isNegative
    else {
      throw .invalidField(
        line: row.line, column: "Notes", value: notes,
        .value(expected: ["Converted QUANTITY COIN to QUANTITY COIN"]))
    }
    return ExportAmount(
      asset: symbol(String(words[5])),
      quantity: try row.checked(number.value, column: "Notes", .quantity))
  }
}
