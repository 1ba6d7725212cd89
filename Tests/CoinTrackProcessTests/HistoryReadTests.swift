import CoinTrackTestSupport
import Foundation
import Testing

/// Which history files the offline commands open, watched from outside with strace on the real
/// binary: a command reads the files of the coins it shows and never tries another coin's; and a
/// file changed between runs is read as it is now.
@Suite struct HistoryReadTests {
  /// The paths under the history folder that `arguments` opens, or tries to; `output` gets
  /// what the command wrote to stdout.
  private static func historyOpens(
    _ sandbox: Sandbox, _ arguments: [String], output: inout String
  ) throws -> [String] {
    let strace = try ExternalTool.require("strace", installHint: "apt-get install strace")
    let trace = sandbox.root.appendingPathComponent("trace.txt")
    let result = try ExternalTool.run(
      strace,
      ["-o", trace.path, "-e", "trace=openat,open", Sandbox.binary.path] + arguments,
      environment: sandbox.environment.merging(["COINTRACK_TODAY": "2026-05-25"]) { $1 })
    #expect(result.status == 0, "\(result)")
    output = result.standardOutput
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history").path + "/"
    return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap {
      line in
      guard let start = line.range(of: "\"\(folder)") else { return nil }
      let path = line[start.upperBound...].prefix { $0 != "\"" }
      return path.isEmpty ? nil : String(path)
    }
  }

  private static func historyOpens(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String] {
    var output = ""
    return try historyOpens(sandbox, arguments, output: &output)
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

  /// A history file rewritten in place to the same size, between two runs, is read anew by
  /// each command: `coins list` shows its new last row and `portfolio history` values its new
  /// close.
  @Test func aFileRewrittenInPlaceIsReadAnew() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bitcoin = folder.appendingPathComponent("bitcoin.csv")
    let text =
      "date,symbol,price,currency,source\n"
      + (1...4).map { "2026-05-2\($0),BTC,7900\($0).3,USDT,binance\n" }.joined()
    try text.write(to: bitcoin, atomically: true, encoding: .utf8)
    let today = ["COINTRACK_TODAY": "2026-05-25"]
    let bought = try sandbox.run(
      ["portfolio", "buy", "btc", "2", "--price", "70000", "--date", "2026-05-21"],
      environment: today)
    #expect(bought.status == 0, "\(bought.standardError)")
    let list = ["coins", "list"]
    let history = [
      "portfolio", "history", "--from", "2026-05-21", "--to", "2026-05-24", "--format", "csv",
    ]
    // Each run twice, as a second run is what a kept answer would give.
    for _ in 1...2 {
      let listed = try sandbox.run(list, environment: today)
      #expect(listed.standardOutput.contains("79004.3"), "\(listed)")
      let valued = try sandbox.run(history, environment: today)
      #expect(valued.standardOutput.contains("2026-05-23,158006.60,"), "\(valued)")
    }

    let handle = try FileHandle(forWritingTo: bitcoin)
    try handle.write(
      contentsOf: Data(
        text.replacingOccurrences(of: "79003.3", with: "79003.9")
          .replacingOccurrences(of: "79004.3", with: "79004.4").utf8))
    try handle.close()
    let listed = try sandbox.run(list, environment: today)
    #expect(
      listed.standardOutput.contains("79004.4") && !listed.standardOutput.contains("79004.3"),
      "\(listed)")
    let valued = try sandbox.run(history, environment: today)
    #expect(valued.standardOutput.contains("2026-05-23,158007.80,"), "\(valued)")
  }
}
