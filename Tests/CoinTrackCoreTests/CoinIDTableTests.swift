import Testing

@testable import CoinTrackCore

/// The table of coin ids the oversell check and the cost basis find coins in: each id keeps the
/// position it was first given, however full the table and however the ids collide.
@Suite struct CoinIDTableTests {
  @Test(arguments: [1, 2, 3, 20, 1000])
  func eachIDKeepsItsFirstPosition(count: Int) {
    let ids = (0..<count).map { "coin-\($0)" } + ["symbol:BTC", "bitcoin", "", "ß"]
    var table = CoinIDTable(capacity: ids.count)
    #expect(ids.map { table.position(of: $0) } == Array(ids.indices))
    // Asked again, in another order, every id is found where it was put.
    #expect(ids.reversed().map { table.position(of: $0) } == ids.indices.reversed())
    #expect(table.position(of: "coin-new") == ids.count)
  }

  @Test func theHashReadsEveryByte() {
    // Texts that differ in one byte, at every place of the words and of the tail after them,
    // would share a slot's chain if a byte were skipped; equal texts hash alike.
    for length in 1...24 {
      let base = String(repeating: "a", count: length)
      var hashes = Set([TrackerState.fnv1aHash(base)])
      for place in 0..<length {
        var bytes = Array(base.utf8)
        bytes[place] = UInt8(ascii: "b")
        hashes.insert(TrackerState.fnv1aHash(String(decoding: bytes, as: UTF8.self)))
      }
      #expect(hashes.count == length + 1, "length \(length)")
      #expect(TrackerState.fnv1aHash(base) == TrackerState.fnv1aHash(String(base)))
    }
  }
}
