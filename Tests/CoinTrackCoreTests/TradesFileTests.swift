import CoinTrackTestSupport
import Foundation
import Testing

@testable import CoinTrackCore

/// The trades journal: what is appended reads back unchanged, a torn last line is ignored and
/// then removed, a removal rewrites it, a version 5 state migrates into it with its backup, and
/// the reader's bounds hold.
@Suite struct TradesFileTests {
  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")

  /// `trades` appended to a fresh journal and read back.
  static func readBack(_ trades: [Trade], nextTradeID: Int) throws -> [Trade] {
    let directory = try TemporaryDirectory()
    let journal = TradesFile(path: directory.url.path + "/" + TradesFile.fileName)
    try journal.append(trades, at: try journal.prepareAppend(count: try journal.size(of: trades)))
    return try journal.readTrades(nextTradeID: nextTradeID)
  }

  /// A fresh directory whose store holds one buy, with its tracker, store and journal.
  static func oneBuyRecorded() throws -> (TemporaryDirectory, Tracker, StateStore, TradesFile) {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    let store = directory.store()
    _ = try tracker.recordTrades([trade(.buy, "2", "2024-01-01")])
    return (directory, tracker, store, TradesFile(besideStateFile: store.path))
  }

  static func trade(_ side: TradeSide, _ quantity: String, _ day: String) -> Trade {
    Trade(
      id: 0, day: Day(iso: day)!, side: side, coin: bitcoin,
      quantity: Price(decimalText: quantity)!, price: Price(decimalText: "100")!,
      fee: Price(decimalText: "0")!, currency: "USDT")
  }

  @Test func randomTradesReadBackUnchanged() throws {
    var random = SeededGenerator(seed: 26)
    let names = ["Bitcoin", "Zoë \"coin\"", "a\\b/c", "日本"]
    var trades: [Trade] = []
    for id in 1...300 {
      let decimals = Int(random.next(below: 19))
      let whole = String(random.next(below: 1_000_000) + 1)
      let fraction = String((0..<decimals).map { _ in "0123456789".randomElement(using: &random)! })
      let quantity = decimals == 0 ? whole : whole + "." + fraction
      let coin = Coin(
        symbol: "C\(random.next(below: 50))", name: names[Int(random.next(below: 4))],
        coingeckoID: random.next(below: 2) == 0 ? nil : "coin-\(random.next(below: 50))")
      trades.append(
        Trade(
          id: id * 3, day: Day(iso: "2020-01-01")!.adding(days: Int(random.next(below: 2000))),
          side: .buy, coin: coin, quantity: Price(decimalText: quantity)!,
          price: Price(decimalText: "\(random.next(below: 100_000)).\(random.next(below: 100))")!,
          fee: Price(decimalText: "0.\(random.next(below: 1000))")!,
          currency: ["USD", "USDT", "EUR"][Int(random.next(below: 3))]))
    }
    #expect(try Self.readBack(trades, nextTradeID: 901) == trades)
  }

  @Test func aTornLastLineIsIgnoredThenRemovedAndItsIdNeverGivenAgain() throws {
    let (directory, tracker, store, journal) = try Self.oneBuyRecorded()
    defer { withExtendedLifetime(directory) {} }
    // A crash during the append of trade 2, after the state file gave its id out.
    try store.update { $0.nextTradeID = 3 }
    let whole = try #require(FileManager.default.contents(atPath: journal.path))
    let handle = try #require(FileHandle(forWritingAtPath: journal.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"id":2,"date":"2024-01-02","side":"bu"#.utf8))
    try handle.close()
    #expect(try store.loadTrades().map(\.id) == [1])
    let next = try tracker.recordTrades([Self.trade(.sell, "1", "2024-01-03")])
    #expect(next.map(\.id) == [3])
    let after = try #require(FileManager.default.contents(atPath: journal.path))
    #expect(after.starts(with: whole))
    #expect(after.count > whole.count)
    #expect(String(decoding: after, as: UTF8.self).split(separator: "\n").count == 2)
    #expect(try store.loadTrades().map(\.id) == [1, 3])
  }

