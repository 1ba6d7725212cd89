import CoinTrackTestSupport
import Foundation
import Testing

/// The zeros a source pads its closes with (Binance answers `24012.00000000`) set neither the
/// decimals money is shown with nor a table column's: a column keeps one number of decimals
/// across the snapshot's end, while CSV keeps each close's text.
@Suite struct DisplayDecimalsTests {
  static func sandboxWithPaddedCloses() throws -> Sandbox {
    let sandbox = try Sandbox()
    let history = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try """
    date,symbol,price,currency,source
    2026-05-21,BTC,78000.00000000,USDT,binance
    2026-05-22,BTC,78120.50000000,USDT,binance

    """.write(to: history.appendingPathComponent("bitcoin.csv"), atomically: true, encoding: .utf8)
    return sandbox
  }

  @Test func paddedClosesDoNotWidenMoney() throws {
    let sandbox = try Self.sandboxWithPaddedCloses()
    let today = ["COINTRACK_TODAY": "2026-05-23"]
    let buy = try sandbox.run(
      ["portfolio", "buy", "btc", "0.5", "--price", "60000", "--date", "2026-05-01"],
      environment: today)
    #expect(buy.status == 0, "\(buy.standardError)")
    let show = try sandbox.run(
      ["portfolio", "show", "--format", "csv", "--fields", "symbol,cost,price,value,unrealised"],
      environment: today)
    #expect(show.status == 0, "\(show.standardError)")
    #expect(
      show.standardOutput
        == "symbol,cost,price,value,unrealised\r\nBTC,30000.00,78120.50000000,39060.25,9060.25\r\n"
        + "TOTAL,30000.00,,39060.25,9060.25\r\n")
    let history = try sandbox.run(
      [
        "portfolio", "history", "--from", "2026-05-20", "--to", "2026-05-22", "--format", "csv",
        "--fields", "date,value",
      ], environment: today)
    #expect(
      history.standardOutput
        == "date,value\r\n2026-05-20,38776.12\r\n2026-05-21,39000.00\r\n2026-05-22,39060.25\r\n")
  }

  @Test func aPriceColumnKeepsItsDecimalsAcrossTheSnapshotsEnd() throws {
    let sandbox = try Self.sandboxWithPaddedCloses()
    let range = ["prices", "btc", "--from", "2026-05-19", "--to", "2026-05-22"]
    let table = try sandbox.run(range, environment: ["COINTRACK_TODAY": "2026-05-23"])
    #expect(table.status == 0, "\(table.standardError)")
    #expect(
      table.standardOutput == """
        DATE        SYMBOL     PRICE  CURRENCY  SOURCE
        2026-05-19  BTC     76834.36  USDT      offline
        2026-05-20  BTC     77552.23  USDT      offline
        2026-05-21  BTC     78000.00  USDT      binance
        2026-05-22  BTC     78120.50  USDT      binance

        """)
    let csv = try sandbox.run(
      range + ["--format", "csv", "--fields", "price"],
      environment: ["COINTRACK_TODAY": "2026-05-23"])
    #expect(
      csv.standardOutput == "price\r\n76834.36\r\n77552.23\r\n78000.00000000\r\n78120.50000000\r\n")
  }
}
