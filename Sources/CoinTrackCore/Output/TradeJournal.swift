/// Trades as transactions of a plain-text accounting journal: ledger, hledger or beancount.
///
/// Each trade is one transaction between the assets account that holds the coins and the cash
/// account that pays for them, at its cost:
/// - ledger and hledger: the units at their total price (`0.5 BTC @@ 20000.0 USD`), the fee
///   to the fees account, the cash paid or received; they keep no lots, so report holdings
///   and no gains.
/// - beancount: a buy is a lot whose cost holds the fee (`0.5 BTC {40000 # 10 USD}`), a sell
///   reduces the oldest lots (the assets account is opened with FIFO booking) at its price
///   (`-0.5 BTC {} @ 50000 USD`), the cash received is net of the fee (written to 18 decimals,
///   see `beancountProceedsDecimals`), and the income account takes the realised gain, left
///   for beancount to work out: the FIFO profit with fees in the cost, as cointrack counts it.
public struct TradeJournal: Sendable {
  public let dialect: PriceDirectiveDialect
  public let accounts: Accounts

  /// The fewest decimals of the cash a beancount sell brings.
  static let beancountProceedsDecimals = 18

  public init(dialect: PriceDirectiveDialect, accounts: Accounts) {
    self.dialect = dialect
    self.accounts = accounts
  }

  /// The accounts of a journal's postings, each checked for the dialect's account syntax.
  public struct Accounts: Hashable, Sendable {
    public var assets = "Assets:Crypto"
    public var cash = "Assets:Cash"
    /// Ledger and hledger only: beancount keeps fees in the cost.
    public var fees = "Expenses:Fees"
    /// Beancount only: ledger and hledger report no gains.
    public var income = "Income:Gains"

    public init() {}

    /// The account of `role`.
    public subscript(role: AccountRole) -> String {
      get {
        switch role {
        case .assets: return assets
        case .cash: return cash
        case .fees: return fees
        case .income: return income
        }
      }
      set {
        switch role {
        case .assets: assets = newValue
        case .cash: cash = newValue
        case .fees: fees = newValue
        case .income: income = newValue
        }
      }
    }
  }

  /// The role of each account, for the messages about a name that does not fit.
  public enum AccountRole: String, CaseIterable, Hashable, Sendable {
    case assets
    case cash
    case fees
    case income

    /// The roles whose account this dialect writes.
    public static func used(by dialect: PriceDirectiveDialect) -> [AccountRole] {
      dialect == .beancount ? [.assets, .cash, .income] : [.assets, .cash, .fees]
    }
  }

  /// The journal of `trades`, in their order; throws `PriceDirectiveError` before writing
  /// anything when a coin's symbol or a currency is no commodity of this dialect.
  public func render(_ trades: [Trade]) throws(PriceDirectiveError) -> String {
    var commodities: [String: String] = [:]
    for name in trades.flatMap({ [$0.coin.symbol, $0.currency] }) where commodities[name] == nil {
      commodities[name] = try dialect.commodity(name)
    }
    var text = dialect == .beancount ? openings(for: trades) : ""
    for trade in trades {
      let (coin, currency) = (commodities[trade.coin.symbol]!, commodities[trade.currency]!)
      text += transaction(trade, coin: coin, currency: currency)
    }
    return text
  }

  /// Beancount's `open` directives, on the first trade's day, before any transaction: the
  /// assets account books sells against the oldest lots first.
  private func openings(for trades: [Trade]) -> String {
    guard let first = trades.map(\.day).min() else { return "" }
    var text = "\(first) open \(accounts.assets) \"FIFO\"\n\(first) open \(accounts.cash)\n"
    if trades.contains(where: { $0.side == .sell }) { text += "\(first) open \(accounts.income)\n" }
    return text
  }

