import CoinTrackTestSupport
import Foundation
import Testing

/// Many real processes changing the one state file at the same moment lose no update.
@Suite struct ConcurrencyTests {
  /// One writer: the coin it adds or removes.
  struct Change {
    let symbol: String
    let adds: Bool
  }

  @Test func fiftyWritersTogetherLoseNoUpdateAndReuseNoId() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["profile", "set", "start"]).status == 0)
    let initial = try StateDocument(try #require(sandbox.stateData()))

    // Each coin of the catalogue gets writers in turn: remove, add, remove... for a coin tracked
    // at the start, add, remove, add... for the others. The order they run in is up to the
    // scheduler, so some of them find the coin already there or already gone.
    let changes = (0..<50).map { index in
      let symbol = catalogueSymbols[index % catalogueSymbols.count]
      let tracked = initial.coins.contains { $0.symbol == symbol }
      return Change(
        symbol: symbol, adds: (index / catalogueSymbols.count).isMultiple(of: 2) != tracked)
    }
    // Generous: under load on two cores the test must not depend on how long the others take.
    let wait: [String: String?] = ["COINTRACK_LOCK_TIMEOUT": "120"]
    let writers = try changes.map { change in
      try sandbox.spawn(
        ["coins", change.adds ? "add" : "remove", change.symbol, "--format", "csv"],
        environment: wait)
    }
    let readers = try (0..<10).map { _ in try sandbox.spawn(["coins", "list", "--format", "csv"]) }
    let results = writers.map { $0.finish() }

    for reader in readers {
      // A reader sees a whole file, old or new: it never fails and always prints the header.
      let result = reader.finish()
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.hasPrefix("id,symbol,name,"))
    }

    let final = try StateDocument(try #require(sandbox.stateData()))
    var addedIDs: [String: [Int]] = [:]
    var balance: [String: Int] = [:]
    var successes = 0
    for (change, result) in zip(changes, results) {
      let context = "\(change.adds ? "add" : "remove") \(change.symbol): \(result)"
      switch result.status {
      case 0:
        successes += 1
        let row = result.standardOutput.split(separator: "\r\n").dropFirst()
          .map { $0.split(separator: ",") }
        #expect(row.count == 1 && row[0][1] == Substring(change.symbol), "\(context)")
        balance[change.symbol, default: 0] += change.adds ? 1 : -1
        if change.adds, let id = row.first.flatMap({ Int($0[0]) }) {
          addedIDs[change.symbol, default: []].append(id)
        }
      case 65:
        #expect(change.adds, "\(context)")
        #expect(
          result.standardError.hasPrefix("cointrack: '\(change.symbol)' is already tracked as"))
      case 66:
        #expect(!change.adds, "\(context)")
        #expect(
          result.standardError
            == "cointrack: '\(change.symbol)' is not a tracked coin; see 'cointrack coins list'.\n")
      case 75:
        #expect(result.standardError.hasPrefix("cointrack: another cointrack held the lock"))
      default:
        Issue.record("undocumented outcome: \(context)")
      }
      if result.status != 0 {
        #expect(result.standardOutput == "", "\(context)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(context)")
      }
    }

    // Every successful change is in the file: one revision each, and per coin the successful
    // adds and removes account exactly for whether it is there now.
    #expect(final.revision == initial.revision + successes)
    let allAdded = addedIDs.values.flatMap { $0 }
    #expect(final.nextID == initial.nextID + allAdded.count)
    #expect(Set(allAdded).count == allAdded.count, "an id was given twice")
    #expect(allAdded.allSatisfy { $0 >= initial.nextID }, "an id was reused")
    #expect(Set(final.coins.map(\.id)).count == final.coins.count)
    for symbol in catalogueSymbols {
      let before = initial.coins.first { $0.symbol == symbol }
      let after = final.coins.first { $0.symbol == symbol }
      #expect(
        (after == nil ? 0 : 1) - (before == nil ? 0 : 1) == balance[symbol, default: 0],
        "\(symbol): a change that reported success is missing")
      if let after {
        #expect(after.id == addedIDs[symbol]?.max() ?? before?.id, "\(symbol) has a stale id")
      }
    }
    #expect(successes > 0)
  }
}
