import Foundation
import Testing

@testable import CoinTrackCore

/// The embedded snapshot: `snapshot.c` is generated from the package's copy of the data, and the
/// source built on it returns exactly the data's closes.
@Suite struct SnapshotSourceTests {
  static let targetDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CoinTrackSnapshot")

  @Test func committedSnapshotMatchesTheData() throws {
    let generated = try SnapshotGenerator.cSource(
      dataDirectory: Self.targetDirectory.appendingPathComponent("data"))
    let committedURL = Self.targetDirectory.appendingPathComponent("snapshot.c")
    if ProcessInfo.processInfo.environment["COINTRACK_RECORD"] == "1" {
      try generated.write(to: committedURL, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: committedURL, encoding: .utf8)
    #expect(
      committed == generated,
      "snapshot.c is stale: run COINTRACK_RECORD=1 swift test --filter SnapshotSourceTests")
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
    let coins = try SnapshotGenerator.readCoins(
      dataDirectory: Self.targetDirectory.appendingPathComponent("data"))
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

/// Turns `data/coins.csv` and `data/prices/*.csv` into the C file of the snapshot target.
enum SnapshotGenerator {
  struct CoinData {
    var symbol: String
    var name: String
    var coingeckoID: String
    var closes: [Day: String]
    var first: Day
    var last: Day
  }

  struct FormatError: Error, CustomStringConvertible {
    let description: String
  }

  static func readCoins(dataDirectory: URL) throws -> [CoinData] {
    let listing = try String(
      contentsOf: dataDirectory.appendingPathComponent("coins.csv"), encoding: .utf8)
    var lines = listing.split(whereSeparator: \.isNewline)
    guard lines.removeFirst() == "symbol,name,coingecko_id,first_date,last_date,rows,gaps" else {
      throw FormatError(description: "coins.csv has an unexpected header")
    }
    return try lines.map { line in
      let columns = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 7, let first = Day(iso: columns[3]), let last = Day(iso: columns[4]),
        let rowCount = Int(columns[5]), let gaps = Int(columns[6])
      else { throw FormatError(description: "bad coins.csv line: \(line)") }
      let closes = try readCloses(
        dataDirectory.appendingPathComponent("prices/\(columns[0]).csv"))
      guard closes.count == rowCount, closes.keys.min() == first, closes.keys.max() == last,
        last.daysSince1970 - first.daysSince1970 + 1 - rowCount == gaps
      else { throw FormatError(description: "prices/\(columns[0]).csv disagrees with coins.csv") }
      return CoinData(
        symbol: columns[0], name: columns[1], coingeckoID: columns[2], closes: closes,
        first: first, last: last)
    }.sorted { $0.symbol < $1.symbol }
  }

  private static func readCloses(_ file: URL) throws -> [Day: String] {
    let text = try String(contentsOf: file, encoding: .utf8)
    var lines = text.split(whereSeparator: \.isNewline)
    guard lines.removeFirst() == "date,open,high,low,close,volume" else {
      throw FormatError(description: "\(file.lastPathComponent) has an unexpected header")
    }
    var closes: [Day: String] = [:]
    var previous: Day?
    for line in lines {
      let columns = line.split(separator: ",").map(String.init)
      guard columns.count == 6, let day = Day(iso: columns[0]),
        Price(decimalText: columns[4]) != nil, previous.map({ $0 < day }) ?? true
      else { throw FormatError(description: "bad line in \(file.lastPathComponent): \(line)") }
      closes[day] = columns[4]
      previous = day
    }
    return closes
  }

  static func cSource(dataDirectory: URL) throws -> String {
    let coins = try readCoins(dataDirectory: dataDirectory)
    var output = """
      // Generated from data/ by Tests/CoinTrackCoreTests/SnapshotSourceTests.swift; do not edit.
      // Regenerate with: COINTRACK_RECORD=1 swift test --filter SnapshotSourceTests
      #include "CoinTrackSnapshot.h"


      """
    for coin in coins {
      var closes = ""
      var offsets: [Int] = [0]
      for index in 0...(coin.last.daysSince1970 - coin.first.daysSince1970) {
        closes += coin.closes[coin.first.adding(days: index)] ?? ""
        offsets.append(closes.utf8.count)
      }
      output += "static const char closes_\(coin.symbol)[] =\n"
      output += chunks(of: Array(closes), size: 96).map { "  \"\(String($0))\"\n" }.joined()
      output += "  ;\n"
      output += "static const uint32_t offsets_\(coin.symbol)[] = {\n"
      output += chunks(of: offsets, size: 12)
        .map { "  " + $0.map(String.init).joined(separator: ", ") + ",\n" }.joined()
      output += "};\n\n"
    }
    output += "static const ct_snapshot_coin coins[] = {\n"
    for coin in coins {
      let dayCount = coin.last.daysSince1970 - coin.first.daysSince1970 + 1
      output += "  {\"\(coin.symbol)\", \"\(coin.name)\", \"\(coin.coingeckoID)\", "
      output += "\(coin.first.daysSince1970), \(dayCount), offsets_\(coin.symbol), "
      output += "closes_\(coin.symbol)},\n"
    }
    output += """
      };

      int32_t ct_snapshot_coin_count(void) { return (int32_t)(sizeof coins / sizeof coins[0]); }

      const ct_snapshot_coin *ct_snapshot_coin_at(int32_t index) {
        if (index < 0 || index >= ct_snapshot_coin_count()) return 0;
        return &coins[index];
      }

      """
    return output
  }

  private static func chunks<Element>(of elements: [Element], size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: elements.count, by: size).map {
      elements[$0..<min($0 + size, elements.count)]
    }
  }
}
