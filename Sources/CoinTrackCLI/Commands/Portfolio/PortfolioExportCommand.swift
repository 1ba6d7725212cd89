import CoinTrackCore

/// `cointrack portfolio export [--format csv|ledger|hledger|beancount] [--method M]`: every
/// trade as a trade file that `portfolio import` reads back, or as journal transactions that
/// carry cointrack's lots and gains.
struct PortfolioExportCommand: LeafCommand {
  /// What --format may be here: the trade file, or a journal.
  static let formats = ["csv"] + PriceDirectiveDialect.allCases.map(\.rawValue)

  /// --assets-account and the like, one for each account a journal posts to, each naming the
  /// formats that use it.
  /// The option naming each role's account, in the roles' order: an array rather than a
  /// dictionary keyed by role, whose generic types every start of the program would look up.
  static let accountOptions = TradeJournal.AccountRole.allCases.map { role in
    OptionSpec(
      "\(role.rawValue)-account", value: "ACCOUNT", summary: role.summary,
      default: TradeJournal.Accounts()[role],
      formats: PriceDirectiveDialect.allCases.map(\.rawValue))
  }

  /// --method: the lots a journal's sales take; `CostMethodSetting.option` for journals only.
  static let methodOption = OptionSpec(
    "method", value: "METHOD",
    summary: "The lots a journal's sales take: fifo, lifo, hifo, or average (not beancount).",
    default: "the profile's method, else fifo", allowed: CostMethod.allCases.map(\.rawValue),
    formats: PriceDirectiveDialect.allCases.map(\.rawValue))

  /// The option naming the account of `role`.
  static func accountOption(_ role: TradeJournal.AccountRole) -> OptionSpec {
    accountOptions[TradeJournal.AccountRole.allCases.firstIndex(of: role)!]
  }

  static let spec = CommandSpec(
    "export", summary: "Print every trade as CSV, or as ledger, hledger or beancount journal.",
    discussion: """
      --format csv (the default) prints the trade file that 'portfolio import' reads back \
      unchanged: the header '\(TradeCSV.header)', then one trade a line, oldest first, with \
      the numbers as they were stored (as entered, without leading zeros) and each coin by \
      its symbol, or by @id where the symbol names several coins. Other --format values are \
      refused; 'portfolio trades' prints the trades in every format.

      --format ledger, hledger or beancount prints a journal that books cointrack's own lots \
      and gains by --method: each buy is a lot at its cost, the fee included, dated and \
      labelled with its trade id, paid from the cash account; each sale takes the lots \
      cointrack matched, the cash account receives the proceeds less the fee, and the income \
      account takes the gain. Income (staking, airdrop, interest) is a lot as a buy is, at its \
      value on the day, given by the account of its kind (--staking-account and the others) \
      instead of the cash account. A transfer moves coins between your own accounts, which \
      the journal holds as one assets account, so nothing moves: it is a note (beancount's \
      'note', a comment line for ledger and hledger); its fee in coin is a sale of its own. \
      beancount: '3 ETH {{7501 USDT, 2024-01-02, "trade 1"}}' on a \
      buy, '-1 ETH {2024-01-02, "trade 1"} @ 3000 USDT' on a sale, the assets account opened \
      with the method's booking; ledger: '{{cost}} [day] (trade N)' on the buy and on each \
      lot a sale takes; hledger (1.x keeps no lots): '@@ cost' with the lot in a comment. \
      beancount has no average booking, so --method average is refused for it. For beancount a \
      number of more than 28 significant digits is refused with the trade named, before \
      anything is printed.

      A trade in another currency than its coin's (see 'portfolio show') is refused in every \
      format.
      """,
    options: accountOptions + [
      methodOption,
      SourceSelection.sourceOption, SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio export",
        explanation: "Every trade as CSV, for a backup or 'portfolio import' elsewhere."),
      Example(
        command: "cointrack portfolio export --format beancount",
        explanation: "The trades as beancount transactions, FIFO lots and gains included."),
      Example(
        command: "cointrack portfolio export --format ledger --method hifo --cash-account "
          + "Assets:Bank",
        explanation: "A ledger journal whose sales take the costliest lots first, paid from "
          + "Assets:Bank."),
    ],
    leaf: Self.self)

  /// The journal to write and the method of its sales' lots; nil for the trade file.
  let journal: (writer: TradeJournal, method: CostMethod)?

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    let path = command.path
    let format = command.value(of: OutputSettings.formatOption) ?? "csv"
    guard Self.formats.contains(format) else {
      throw UsageError.invalidChoice(
        name: "export format", input: format, allowed: Self.formats, at: path, suggestions: [])
    }
    for option in Self.accountOptions + [Self.methodOption]
    where command.contains(option) && !option.formats.contains(format) {
      throw UsageError.optionNeedsFormat(option: option, format: format, at: path)
    }
    guard let dialect = PriceDirectiveDialect(rawValue: format) else {
      journal = nil
      return
    }
    var accounts = TradeJournal.Accounts()
    for role in TradeJournal.AccountRole.allCases {
      guard let name = command.value(of: Self.accountOption(role)) else { continue }
      accounts[role] = try TradeJournal.checkedAccount(name, role: role, dialect: dialect)
    }
    journal = (
      TradeJournal(dialect: dialect, accounts: accounts),
      try CostMethodSetting.method(in: command, option: Self.methodOption, session: session)
    )
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let source = try session.selectedSource()
    let tracker = session.tracker(source: source)
    let trades = try tracker.trades(coin: nil)
    try tracker.checkCurrencies(of: trades)
    guard let journal else {
      return .text(try TradeCSV.write(trades, resolveCoin: source.resolveCoin))
    }
    return .stream { write in
      try journal.writer.write(trades, method: journal.method, to: write)
    }
  }
}

extension TradeJournal.AccountRole {
  /// What the account of this role is for, in help.
  fileprivate var summary: String {
    switch self {
    case .assets: return "The account that holds the coins."
    case .cash: return "The account that pays for buys and receives what sells bring."
    case .income: return "The account the gains (and losses) of sales go to."
    case .staking, .airdrop, .interest:
      return "The account that gives \(rawValue) income its value on the day it came."
    }
  }
}
