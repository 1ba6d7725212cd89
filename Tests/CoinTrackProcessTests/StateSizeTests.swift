import CoinTrackTestSupport
import Foundation
import Testing

/// Trades at a trader's scale: they live in their own journal beside the state file, so a state
/// grown past the 16 MiB a state file may hold still takes a trade and reads back; appends from
/// many processes lose nothing, and a removal rewrites the journal.
@Suite struct StateSizeTests {
  /// A trade file of `count` buys of 0.001 BTC, one a day from 2017-08-17 on (cycling).
  static func trades(_ count: Int, firstDay: Int = 0) -> String {
    var text = "date,side,coin,quantity,price,fee,currency\n"
    let start = Date(timeIntervalSince1970: 1_502_928_000)  // 2017-08-17
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    for index in 0..<count {
      let day = start.addingTimeInterval(Double((firstDay + index) % 3000) * 86_400)
      text += "\(formatter.string(from: day)),buy,BTC,0.001,42000.10,0.5,USDT\n"
    }
    return text
  }

  @Test func aStateGrownPastTheOldBoundByImportAndThenByOneBuyReadsBack() throws {
    let sandbox = try Sandbox()
    let file = sandbox.root.appendingPathComponent("trades.csv")
    try Self.trades(40_000).write(to: file, atomically: true, encoding: .utf8)
    let first = try sandbox.run(["portfolio", "import", file.path, "--format", "csv"])
    #expect(first.status == 0, "\(first.standardError)")
    // 70,000 trades: about 17 MB as schema 5 kept them (indented, in the state file), past the
    // 16 MiB a state file may hold.
    try Self.trades(30_000, firstDay: 7).write(to: file, atomically: true, encoding: .utf8)
    let second = try sandbox.run(["portfolio", "import", file.path, "--format", "csv"])
    #expect(second.status == 0, "\(second.standardError)")
    let buy = try sandbox.run([
      "portfolio", "buy", "btc", "1", "--price", "60000", "--date", "2026-05-01",
    ])
    #expect(buy.status == 0, "\(buy.standardError)")
    // The state file holds no trade: it stays small whatever their number.
    #expect(try #require(sandbox.stateData()).count < 4096)
    let journal = try Data(contentsOf: sandbox.tradesFile)
    #expect(journal.filter { $0 == UInt8(ascii: "\n") }.count == 70_001)

    let listed = try sandbox.run(["portfolio", "trades", "--format", "tsv", "--no-header"])
    #expect(listed.status == 0, "\(listed.standardError)")
    let rows = listed.standardOutput.split(separator: "\n")
    #expect(rows.count == 70_001)
    #expect(rows.filter { $0.hasPrefix("70001\t2026-05-01\tbuy\tBTC\t") }.count == 1)
    let shown = try sandbox.run(["portfolio", "show", "--format", "csv", "--no-header"])
    #expect(shown.status == 0, "\(shown.standardError)")
    // 70 BTC imported at 0.001 each, and the one bought.
    #expect(shown.standardOutput.hasPrefix("BTC,71,"), "\(shown.standardOutput)")
  }

  @Test func aSellChecksTheJournalAndARemovalRewritesIt() throws {
    let sandbox = try Sandbox()
    let file = sandbox.root.appendingPathComponent("trades.csv")
    try Self.trades(3).write(to: file, atomically: true, encoding: .utf8)
    #expect(try sandbox.run(["portfolio", "import", file.path]).status == 0)
    let over = try sandbox.run(["portfolio", "sell", "btc", "0.004", "--price", "1"])
    #expect(over.status == 65, "\(over.standardError)")
    let before = try Data(contentsOf: sandbox.tradesFile)
    let removed = try sandbox.run(["portfolio", "remove", "2"])
    #expect(removed.status == 0, "\(removed.standardError)")
    let after = try String(contentsOf: sandbox.tradesFile, encoding: .utf8)
    #expect(after.split(separator: "\n").map { $0.prefix(8) } == [#"{"id":1,"#, #"{"id":3,"#])
    #expect(Data(after.utf8) != before)
    // A sale the removal made too large is refused.
    let sell = try sandbox.run(["portfolio", "sell", "btc", "0.003", "--price", "1"])
    #expect(sell.status == 65)
    #expect(try Data(contentsOf: sandbox.tradesFile) == Data(after.utf8))
    let buy = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "1", "--format", "csv"])
    #expect(buy.standardOutput.contains("\r\n4,"), "ids are never given again: \(buy)")
  }

  @Test func twoProcessesAppendingTogetherLoseNoTradeAndShareNoId() throws {
    let sandbox = try Sandbox()
    let wait: [String: String?] = ["COINTRACK_LOCK_TIMEOUT": "120"]
    let buyers = try (0..<16).map { index in
      try sandbox.spawn(
        [
          "portfolio", "buy", index.isMultiple(of: 2) ? "btc" : "eth", "0.\(index + 1)",
          "--price", "10", "--format", "csv", "--no-header",
        ],
        environment: wait)
    }
    let readers = try (0..<4).map { _ in try sandbox.spawn(["portfolio", "trades"]) }
    let ids = buyers.map { $0.finish() }.compactMap { result -> Int? in
      #expect(result.status == 0, "\(result.standardError)")
      return Int(result.standardOutput.prefix { $0 != "," })
    }
    for reader in readers {
      let result = reader.finish()
      #expect(result.status == 0, "a reader sees whole writes: \(result.standardError)")
    }
    #expect(ids.sorted() == Array(1...16))
    let lines = try String(contentsOf: sandbox.tradesFile, encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 16)
    #expect(lines.map { Int($0.dropFirst(6).prefix { $0 != "," }) } == (1...16).map(Optional.some))
  }
}
