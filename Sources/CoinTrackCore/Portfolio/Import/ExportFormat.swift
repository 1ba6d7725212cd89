/// The exports `portfolio import` reads, each recognised by its header.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
  case binance
  case coinbase
  case kraken
  case koinly
  case cointracking
  case cointrack

  /// The layouts of each format, told apart by their columns.
  enum Layout: CaseIterable {
    case binanceStatement
    case binanceTradeHistory
    case binanceTradeHistoryGlued
    case coinbaseHistory
    case coinbaseFills
    case krakenTrades
    case krakenLedgers
    case koinlyUniversal
    case cointrackingTrades
    case cointrack

    var format: ExportFormat {
      switch self {
      case .binanceStatement, .binanceTradeHistory, .binanceTradeHistoryGlued: .binance
      case .coinbaseHistory, .coinbaseFills: .coinbase
      case .krakenTrades, .krakenLedgers: .kraken
      case .koinlyUniversal: .koinly
      case .cointrackingTrades: .cointracking
      case .cointrack: .cointrack
      }
    }

    /// The columns the layout's header holds (others may follow or come between).
    var requiredColumns: [String] {
      switch self {
      case .binanceStatement: ["UTC_Time", "Account", "Operation", "Coin", "Change"]
      case .binanceTradeHistory:
        ["Date(UTC)", "Market", "Type", "Price", "Amount", "Total", "Fee", "Fee Coin"]
      case .binanceTradeHistoryGlued:
        ["Date(UTC)", "Pair", "Side", "Price", "Executed", "Amount", "Fee"]
      case .coinbaseHistory: ["Timestamp", "Transaction Type", "Asset", "Quantity Transacted"]
      case .coinbaseFills:
        [
          "trade id", "product", "side", "created at", "size", "size unit", "price", "fee", "total",
          "price/fee/total unit",
        ]
      case .krakenTrades:
        ["txid", "ordertxid", "pair", "time", "type", "price", "cost", "fee", "vol"]
      case .krakenLedgers: ["txid", "refid", "time", "type", "asset", "amount", "fee"]
      case .koinlyUniversal:
        ["Date", "Sent Amount", "Sent Currency", "Received Amount", "Received Currency"]
      case .cointrackingTrades:
        [
          "Type", "Buy", "Cur.", "Sell", "Cur.", "Fee", "Cur.", "Exchange", "Group", "Comment",
          "Date",
        ]
      case .cointrack: TradeCSV.Column.allCases.map(\.rawValue)
      }
    }

    /// Whether `columns` are this layout's header.
    func matches(_ columns: [String]) -> Bool {
      if self == .cointrackingTrades { return Array(columns.prefix(11)) == requiredColumns }
      if self == .cointrack { return columns == requiredColumns }
      return requiredColumns.allSatisfy(columns.contains)
    }

    /// The layout `columns` are the header of; nil for none.
    static func detect(_ columns: [String]) -> Layout? {
      allCases.first { $0.matches(columns) }
    }
  }
}

/// The headers of the formats, for messages.
public enum ImportHeaders {
  /// The columns each layout of `format` requires, joined by commas.
  public static func headers(of format: ExportFormat) -> [String] {
    ExportFormat.Layout.allCases.filter { $0.format == format }.map {
      $0.requiredColumns.joined(separator: ",")
    }
  }
}
