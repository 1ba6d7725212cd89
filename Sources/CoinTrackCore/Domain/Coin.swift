/// A coin that can be tracked: its ticker symbol, full name and how live sources know it.
public struct Coin: Hashable, Sendable {
  /// What the id of a coin without a CoinGecko id starts with: `symbol/FOO`. CoinGecko ids
  /// never hold `/`, so the two kinds of id cannot meet.
  public static let symbolIDPrefix = "symbol/"
  /// What a command-line word starts with when it names a coin by its id: `@uniswap`. Symbols
  /// never hold `@`, and such a word is never looked up as a symbol or name.
  public static let idMarker: Character = "@"

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

  /// What identifies the coin: its CoinGecko id, else `symbol/` and its symbol (a coin known
  /// only to Binance or Twelve Data, which know coins by symbol alone).
  public var id: String { coingeckoID ?? Coin.symbolIDPrefix + symbol }

  /// Whether `input` names this coin by symbol or full name, ignoring case.
  public func isNamed(by input: String) -> Bool {
    let needle = input.lowercased()
    return symbol.lowercased() == needle || name.lowercased() == needle
  }

  /// Whether this coin's id is `id`, ignoring case.
  public func hasID(_ id: String) -> Bool {
    self.id.lowercased() == id.lowercased()
  }

  /// The id that `input` gives after `@`, without surrounding spaces; nil when `input` is not
  /// of that form and so names a coin by symbol or name.
  public static func referencedID(in input: String) -> String? {
    let trimmed = input.trimmingSpaces()
    guard trimmed.first == idMarker else { return nil }
    return String(trimmed.dropFirst())
  }

  /// The coins of `candidates` that `input` names: the one whose id follows `@`, or else every
  /// coin whose symbol or name (or, with `matchingCoinGeckoIDs`, CoinGecko id) it is.
  public static func matches(
    of input: String, among candidates: some Sequence<Coin>, matchingCoinGeckoIDs: Bool = false
  ) -> [Coin] {
    if let id = referencedID(in: input) {
      return candidates.first { $0.hasID(id) }.map { [$0] } ?? []
    }
    let needle = input.trimmingSpaces().lowercased()
    return candidates.filter {
      $0.isNamed(by: needle) || (matchingCoinGeckoIDs && $0.coingeckoID == needle)
    }
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
