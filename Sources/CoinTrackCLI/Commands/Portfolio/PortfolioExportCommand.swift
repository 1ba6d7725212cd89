import CoinTrackCore

/// `cointrack portfolio export [--format csv|ledger|hledger|beancount]`: every trade as a trade
/// file that `portfolio import` reads back, or as journal transactions.
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
      formats: PriceDirectiveDialect.allCases.filter {
        TradeJournal.AccountRole.used(by: $0).contains(role)
      }.map(\.rawValue))
  }

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
      its symbol, or by @id where the \
      symbol names several coins. --format ledger, hledger or beancount prints each trade as \
      a transaction at its cost between the assets and the cash account: ledger and hledger \
      post the units at their total price and the fee to the fees account; beancount keeps \
      the fee in a buy's cost and off a sell's proceeds, books sells against the oldest lots \
      (FIFO) and posts the realised gain to the income account. A trade in another currency \
      than its coin's (see 'portfolio show') is refused. Other --format values are refused; \
      'portfolio trades' prints the trades in every format.
      """,
    options: accountOptions + [
      SourceSelection.sourceOption, SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio export",
        explanation: "Every trade as CSV, for a backup or 'portfolio import' elsewhere."),
      Example(
        command: "cointrack portfolio export --format beancount",
        explanation: "The trades as beancount transactions, realised gains included."),
      Example(
        command: "cointrack portfolio export --format hledger --cash-account Assets:Bank",
        explanation: "hledger transactions paid from Assets:Bank."),
    ],
    leaf: Self.self)

  /// The journal to write; nil for the trade file.
  let journal: TradeJournal?

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    let path = command.path
    let format = command.value(of: OutputSettings.formatOption) ?? "csv"
    guard Self.formats.contains(format) else {
      throw UsageError.invalidChoice(
        name: "export format", input: format, allowed: Self.formats, at: path, suggestions: [])
    }
    for option in Self.accountOptions
    where command.contains(option) && !option.formats.contains(format) {
      throw UsageError.optionNeedsFormat(option: option, format: format, at: path)
    }
    guard let dialect = PriceDirectiveDialect(rawValue: format) else {
      journal = nil
      return
    }
    var accounts = TradeJournal.Accounts()
    for role in TradeJournal.AccountRole.used(by: dialect) {
      guard let name = command.value(of: Self.accountOption(role)) else { continue }
      accounts[role] = try TradeJournal.checkedAccount(name, role: role, dialect: dialect)
    }
    journal = TradeJournal(dialect: dialect, accounts: accounts)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let source = try session.selectedSource()
    let tracker = session.tracker(source: source)
    let trades = try tracker.trades(coin: nil)
    try tracker.checkCurrencies(of: trades)
    guard let journal else {
      return .text(try TradeCSV.write(trades, resolveCoin: source.resolveCoin))
    }
    return .text(try journal.render(trades))
  }
}

extension TradeJournal.AccountRole {
  /// What the account of this role is for, in help.
  fileprivate var summary: String {
    switch self {
    case .assets: return "The account that holds the coins."
    case .cash: return "The account that pays for buys and receives what sells bring."
    case .fees: return "The account fees are posted to."
    case .income: return "The account realised gains go to."
    }
  }
}
