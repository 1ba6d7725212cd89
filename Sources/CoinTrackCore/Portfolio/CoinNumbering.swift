/// Numbers for the coins of trades walked in order: each coin id gets the next number, from 0,
/// the first time it is seen, so that what is kept per coin is an array indexed by it.
///
/// Trades repeat a pattern of coins (one coin many times, or a few coins in turn), so the coin
/// that came after the previous trade's coin the last time is tried first, by comparing ids,
/// before an id is hashed: a walk over a million trades hashes few of them.
struct CoinNumbering: Sendable {
  /// Each coin's number, by its id.
  private var numbers: [String: Int] = [:]
  /// The ids, by number.
  private var ids: [String] = []
  /// For each number, the number seen just after it the last time it was seen; nil before then.
  private var followers: [Int?] = []
  /// The number seen last.
  private var previous: Int?

  /// How many coins are numbered.
  var count: Int { ids.count }

  /// The number of the coin whose id is `id`, numbering it next when it is new.
  mutating func number(of id: String) -> (number: Int, isNew: Bool) {
    let found: (number: Int, isNew: Bool)
    if let previous, let guess = followers[previous], ids[guess] == id {
      found = (guess, false)
    } else if let known = numbers[id] {
      found = (known, false)
    } else {
      found = (ids.count, true)
      numbers[id] = ids.count
      ids.append(id)
      followers.append(nil)
    }
    if let previous { followers[previous] = found.number }
    previous = found.number
    return found
  }
}
