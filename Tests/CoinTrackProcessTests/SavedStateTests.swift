import CoinTrackTestSupport
import Foundation
import Testing

/// Changes that must reach the disk: `sync` writes a coin's history only under the history's
/// lock, and an `alerts check` that only re-arms alerts (none fired) still saves that it did.
@Suite struct SavedStateTests {
  @Test func syncWaitsForTheHistorysLockAndWritesNothingWithoutIt() throws {
    let api = try FakePriceAPI(SyncTests.closes.keys.map { SyncTests.route($0) })
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let lockPath = folder.appendingPathComponent("history.lock").path
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    var environment = SyncTests.environment(api)
    environment["COINTRACK_LOCK_TIMEOUT"] = "0.3"
    let held = try sandbox.run(["sync", "btc"], environment: environment)
    #expect(held.status == 75, "\(held.standardError)")
    #expect(held.standardError.contains(lockPath), "\(held.standardError)")
    #expect(SyncTests.historyFile(sandbox, "bitcoin.csv") == nil)
    // Once the lock is free the same sync stores the closes.
    close(descriptor)
    let free = try sandbox.run(["sync", "btc"], environment: environment)
    #expect(free.status == 0, "\(free.standardError)")
    #expect(
      SyncTests.historyFile(sandbox, "bitcoin.csv")?.hasSuffix("79001.3,USDT,binance\n") == true)
  }

  @Test func aCheckThatOnlyReArmsAnAlertSavesIt() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "80000"]).status == 0)
    let check = { (day: String) throws -> ProcessResult in
      try sandbox.run(
        ["alerts", "check", "--format", "csv", "--fields", "id,date"],
        environment: ["COINTRACK_TODAY": day])
    }
    // Below on 2026-05-13 (79313.61): it fires.
    let fired = try check("2026-05-13")
    #expect(fired.status == 1)
    #expect(fired.standardOutput == "id,date\r\n1,2026-05-13\r\n")
    // Above on 2026-05-14 (81089.99): nothing fires, the alert is re-armed, and that is saved.
    let rearmed = try check("2026-05-14")
    #expect(rearmed.status == 0, "\(rearmed.standardError)")
    #expect(rearmed.standardOutput == "id,date\r\n")
    let state = String(decoding: try #require(sandbox.stateData()), as: UTF8.self)
    #expect(state.contains(#""fired_on": null"#) || state.contains(#""fired_on":null"#), "\(state)")
    // Below again on 2026-05-15 (79113.21): it fires again, as it was re-armed.
    let again = try check("2026-05-15")
    #expect(again.status == 1)
    #expect(again.standardOutput == "id,date\r\n1,2026-05-15\r\n")
  }
}
