import Foundation
import Testing

/// The state's writer keeps the bound its reader enforces: a change that would make the file
/// larger than a read allows is refused, and the file stays as it was, readable.
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

  @Test func anImportThatWouldOutgrowTheStateIsRefusedAndTheFileStaysReadable() throws {
    let sandbox = try Sandbox()
    let file = sandbox.root.appendingPathComponent("trades.csv")
    try Self.trades(40_000).write(to: file, atomically: true, encoding: .utf8)
    let first = try sandbox.run(["portfolio", "import", file.path, "--format", "csv"])
    #expect(first.status == 0, "\(first.standardError)")
    let before = try #require(sandbox.stateData())
    #expect(before.count < 16 * 1024 * 1024)

    try Self.trades(30_000, firstDay: 7).write(to: file, atomically: true, encoding: .utf8)
    let second = try sandbox.run(["portfolio", "import", file.path])
    #expect(second.status == 65)
    #expect(second.standardOutput == "")
    #expect(
      second.standardError.hasPrefix(
        "cointrack: this change would make '\(sandbox.stateFile.path)' "),
      "\(second.standardError)")
    #expect(
      second.standardError.hasSuffix(
        " bytes, more than the 16777216 bytes a state file may hold; nothing was changed.\n"))
    #expect(sandbox.stateData() == before)
    // What was stored still reads, and a change that fits is still made.
    let listed = try sandbox.run(["portfolio", "trades", "--format", "tsv", "--no-header"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.split(separator: "\n").count == 40_000)
    let buy = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "60000"])
    #expect(buy.status == 0, "\(buy.standardError)")
  }
}
