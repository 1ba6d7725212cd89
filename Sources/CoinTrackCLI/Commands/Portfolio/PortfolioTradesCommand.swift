import CoinTrackCore

/// `cointrack portfolio trades [--coin COIN]`: the recorded trades, oldest first.
struct PortfolioTradesCommand: LeafCommand {
  static let coinOption = OptionSpec(
    "coin", value: "COIN", summary: "Only the trades of this coin: a symbol, full name or @id.",
    completion: .catalogueCoin)

  static let spec = CommandSpec(
    "trades", summary: "List the recorded trades, oldest first.",
    discussion: """
      One row per trade, in the order the trades count: by date, and on one day in the order \
      they were entered. Each row has the trade's id (for 'portfolio remove'), date, side (buy, \
      sell, staking, airdrop, interest or transfer), the coin's symbol and coin id, the quantity, the price of one unit, the fee, \
      and the currency of price and fee. A coin the profile's source does not know is refused; \
      one never traded lists no trades.
      """,
    options: [coinOption],
    examples: [
      Example(command: "cointrack portfolio trades", explanation: "Every trade, as a table."),
      Example(
        command: "cointrack portfolio trades --coin btc --format csv",
        explanation: "The bitcoin trades as CSV."),
    ],
    leaf: Self.self, output: .trade)

  /// The coin as the user named it; nil for every trade.
  let coin: String?

  init(_ command: ParsedCommand, in session: CommandSession) {
    coin = command.value(of: Self.coinOption)
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    // Only a coin that names none of the traded coins needs the source.
    let tracker =
      coin == nil ? session.tracker() : session.tracker(source: try session.profileSource())
    return .records(RecordOutput(.trades(try tracker.trades(coin: coin))))
  }
}
