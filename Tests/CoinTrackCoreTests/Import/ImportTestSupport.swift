import Testing

@testable import CoinTrackCore

/// A price source that knows the closes it is given and nothing else: what booking a swap or a
/// fee paid in a coin is checked against.
struct StubCloses: PriceSource {
  let name = "stub"
  let currency = "USDT"
  /// Each coin's closes by symbol, then by day (`YYYY-MM-DD`), with the close's currency.
  let closes: [String: [String: (price: String, currency: String)]]
  /// Symbols the source knows two coins by.
  var ambiguous: Set<String> = []

  func resolveCoin(_ input: String) throws -> Coin {
    let symbol = input.uppercased()
    if ambiguous.contains(symbol) {
      throw TrackerError.ambiguousCoin(input: input, candidates: [], among: .source(name))
    }
    guard closes[symbol] != nil else {
      throw TrackerError.unknownCoin(input: input, suggestions: [])
    }
    return Coin(symbol: symbol, name: symbol, coingeckoID: symbol.lowercased())
  }

  func latestPrices(of coins: [Coin], onOrBefore day: Day) throws -> LatestPrices {
    LatestPrices(coins.map { _ in nil })
  }

  func dailyPrices(of coin: Coin, in range: DayRange) throws -> PriceRows {
    guard let close = closes[coin.symbol]?[range.first.description] else {
      throw TrackerError.noPricesInRange(
        symbol: coin.symbol, requested: range, held: nil, source: name)
    }
    return PriceRows([
      PriceRow(
        day: range.first, symbol: coin.symbol, price: Price(decimalText: close.price),
        currency: close.currency, source: name)
    ])
  }

  var offlineData: (any OfflinePriceData)? { nil }
}

/// The fixtures of real exports, as bytes.
enum ExportSamples {
  static func bytes(_ path: String) throws -> [UInt8] {
    let folder = #filePath.replacingOccurrences(
      of: "Import/ImportTestSupport.swift", with: "Fixtures/Exchanges/")
    return Array(try String(contentsOfFile: folder + path, encoding: .utf8).utf8)
  }

  /// A day far after every sample.
  static let today = Day(iso: "2026-01-01")!

  /// The events of a sample.
  static func events(_ path: String, format: ExportFormat? = nil) throws -> [ImportEvent] {
    try ExportReader.events(try bytes(path), format: format, today: today)
  }
}

/// Text of a trade, short enough to compare by hand: `side coin quantity @ price + fee
/// currency origin`.
func summary(_ trade: Trade) -> String {
  "\(trade.day) \(trade.side.rawValue) \(trade.coin.symbol) \(trade.quantity) @ \(trade.price)"
    + " + \(trade.fee) \(trade.currency) \(trade.origin ?? "-")"
}

/// `Price` of a literal.
func price(_ text: String) -> Price { Price(decimalText: text)! }