  @Test func aBuyReadsNoJournalButASellDoes() throws {
    let (directory, tracker, store, journal) = try Self.oneBuyRecorded()
    defer { withExtendedLifetime(directory) {} }
    // Damage before the last line: only a reader of the whole journal sees it.
    var text = try String(contentsOfFile: journal.path, encoding: .utf8)
    text = "{}\n" + text
    try text.write(toFile: journal.path, atomically: false, encoding: .utf8)
    _ = try tracker.recordTrades([Self.trade(.buy, "1", "2024-01-02")])
    #expect(throws: StateError.self) {
      try tracker.recordTrades([Self.trade(.sell, "1", "2024-01-03")])
    }
    #expect(throws: StateError.self) { try store.loadTrades() }
  }

  @Test func aRemovalRewritesTheJournal() throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    let store = directory.store()
    let recorded = try tracker.recordTrades([
      Self.trade(.buy, "2", "2024-01-01"), Self.trade(.buy, "1", "2024-01-02"),
      Self.trade(.sell, "1", "2024-01-03"),
    ])
    let before = try store.load().revision
    #expect(try tracker.removeTrades(["2"]) == [recorded[1]])
    #expect(try store.loadTrades() == [recorded[0], recorded[2]])
    #expect(try store.load().revision == before + 1)
    #expect(try store.load().nextTradeID == 4)
    let text = try String(
      contentsOfFile: TradesFile(besideStateFile: store.path).path, encoding: .utf8)
    #expect(text.split(separator: "\n").map { $0.hasPrefix(#"{"id":2,"#) } == [false, false])
  }

  @Test func aVersion5FileReadsAsItIsAndMigratesIntoTheJournalWithABackup() throws {
    let fixture = try StateFixture()
    let version5 = Array(
      StateDocumentReadingTests.document().replacingOccurrences(
        of: #""alerts":[\#(StateDocumentReadingTests.alert)]"#, with: #""alerts":[]"#
      ).utf8)
    try fixture.write(version5)
    let store = fixture.store()
    let stored = try store.loadTrades()
    #expect(stored.map(\.id) == [3])
    #expect(fixture.bytes(of: TradesFile(besideStateFile: fixture.path).path) == nil)
    let tracker = Tracker(
      openStore: { store }, source: SnapshotPriceSource(), today: Day(iso: "2026-05-20")!)
    let recorded = try tracker.recordTrades([Self.trade(.buy, "1", "2026-05-02")])
    #expect(recorded.map(\.id) == [4])
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 5)) == version5)
    let document = try JSONParser.parse(try #require(fixture.bytes()))
    #expect(document["schema_version"] == .number("6"))
    #expect(document["trades"] == nil)
    #expect(try store.loadTrades() == stored + recorded)
    let lines = try #require(fixture.bytes(of: TradesFile(besideStateFile: fixture.path).path))
    #expect(lines.filter { $0 == UInt8(ascii: "\n") }.count == 2)
  }

  @Test func theReaderRefusesALineOverItsBoundAndIdsOutOfOrder() throws {
    let directory = try TemporaryDirectory()
    let journal = TradesFile(path: directory.url.path + "/" + TradesFile.fileName)
    let long = String(repeating: " ", count: TradesFile.maximumLineLength) + "{}\n"
    try long.write(toFile: journal.path, atomically: false, encoding: .utf8)
    #expect(
      throws: StateError.unusable(
        path: journal.path,
        reason: "line 1 is longer than the \(TradesFile.maximumLineLength) bytes allowed")
    ) { try journal.readTrades(nextTradeID: 10) }
    var first = Self.trade(.buy, "1", "2024-01-01")
    first.id = 5
    var second = first
    second.id = 4
    let lines = try journal.lines(of: [first, second])
    try Data(lines).write(to: URL(fileURLWithPath: journal.path))
    #expect(
      throws: StateError.unusable(
        path: journal.path, reason: "line 2: 'id' is 4, not above the id of the trade before")
    ) { try journal.readTrades(nextTradeID: 10) }
    try Data(try journal.lines(of: [first])).write(to: URL(fileURLWithPath: journal.path))
    #expect(
      throws: StateError.unusable(
        path: journal.path, reason: "'next_trade_id' is 5 but trade id 5 is already used")
    ) { try journal.readTrades(nextTradeID: 5) }
  }
}
