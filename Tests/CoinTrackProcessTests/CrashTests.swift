import CoinTrackTestSupport
import Foundation
import Testing

/// A save killed at any moment leaves the state before or the state after, never anything else.
@Suite struct CrashTests {
  /// The steps at which COINTRACK_TEST_SAVE_PAUSE makes a save announce itself and pause, in order.
  static let steps = ["temporary-created", "temporary-written", "temporary-flushed", "renamed"]
  static let pause = 0.01

  @Test func twoHundredKillsDuringSavesLeaveTheOldOrTheNewState() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["profile", "set", "start"]).status == 0)
    let directory = sandbox.stateFile.deletingLastPathComponent().path
    var generator = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let oldBytes = try #require(sandbox.stateData())
      let old = try StateDocument(oldBytes)
      let symbol = catalogueSymbols.randomElement(using: &generator)!
      let adds = !old.coins.contains { $0.symbol == symbol }
      let new = old.changed(adding: adds ? symbol : nil, removing: adds ? nil : symbol)
      let process = try sandbox.spawn(
        ["coins", adds ? "add" : "remove", symbol],
        environment: ["COINTRACK_TEST_SAVE_PAUSE": String(Self.pause)])

      // Kill at a random step (or, one time in five, at a random time from the start), a random
      // part of the way into the pause there.
      let step = Int.random(in: 0...Self.steps.count, using: &generator)
      if step < Self.steps.count {
        let reached = process.waitForStandardError(
          containing: "cointrack: test hook: paused at \(Self.steps[step])\n")
        #expect(reached, "round \(round): the save never reached \(Self.steps[step])")
        usleep(UInt32.random(in: 0..<UInt32(Self.pause * 1e6), using: &generator))
      } else {
        usleep(UInt32.random(in: 0..<50_000, using: &generator))
      }
      process.kill()
      let result = process.finish()

      let context = "round \(round), \(adds ? "add" : "remove") \(symbol), step \(step): \(result)"
      let bytes = try #require(sandbox.stateData(), "\(context)")
      let state = try #require(
        try? StateDocument(bytes),
        "the file does not parse: \(String(decoding: bytes, as: UTF8.self)), \(context)")
      #expect(state == new || bytes == oldBytes, "\(context)")
      if step == Self.steps.firstIndex(of: "renamed") {
        #expect(state == new, "killed after the rename, but the change is missing: \(context)")
      }
      let temporaries = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.contains(".tmp-") }
      #expect(temporaries.count <= 1, "temporary files pile up: \(temporaries), \(context)")
    }
    // The next save clears what the last kill left.
    #expect(try sandbox.run(["profile", "set", "end"]).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        == ["state.json", "state.json.lock"])
  }

  @Test func killsDuringBuysLoseOnlyTheUnfinishedTradeAndReuseNoId() throws {
    let sandbox = try Sandbox()
    var generator = SystemRandomNumberGenerator()
    // The id every buy that finished was given; every id a killed one may have taken.
    var reported: [Int] = []
    var highestTried = 0
    for round in 0..<40 {
      let process = try sandbox.spawn(
        ["portfolio", "buy", "btc", "1", "--price", "10", "--format", "csv", "--no-header"],
        environment: ["COINTRACK_TEST_SAVE_PAUSE": String(Self.pause)])
      highestTried += 1
      let step = Int.random(in: 0...Self.steps.count, using: &generator)
      if step < Self.steps.count {
        _ = process.waitForStandardError(
          containing: "cointrack: test hook: paused at \(Self.steps[step])\n")
        usleep(UInt32.random(in: 0..<UInt32(Self.pause * 1e6), using: &generator))
      } else {
        usleep(UInt32.random(in: 0..<50_000, using: &generator))
      }
      process.kill()
      let result = process.finish()
      if result.status == 0, let id = Int(result.standardOutput.prefix { $0 != "," }) {
        reported.append(id)
      }
      let listed = try sandbox.run(["portfolio", "trades", "--format", "csv", "--no-header"])
      #expect(listed.status == 0, "round \(round): \(listed.standardError)")
      let ids = listed.standardOutput.split(separator: "\r\n").compactMap {
        Int($0.prefix { $0 != "," })
      }
      #expect(ids == ids.sorted() && Set(ids).count == ids.count, "round \(round): \(ids)")
      #expect(Set(reported).isSubset(of: ids), "a finished buy is kept: round \(round)")
      #expect(ids.allSatisfy { $0 <= highestTried }, "round \(round): \(ids)")
    }
    // The next buy takes an id no earlier buy, finished or not, could have had.
    let last = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "10", "--format", "csv"])
    let lines = try String(contentsOf: sandbox.tradesFile, encoding: .utf8)
      .split(separator: "\n")
    let journalIDs = lines.map { Int($0.dropFirst(6).prefix { $0 != "," }) ?? 0 }
    #expect(last.status == 0, "\(last.standardError)")
    #expect(journalIDs.last == journalIDs.max())
    #expect(last.standardOutput.contains("\r\n\(journalIDs.last ?? 0),"))
    #expect(journalIDs.filter { $0 == journalIDs.last }.count == 1)
  }
}

extension StateDocument {
  /// This state after one successful `coins add` or `coins remove`.
  func changed(adding added: String?, removing removed: String?) -> StateDocument {
    var coins = self.coins.filter { $0.symbol != removed }
    if let added { coins.append(Coin(id: nextID, symbol: added)) }
    return StateDocument(
      coins: coins, nextID: nextID + (added == nil ? 0 : 1), revision: revision + 1,
      username: username)
  }
}
