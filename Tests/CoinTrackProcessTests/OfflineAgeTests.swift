import CoinTrackTestSupport
import Foundation
import Testing

/// Checks a run's exit status, its standard output and its standard error, each whole.
func expectRun(
  _ result: ProcessResult, status: Int32 = 0, output: String, error: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == status, sourceLocation: sourceLocation)
  #expect(result.standardOutput == output, sourceLocation: sourceLocation)
  #expect(result.standardError == error, sourceLocation: sourceLocation)
}

/// How old offline prices are said plainly: `coins list` notes coins whose data ends before
/// yesterday, and `prices` says where the data ends when asked past it. Every message is
/// asserted whole; the runs fix today, so they do not depend on the day the suite runs.
@Suite struct OfflineAgeTests {
  /// How every message about the end of the offline data ends.
  private func hint(_ sync: String = "cointrack sync") -> String {
    "run '\(sync)' to fetch the closed days since, or ask a live source with --source.\n"
  }

  @Test func coinsListNotesPricesThatEndedBeforeYesterday() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list"], environment: ["COINTRACK_TODAY": "2026-11-22"])
    #expect(result.status == 0)
    // The data is the same as on the day it ends; only stderr differs.
    #expect(result.standardOutput == (try sandbox.run(["coins", "list"])).standardOutput)
    #expect(
      result.standardError
        == "cointrack: note: the offline prices of BTC, ETH, BNB, SOL and XRP end on 2026-05-20 "
        + "(186 days ago); " + hint())
    // The note goes to stderr in every format, so a cron job's mail says it too; --today wins.
    let csv = try sandbox.run(["coins", "list", "--format", "csv", "--today", "2026-05-22"])
    #expect(csv.standardOutput.hasPrefix("id,symbol,name,price,date,currency,source,closed"))
    #expect(
      csv.standardError
        == "cointrack: note: the offline prices of BTC, ETH, BNB, SOL and XRP end on 2026-05-20 "
        + "(2 days ago); " + hint())
  }

  /// Planted once: `row.day < yesterday` written `row.day < today`, which noted yesterday's
  /// close; this test failed.
  @Test(arguments: ["2026-05-20", "2026-05-21", "2024-01-10"])
  func currentPricesGetNoNote(today: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list"], environment: ["COINTRACK_TODAY": today])
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  @Test func daysMissingInsideTheDataAreNotAnEnd() throws {
    // 2026-03-20 to 03-22 are missing from the data, which goes on after them: a sync would
    // change nothing, so no note.
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list", "--today", "2026-03-22", "--format", "csv"])
    #expect(result.standardOutput.contains("1,BTC,Bitcoin,"))
    #expect(result.standardOutput.contains(",2026-03-19,USDT,offline,"))
    #expect(result.standardError == "")
  }

  @Test func aLongListIsCutWithACount() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["coins", "add", "ada", "bch", "doge", "trx"]).status == 0)
    let result = try sandbox.run(
      ["coins", "list", "--format", "json"], environment: ["COINTRACK_TODAY": "2026-11-22"])
    #expect(result.status == 0)
    #expect(
      result.standardError
        == "cointrack: note: the offline prices of BTC, ETH, BNB, SOL, XRP and 4 more end on "
        + "2026-05-20 (186 days ago); " + hint())
  }

  @Test func pricesPastTheDataSaysWhereItEnds() throws {
    let sandbox = try Sandbox()
    let today = ["COINTRACK_TODAY": "2026-11-22"]
    expectRun(
      try sandbox.run(["prices", "btc", "--to", "today"], environment: today), status: 66,
      output: "",
      error: "cointrack: no BTC price on 2026-11-22: the offline source holds BTC from 2017-08-17 "
        + "to 2026-05-20; " + hint("cointrack sync BTC"))
    expectRun(
      try sandbox.run(
        ["prices", "eth", "--from", "2026-05-19", "--to", "2026-05-21", "--format", "csv"],
        environment: today),
      output:
        "date,symbol,price,currency,source,closed\r\n2026-05-19,ETH,2111.93,USDT,offline,true\r\n"
        + "2026-05-20,ETH,2129.44,USDT,offline,true\r\n2026-05-21,ETH,,USDT,offline,true\r\n",
      error: "cointrack: note: 1 of 3 days have no ETH price in the offline source, which holds "
        + "ETH up to 2026-05-20; " + hint("cointrack sync ETH"))
    // Before the data, syncing cannot help: the message is the plain one.
    let before = try sandbox.run(
      ["prices", "btc", "--from", "2010-01-01", "--to", "2010-12-31"], environment: today)
    #expect(
      before.standardError
        == "cointrack: no BTC price from 2010-01-01 to 2010-12-31: the offline source holds BTC "
        + "from 2017-08-17 to 2026-05-20.\n")
  }
}
