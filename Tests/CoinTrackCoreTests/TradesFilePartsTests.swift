import Foundation
import Testing

@testable import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The trades journal read in parts on their own threads: the same trades as read in one part,
/// each part starting just after a newline, and a failure named by its line in the whole file.
@Suite struct TradesFilePartsTests {
  static let coins = [
    Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
    Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum"),
    Coin(symbol: "ZOE", name: "Zoë \"coin\"", coingeckoID: nil),
  ]

  /// Purchases 1 to `count` in three coins and two currencies, so that each part shares the texts
  /// of its own lines.
  static func trades(_ count: Int) -> [Trade] {
    (1...count).map { id in
      Trade(
        id: id, day: Day(iso: "2024-01-01")!.adding(days: id % 700),
        side: .buy, coin: coins[id % coins.count],
        quantity: Price(decimalText: "\(id % 97 + 1).\(id % 10)")!,
        price: Price(decimalText: "\(1000 + id).12345678")!,
        fee: Price(decimalText: "0.\(id % 100)")!, currency: id % 5 == 0 ? "USD" : "USDT")
    }
  }

  /// A journal in a fresh directory holding `bytes`.
  static func journal(holding bytes: [UInt8]) throws -> (TemporaryDirectory, TradesFile) {
    let directory = try TemporaryDirectory()
    let journal = TradesFile(path: directory.url.path + "/" + TradesFile.fileName)
    try Data(bytes).write(to: URL(fileURLWithPath: journal.path))
    return (directory, journal)
  }

  /// The lines of `trades`, as the journal holds them.
  static func lines(of trades: [Trade]) throws -> [[UInt8]] {
    let journal = TradesFile(path: "/nonexistent/" + TradesFile.fileName)
    return try trades.map { try journal.lines(of: [$0]) }
  }

