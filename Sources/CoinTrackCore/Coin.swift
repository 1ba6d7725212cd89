/// A coin that can be tracked: its ticker symbol, full name and how live sources know it.
public struct Coin: Hashable, Sendable {
  /// The upper-case ticker symbol, such as `BTC`.
  public var symbol: String
  /// The full name, such as `Bitcoin`.
  public var name: String
  /// The CoinGecko id, such as `bitcoin`, when known.
  public var coingeckoID: String?

  public init(symbol: String, name: String, coingeckoID: String?) {
    self.symbol = symbol
    self.name = name
    self.coingeckoID = coingeckoID
  }

  /// Whether `input` names this coin by symbol or full name, ignoring case.
  public func isNamed(by input: String) -> Bool {
    let needle = input.lowercased()
    return symbol.lowercased() == needle || name.lowercased() == needle
  }
}

/// A coin on the tracked list, with the id `coins list` shows for it.
public struct TrackedCoin: Hashable, Sendable {
  /// Small positive integer, stable across runs and never reused after a removal.
  public var id: Int
  public var coin: Coin

  public init(id: Int, coin: Coin) {
    self.id = id
    self.coin = coin
  }
}
