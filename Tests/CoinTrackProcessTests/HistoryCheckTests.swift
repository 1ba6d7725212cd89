import CoinTrackTestSupport
import Foundation
import Testing

/// The history's checks through the real binary: what `sync` writes is what the readers accept
/// (a close too long for a line is refused before anything is written), a file's rows name its
/// coin, and a row after the real date is left out, said, and never makes a coin current.
@Suite struct HistoryCheckTests {
  /// The history folder of `sandbox`, made.
  static func folder(_ sandbox: Sandbox) throws -> URL {
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// BTC's history file in `sandbox`: a close of 2026-05-21 and one of 2999-01-01, after the
  /// real date.
  static func bitcoinWithARowIn2999(_ sandbox: Sandbox) throws -> URL {
    let bitcoin = try folder(sandbox).appendingPathComponent("bitcoin.csv")
    try Data(
      "date,symbol,price,currency,source\n2026-05-21,BTC,77815.01,USDT,binance\n2999-01-01,BTC,1,USDT,binance\n"
        .utf8
    ).write(to: bitcoin)
    return bitcoin
  }

  @Test func aCloseTooLongForAHistoryLineFailsItsCoinAloneAndStoresNothing() throws {
    let huge = String(repeating: "9", count: 600)
    let api = try FakePriceAPI(
      [
        .init(
          path: "/api/v3/klines", query: ["symbol": "BTCUSDT"],
          body: SyncTests.klines("BTCUSDT").replacingOccurrences(of: "78120.5", with: huge))
      ] + ["ETHUSDT", "BNBUSDT", "SOLUSDT", "XRPUSDT"].map { SyncTests.route($0) })
    let sandbox = try Sandbox()
    let sync = try sandbox.run(
      ["sync", "--format", "csv", "--fields", "symbol,days_added,status"],
      environment: SyncTests.environment(api))
    #expect(
      sync.standardOutput
        == "symbol,days_added,status\r\nBTC,0,failed\r\nETH,4,added\r\nBNB,4,added\r\n"
        + "SOL,4,added\r\nXRP,4,added\r\n")
    #expect(
      sync.standardError
        == """
        cointrack: error: BTC (@bitcoin): binance sent an answer cointrack cannot use: a price is 600 characters long, more than the 256 a quote may have; nothing was cached.
        cointrack: 1 of 5 coins could not be synced (see above); the closes of the others are stored.

        """)
    // An unusable answer, as a malformed body is: refused before the cache and the history.
    #expect(sync.status == 69)
    #expect(SyncTests.historyFile(sandbox, "bitcoin.csv") == nil)
    #expect(SyncTests.historyFile(sandbox, "ethereum.csv")?.split(separator: "\n").count == 5)
    let offline: [String: String?] = ["COINTRACK_TODAY": SyncTests.today]
    let list = try sandbox.run(["coins", "list", "--format", "csv"], environment: offline)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains(",ETH,Ethereum,2160.75,2026-05-24,USDT,binance,"))
    let prices = try sandbox.run(
      ["prices", "btc", "--from", "2026-05-19", "--to", "2026-05-20", "--format", "csv"],
      environment: offline)
    #expect(prices.status == 0, "\(prices.standardError)")
    // Nothing of the refused answer was cached: once the source answers well, BTC syncs.
    let mended = try FakePriceAPI(["BTCUSDT"].map { SyncTests.route($0) })
    let again = try sandbox.run(
      ["sync", "btc", "--format", "csv", "--fields", "symbol,days_added,status", "--no-header"],
      environment: SyncTests.environment(mended))
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardOutput == "BTC,4,added\r\n")
  }

  @Test func aFileWhoseRowsNameAnotherCoinIsRefusedNeverReadAsItsCoin() throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(sandbox)
    let bitcoin = folder.appendingPathComponent("bitcoin.csv")
    let ether = "date,symbol,price,currency,source\n2026-05-21,ETH,2130.1,USDT,binance\n"
    try Data(ether.utf8).write(to: bitcoin)
    let offline: [String: String?] = ["COINTRACK_TODAY": SyncTests.today]
    let prices = try sandbox.run(
      ["prices", "btc", "--from", "2026-05-20", "--to", "2026-05-21"], environment: offline)
    #expect(prices.status == 65)
    #expect(
      prices.standardError
        == "cointrack: the price history '\(bitcoin.path)' is damaged at line 2: the row names "
        + "ETH, not BTC, the coin of this file; it was left untouched. Move it away and run "
        + "'cointrack sync' to fetch the coin's closes again.\n")
    let list = try sandbox.run(["coins", "list"], environment: offline)
    #expect(list.status == 65)
    #expect(
      list.standardError.contains(
        "'\(bitcoin.path)' is damaged at its last line: the row names ETH, not BTC"))
    // A coin known by its symbol alone, whose file holds another symbol's rows.
    let foo = folder.appendingPathComponent("symbol%2FFOO.csv")
    try Data(ether.replacingOccurrences(of: "ETH", with: "BAR").utf8).write(to: foo)
    let other = try sandbox.run(
      ["prices", "@symbol/FOO", "--from", "2026-05-21", "--to", "2026-05-21"], environment: offline)
    #expect(other.status == 65)
    #expect(
      other.standardError.contains("'\(foo.path)' is damaged at line 2: the row names BAR, not FOO")
    )
    // Sync refuses to add to it, and leaves it as it was.
    let api = try FakePriceAPI(SyncTests.closes.keys.map { SyncTests.route($0) })
    let sync = try sandbox.run(["sync", "btc", "eth"], environment: SyncTests.environment(api))
    #expect(sync.status == 65)
    #expect(try String(contentsOf: bitcoin, encoding: .utf8) == ether)
    #expect(SyncTests.historyFile(sandbox, "ethereum.csv")?.split(separator: "\n").count == 5)
  }

  @Test func aRowAfterTheRealDateIsLeftOutWithANoteAndSyncFillsTheDaysBefore() throws {
    let sandbox = try Sandbox()
    let bitcoin = try Self.bitcoinWithARowIn2999(sandbox)
    let note =
      "cointrack: note: the price history '\(bitcoin.path)' has a row of 2999-01-01 at line 3, "
      + "after today; no source has closed that day, so the row is left out (and dropped when "
      + "'cointrack sync' next stores closes of the coin).\n"
    let offline: [String: String?] = ["COINTRACK_TODAY": SyncTests.today]
    let prices = try sandbox.run(
      ["prices", "btc", "--from", "2026-05-20", "--to", "2026-05-21", "--format", "csv"],
      environment: offline)
    #expect(prices.status == 0, "\(prices.standardError)")
    #expect(prices.standardOutput.hasSuffix("2026-05-21,BTC,77815.01,USDT,binance,true\r\n"))
    #expect(prices.standardError == note)
    let list = try sandbox.run(["coins", "list", "--format", "csv"], environment: offline)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains(",BTC,Bitcoin,77815.01,2026-05-21,USDT,binance,"))
    #expect(list.standardError.hasSuffix(note), "\(list.standardError)")

    // The coin is not current: the days up to yesterday the file lacks are synced, and the row
    // no source can have closed is said and dropped.
    // Binance answers the days asked, from 2026-05-22.
    let api = try FakePriceAPI([
      .init(
        path: "/api/v3/klines",
        query: [
          "symbol": "BTCUSDT", "startTime": String(SyncTests.firstMilliseconds + 86_400_000),
        ],
        body: "[[" + SyncTests.klines("BTCUSDT").split(separator: "],[", maxSplits: 1)[1])
    ])
    let sync = try sandbox.run(
      ["sync", "btc", "--format", "csv", "--fields", "symbol,first_added,last_added,status"],
      environment: SyncTests.environment(api))
    #expect(sync.status == 0, "\(sync.standardError)")
    #expect(
      sync.standardOutput
        == "symbol,first_added,last_added,status\r\nBTC,2026-05-22,2026-05-24,added\r\n")
    #expect(sync.standardError == note)
    #expect(
      SyncTests.historyFile(sandbox, "bitcoin.csv")
        == "date,symbol,price,currency,source\n2026-05-21,BTC,77815.01,USDT,binance\n"
        + "2026-05-22,BTC,78120.5,USDT,binance\n2026-05-23,BTC,77990.00,USDT,binance\n"
        + "2026-05-24,BTC,79001.3,USDT,binance\n")

    // Rows after a --today in the past are simply not asked for: no note.
    let past = try sandbox.run(["coins", "list", "--today", "2026-05-22"])
    #expect(past.status == 0, "\(past.standardError)")
    #expect(!past.standardError.contains("after today"), "\(past.standardError)")
  }

  /// A trade command reads the history on the day it is asked to be, whatever the profile's
  /// source is chosen for: a row after the real date but not after --today is no note.
  @Test func aTradeOnALaterTodayReadsTheHistoryOnThatDay() throws {
    let sandbox = try Sandbox()
    _ = try Self.bitcoinWithARowIn2999(sandbox)
    let later = ["--today", "2999-01-02"]
    let buy = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "60000"] + later)
    #expect(buy.status == 0, "\(buy.standardError)")
    #expect(buy.standardError == "")
    let income = try sandbox.run(
      ["portfolio", "income", "btc", "0.5", "--date", "2999-01-01", "--format", "csv"] + later)
    #expect(income.status == 0, "\(income.standardError)")
    #expect(income.standardError == "")
    // Valued at that day's close, the row after the real date: 0.5 BTC of income at 1 USDT.
    #expect(
      income.standardOutput.contains("2999-01-01,staking,BTC,bitcoin,0.5,1,0,USDT"),
      "\(income.standardOutput)")
  }
}
