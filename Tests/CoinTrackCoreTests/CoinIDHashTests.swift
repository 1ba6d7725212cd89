import Testing

@testable import CoinTrackCore

/// The hash the state's checks find coin ids by reads every byte of an id.
@Suite struct CoinIDHashTests {
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
