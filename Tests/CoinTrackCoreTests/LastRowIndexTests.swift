import Foundation
import Testing

@testable import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The index of history files' last rows in the cache: used only while a file is the one it was
/// read from, checked like a file's row, and never a reason for a wrong or failed answer.
@Suite struct LastRowIndexTests {
  static let bitcoin = HistoryStoreTests.bitcoin
  static let ether = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")

  /// A history in `directory` with the index in its cache folder, recording a file however
  /// recently it changed (the default waits a second, which would slow every test).
  static func store(_ directory: TemporaryDirectory, settledAge: Int64 = 0) -> HistoryStore {
    var store = HistoryStore(
      directory: directory.url.appendingPathComponent("history").path, lockTimeoutSeconds: 2,
      cacheDirectory: directory.url.appendingPathComponent("cache/cointrack").path)
    store.cache?.settledAge = settledAge
    return store
  }

  static func indexPath(_ store: HistoryStore) -> String { store.cache!.lastRowIndexPath }

  static func indexText(_ store: HistoryStore) throws -> String {
    try String(contentsOfFile: indexPath(store), encoding: .utf8)
  }

  static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// The entry line the index would hold for the file at `path` as it is now, with `lastLine`.
  static func entry(_ name: String, path: String, lastLine: String) -> String {
    var status = stat()
    #expect(stat(path, &status) == 0)
    let stamp = FileStamp(status)
    return "\(name)\t\(stamp.device)\t\(stamp.inode)\t\(stamp.size)\t\(stamp.modified)\t"
      + "\(stamp.changed)\t\(lastLine)\n"
  }

  static func sync(_ store: HistoryStore) throws {
    _ = try store.add(
      HistoryStoreTests.rows([("2026-05-21", "77815.01"), ("2026-05-22", "78000")]), to: bitcoin)
    _ = try store.add(
      HistoryStoreTests.rows([("2026-05-21", "3100.5")], symbol: "ETH"), to: ether)
  }

