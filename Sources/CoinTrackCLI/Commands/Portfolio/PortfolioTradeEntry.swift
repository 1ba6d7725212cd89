import CoinTrackCore

/// What `portfolio buy` and `portfolio sell` share: their arguments and options, checked, and
/// the recording of the one trade they describe.
struct PortfolioTradeEntry: Sendable {
  static let coinArgument = ArgumentSpec(
    "COIN", summary: "A symbol, full name or @id: btc, \"bitcoin cash\", @bitcoin.",
    completion: .catalogueCoin)
  static let quantityArgument = ArgumentSpec(
    "QUANTITY",
    summary: "How many units: a plain decimal above 0 with at most "
      + "\(Trade.maximumQuantityDecimals) decimals.")
  static let priceOption = OptionSpec(
    "price", value: "PRICE",
    summary: "Required: the price of one unit in the trade's currency: a plain decimal, 0 or above."
  )
  static let dateOption = OptionSpec(
    "date", value: "DATE", summary: "The day of the trade: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "today", completion: .date)
  static let feeOption = OptionSpec(
    "fee", value: "FEE", summary: "What the trade cost besides the units, in its currency.",
    default: "0")
  static let currencyOption = OptionSpec(
    "currency", value: "CODE",
    summary: "The currency of PRICE and FEE, such as USD or USDT (2 to 10 letters and digits).",
    default: "the coin's currency in the profile's source: USDT offline, or that of its synced "
      + "history")

  static let lotOption = OptionSpec(
    "lot", value: "TRADE_IDS",
    summary: "The buys to sell from, in this order, whatever the cost method: their trade ids, "
      + "separated by commas.",
    default: "the cost method's lots")

  /// The spec of the command that records a trade of `side`.
  static func spec(_ side: TradeSide, leaf: any LeafCommand.Type) -> CommandSpec {
    let isBuy = side == .buy
    let feeEffect = isBuy ? "adds to the cost of the coins" : "comes off the proceeds of the sale"
    let sellRule =
      isBuy
      ? ""
      : " A sale of more than is held on its day is refused, and nothing is stored. --lot "
        + "names the buys of COIN the sale takes its units from (specific identification), in "
        + "order, under every cost method but average, which has no lots; it is refused when "
        + "they are no buys of COIN before the sale, or hold less than QUANTITY under one of "
        + "fifo, lifo and hifo (other sales took from them first)."
    return CommandSpec(
      side.rawValue,
      summary: "Record coins \(isBuy ? "bought" : "sold"), and print the trade with its id.",
      discussion: """
        COIN is any coin the profile's source knows (the snapshot offline), named as 'prices' \
        takes it. QUANTITY, PRICE and FEE are plain decimals (no sign, exponent or thousands \
        separator). FEE \(feeEffect). --date may not be after today. On one day, trades count \
        in the order they were entered, so a sale must be entered after the day's purchase it \
        sells from.\(sellRule)
        """,
      arguments: [coinArgument, quantityArgument],
      options: [priceOption, dateOption, feeOption, currencyOption] + (isBuy ? [] : [lotOption]),
      examples: [
        Example(
          command: "cointrack portfolio \(side.rawValue) btc 0.5 --price 60000 --fee 12.5",
          explanation: "\(isBuy ? "Bought" : "Sold") half a bitcoin today at 60,000 "
            + "each, paying 12.5 in fees."),
        Example(
          command: "cointrack portfolio \(side.rawValue) eth 2 --price 3100.25 --date "
            + "2024-03-01 --currency USD --format json",
          explanation: "A trade in USD on 1 March 2024, printed as JSON."),
      ]
        + (isBuy
          ? []
          : [
            Example(
              command: "cointrack portfolio sell btc 1.2 --price 65000 --lot 3,1",
              explanation: "Sold 1.2 bitcoin from the buys with ids 3 and then 1.")
          ]),
      leaf: leaf, output: .trade)
  }

  let side: TradeSide
  /// The coin as the user named it; the profile's source resolves it.
  let coin: String
  let quantity: Price
  let price: Price
  let fee: Price
  /// The currency given; nil for the source's.
  let currency: String?
  /// The buy ids `--lot` names; empty without it.
  let lots: [Int]
  let day: Day
  let today: Day

  init(_ side: TradeSide, _ command: ParsedCommand, in session: CommandSession) throws {
    self.side = side
    // The parser refuses a line without the coin or the quantity.
    coin = command.value(of: Self.coinArgument)!
    guard let priceText = command.value(of: Self.priceOption) else {
      throw UsageError.missingOneOf([Self.priceOption], at: command.path)
    }
    (quantity, price, fee, currency, lots) = try Self.checked(command) { () throws(TradeError) in
      (
        try Trade.checkedQuantity(command.value(of: Self.quantityArgument)!),
        try Trade.checkedAmount(priceText, what: .price),
        try Trade.checkedAmount(command.value(of: Self.feeOption) ?? "0", what: .fee),
        try command.value(of: Self.currencyOption).map(Trade.checkedCurrency),
        try command.value(of: Self.lotOption).map(Trade.checkedLots) ?? []
      )
    }
    (day, today) = try Self.day(of: command, in: session)
  }

  /// The values `check` makes of `command`'s text; text that is no number or code at all is a
  /// command line to retype, refused with its usage.
  static func checked<Values>(
    _ command: ParsedCommand, _ check: () throws(TradeError) -> Values
  ) throws -> Values {
    do throws(TradeError) {
      return try check()
    } catch {
      guard error.failureKind == .usage else { throw error }
      throw UsageError.invalidTradeValue(error, at: command.path)
    }
  }

  /// The day `--date` names (today without it), and today.
  static func day(of command: ParsedCommand, in session: CommandSession) throws -> (
    day: Day, today: Day
  ) {
    let today = try session.today()
    let day =
      try command.value(of: dateOption).map {
        try DateOptions.date($0, origin: dateOption.flag, today: today, at: command.path).day
      } ?? today
    return (day, today)
  }

  /// Records the trade and prints it with its id.
  func run(in session: CommandSession) throws -> CommandOutput {
    let source = try session.profileSource()
    let coin = try source.resolveCoin(coin)
    let trade = Trade(
      id: 0, day: day, side: side, coin: coin, quantity: quantity, price: price, fee: fee,
      currency: try currency ?? source.valuationCurrency(of: coin),
      lots: lots)
    let tracker = session.tracker(source: source, today: today)
    return .records(RecordOutput(.trades(try tracker.recordTrades([trade]))))
  }
}

/// A command that records one trade of its side: `portfolio buy` and `portfolio sell`, which
/// differ only in that side.
protocol TradeRecordingCommand: LeafCommand {
  static var side: TradeSide { get }
  var entry: PortfolioTradeEntry { get }
  init(entry: PortfolioTradeEntry)
}

extension TradeRecordingCommand {
  static var spec: CommandSpec { PortfolioTradeEntry.spec(side, leaf: Self.self) }

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    self.init(entry: try PortfolioTradeEntry(Self.side, command, in: session))
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    try entry.run(in: session)
  }
}
