import Foundation
import Testing

/// Which history files the offline commands open, watched from outside with strace on the real
/// binary: a command reads the files of the coins it shows and never tries another coin's.
@Suite struct HistoryReadTests {
  /// The paths under the history folder that `arguments` opens, or tries to.
  private static func historyOpens(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String] {
    let strace = try ExternalTool.require("strace", installHint: "apt-get install strace")
    let trace = sandbox.root.appendingPathComponent("trace.txt")
    let result = try ExternalTool.run(
      strace,
      ["-o", trace.path, "-e", "trace=openat,open", Sandbox.binary.path] + arguments,
      environment: sandbox.environment.merging(["COINTRACK_TODAY": "2026-05-25"]) { $1 })
    #expect(result.status == 0, "\(result)")
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history").path + "/"
    return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap {
      line in
      guard let start = line.range(of: "\"\(folder)") else { return nil }
      let path = line[start.upperBound...].prefix { $0 != "\"" }
      return path.isEmpty ? nil : String(path)
    }
  }

  @Test func aListOpensOnlyTheFilesThereAreAndPricesOnlyItsCoins() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "date,symbol,price,currency,source\n2026-05-24,BTC,79001.3,USDT,binance\n".write(
      to: folder.appendingPathComponent("bitcoin.csv"), atomically: true, encoding: .utf8)
    try "date,symbol,price,currency,source\n2026-05-24,ETH,2160.75,USDT,binance\n".write(
      to: folder.appendingPathComponent("ethereum.csv"), atomically: true, encoding: .utf8)

    // Five tracked coins, two with a file: the folder is listed and only those two are opened.
    let list = try Self.historyOpens(sandbox, ["coins", "list"])
    #expect(list == ["bitcoin.csv", "ethereum.csv"], "\(list)")
    // One coin's prices open its file alone, once.
    let prices = try Self.historyOpens(
      sandbox, ["prices", "btc", "--from", "2026-05-20", "--to", "2026-05-24"])
    #expect(prices == ["bitcoin.csv"], "\(prices)")
  }
}
