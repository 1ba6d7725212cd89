import Foundation
import Testing

@testable import CoinTrackCore

/// History lines that repeat the line before but for their date and price, which the reading
/// takes the quick way: each reads back as the day and close the full reading gives, across
/// month and year ends, leap days, gaps, any decimals, closes too long for 64 bits and fields
/// of eight bytes or more; and damage on such a line is the error the full reading names.
@Suite struct RepeatedLineTests {
  static let header = "date,symbol,price,currency,source\n"

  /// Days across the ends of months of 28 to 31 days, a leap day, a year's end and gaps, each
  /// with a close of its own number of decimals (none to eighteen) and size.
  static let closes: [(day: String, price: String)] = [
    ("2023-12-27", "1"), ("2023-12-28", "0.5"), ("2023-12-29", "12.25"), ("2023-12-30", "100.125"),
    ("2023-12-31", "0.0001234"), ("2024-01-01", "77815.01000"), ("2024-01-02", "3.141592"),
    ("2024-01-05", "0.00000001"), ("2024-01-27", "123456789012345678"),
    ("2024-01-28", "1234567890123456789"), ("2024-01-29", "98765432109876543210.123456789"),
    ("2024-01-30", "5"), ("2024-01-31", "6.6"), ("2024-02-01", "0.000000000000000001"),
    ("2024-02-27", "7"), ("2024-02-28", "8.00"), ("2024-02-29", "9.000"), ("2024-03-01", "10"),
    ("2024-04-29", "11.5"), ("2024-04-30", "12.75"), ("2024-05-01", "13"),
    ("2024-05-28", "0." + String(repeating: "0", count: 300) + "1"), ("2024-05-29", "14"),
    ("2025-02-27", "15"), ("2025-02-28", "16"), ("2025-03-01", "17.01"), ("2025-03-02", "18"),
  ]

  /// The file of `closes` for `symbol` (its source changing once, which reads a line in full).
  static func text(symbol: String) -> String {
    header
      + closes.enumerated().map { offset, close in
        let source = offset == 17 ? "coingecko" : "binance"
        return "\(close.day),\(symbol),\(close.price),USDT,\(source)\n"
      }.joined()
  }