  /// A first list reads the files and records them; later ones take each row from the index, as
  /// a planted row shows: the file then is not read at all.
  @Test func anUnchangedFileIsAnsweredFromTheIndex() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try Self.sync(store)
    let coins = [
      Self.bitcoin, Self.ether, Coin(symbol: "SOL", name: "Solana", coingeckoID: "solana"),
    ]
    let first = try store.lastRows(of: coins)
    #expect(first[0]?.price.text == "78000")
    #expect(first[1]?.price.text == "3100.5")
    #expect(first[2] == nil)
    let bitcoinPath = store.path(of: Self.bitcoin)
    #expect(
      try Self.indexText(store)
        == LastRowIndex.header + "\n"
        + Self.entry(
          "bitcoin.csv", path: bitcoinPath, lastLine: "2026-05-22,BTC,78000,USDT,binance")
        + Self.entry(
          "ethereum.csv", path: store.path(of: Self.ether),
          lastLine: "2026-05-21,ETH,3100.5,USDT,binance"))
    try Self.write(
      LastRowIndex.header + "\n"
        + Self.entry("bitcoin.csv", path: bitcoinPath, lastLine: "2026-05-23,BTC,1.25,USDT,binance"),
      to: Self.indexPath(store))
    let second = try store.lastRows(of: coins)
    #expect(second[0]?.price.text == "1.25")
    #expect(second[1]?.price.text == "3100.5")
    let planted = try Self.indexText(store)
    // Files looked up in another order, or only some of them, are found all the same, and the
    // index is not rewritten: only a changed entry is a reason to write it.
    #expect(try store.lastRows(of: [Self.ether, Self.bitcoin])[1]?.price.text == "1.25")
    #expect(try Self.indexText(store) == planted)
    #expect(try store.lastRows(of: [Self.ether])[0]?.price.text == "3100.5")
    #expect(try Self.indexText(store) == planted)
  }

  /// A file replaced by a sync (a new inode), or rewritten in place to the same size with its
  /// modification time put back (only its change time differs), is read again.
  @Test func aChangedFileIsReadAgainWhateverItsSizeAndModificationTime() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try Self.sync(store)
    _ = try store.lastRows(of: [Self.bitcoin])
    _ = try store.add(HistoryStoreTests.rows([("2026-05-23", "79000")]), to: Self.bitcoin)
    #expect(try store.lastRows(of: [Self.bitcoin])[0]?.price.text == "79000")

    try Self.rewriteInPlace(store.path(of: Self.bitcoin), replacing: "79000", with: "79001")
    #expect(try store.lastRows(of: [Self.bitcoin])[0]?.price.text == "79001")
  }

  /// Rewrites the file at `path` in place with `old` replaced by `new` (of the same length),
  /// its modification time put back: only the change time tells the new file from the old.
  static func rewriteInPlace(_ path: String, replacing old: String, with new: String) throws {
    var before = stat()
    #expect(stat(path, &before) == 0)
    let recorded = FileStamp(before)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let rewritten = text.replacingOccurrences(of: old, with: new)
    #expect(rewritten != text && rewritten.utf8.count == text.utf8.count)
    // Rewritten until the file system's clock has moved on, so the change time differs.
    var after = before
    repeat {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.write(contentsOf: Data(rewritten.utf8))
      try handle.close()
      var times = [before.st_atim, before.st_mtim]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      #expect(stat(path, &after) == 0)
    } while FileStamp(after).changed == recorded.changed
    #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
    #expect(FileStamp(after).modified == recorded.modified)
  }

  /// A file changed less than `settledAge` before it is read is not recorded: a change within
  /// the same clock tick would leave its stamp as it was.
  @Test func aFileChangedJustNowIsNotRecorded() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory, settledAge: 3_600_000_000_000)
    try Self.sync(store)
    #expect(try store.lastRows(of: [Self.bitcoin, Self.ether])[0]?.price.text == "78000")
    #expect(!FileManager.default.fileExists(atPath: Self.indexPath(store)))
  }

  /// Index texts that are not what cointrack writes, most with a bitcoin entry whose stamp is the
  /// file's: each is ignored or its entry skipped, and the file's row is answered.
  static func damagedIndexes(_ entry: (String) -> String) -> [String] {
    let header = LastRowIndex.header + "\n"
    let good = entry("2026-05-22,BTC,78000,USDT,binance")
    return [
      "",
      "garbage",
      header.uppercased() + entry("2026-05-22,BTC,1,USDT,binance"),
      "cointrack history last rows 2\n" + entry("2026-05-22,BTC,1,USDT,binance"),
      header + entry("2026-05-22,BTC,1,USDT,binance").dropLast(),
      header + good.replacingOccurrences(of: "\t2026", with: "\tx\t2026"),
      header + entry("2026-05-22,BTC,1e3,USDT,binance"),
      header + entry("2026-05-22,BTC,1,USDT,binance,extra"),
      header + entry("2026-05-22,ETH\u{1B}[31m,1,USDT,binance"),
      header + good.replacingOccurrences(of: "bitcoin.csv\t", with: "bitcoin.csv\t-1"),
      String(repeating: "x", count: LastRowIndex.maximumSize + 1),
    ]
  }

  @Test func aDamagedIndexIsNeverAnAnswer() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try Self.sync(store)
    let path = store.path(of: Self.bitcoin)
    _ = try store.lastRows(of: [Self.bitcoin])
    let written = try Self.indexText(store)
    for damaged in Self.damagedIndexes({ Self.entry("bitcoin.csv", path: path, lastLine: $0) }) {
      try Self.write(damaged, to: Self.indexPath(store))
      let row = try store.lastRows(of: [Self.bitcoin])[0]
      #expect(row?.price.text == "78000", "\(damaged.prefix(120).debugDescription)")
      // The index is written anew, the file's entry in place of what failed its checks.
      #expect(try Self.indexText(store) == written, "\(damaged.prefix(120).debugDescription)")
    }
  }

  /// A file gone from the folder loses its entry; a folder without an index where the cache
  /// cannot be written still answers from the files.
  @Test func entriesFollowTheFolderAndAnUnwritableCacheIsNoError() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try Self.sync(store)
    _ = try store.lastRows(of: [Self.bitcoin, Self.ether])
    #expect(try Self.indexText(store).split(separator: "\n").count == 3)
    try FileManager.default.removeItem(atPath: store.path(of: Self.ether))
    #expect(try store.lastRows(of: [Self.bitcoin, Self.ether])[1] == nil)
    #expect(
      try Self.indexText(store).split(separator: "\n").map { $0.prefix(8) } == [
        "cointrac", "bitcoin.",
      ])

    let blocked = try TemporaryDirectory()
    var unwritable = HistoryStore(
      directory: store.directory, lockTimeoutSeconds: 2,
      cacheDirectory: blocked.url.appendingPathComponent("file/cointrack").path)
    unwritable.cache?.settledAge = 0
    try Self.write("not a folder", to: blocked.url.appendingPathComponent("file").path)
    #expect(try unwritable.lastRows(of: [Self.bitcoin])[0]?.price.text == "78000")
  }

  /// A write of the index removes what killed writers of it left: a temporary file whose
  /// process is gone; a running writer's is left alone.
  @Test func aWriteRemovesTheTemporariesOfDeadWriters() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try Self.sync(store)
    let folder = FileSystem.directory(of: Self.indexPath(store))
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let dead = LastRowIndex.fileName + ".tmp-2147483647"
    // The parent is alive; this process's own id is the one the write itself uses.
    let live = LastRowIndex.fileName + ".tmp-\(getppid())"
    for name in [dead, live] { try Self.write("x", to: folder + "/" + name) }
    _ = try store.lastRows(of: [Self.bitcoin])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == [LastRowIndex.fileName, live])
  }

  /// Each number of a stamp is read whole up to 64 bits; a longer one skips its entry.
  @Test func stampNumbersAreReadUpToSixtyFourBits() {
    let text =
      LastRowIndex.header + "\n"
      + "a.csv\t18446744073709551615\t1234567890123456789\t0\t9223372036854775807\t1\tx\n"
      + "b.csv\t18446744073709551616\t1\t1\t1\t1\tx\n"
      + "c.csv\t1\t1\t9223372036854775808\t1\t1\tx\n"
      + "d.csv\t1\t+1\t1\t1\t1\tx\n"
      + "e.csv\t\t1\t1\t1\t1\tx\n"
    let entries = LastRowIndex.entries(in: Array(text.utf8))
    #expect(entries.map(\.name) == ["a.csv"])
    #expect(
      entries.first?.stamp
        == FileStamp(
          device: .max, inode: 1_234_567_890_123_456_789, size: 0, modified: .max, changed: 1))
  }
}
