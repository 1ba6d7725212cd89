/// Trades as transactions of a plain-text accounting journal, ledger, hledger or beancount,
/// that carry cointrack's own lots and post its own gains, so that each tool books what
/// cointrack computed.
///
/// - A buy is a lot: its units at their total cost, the fee included, dated and labelled with
///   the trade's id; the cash account pays that cost.
/// - A sale takes the lots the lot engine matched (one posting each, naming the lot by its day
///   and trade id), the cash account receives the proceeds (the fee taken off) and the income
///   account takes the gain: the proceeds less the cost of the lots taken.
/// - beancount: `{{TOTAL CUR, DAY, "trade N"}}` on a buy (the total cost is the exact number
///   cointrack holds; a per-unit cost would need more than 28 digits for 3 units bought for
///   7501), `{DAY, "trade N"} @ PRICE CUR` on a sale (the label alone names the lot, so
///   same-day lots at an equal cost stay apart). beancount divides a total cost by the units
///   with 28 significant digits, so each currency gets a balancing tolerance far below any
///   digit shown (`option "inferred_tolerance_default"`), and a gain is written with at most
///   28 significant digits.
/// - ledger: `{{TOTAL CUR}} [DAY] (trade N)` on a buy and on each lot a sale takes (the cost
///   of its share), the sale price after `@`: ledger balances at the lot's cost.
/// - hledger 1.x, which keeps no lots: the units `@@` their cost, the lot named in a comment.
/// - Income (staking, airdrop, interest) is a lot as a buy is, at its value on the day, which
///   the income account of its kind gives instead of the cash account paying it.
/// - A transfer moves coins between the user's own accounts, which the journal holds as one
///   assets account: nothing moves in the books, and it is a note (beancount's `note`
///   directive, a comment line for ledger and hledger). A fee paid in coin is a sale of its own.
/// - The average method has no lots: ledger and hledger post a sale at its share of the average
///   cost, dated from the first buy since the coin was last sold out; beancount, which books no
///   average, refuses it.
public struct TradeJournal: Sendable {
  public let dialect: PriceDirectiveDialect
  public let accounts: Accounts

  /// The most significant digits beancount computes with: a number it must hold needs no more.
  static let beancountDigits = 28

  public init(dialect: PriceDirectiveDialect, accounts: Accounts) {
    self.dialect = dialect
    self.accounts = accounts
  }

  /// The accounts of a journal's postings, each checked for the dialect's account syntax.
  public struct Accounts: Hashable, Sendable {
    public var assets = "Assets:Crypto"
    public var cash = "Assets:Cash"
    /// The gains (and losses) of sales.
    public var income = "Income:Gains"
    /// The income of each kind: its value on the day it came.
    public var staking = "Income:Crypto:Staking"
    public var airdrop = "Income:Crypto:Airdrop"
    public var interest = "Income:Crypto:Interest"

    public init() {}

    /// The account of `role`.
    public subscript(role: AccountRole) -> String {
      get {
        switch role {
        case .assets: return assets
        case .cash: return cash
        case .income: return income
        case .staking: return staking
        case .airdrop: return airdrop
        case .interest: return interest
        }
      }
      set {
        switch role {
        case .assets: assets = newValue
        case .cash: cash = newValue
        case .income: income = newValue
        case .staking: staking = newValue
        case .airdrop: airdrop = newValue
        case .interest: interest = newValue
        }
      }
    }
  }

  /// The role of each account, for the messages about a name that does not fit.
  public enum AccountRole: String, CaseIterable, Hashable, Sendable {
    case assets
    case cash
    case income
    case staking
    case airdrop
    case interest

    /// The account role of income of `side`; nil for a side that is no income.
    init?(income side: TradeSide) {
      switch side {
      case .staking: self = .staking
      case .airdrop: self = .airdrop
      case .interest: self = .interest
      case .buy, .sell, .transfer: return nil
      }
    }
  }

  /// What a first pass over the trades found: each symbol and currency as written, and for
  /// beancount each currency's balancing tolerance.
  struct Checked {
    var commodities: [String: String] = [:]
    /// For each currency, the sum of the money of every trade in it: no amount is larger.
    var money: [String: ExactDecimal] = [:]
    /// For each currency, the most decimals of its prices and fees.
    var moneyScale: [String: Int] = [:]
    /// The roles of the income accounts some trade posts to.
    var incomeRoles: Set<AccountRole> = []
  }

  /// Checks every trade before anything is written: its coin and currency are commodities of
  /// this dialect, and for beancount each number it must hold has at most 28 significant digits
  /// (`JournalError` names the trade). Each coin's trades are in its one currency, as
  /// `Tracker.checkCurrencies` has checked before.
  func check(_ trades: [Trade]) throws -> Checked {
    var checked = Checked()
    for trade in trades {
      for name in [trade.coin.symbol, trade.currency] where checked.commodities[name] == nil {
        checked.commodities[name] = try dialect.commodity(name)
      }
      if let role = AccountRole(income: trade.side) { checked.incomeRoles.insert(role) }
      let gross = trade.quantityValue * trade.priceValue
      let cash = trade.side == .buy ? gross + trade.feeValue : gross - trade.feeValue
      let total = (checked.money[trade.currency] ?? .zero) + gross + trade.feeValue
      checked.money[trade.currency] = total
      checked.moneyScale[trade.currency] = max(
        checked.moneyScale[trade.currency] ?? CostBasis.smallestMoneyScale, trade.priceValue.scale,
        trade.feeValue.scale)
      guard dialect == .beancount else { continue }
      for number in [trade.quantityValue, trade.priceValue, cash, total]
      where Self.significantDigits(number) > Self.beancountDigits {
        throw JournalError.numberTooLong(trade: trade, number: Self.written(number))
      }
    }
    return checked
  }