  static func store(in directory: TemporaryDirectory, writing text: String, of coin: Coin) throws
    -> HistoryStore
  {
    let store = HistoryStore(
      directory: directory.url.appendingPathComponent("history").path, lockTimeoutSeconds: 2,
      today: Day(iso: "2026-11-26")!)
    try FileManager.default.createDirectory(
      atPath: store.directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path(of: coin)))
    return store
  }

  /// A short symbol, and one whose fields between date and price are longer than eight bytes.
  @Test(arguments: ["ZZ", "LONGSYMBOL.X"])
  func everyLineReadsBackAsItsDayAndCloseAndEveryDayBetweenHasNone(_ symbol: String) throws {
    let directory = try TemporaryDirectory()
    let coin = Coin(symbol: symbol, name: symbol, coingeckoID: nil)
    let store = try Self.store(in: directory, writing: Self.text(symbol: symbol), of: coin)
    let held = try #require(try store.history(of: coin))
    #expect(held.rows.map(\.day.description) == Self.closes.map(\.day))
    #expect(held.rows.map(\.price.text) == Self.closes.map(\.price))
    let range = DayRange(
      from: Day(iso: Self.closes[0].day)!, to: Day(iso: Self.closes.last!.day)!)!
    let rows = try OfflinePriceSource(history: store).dailyPrices(of: coin, in: range)
    let byDay = Dictionary(uniqueKeysWithValues: Self.closes.map { ($0.day, $0.price) })
    #expect(rows.map(\.day) == Array(range))
    for row in rows {
      #expect(row.price?.text == byDay[row.day.description], "\(row.day)")
    }
  }

  /// Damage on a line that repeats the one before, each with the lines (separated by spaces),
  /// the line of the error and its words: the same as the full reading's.
  static let damaged: [(lines: String, line: Int, reason: String)] = [
    // A day of the month after the one before, but one the month lacks.
    (
      "2026-02-27,BTC,1,USDT,binance 2026-02-28,BTC,1,USDT,binance 2026-02-29,BTC,1,USDT,binance",
      4, "YYYY-MM-DD"
    ),
    (
      "2026-04-29,BTC,1,USDT,binance 2026-04-30,BTC,1,USDT,binance 2026-04-31,BTC,1,USDT,binance",
      4, "YYYY-MM-DD"
    ),
    (
      "2026-05-30,BTC,1,USDT,binance 2026-05-31,BTC,1,USDT,binance 2026-05-32,BTC,1,USDT,binance",
      4, "YYYY-MM-DD"
    ),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-2x,BTC,1,USDT,binance", 3, "YYYY-MM-DD"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-21,BTC,2,USDT,binance", 3, "ascend"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-20,BTC,2,USDT,binance", 3, "ascend"),
    (
      "2026-05-21,BTC,1,USDT,binance 2026-06-20,BTC,2,USDT,binance 2026-06-19,BTC,2,USDT,binance",
      4, "ascend"
    ),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1.2.3,USDT,binance", 3, "plain"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1.,USDT,binance", 3, "plain"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,-1,USDT,binance", 3, "above zero"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1e5,USDT,binance", 3, "plain"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,00.000,USDT,binance", 3, "above zero"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTX,1,USDT,binance", 3, "one coin"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1,EUR,binance", 3, "one currency"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1,USDT,binancf", 3, "live source"),
    // The line's end is found by comparing its tail with the line before's: one that goes on
    // past it, a price that goes on past its digits, and a line that grows past the bound.
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1,USDT,binance,x", 3, "6 fields"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1,USDT,binancex", 3, "live source"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1x,USDT,binance", 3, "plain"),
    ("2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,1.5.,USDT,binance", 3, "plain"),
    (
      "2026-05-21,BTC,1,USDT,binance 2026-05-22,BTC,\(longPrice(485)),USDT,binance", 3,
      "longer than 512"
    ),
  ]

  /// A close of `count` digits: on a line between `2026-05-22,BTC,` and `,USDT,binance`, 484
  /// make the longest line a file may hold.
  static func longPrice(_ count: Int) -> String {
    "1" + String(repeating: "0", count: count - 1)
  }

  /// The longest line a file may hold is read, as a repeat of the one before, to its end.
  @Test func aRepeatedLineOfTheMostBytesIsRead() throws {
    let directory = try TemporaryDirectory()
    let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
    let line = "2026-05-22,BTC,\(Self.longPrice(484)),USDT,binance"
    #expect(line.utf8.count == HistoryStore.maximumLineLength)
    let text = Self.header + "2026-05-21,BTC,1,USDT,binance\n" + line + "\n"
    let store = try Self.store(in: directory, writing: text, of: bitcoin)
    let held = try #require(try store.history(of: bitcoin))
    #expect(held.rows.map(\.price.text) == ["1", Self.longPrice(484)])
  }

  /// A last line without a line break is refused even when it repeats the line before.
  @Test(arguments: ["binance", "binanc"])
  func aRepeatedLastLineWithoutALineBreakIsRefused(_ source: String) throws {
    try Self.expectDamage(
      in: Self.header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,2,USDT,\(source)",
      line: 3, reason: "does not end with a line break")
  }

  @Test(arguments: damaged.indices)
  func damageOnARepeatedLineIsTheFullReadingsError(_ index: Int) throws {
    let (lines, line, reason) = Self.damaged[index]
    try Self.expectDamage(
      in: Self.header + lines.split(separator: " ").map { $0 + "\n" }.joined(), line: line,
      reason: reason)
  }

  /// Expects Bitcoin's file of `text` to be refused as damaged on `line` for `reason`.
  static func expectDamage(in text: String, line: Int, reason: String) throws {
    let directory = try TemporaryDirectory()
    let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
    let store = try Self.store(in: directory, writing: text, of: bitcoin)
    #expect {
      _ = try store.history(of: bitcoin)
    } throws: { error in
      guard case HistoryError.damaged(_, let errorLine, let errorReason) = error else {
        return false
      }
      return errorLine == line && errorReason.contains(reason)
    }
  }
}
