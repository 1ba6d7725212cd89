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
  /// its position, the key to blame and the repeat in words. Done once all coins are read, so
  /// that the tables are made at their final size rather than grown coin by coin.
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
    // Ids are handed out in increasing order, so a file nobody edited by hand needs no set of
    // them: rising ids cannot repeat.
    if coins.indices.dropFirst().allSatisfy({ coins[$0 - 1].id < coins[$0].id }) { return nil }
    var seen = Set<Int>(minimumCapacity: coins.count)
    return coins.indices.first { !seen.insert(coins[$0].id).inserted }
  }

  /// The position of the first coin with the coin id of an earlier one.
  ///
  /// Coin ids are ASCII (the rules are checked first), so they are found by their bytes in a
  /// table of positions: hashing them into a `Set<String>` was a tenth of loading a thousand
  /// coins.
  private static func firstRepeatedCoinID(in coins: [TrackedCoin]) -> Int? {
    guard !coins.isEmpty else { return nil }
    // Open addressing over a power-of-two number of slots, at most half of them used.
    let slotMask = (1 << (Int.bitWidth - (2 * coins.count - 1).leadingZeroBitCount)) - 1
    var slots = [Int32](repeating: -1, count: slotMask + 1)
    for index in coins.indices {
      let id = coins[index].coin.id
      var slot = fnv1aHash(id) & slotMask
      while slots[slot] >= 0 {
        if coins[Int(slots[slot])].coin.id == id { return index }
        slot = (slot + 1) & slotMask
      }
      slots[slot] = Int32(index)
    }
    return nil
  }

  /// The FNV-1a hash of a text's bytes, read in place.
  static func fnv1aHash(_ text: String) -> Int {
    text.withUTF8Bytes { bytes in fnv1aHash(utf8: bytes) }
  }

  /// The FNV-1a hash of `bytes`, or of the bytes hashed to `start` followed by them.
  static func fnv1aHash(utf8 bytes: UnsafeBufferPointer<UInt8>, continuing start: Int? = nil)
    -> Int
  {
    var hash = start.map { UInt64(truncatingIfNeeded: $0) } ?? 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash)
  }
}
