import Foundation
import Testing

@testable import CoinTrackCore

/// The cache's writer keeps its reader's bound: an entry the reader would drop unread is never
/// written, and one within it reads back as stored.
@Suite struct PriceCacheTests {
  @Test func anEntryLargerThanAReadTakesIsNotWritten() throws {
    let home = try TemporaryDirectory()
    let cache = PriceCache(directory: home.url.path, now: { 0 })
    let small = JSONValue.object([JSONMember("close", .number("42000.10"))])
    cache.store(small, as: "small")
    #expect(cache.document("small") == small)
    let large = JSONValue.string(String(repeating: "x", count: PriceCache.maximumEntrySize))
    cache.store(large, as: "large")
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("large").path))
    #expect(cache.document("large") == nil)
  }
}
