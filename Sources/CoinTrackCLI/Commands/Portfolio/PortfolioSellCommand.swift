import CoinTrackCore

/// `cointrack portfolio sell COIN QUANTITY --price PRICE`: record coins sold.
struct PortfolioSellCommand: TradeRecordingCommand {
  static let side = TradeSide.sell
  let entry: PortfolioTradeEntry
}
