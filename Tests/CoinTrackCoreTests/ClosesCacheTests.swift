import Foundation
import Testing

@testable import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each coin's closes kept in the cache: used only while the history file is the one they were
/// read from, checked again as input, and never a reason for a wrong or failed answer.
@Suite struct ClosesCacheTests {
  static let bitcoin = HistoryStoreTests.bitcoin
  static let may = DayRange(from: Day(iso: "2026-05-21")!, to: Day(iso: "2026-05-24")!)!

  static func store(_ directory: TemporaryDirectory) throws -> HistoryStore {
    let store = LastRowIndexTests.store(directory)
    _ = try store.add(
      HistoryStoreTests.rows([
        ("2026-05-21", "77815.01"), ("2026-05-22", "78000"), ("2026-05-24", "0.00012345"),
      ]),
      to: bitcoin)
    return store
  }

  static func cachePath(_ store: HistoryStore) -> String {
    ClosesCache.path(ofCoinID: bitcoin.id, in: store.cache!)
  }

  /// The stamp of the coin's history file as it is now.
  static func stamp(_ store: HistoryStore) -> FileStamp {
    var status = stat()
    #expect(stat(store.path(of: bitcoin), &status) == 0)
    return FileStamp(status)
  }

  /// The closes of May 21 to 24 as the offline source gives them, as text ("-" for none).
  static func closes(_ store: HistoryStore) throws -> [String] {
    let closes = try OfflinePriceSource(history: store).dailyCloses(of: bitcoin, in: may)
    return may.map { closes.close(on: $0)?.price.text ?? "-" }
  }

  static let fileCloses = ["77815.01", "78000", "-", "0.00012345"]

  /// The first read keeps the closes; the next takes them from the cache, as closes planted
  /// there show: the file then is not read at all.
  @Test func anUnchangedFileIsAnsweredFromTheCache() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.store(directory)
    #expect(try Self.closes(store) == Self.fileCloses)
    let kept = try #require(
      ClosesCache.closes(ofCoinID: Self.bitcoin.id, in: store.cache!, stamp: Self.stamp(store)))
    #expect(kept.days.count == 3 && kept.currency == "USDT")

    let planted = try #require(
      HistoryCloses(
        currency: "USDT", days: kept.days, units: [1, 2, 3], scales: [0, 1, 2]))
    let bytes = try #require(ClosesCache.bytes(of: planted, stamp: Self.stamp(store)))
    try Data(bytes).write(to: URL(fileURLWithPath: Self.cachePath(store)))
    #expect(try Self.closes(store) == ["1", "0.2", "-", "0.03"])
  }

  /// A file replaced, or rewritten in place to the same size with its modification time put
  /// back, is read again, and its closes kept anew.
  @Test func aChangedFileIsReadAgain() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.store(directory)
    #expect(try Self.closes(store) == Self.fileCloses)
    _ = try store.add(HistoryStoreTests.rows([("2026-05-23", "79000")]), to: Self.bitcoin)
    #expect(try Self.closes(store) == ["77815.01", "78000", "79000", "0.00012345"])

    try LastRowIndexTests.rewriteInPlace(
      store.path(of: Self.bitcoin), replacing: "79000", with: "79001")
    #expect(try Self.closes(store) == ["77815.01", "78000", "79001", "0.00012345"])
    #expect(
      ClosesCache.closes(ofCoinID: Self.bitcoin.id, in: store.cache!, stamp: Self.stamp(store))?
        .units[2] == 79001)
  }

  /// Every way a kept file can be wrong: each is ignored, the history file read and the closes
  /// kept again.
  @Test(arguments: 0..<16)
  func aDamagedCacheIsNeverAnAnswer(_ damage: Int) throws {
    let directory = try TemporaryDirectory()
    let store = try Self.store(directory)
    #expect(try Self.closes(store) == Self.fileCloses)
    let good = try Data(contentsOf: URL(fileURLWithPath: Self.cachePath(store)))
    let header = ClosesCache.header.utf8.count
    // The rows start after the byte-order mark, the stamp, the count and the currency.
    let rows = header + 4 + 40 + 4 + 1 + 4
    let (days, units, scales) = (rows, rows + 3 * 4, rows + 3 * 12)
    var bytes = [UInt8](good)
    func set<Number: FixedWidthInteger>(_ number: Number, at offset: Int) {
      withUnsafeBytes(of: number) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
    }
    switch damage {
    case 0: bytes.removeLast()
    case 1: bytes.append(0)
    case 2: bytes[0] = UInt8(ascii: "k")
    case 3: set(UInt32(0x0403_0201), at: header)
    case 4: set(UInt64(1) &+ Self.stamp(store).inode, at: header + 4 + 8)
    case 5: set(Int64(1) &+ Self.stamp(store).changed, at: header + 4 + 32)
    case 6: set(UInt32(2), at: header + 4 + 40)
    case 7: set(Int32(Day(iso: "2026-05-20")!.daysSince1970), at: days + 4)
    case 8: set(Int64(0), at: units + 8)
    case 9: set(Int64(-5), at: units)
    case 10: set(Int64(1_000_000_000_000_000_000), at: units + 16)
    case 11: bytes[scales + 1] = 19
    case 12: bytes[rows - 4] = UInt8(ascii: "X")
    // A day repeated, and a close below zero in the last row.
    case 13: set(Int32(Day(iso: "2026-05-22")!.daysSince1970), at: days + 8)
    case 14: set(Int64.min, at: units + 16)
    default: bytes = []
    }
    #expect(bytes != [UInt8](good))
    try Data(bytes).write(to: URL(fileURLWithPath: Self.cachePath(store)))
    #expect(try Self.closes(store) == Self.fileCloses)
    #expect(try Data(contentsOf: URL(fileURLWithPath: Self.cachePath(store))) == good)
  }

  /// Closes with more digits than 64-bit units hold are read from the file every time: the
  /// cache keeps only closes that fit.
  @Test func wideClosesAreNotKept() throws {
    let directory = try TemporaryDirectory()
    let store = LastRowIndexTests.store(directory)
    let wide = "1234567890123456789.0123456789"
    _ = try store.add(
      HistoryStoreTests.rows([("2026-05-21", "1.5"), ("2026-05-22", wide)]), to: Self.bitcoin)
    #expect(try Self.closes(store) == ["1.5", wide, "-", "-"])
    #expect(!FileManager.default.fileExists(atPath: Self.cachePath(store)))
  }

  /// A file changed less than the settled age before it is read is not kept; a cache folder
  /// that cannot be written is no error.
  @Test func aRecentFileOrAnUnwritableCacheKeepsNothing() throws {
    let directory = try TemporaryDirectory()
    var store = try Self.store(directory)
    store.cache?.settledAge = 3_600_000_000_000
    #expect(try Self.closes(store) == Self.fileCloses)
    #expect(!FileManager.default.fileExists(atPath: Self.cachePath(store)))

    let blocked = try TemporaryDirectory()
    try Data("not a folder".utf8).write(to: blocked.url.appendingPathComponent("file"))
    store.cache = HistoryCache(
      directory: blocked.url.appendingPathComponent("file/cointrack").path, settledAge: 0)
    #expect(try Self.closes(store) == Self.fileCloses)
  }
}
