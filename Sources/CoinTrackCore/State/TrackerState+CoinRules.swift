/// The rules each tracked coin of a state file must keep, beyond the JSON types: the text rules
/// of `UntrustedText`, and no list id or coin id twice.
extension TrackerState {
  /// The rule in words of a coin's member: `symbol`, `name` or `coingecko_id` by its position
  /// among them.
  static func coinRule(_ member: Int) -> String {
    switch member {
    case 0:
      return "is not a symbol: 1 to \(UntrustedText.maximumSymbolLength) capitals, digits and "
        + UntrustedText.symbolPunctuation.map(String.init).joinedText(separator: " ")
    case 1:
      return "is not a name: 1 to \(UntrustedText.maximumNameLength) characters without control "
        + "or invisible characters or surrounding spaces"
    default:
      return "is not a CoinGecko id: 1 to \(UntrustedText.maximumIDLength) lower-case letters, "
        + "digits and . - _"
    }
  }

  /// The first coin with the list id or the coin id of an earlier one (its list id first):
  /// its position, the key to blame and the repeat in words.
  static func firstRepeat(in coins: [TrackedCoin]) -> (index: Int, key: String, detail: String)? {
    let repeatedCoinID = firstRepeatedCoinID(in: coins)
    if let index = firstRepeatedID(in: coins), index <= repeatedCoinID ?? index {
      return (index, "id", "repeats id \(coins[index].id)")
    }
    guard let index = repeatedCoinID else { return nil }
    let coin = coins[index].coin
    // A coin without a CoinGecko id is known by its symbol: that is what repeats.
    return (
      index, coin.coingeckoID == nil ? "symbol" : "coingecko_id", "repeats coin id '\(coin.id)'"
    )
  }

  /// The position of the first coin with the list id of an earlier one.
  private static func firstRepeatedID(in coins: [TrackedCoin]) -> Int? {
    var seen = Set<Int>()
    return coins.indices.first { !seen.insert(coins[$0].id).inserted }
  }

  /// The position of the first coin with the coin id of an earlier one.
  private static func firstRepeatedCoinID(in coins: [TrackedCoin]) -> Int? {
    var seen = Set<String>()
    return coins.indices.first { !seen.insert(coins[$0].coin.id).inserted }
  }
}
