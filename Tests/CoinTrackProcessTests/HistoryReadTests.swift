import Foundation
import Testing

/// Which history files the offline commands open, watched from outside with strace on the real
/// binary: a command reads the files of the coins it shows and never tries another coin's.
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

  /// Once a list has kept the files' last rows in the cache, the next opens no history file;
  /// a file rewritten in place to the same size is opened again and its new row shown.
  @Test func aListAfterTheFirstOpensOnlyTheFilesThatChanged() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bitcoin = folder.appendingPathComponent("bitcoin.csv")
    let header = "date,symbol,price,currency,source\n"
    try (header + "2026-05-24,BTC,79001.3,USDT,binance\n").write(
      to: bitcoin, atomically: true, encoding: .utf8)
    try (header + "2026-05-24,ETH,2160.75,USDT,binance\n").write(
      to: folder.appendingPathComponent("ethereum.csv"), atomically: true, encoding: .utf8)
    // A file changed less than a second before it is read is not kept.
    Thread.sleep(forTimeInterval: 1.2)
    #expect(try Self.historyOpens(sandbox, ["coins", "list"]) == ["bitcoin.csv", "ethereum.csv"])
    let index = sandbox.cacheHome.appendingPathComponent("cointrack/history-last-rows")
    #expect(try String(contentsOf: index, encoding: .utf8).split(separator: "\n").count == 3)

    var output = ""
    #expect(try Self.historyOpens(sandbox, ["coins", "list"], output: &output) == [])
    #expect(output.contains("79001.3") && output.contains("2160.75"), "\(output)")

    let handle = try FileHandle(forWritingTo: bitcoin)
    try handle.write(contentsOf: Data((header + "2026-05-24,BTC,79001.4,USDT,binance\n").utf8))
    try handle.close()
    #expect(try Self.historyOpens(sandbox, ["coins", "list"], output: &output) == ["bitcoin.csv"])
    #expect(output.contains("79001.4") && !output.contains("79001.3"), "\(output)")
  }

  /// `portfolio history` run again prints the same rows; a file rewritten in place is read
  /// again and its new close valued. (It reads closes through `dailyPriceRows`, which does not
  /// keep them in the closes cache.)
  @Test func portfolioHistoryRunAgainReadsTheFilesThatChanged() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bitcoin = folder.appendingPathComponent("bitcoin.csv")
    let text =
      "date,symbol,price,currency,source\n"
      + (1...4).map { "2026-05-2\($0),BTC,7900\($0).3,USDT,binance\n" }.joined()
    try text.write(to: bitcoin, atomically: true, encoding: .utf8)
    // A file changed less than a second before it is read is not kept.
    Thread.sleep(forTimeInterval: 1.2)
    let bought = try sandbox.run(
      ["portfolio", "buy", "btc", "2", "--price", "70000", "--date", "2026-05-21"],
      environment: ["COINTRACK_TODAY": "2026-05-25"])
    #expect(bought.status == 0, "\(bought.standardError)")
    let history = [
      "portfolio", "history", "--from", "2026-05-21", "--to", "2026-05-24", "--format", "csv",
    ]

    var first = ""
    #expect(try Self.historyOpens(sandbox, history, output: &first) == ["bitcoin.csv"])
    #expect(first.contains("2026-05-23,158006.60,"), "\(first)")

    var second = ""
    _ = try Self.historyOpens(sandbox, history, output: &second)
    #expect(second == first)

    let handle = try FileHandle(forWritingTo: bitcoin)
    try handle.write(
      contentsOf: Data(text.replacingOccurrences(of: "79003.3", with: "79003.9").utf8))
    try handle.close()
    var third = ""
    #expect(try Self.historyOpens(sandbox, history, output: &third) == ["bitcoin.csv"])
    #expect(third.contains("2026-05-23,158007.80,"), "\(third)")
  }
}
