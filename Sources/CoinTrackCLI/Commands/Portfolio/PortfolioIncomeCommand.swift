import CoinTrackCore

/// `cointrack portfolio income COIN QUANTITY [--kind KIND] [--date DATE] [--price PRICE]`:
/// record income received in coins, at the coin's close on its day.
struct PortfolioIncomeCommand: LeafCommand {
  static let kindOption = OptionSpec(
    "kind", value: "KIND", summary: "What the income is.",
    default: TradeSide.staking.rawValue,
    allowed: TradeSide.incomeSides.map(\.rawValue))
  static let priceOption = OptionSpec(
    "price", value: "PRICE",
    summary: "The value of one unit, in the coin's currency in the profile's source: a plain "
      + "decimal, 0 or above.",
    default: "the coin's close on DATE in the profile's source")

  static let spec = CommandSpec(
    "income", summary: "Record income received in coins: staking, an airdrop or interest.",
    discussion: """
      Income is a lot like a buy: its units cost their value on the day they came, the \
      quantity times the coin's close that day in the profile's source (in the currency the \
      source values the coin in), or times --price. A day the source has no close for is \
      refused, naming the coin and the day: income is never valued at zero unless --price 0 \
      says so. Income has no fee and is never a gain itself: 'portfolio show' counts its units \
      held at that cost (what they gained since is unrealised), a sale takes them as it takes \
      a buy's, and 'portfolio earnings' lists it with its value. --date may not be after \
      today.
      """,
    arguments: [PortfolioTradeEntry.coinArgument, PortfolioTradeEntry.quantityArgument],
    options: [kindOption, PortfolioTradeEntry.dateOption, priceOption],
    examples: [
      Example(
        command: "cointrack portfolio income eth 0.012 --date 2025-03-01",
        explanation: "A staking reward of 0.012 ether on 1 March 2025, at that day's close."),
      Example(
        command: "cointrack portfolio income ada 250 --kind airdrop --price 0.7",
        explanation: "An airdrop of 250 ADA today, valued at 0.7 each."),
    ],
    leaf: Self.self, output: .trade)

  /// The coin as the user named it; the profile's source resolves it.
  let coin: String
  let quantity: Price
  let kind: TradeSide
  /// The value of one unit given; nil for the close.
  let price: Price?
  let day: Day
  let today: Day

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    // The parser refuses a line without the coin or the quantity, and a kind not allowed.
    coin = command.value(of: PortfolioTradeEntry.coinArgument)!
    kind = command.value(of: Self.kindOption).flatMap(TradeSide.init(rawValue:)) ?? .staking
    (quantity, price) = try PortfolioTradeEntry.checked(command) { () throws(TradeError) in
      (
        try Trade.checkedQuantity(command.value(of: PortfolioTradeEntry.quantityArgument)!),
        try command.value(of: Self.priceOption).map { input throws(TradeError) in
          try Trade.checkedAmount(input, what: .price)
        }
      )
    }
    (day, today) = try PortfolioTradeEntry.day(of: command, in: session)
  }

  /// Records the income and prints it with its id.
  func run(in session: CommandSession) throws -> CommandOutput {
    let source = try session.profileSource()
    let coin = try source.resolveCoin(coin)
    let value: (price: Price, currency: String)
    if let price {
      value = (price, try source.valuationCurrency(of: coin))
    } else {
      let close = try source.close(of: coin, on: day)
      value = (close.price, close.currency)
    }
    let income = Trade(
      id: 0, day: day, side: kind, coin: coin, quantity: quantity, price: value.price,
      fee: .zero, currency: value.currency)
    let tracker = session.tracker(source: source, today: today)
    return .records(RecordOutput(.trades(try tracker.recordTrades([income]))))
  }
}
