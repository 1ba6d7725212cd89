import CoinTrackSnapshotGenerator
import Foundation
import Testing

@testable import CoinTrackCore

/// The embedded snapshot: the committed `snapshot.c` is what the generator makes of the package's
/// copy of the data, and the source built on it returns exactly the data's closes.
@Suite struct SnapshotSourceTests {
  @Test func committedSnapshotMatchesTheData() throws {
    let generated = try SnapshotGenerator.cSource()
    let committed = try String(contentsOf: SnapshotGenerator.sourceFile, encoding: .utf8)
    // Names the first differing line rather than dumping both files of a third of a megabyte.
    guard committed != generated else { return }
    let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(committedLines, generatedLines).enumerated().first { $1.0 != $1.1 }
    let line = (differing?.offset ?? min(committedLines.count, generatedLines.count)) + 1
    Issue.record(
      "snapshot.c is stale from line \(line) on; regenerate it with: \(SnapshotGenerator.regenerateCommand)"
    )
  }

  @Test func findsEverySymbolOfTheSnapshotAndNoOther() {
    let symbols = SnapshotSeries.all.map(\.coin.symbol)
    // The lookup is a binary search in strcmp order.
    #expect(zip(symbols, symbols.dropFirst()).allSatisfy { strcmp($0, $1) < 0 })
    for symbol in symbols { #expect(SnapshotSeries.named(symbol)?.coin.symbol == symbol) }
    let others = ["", "0", "A", "BTCX", "btc", "ZZZZZZ"] + symbols.map { $0 + "0" }
    for other in others { #expect(SnapshotSeries.named(other) == nil, "\(other)") }
  }

  @Test func everyCloseOfTheDataIsServedExactly() throws {
    let source = SnapshotPriceSource()
    let catalogue = source.catalogue()
    let coins = try SnapshotGenerator.readCoins()
    #expect(catalogue.entries.map(\.coin.symbol) == coins.map(\.symbol))
    for coin in coins {
      let entry = try #require(catalogue.entry(named: coin.symbol))
      #expect(entry.coin.name == coin.name)
      #expect(entry.coin.coingeckoID == coin.coingeckoID)
      let range = try #require(entry.held)
      let rows = try source.dailyPrices(of: entry.coin, in: range)
      let served = Dictionary(
        uniqueKeysWithValues: rows.compactMap { row in row.price.map { (row.day, $0.text) } })
      #expect(served == coin.closes, "closes of \(coin.symbol)")
      #expect(rows.allSatisfy { $0.currency == "USDT" && $0.source == "offline" })
    }
  }
}