  /// The digits of `value`'s coefficient once trailing zeros after the point are dropped, as
  /// Python's `decimal` counts them.
  static func significantDigits(_ value: ExactDecimal) -> Int {
    written(value).withUTF8Bytes { bytes in
      // The digits from the first that is not zero on; the sign and the point are none.
      var count = 0
      for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
        if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
      }
      return max(1, count)
    }
  }

  /// `value` without trailing zeros after the point.
  static func written(_ value: ExactDecimal) -> String {
    value.rounded(toScale: value.significantScale).price.text
  }

  /// `value` rounded half to even to at most `beancountDigits` significant digits.
  static func beancountAmount(_ value: ExactDecimal) -> String {
    let integerDigits = significantDigits(value.rounded(toScale: 0))
    let scale = min(value.significantScale, max(0, beancountDigits - integerDigits))
    return written(value.rounded(toScale: scale))
  }

  /// The beginning of a journal of trades that `check` found: for beancount, each currency's
  /// tolerance and the accounts opened on `firstDay`, the assets account booking by `method`'s
  /// name where beancount has it.
  func preamble(_ checked: Checked, firstDay: Day, method: CostMethod) -> String {
    guard dialect == .beancount else { return "" }
    var text = ""
    for (currency, money) in checked.money.sorted(by: { $0.key < $1.key }) {
      // beancount computes with 28 digits: a total cost divided by the units and the postings
      // summed each lose at most a unit of the 28th digit of the largest sum, and cointrack's
      // share of a cost is rounded `guardDecimals` beyond the money's decimals. The tolerance
      // covers both, thousands of times over, and stays far below any digit shown.
      let magnitude = Self.significantDigits(money.rounded(toScale: 0))
      let scale = checked.moneyScale[currency] ?? CostBasis.smallestMoneyScale
      let exponent = max(
        magnitude - Self.beancountDigits + 6, -(scale + CostBasis.guardDecimals - 4))
      let tolerance =
        exponent >= 0
        ? "1" + String(repeating: "0", count: exponent)
        : "0." + String(repeating: "0", count: -exponent - 1) + "1"
      text +=
        "option \"inferred_tolerance_default\" \"\(checked.commodities[currency]!):\(tolerance)\"\n"
    }
    let booking = method == .average ? "" : " \"\(method.rawValue.uppercased())\""
    text += "\n\(firstDay) open \(accounts.assets)\(booking)\n"
    var opened = [accounts.assets]
    let incomeAccounts = AccountRole.allCases.filter(checked.incomeRoles.contains).map {
      accounts[$0]
    }
    for account in [accounts.cash, accounts.income] + incomeAccounts
    where !opened.contains(account) {
      opened.append(account)
      text += "\(firstDay) open \(account)\n"
    }
    return text
  }
}

/// Trades that a journal cannot carry as cointrack books them; nothing is written.
public enum JournalError: Error, Hashable, Sendable {
  /// A number of `trade`, as it would have been written, with more significant digits than
  /// beancount computes with (28).
  case numberTooLong(trade: Trade, number: String)
  /// beancount books no average cost: its lots are taken whole or in part at their own cost.
  case averageInBeancount
}

extension JournalError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .numberTooLong: return .invalidValue
    case .averageInBeancount: return .usage
    }
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

extension TradeJournal {
  /// Hands `sink` the journal of `trades` (the stored ones, in day order) with the lots that
  /// the lot engine matches by `method`, a chunk at a time: the text is never held whole.
  ///
  /// Checks every trade first (`check`), so that a refused journal writes nothing.
  public func write(_ trades: [Trade], method: CostMethod, to sink: (String) throws -> Void)
    throws
  {
    if dialect == .beancount && method == .average { throw JournalError.averageInBeancount }
    let checked = try check(trades)
    guard let firstDay = trades.lazy.map(\.day).min() else { return }
    var output = TextBuffer(capacity: TextBuffer.chunkSize + 4096)
    output += preamble(checked, firstDay: firstDay, method: method)
    try CostBasis.replay(trades, method: method) { trade, disposals in
      switch trade.side {
      case .buy, .staking, .airdrop, .interest: acquisition(trade, checked, to: &output)
      case .sell: sale(trade, taken: disposals, checked, to: &output)
      case .transfer: transfer(trade, checked, to: &output)
      }
      if output.isFull { try sink(output.takeText()) }
    }
    if !output.isEmpty { try sink(output.takeText()) }
  }
}
