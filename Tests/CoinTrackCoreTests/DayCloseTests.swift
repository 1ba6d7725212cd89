import Testing

@testable import CoinTrackCore

/// `PriceSource.close(of:on:)`: the close that values income, swaps and fees paid in coin.
@Suite struct DayCloseTests {
  /// The snapshot's BTC rows, read from the committed data file, not from the source under test.
  private func committedCloses() throws -> [(day: String, close: String)] {
    let text = try String(
      contentsOfFile: #filePath.replacingOccurrences(
        of: "Tests/CoinTrackCoreTests/DayCloseTests.swift",
        with: "Sources/CoinTrackSnapshot/data/prices/BTC.csv"), encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map {
      let fields = $0.split(separator: ",", omittingEmptySubsequences: false)
      return (String(fields[0]), String(fields[4]))
    }
  }

  @Test func theCloseOfEveryTenthDayIsTheDataFilesClose() throws {
    let source = SnapshotPriceSource()
    let bitcoin = try source.resolveCoin("btc")
    let rows = try committedCloses()
    #expect(rows.count > 100)
    for row in rows.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
      let close = try source.close(of: bitcoin, on: try #require(Day(iso: row.day)))
      #expect(
        ExactDecimal(close.price) == ExactDecimal(try #require(Price(decimalText: row.close))))
      #expect(close.currency == source.currency)
      #expect(close.source == source.name)
    }
  }

  @Test func aDayOutsideTheDataIsRefusedNamingCoinAndDay() throws {
    let source = SnapshotPriceSource()
    let bitcoin = try source.resolveCoin("btc")
    let day = try #require(Day(iso: "2001-01-01"))
    #expect {
      _ = try source.close(of: bitcoin, on: day)
    } throws: { error in
      guard case TrackerError.noPricesInRange(let symbol, let requested, _, _) = error else {
        return false
      }
      return symbol == "BTC" && requested.first == day && requested.last == day
    }
  }
}