  /// One trade as a transaction, after a blank line.
  private func transaction(_ trade: Trade, coin: String, currency: String) -> String {
    let (quantity, price, fee) = (trade.quantity.text, trade.price.text, trade.fee.text)
    let gross = (ExactDecimal(trade.quantity) * ExactDecimal(trade.price))
    let hasFee = !ExactDecimal(trade.fee).isZero
    let sign = trade.side == .buy ? "" : "-"
    let indent = dialect == .beancount ? "  " : "    "
    let description = "\(trade.side.rawValue) \(quantity) \(coin) (trade \(trade.id))"
    var lines = [
      dialect == .beancount
        ? "\(trade.day) * \"\(description)\"" : "\(trade.day) * \(description)"
    ]
    switch (dialect, trade.side) {
    case (.beancount, .buy):
      let cost = hasFee ? "{\(price) # \(fee) \(currency)}" : "{\(price) \(currency)}"
      lines.append("\(accounts.assets)  \(quantity) \(coin) \(cost)")
      lines.append("\(accounts.cash)  \((-(gross + ExactDecimal(trade.fee))).price) \(currency)")
    case (.beancount, .sell):
      lines.append("\(accounts.assets)  -\(quantity) \(coin) {} @ \(price) \(currency)")
      // Beancount rounds the gain it works out to the decimals of the other amounts in the
      // currency: this many keep a gain exact, and drop the noise of its 28-digit arithmetic.
      let proceeds = gross - ExactDecimal(trade.fee)
      let cash = proceeds.rescaled(to: max(proceeds.scale, Self.beancountProceedsDecimals))
      lines.append("\(accounts.cash)  \(cash.price) \(currency)")
      lines.append(accounts.income)
    case (_, .buy), (_, .sell):
      let cash =
        trade.side == .buy ? -(gross + ExactDecimal(trade.fee)) : gross - ExactDecimal(trade.fee)
      lines.append("\(accounts.assets)  \(sign)\(quantity) \(coin) @@ \(gross.price) \(currency)")
      if hasFee { lines.append("\(accounts.fees)  \(fee) \(currency)") }
      lines.append("\(accounts.cash)  \(cash.price) \(currency)")
    }
    return "\n" + lines[0] + "\n" + lines.dropFirst().map { indent + $0 + "\n" }.joined()
  }
}

extension TradeJournal {
  /// Beancount's five root accounts: every account name starts with one.
  public static let beancountRoots = ["Assets", "Liabilities", "Equity", "Income", "Expenses"]

  /// `name` when this dialect can write it as an account: for ledger and hledger, parts
  /// separated by `:` of letters, digits, `- _ .` and single spaces between words; for beancount,
  /// a root account then parts of a capital or digit first and letters, digits and `-` after.
  public static func checkedAccount(
    _ name: String, role: AccountRole, dialect: PriceDirectiveDialect
  ) throws(JournalAccountError) -> String {
    let parts = name.split(separator: ":", omittingEmptySubsequences: false)
    let fits: Bool
    switch dialect {
    case .ledger, .hledger:
      fits = parts.allSatisfy { part in
        !part.isEmpty && part.first != " " && part.last != " " && !String(part).includes("  ")
          && part.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0)
              || "-_. ".unicodeScalars.contains($0)
          }
      }
    case .beancount:
      fits =
        parts.count >= 2 && beancountRoots.contains(String(parts[0]))
        && parts.dropFirst().allSatisfy { part in
          guard let first = part.unicodeScalars.first,
            ("A"..."Z").contains(first) || ("0"..."9").contains(first)
          else { return false }
          return part.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
              || $0 == "-"
          }
        }
    }
    guard fits else { throw JournalAccountError(name: name, role: role, dialect: dialect) }
    return name
  }
}

/// An account name, given for a role, that a journal's syntax cannot hold.
public struct JournalAccountError: Error, Hashable, Sendable {
  public let name: String
  public let role: TradeJournal.AccountRole
  public let dialect: PriceDirectiveDialect
}

extension JournalAccountError: KindedFailure {
  public var failureKind: FailureKind { .usage }
}