  /// Where the parts of `journal` start when it is split in `parts`.
  static func starts(of journal: TradesFile, parts: Int) throws -> [Int] {
    let descriptor = open(journal.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let size = try #require(
      FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
    return try journal.partStarts(descriptor, size: size, parts: parts)
  }

  /// The reason of the error reading `journal` in `parts` (the later ones in arrays of seven)
  /// throws.
  static func failure(reading journal: TradesFile, parts: Int) -> String? {
    do {
      _ = try journal.readTrades(nextTradeID: 10_000, parts: parts)
      return nil
    } catch {
      guard case .unusable(_, let reason) = error else { return "\(error)" }
      return reason
    }
  }

  @Test func partsReadTheSameTradesAsOnePart() throws {
    let trades = Self.trades(1_000)
    let (directory, journal) = try Self.journal(holding: Self.lines(of: trades).flatMap { $0 })
    defer { withExtendedLifetime(directory) {} }
    // Up to 64 parts of some fifteen lines each.
    for parts in [1, 2, 3, 4, 7, 64] {
      #expect(try Self.starts(of: journal, parts: parts).count == parts)
      #expect(try journal.readTrades(nextTradeID: 1_001, parts: parts) == trades)
    }
  }

  /// The members of a trade's line with the shortest values a trade can have.
  static let shortestMembers = [
    ("id", "1"), ("date", #""2024-01-01""#), ("side", #""buy""#), ("symbol", #""B""#),
    ("name", #""B""#), ("coingecko_id", "null"), ("quantity", "1"), ("price", "0"),
    ("fee", "0"), ("currency", #""US""#),
  ]

  /// The line of `members`, the first's value replaced by `id`.
  static func line(_ members: [(String, String)], id: Int) -> String {
    "{"
      + members.map { key, value in #""\#(key)":\#(key == "id" ? String(id) : value)"# }
      .joined(separator: ",") + "}\n"
  }

  /// A part's room, its length over `shortestLineLength`, holds its trades: each member that
  /// bound counts is one a trade must have, and a journal of the shortest lines there are reads
  /// whole in any number of parts.
  @Test func aPartsRoomHoldsTheShortestTradesThereAre() throws {
    #expect(
      Self.shortestMembers.map(\.0)
        == (0..<Trade.keys.count - Trade.optionalKeyCount).map { Trade.keys[$0] })
    #expect(Self.line(Self.shortestMembers, id: 1).utf8.count >= TradesFile.shortestLineLength)
    let bytes = Array((1...2_000).map { Self.line(Self.shortestMembers, id: $0) }.joined().utf8)
    let (directory, journal) = try Self.journal(holding: bytes)
    defer { withExtendedLifetime(directory) {} }
    let whole = try journal.readTrades(nextTradeID: 2_001, parts: 1)
    #expect(whole.count == 2_000)
    for parts in [2, 3, 7, 64, 200] {
      #expect(try journal.readTrades(nextTradeID: 2_001, parts: parts) == whole)
    }
    // Alone, and after a whole line of the same coin, whose texts the reader then shares.
    for left in Self.shortestMembers.indices {
      var members = Self.shortestMembers
      members.remove(at: left)
      for before in ["", Self.line(Self.shortestMembers, id: 1)] {
        let (directory, journal) = try Self.journal(
          holding: Array((before + Self.line(members, id: 2)).utf8))
        defer { withExtendedLifetime(directory) {} }
        #expect(
          Self.failure(reading: journal, parts: 1) != nil,
          "without \(Self.shortestMembers[left].0)")
      }
    }
  }

  @Test func everyPartStartsJustAfterANewlineAndOnlyTheFileEndsTorn() throws {
    let trades = Self.trades(100)
    let whole = try Self.lines(of: trades).flatMap { $0 }
    // A torn last line longer than the rest of the journal, within a line's bound: the middle
    // falls inside it.
    let torn =
      Array(#"{"id":101,"date":"2024-01-0"#.utf8)
      + Array(repeating: UInt8(ascii: " "), count: 40_000)
    for bytes in [whole, whole + torn, whole + Array(#"{"id":101,"da"#.utf8)] {
      let (directory, journal) = try Self.journal(holding: bytes)
      defer { withExtendedLifetime(directory) {} }
      for parts in [2, 3, 5, 16] {
        let starts = try Self.starts(of: journal, parts: parts)
        #expect(starts.first == 0)
        #expect(starts == starts.sorted())
        #expect(starts.dropFirst().allSatisfy { bytes[$0 - 1] == UInt8(ascii: "\n") })
        #expect(starts.allSatisfy { $0 < whole.count })
        #expect(try journal.readTrades(nextTradeID: 101, parts: parts) == trades)
      }
    }
  }

  @Test func aBadLineInALaterPartIsNamedByItsLineInTheFile() throws {
    var lines = try Self.lines(of: Self.trades(1_000))
    let bad = Array(#""side":"buy""#.utf8)
    let worse = Array(#""side":"bux""#.utf8)
    func spoil(_ line: Int) throws {
      let index = line - 1
      let at = try #require(lines[index].firstRange(of: bad))
      lines[index].replaceSubrange(at, with: worse)
    }
    try spoil(910)
    let (directory, journal) = try Self.journal(holding: lines.flatMap { $0 })
    defer { withExtendedLifetime(directory) {} }
    let expected = try #require(Self.failure(reading: journal, parts: 1))
    #expect(expected.hasPrefix("line 910: "))
    for parts in [2, 3, 4, 9] {
      #expect(Self.failure(reading: journal, parts: parts) == expected)
    }
    // With a bad line in the first part too, that one is blamed: the first in the file.
    try spoil(301)
    try Data(lines.flatMap { $0 }).write(to: URL(fileURLWithPath: journal.path))
    for parts in [1, 2, 3] {
      #expect(Self.failure(reading: journal, parts: parts)?.hasPrefix("line 301: ") == true)
    }
  }

  @Test func anIdOutOfOrderAcrossPartsIsNamedByItsLineInTheFile() throws {
    var trades = Self.trades(1_000)
    trades[799].id = trades[798].id
    let (directory, journal) = try Self.journal(holding: Self.lines(of: trades).flatMap { $0 })
    defer { withExtendedLifetime(directory) {} }
    for parts in [1, 2, 4] {
      #expect(
        Self.failure(reading: journal, parts: parts)
          == "line 800: 'id' is 799, not above the id of the trade before")
    }
  }

  @Test func aLongRunWithoutANewlineInTheMiddle() throws {
    var lines = try Self.lines(of: Self.trades(200))
    // Line 101 starts with blanks (JSON allows them): a run without a newline longer than the
    // rest of the journal, so every equal share falls inside it.
    let within = TradesFile.maximumLineLength - lines[100].count
    lines[100].insert(contentsOf: repeatElement(UInt8(ascii: " "), count: within), at: 1)
    let (directory, journal) = try Self.journal(holding: lines.flatMap { $0 })
    defer { withExtendedLifetime(directory) {} }
    #expect(try Self.starts(of: journal, parts: 2).count == 2)
    for parts in [1, 2, 3, 4] {
      #expect(try journal.readTrades(nextTradeID: 201, parts: parts) == Self.trades(200))
    }
    // One blank more, then a run of three bounds: line 101 is over the bound, named by its line;
    // in the longer run no share finds a newline within a line's bound, and starts no part.
    for more in [1, 2 * TradesFile.maximumLineLength] {
      lines[100].insert(contentsOf: repeatElement(UInt8(ascii: " "), count: more), at: 1)
      try Data(lines.flatMap { $0 }).write(to: URL(fileURLWithPath: journal.path))
      for parts in [1, 2, 3, 4] {
        #expect(
          Self.failure(reading: journal, parts: parts)
            == "line 101 is longer than the \(TradesFile.maximumLineLength) bytes allowed")
      }
    }
    #expect(try Self.starts(of: journal, parts: 2) == [0])
  }

  @Test func aSmallJournalIsReadInOnePart() {
    #expect(TradesFile.partCount(size: 0) == 1)
    #expect(TradesFile.partCount(size: 2 * TradesFile.smallestPart - 1) == 1)
    #expect(TradesFile.partCount(size: TradesFile.maximumFileSize) <= TradesFile.mostParts)
  }
}
