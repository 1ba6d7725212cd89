import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// Coin numbering: whatever the pattern of coins (one repeated, coins in turn, a turn that
/// changes, at random), each id keeps the number it got when first seen, numbers go 0, 1, 2… in
/// that order, and only a first sighting is new; checked against a dictionary as the model.
@Suite struct CoinNumberingTests {
  /// Runs `ids` through a numbering and through the model, comparing every answer.
  func checkAgainstModel(_ ids: [String]) {
    var numbering = CoinNumbering()
    var model: [String: Int] = [:]
    for (offset, id) in ids.enumerated() {
      let expected = model[id] ?? model.count
      let isNew = model[id] == nil
      model[id] = expected
      let found = numbering.number(of: id)
      #expect(found.number == expected, "id \(id) at \(offset)")
      #expect(found.isNew == isNew, "id \(id) at \(offset)")
    }
    #expect(numbering.count == model.count)
  }

  @Test func oneCoinRepeated() {
    checkAgainstModel(Array(repeating: "bitcoin", count: 10))
  }

  /// Coins in turn, then the turn changing order and gaining a coin: a guess from the turn
  /// before is then wrong, and the id must be found anyway (ids of one length, so that only
  /// their texts tell them apart).
  @Test func coinsInTurnsThatChange() {
    let first = ["coin-a", "coin-b", "coin-c"]
    let second = ["coin-c", "coin-a", "coin-d", "coin-b"]
    checkAgainstModel(
      Array(repeating: first, count: 4).flatMap { $0 }
        + Array(repeating: second, count: 4).flatMap { $0 })
  }

  /// Ids whose texts are equal but not shared (as two trades' coins read apart are) count as
  /// one coin.
  @Test func equalIdsMadeApart() {
    let long = "a-coin-id-longer-than-fifteen-bytes"
    checkAgainstModel([long, String(long.reversed().reversed()), "bitcoin", long + ""])
  }

  @Test func randomPatterns() {
    var generator = SeededGenerator(seed: 26)
    for _ in 0..<50 {
      let coinCount = 1 + Int(generator.next(below: 12))
      let ids = (0..<200).map { _ in "coin-\(generator.next(below: UInt64(coinCount)))" }
      checkAgainstModel(ids)
    }
  }
}
