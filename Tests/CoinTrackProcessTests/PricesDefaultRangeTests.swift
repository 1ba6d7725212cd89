import CoinTrackTestSupport
import Foundation
import Testing

/// `prices COIN` without dates prints the latest close on or before today, and without `--to`
/// the range ends on the last day the offline data holds; the note about old data names `sync`
/// only when a sync could add days.
@Suite struct PricesDefaultRangeTests {
  @Test func withoutDatesAFreshHomeGetsTheSnapshotsLastCloseAndHowToUpdate() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["prices", "btc", "--format", "csv"], environment: ["COINTRACK_TODAY": "2026-11-26"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n"
        + "2026-05-20,BTC,77552.23,USDT,offline,true\r\n")
    #expect(
      result.standardError
        == "cointrack: note: the offline source holds BTC up to 2026-05-20 (190 days ago); "
        + "run 'cointrack sync BTC' to fetch the closed days since, or ask a live source with "
        + "--source.\n")
    // The row is the one `coins list` shows.
    let list = try sandbox.run(
      ["coins", "list", "--format", "csv", "--fields", "symbol,price,date", "--no-header"],
      environment: ["COINTRACK_TODAY": "2026-11-26"])
    #expect(list.standardOutput.hasPrefix("BTC,77552.23,2026-05-20\r\n"))
  }

  @Test func withoutToTheRangeEndsOnTheLastDayTheDataHolds() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["prices", "eth", "--from", "2026-05-18", "--format", "csv", "--fields", "date,price"],
      environment: ["COINTRACK_TODAY": "2026-11-26"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == "date,price\r\n2026-05-18,2130.08\r\n2026-05-19,2111.93\r\n2026-05-20,2129.44\r\n")
    #expect(result.standardError.contains("run 'cointrack sync ETH'"))
    // A --from after the data's end asks for that day alone, which has no price: exit 66.
    let after = try sandbox.run(
      ["prices", "eth", "--from", "2026-06-01"], environment: ["COINTRACK_TODAY": "2026-11-26"])
    #expect(after.status == 66)
    #expect(after.standardOutput == "")
    #expect(after.standardError.contains("no ETH price on 2026-06-01"), "\(after.standardError)")
  }

  @Test func onTheDayAfterTheDataEndsNothingIsMissingAndNoNoteIsPrinted() throws {
    // Yesterday's close is the last the data holds: a sync could add nothing.
    let sandbox = try Sandbox()
    for arguments in [["prices", "btc"], ["prices", "btc", "--from", "2026-05-19"]] {
      let result = try sandbox.run(
        arguments + ["--format", "csv"], environment: ["COINTRACK_TODAY": "2026-05-21"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError == "")
      #expect(result.standardOutput.hasSuffix("2026-05-20,BTC,77552.23,USDT,offline,true\r\n"))
    }
    // With --to today, today has no close yet; the note does not advise a sync that cannot
    // fetch it.
    let today = try sandbox.run(
      ["prices", "btc", "--from", "2026-05-20", "--to", "today"],
      environment: ["COINTRACK_TODAY": "2026-05-21"])
    #expect(today.status == 0)
    #expect(!today.standardError.contains("sync"), "\(today.standardError)")
  }

  @Test func afterASyncWithoutDatesIsYesterdaysCloseWithoutANote() throws {
    let api = try FakePriceAPI(SyncTests.closes.keys.map { SyncTests.route($0) })
    let sandbox = try Sandbox()
    let sync = try sandbox.run(["sync", "btc"], environment: SyncTests.environment(api))
    #expect(sync.status == 0, "\(sync.standardError)")
    let result = try sandbox.run(
      ["prices", "btc", "--format", "csv"], environment: ["COINTRACK_TODAY": SyncTests.today])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n"
        + "2026-05-24,BTC,79001.3,USDT,binance,true\r\n")
  }
}
