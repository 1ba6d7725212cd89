/// Koinly's universal import template ("How to create a custom CSV file with your data" on
/// support.koinly.io), as people and converters write it for Koinly to read: `Date,Sent Amount,
/// Sent Currency,Received Amount,Received Currency`, and any of `Fee Amount,Fee Currency,
/// Net Worth Amount,Net Worth Currency,Tag,Description,TxHash` (`Label` is the tag's older name).
///
/// A row that sends and receives is a trade or a swap; one that only receives is a deposit or
/// income, and one that only sends a withdrawal or a cost, by its tag (`receivingTags`,
/// `sendingTags`); any other tag is refused. Amounts are gross, the fee apart. A date without a
/// zone is UTC, as Koinly reads it. A currency is a symbol, a token pinned by its contract
/// (`USDT:0xfd08…`, read as the symbol before the colon) or Koinly's own number for a coin
/// (`ID:56784085`, kept whole for `--symbol` to name). Net Worth is not read: a swap and income
/// are valued at the day's close, as for every format. The origin is the row's side and TxHash
/// (`koinly:in:HASH`, `koinly:out:HASH`, `koinly:HASH` for a trade), as one move between two
/// of the user's wallets is in each wallet's file under one hash; without a TxHash, the row's
/// hash.
enum KoinlyUniversal {
  /// The tags of a row that only receives, each with the event it makes: a move of the user's
  /// own coins, or income of the kind `ImportBooking.incomeSide` gives the tag.
  static let receivingTags: [String: Booking] = [
    "": .move, "unstake": .move, "reward": .income, "staking": .income, "airdrop": .income,
    "fork": .income, "lending interest": .income, "interest": .income,
  ]
  /// The tags of a row that only sends: a move of the user's own coins, or coins paid for a
  /// cost (network, margin, loan and futures fees), a fee paid in a coin.
  static let sendingTags: [String: Booking] = [
    "": .move, "stake": .move, "cost": .cost, "fee": .cost, "other fee": .cost,
    "margin fee": .cost, "loan fee": .cost, "futures fee": .cost, "funding fee": .cost,
  ]

  /// What a one-sided row is booked as.
  enum Booking {
    case move, income, cost

    /// The event of `amount` received (else sent) on a row tagged `tag`.
    func kind(_ amount: ExportAmount, tag: String, received: Bool) -> ImportEvent.Kind {
      let (coin, quantity) = (amount.asset, amount.quantity)
      switch self {
      case .move:
        return .transfer(
          rowType: received ? "deposit" : "withdrawal", coin: coin, quantity: quantity)
      case .income: return .income(rowType: tag, coin: coin, quantity: quantity)
      case .cost: return .cost(rowType: tag, coin: coin, quantity: quantity)
      }
    }
  }

  static func events(_ table: ExportTable, today: Day) throws(ImportError) -> [ImportEvent] {
    var hashes = RowHashes(key: "koinly")
    var origins: [String: Int] = [:]
    let tagColumn =
      table.columns.contains("Tag") || !table.columns.contains("Label") ? "Tag" : "Label"
    return try table.exportRows().map { row throws(ImportError) in
      let day = try row.day("Date", today: today)
      let sent = try amount(row, "Sent Amount", "Sent Currency", .quantity)
      let received = try amount(row, "Received Amount", "Received Currency", .quantity)
      let fee = try amount(row, "Fee Amount", "Fee Currency", .fee)
      let written = row.text(tagColumn)
      // Koinly's own files write `lending_interest`, its help `lending interest`.
      let tag = String(written.lowercased().map { $0 == "_" ? " " : $0 })
      func refused(_ tags: [String: Booking]) -> ImportError {
        let known = tags.keys.sorted().map { $0.isEmpty ? "empty" : $0 }
        return .invalidField(
          line: row.line, column: tagColumn, value: written, .value(expected: known))
      }
      let kind: ImportEvent.Kind
      let side: String
      switch (sent, received) {
      case (let sent?, let received?):
        guard tag.isEmpty || tag == "swap" else { throw refused(["": .move, "swap": .move]) }
        (kind, side) = (.exchange(given: [sent], received: [received]), "")
      case (nil, let received?):
        guard let booking = receivingTags[tag] else { throw refused(receivingTags) }
        (kind, side) = (booking.kind(received, tag: tag, received: true), "in")
      case (let sent?, nil):
        guard let booking = sendingTags[tag] else { throw refused(sendingTags) }
        (kind, side) = (booking.kind(sent, tag: tag, received: false), "out")
      case (nil, nil):
        throw .incompleteTrade(line: row.line, reason: "it neither sends nor receives an amount")
      }
      var origin: String
      if row.text("TxHash").isEmpty {
        origin = hashes.origin(of: row.fields)
      } else {
        origin = try row.origin(side.isEmpty ? "koinly" : "koinly:" + side, id: "TxHash")
        // A hash on two rows of one side (a batch paying twice) keeps both, by occurrence.
        let occurrence = origins[origin, default: 0] + 1
        origins[origin] = occurrence
        if occurrence > 1 { origin += "-\(occurrence)" }
      }
      return ImportEvent(
        line: row.line, day: day, kind: kind, fees: fee.map { [$0] } ?? [], origin: origin)
    }
  }

  /// The amount of `amountColumn` in the asset of `currencyColumn`; nil when the row has
  /// neither, or a zero amount without an asset (converters write an empty side so), and for a
  /// fee of zero.
  private static func amount(
    _ row: ExportRow, _ amountColumn: String, _ currencyColumn: String,
    _ what: TradeError.NumberKind
  ) throws(ImportError) -> ExportAmount? {
    let currency = row.text(currencyColumn)
    let text = row.text(amountColumn)
    if currency.isEmpty {
      if text.isEmpty || ExportNumber(text).map({ ExactDecimal($0.value).isZero }) == true {
        return nil
      }
      throw .invalidField(line: row.line, column: currencyColumn, value: "", .value(expected: []))
    }
    let quantity = try row.amount(amountColumn, what)
    guard what != .fee || !ExactDecimal(quantity).isZero else { return nil }
    return ExportAmount(asset: asset(currency), quantity: quantity)
  }

  /// An asset as Koinly writes it, as a symbol: `BTC`; a token pinned by its contract
  /// (`USDT:0xfd08…`, `WIF:EKpQ…:SOL`) as the symbol before the colon; Koinly's own number for
  /// a coin (`ID:56784085`) whole.
  static func asset(_ text: String) -> String {
    let upper = text.uppercased()
    guard !ExportAssets.isKoinlyNumber(upper), let colon = upper.firstIndex(of: ":") else {
      return upper
    }
    return String(upper[..<colon])
  }
}
