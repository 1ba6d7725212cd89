/// Reads an export of any known format into events: the one entry to the format readers.
public enum ExportReader {
  /// The events of `bytes`, an export in `format` (recognised from its header when nil);
  /// `cointrack` files are read by `TradeCSV` instead, so are refused here.
  public static func events(_ bytes: [UInt8], format: ExportFormat?, today: Day)
    throws(ImportError) -> [ImportEvent]
  {
    let layout = try layout(of: bytes, format: format)
    let table = try ExportTable(bytes)
    switch layout {
    case .binanceStatement: return try BinanceStatement.events(table, today: today)
    case .binanceTradeHistory: return try PairTrades.binanceTradeHistory(table, today: today)
    case .binanceTradeHistoryGlued:
      return try PairTrades.binanceTradeHistoryGlued(table, today: today)
    case .coinbaseHistory: return try CoinbaseHistory.events(table, today: today)
    case .coinbaseFills: return try PairTrades.coinbaseFills(table, today: today)
    case .krakenTrades: return try PairTrades.krakenTrades(table, today: today)
    case .krakenLedgers: return try KrakenLedgers.events(table, today: today)
    case .koinlyUniversal: return try KoinlyUniversal.events(table, today: today)
    case .cointrackingTrades: return try CoinTrackingTrades.events(table, today: today)
    case .cointrack: throw .headerNotOfFormat(.cointrack, columns: table.columns)
    }
  }

  /// The layout of `bytes` as `portfolio import` reads it: that of `format`'s layouts the
  /// header matches, else (no `format`) the one the header matches; `.cointrack` for a file
  /// whose header names any of cointrack's columns, so that its own reader says what is wrong.
  static func layout(of bytes: [UInt8], format: ExportFormat?) throws(ImportError)
    -> ExportFormat.Layout
  {
    guard let columns = ExportTable.columns(of: bytes) else { throw .emptyFile }
    if let format {
      if format == .cointrack { return .cointrack }
      guard
        let match = ExportFormat.Layout.allCases.first(where: {
          $0.format == format && $0.matches(columns)
        })
      else { throw .headerNotOfFormat(format, columns: columns) }
      return match
    }
    if let match = ExportFormat.Layout.detect(columns) { return match }
    let names = Set(TradeCSV.Column.allCases.map(\.rawValue))
    if columns.contains(where: names.contains) { return .cointrack }
    throw .unknownHeader(columns: columns)
  }

  /// Whether `bytes` are read as cointrack's own trade file (`TradeCSV`).
  public static func isCointrackFile(_ bytes: [UInt8], format: ExportFormat?) throws(ImportError)
    -> Bool
  {
    guard !bytes.isEmpty else { return true }
    return try layout(of: bytes, format: format) == .cointrack
  }
}
