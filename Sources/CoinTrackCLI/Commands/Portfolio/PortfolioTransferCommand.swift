import CoinTrackCore

/// `cointrack portfolio transfer COIN QUANTITY [--fee QUANTITY] [--date DATE]`: record coins
/// moved between the user's own accounts, and the fee paid in the coin as a sale of its own.
struct PortfolioTransferCommand: LeafCommand {
  static let feeOption = OptionSpec(
    "fee", value: "FEE",
    summary: "The units of COIN the move cost: a plain decimal above 0 with at most "
      + "\(Trade.maximumQuantityDecimals) decimals.",
    default: "no fee")

  static let spec = CommandSpec(
    "transfer", summary: "Record coins moved between your own accounts, and a fee paid in them.",
    discussion: """
      cointrack's portfolio is all your accounts together, so a transfer (an exchange to a \
      wallet, one wallet to another) changes nothing held, no cost and no gain: it is kept, \
      with price 0 and fee 0, as the record of the move, and the journals write it as a note. \
      It is not checked against what is held: a deposit may bring coins bought before any \
      record. A fee paid in COIN is recorded with it as a sale of the fee's units at COIN's \
      close on DATE in the profile's source, whose fee is its whole proceeds: a disposal that \
      brings nothing, so the cost of those units is a loss in 'portfolio gains' and 'portfolio \
      show'. That sale is refused, and nothing stored, when less than the fee is held on DATE \
      or the source has no close that day. --date may not be after today.
      """,
    arguments: [PortfolioTradeEntry.coinArgument, PortfolioTradeEntry.quantityArgument],
    options: [feeOption, PortfolioTradeEntry.dateOption],
    examples: [
      Example(
        command: "cointrack portfolio transfer btc 0.25 --fee 0.0002 --date 2025-03-01",
        explanation: "Moved 0.25 bitcoin to a wallet on 1 March 2025, paying 0.0002 bitcoin."),
      Example(
        command: "cointrack portfolio transfer eth 3",
        explanation: "Moved 3 ether between your own accounts today, with no fee."),
    ],
    leaf: Self.self, output: .trade)

  /// The coin as the user named it; the profile's source resolves it.
  let coin: String
  let quantity: Price
  /// The units paid as the fee; nil without one.
  let fee: Price?
  let day: Day
  let today: Day

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    // The parser refuses a line without the coin or the quantity.
    coin = command.value(of: PortfolioTradeEntry.coinArgument)!
    (quantity, fee) = try PortfolioTradeEntry.checked(command) { () throws(TradeError) in
      (
        try Trade.checkedQuantity(command.value(of: PortfolioTradeEntry.quantityArgument)!),
        try command.value(of: Self.feeOption).map(Trade.checkedQuantity)
      )
    }
    (day, today) = try PortfolioTradeEntry.day(of: command, in: session)
  }

  /// Records the transfer, and its fee's sale when it has one, and prints them with their ids.
  func run(in session: CommandSession) throws -> CommandOutput {
    let source = try session.profileSource()
    let coin = try source.resolveCoin(coin)
    var trades = [
      Trade(
        id: 0, day: day, side: .transfer, coin: coin, quantity: quantity, price: .zero,
        fee: .zero, currency: try source.valuationCurrency(of: coin))
    ]
    if let fee {
      trades.append(try Trade.feeSale(of: coin, quantity: fee, at: source.close(of: coin, on: day)))
    }
    let tracker = session.tracker(source: source, today: today)
    return .records(RecordOutput(.trades(try tracker.recordTrades(trades))))
  }
}
