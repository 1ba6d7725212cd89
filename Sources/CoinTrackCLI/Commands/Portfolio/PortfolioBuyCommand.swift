import CoinTrackCore

/// `cointrack portfolio buy COIN QUANTITY --price PRICE`: record coins bought.
struct PortfolioBuyCommand: TradeRecordingCommand {
  static let side = TradeSide.buy
  let entry: PortfolioTradeEntry
}
