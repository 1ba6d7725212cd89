/// The transactions of a journal of trades, one a trade, each appended to the output buffer as
/// it is written (a journal of a million trades is never held whole).
extension TradeJournal {
  /// Appends a buy or income to `output` as a transaction that opens its lot, after a blank
  /// line: the cash account pays a buy, the account of its kind gives income.
  func acquisition(_ trade: Trade, _ checked: Checked, to output: inout TextBuffer) {
    let (coin, currency) = (
      checked.commodities[trade.coin.symbol]!, checked.commodities[trade.currency]!
    )
    let costValue = trade.quantityValue * trade.priceValue + trade.feeValue
    let cost = Self.written(costValue)
    let source = AccountRole(income: trade.side).map { accounts[$0] } ?? accounts.cash
    header(trade, coin: coin, to: &output)
    output.append(dialect == .beancount ? "  " : "    ")
    output += accounts.assets
    output.append("  ")
    output += Self.written(trade.quantityValue)
    output.append(ascii: " ")
    output += coin
    switch dialect {
    case .beancount, .ledger:
      // The lot's total cost, day and label: `{{COST, DAY, "trade N"}}` and `{{COST}} [DAY] (trade N)`.
      let isBeancount = dialect == .beancount
      output.append(" {{")
      Self.append(amount: cost, currency, to: &output)
      output.append(isBeancount ? ", " : "}} [")
      output.append(trade.day)
      output.append(isBeancount ? ", \"trade " : "] (trade ")
      output.append(trade.id)
      if isBeancount {
        output.append("\"}}\n  ")
      } else {
        output.append(ascii: ")")
        // ledger balances a lot of no cost against nothing only with a price of its own.
        if costValue.isZero {
          output.append(" @@ 0 ")
          output += currency
        }
        output.append("\n    ")
      }
    case .hledger:
      output.append(" @@ ")
      Self.append(amount: cost, currency, to: &output)
      output.append("  ; lot: trade ")
      output.append(trade.id)
      output.append("\n    ")
    }
    output += source
    output.append("  ")
    Self.append(amount: Self.written(-costValue), currency, to: &output)
    output.append(ascii: "\n")
  }

  /// Appends a sale to `output` as a transaction that reduces the lots `taken` (the lot engine's
  /// match for it), receives its proceeds and posts its gain, after a blank line.
  func sale(_ trade: Trade, taken: [Disposal], _ checked: Checked, to output: inout TextBuffer) {
    let (coin, currency) = (
      checked.commodities[trade.coin.symbol]!, checked.commodities[trade.currency]!
    )
    let price = Self.written(trade.priceValue)
    let proceeds = trade.quantityValue * trade.priceValue - trade.feeValue
    let cost = taken.reduce(ExactDecimal.zero) { $0 + $1.cost }
    let gain = proceeds - cost
    header(trade, coin: coin, to: &output)
    let indent: StaticString = dialect == .beancount ? "  " : "    "
    for lot in taken {
      output.append(indent)
      output += accounts.assets
      output.append("  -")
      output += Self.written(lot.quantity)
      output.append(ascii: " ")
      output += coin
      output.append(ascii: " ")
      switch dialect {
      case .beancount:
        // Average has no lot to name: `write` refuses it for beancount.
        output.append(ascii: "{")
        output.append(lot.acquired)
        output.append(", \"")
        if let id = lot.lotID {
          output.append("trade ")
          output.append(id)
        }
        output.append("\"} @ ")
        output += price
      case .ledger:
        output.append("{{")
        Self.append(amount: Self.written(lot.cost), currency, to: &output)
        output.append("}} [")
        output.append(lot.acquired)
        output.append(ascii: "]")
        if let id = lot.lotID {
          output.append(" (trade ")
          output.append(id)
          output.append(ascii: ")")
        }
        output.append(" @ ")
        output += price
      case .hledger:
        output.append("@@ ")
        Self.append(amount: Self.written(lot.cost), currency, to: &output)
        output.append("  ; lot: ")
        if let id = lot.lotID {
          output.append("trade ")
          output.append(id)
        } else {
          output.append("average")
        }
        output.append(", acquired ")
        output.append(lot.acquired)
        output.append(ascii: "\n")
        continue
      }
      output.append(ascii: " ")
      output += currency
      output.append(ascii: "\n")
    }
    let gainText = dialect == .beancount ? Self.beancountAmount(-gain) : Self.written(-gain)
    for (account, amount) in [(accounts.cash, Self.written(proceeds)), (accounts.income, gainText)]
    {
      output.append(indent)
      output += account
      output.append("  ")
      Self.append(amount: amount, currency, to: &output)
      output.append(ascii: "\n")
    }
  }

  /// Appends a transfer to `output` as a note on the assets account (a comment for ledger and
  /// hledger), after a blank line: the journal holds all the user's accounts as one, so nothing
  /// moves.
  func transfer(_ trade: Trade, _ checked: Checked, to output: inout TextBuffer) {
    output.append(ascii: "\n")
    if dialect == .beancount {
      output.append(trade.day)
      output.append(" note ")
      output += accounts.assets
      output.append(" \"")
      description(trade, coin: checked.commodities[trade.coin.symbol]!, to: &output)
      output.append("\"\n")
    } else {
      output.append("; ")
      output.append(trade.day)
      output.append(ascii: " ")
      description(trade, coin: checked.commodities[trade.coin.symbol]!, to: &output)
      output.append(ascii: "\n")
    }
  }

  /// Appends what a trade's transaction or note says: its side, quantity, coin and id.
  private func description(_ trade: Trade, coin: String, to output: inout TextBuffer) {
    output += trade.side.rawValue
    output.append(ascii: " ")
    output += trade.quantity.text
    output.append(ascii: " ")
    output += coin
    output.append(" (trade ")
    output.append(trade.id)
    output.append(ascii: ")")
  }

  /// Appends `number`, a space and `currency`: an amount as every dialect writes it.
  private static func append(amount number: String, _ currency: String, to output: inout TextBuffer)
  {
    output += number
    output.append(ascii: " ")
    output += currency
  }

  /// Appends the blank line and first line of a trade's transaction.
  private func header(_ trade: Trade, coin: String, to output: inout TextBuffer) {
    output.append(ascii: "\n")
    output.append(trade.day)
    if dialect == .beancount {
      output.append(" * \"")
      description(trade, coin: coin, to: &output)
      output.append("\"\n")
    } else {
      output.append(" * ")
      description(trade, coin: coin, to: &output)
      output.append(ascii: "\n")
    }
  }
}
