import Testing

@testable import CoinTrackCore

/// A table given a width fits it: names shortened with `…` first, then columns left out, coin
/// id, source and currency first, then from the right; the other formats never change.
@Suite struct TableFitTests {
  /// 85 characters wide; NAME may shorten by 17, to 10.
  private let coins = RecordSet(
    fields: [
      .init("id", isNumeric: true), .init("symbol"), .init("name"),
      .init("price", isNumeric: true), .init("currency"), .init("source"), .init("coin_id"),
    ],
    records: [
      [
        .integer(1), .text("BTC"), .text("Bitcoin"), .number("77552.23"), .text("USDT"),
        .text("offline"), .text("bitcoin"),
      ],
      [
        .integer(2), .text("WBTC"), .text("Wrapped Bitcoin on Ethereum"), .number("77490.1"),
        .text("USDT"), .text("offline"), .text("wrapped-bitcoin"),
      ],
    ])

  /// The table fitted to `width`, and the keys of the fields it left out.
  private func fitted(_ records: RecordSet, width: Int) -> (table: String, leftOut: [String]) {
    var table = ""
    let leftOut = RecordFormat.table.write(records, tableWidth: width) {
      table += String(decoding: $0, as: UTF8.self)
    }
    return (table, leftOut)
  }

  @Test func aTableThatFitsIsUnchanged() {
    let whole = RecordFormat.table.render(coins)
    #expect(whole.split(separator: "\n").map(\.count).max() == 85)
    for width in [85, 200] {
      #expect(fitted(coins, width: width) == (whole, []))
    }
  }

  @Test func theWidestNameIsShortenedWithAnEllipsisFirst() {
    #expect(
      fitted(coins, width: 80) == (
        """
        ID  SYMBOL  NAME                       PRICE  CURRENCY  SOURCE   COIN ID
         1  BTC     Bitcoin                 77552.23  USDT      offline  bitcoin
         2  WBTC    Wrapped Bitcoin on Et…  77490.10  USDT      offline  wrapped-bitcoin

        """, []
      ))
  }

  /// When shortening to 10 cannot fit, coin id, source and currency go first, then the others
  /// from the right; the names are shortened only as far as is still needed.
  @Test func columnsAreLeftOutInTheirOrderWhenShorteningIsNotEnough() {
    #expect(
      fitted(coins, width: 60) == (
        """
        ID  SYMBOL  NAME                    PRICE  CURRENCY  SOURCE
         1  BTC     Bitcoin              77552.23  USDT      offline
         2  WBTC    Wrapped Bitcoin on…  77490.10  USDT      offline

        """, ["coin_id"]
      ))
    #expect(fitted(coins, width: 45).leftOut == ["source", "coin_id"])
    #expect(
      fitted(coins, width: 30) == (
        """
        ID  SYMBOL  NAME
         1  BTC     Bitcoin
         2  WBTC    Wrapped Bitcoin o…

        """, ["price", "currency", "source", "coin_id"]
      ))
    for width in [30, 45, 60, 80] {
      #expect(
        fitted(coins, width: width).table.split(separator: "\n").allSatisfy { $0.count <= width })
    }
  }

  /// Narrower than any table: the first column is kept whole, its lines wider than asked.
  @Test func aWidthBelowTheFirstColumnKeepsItWhole() {
    #expect(
      fitted(coins, width: 1) == (
        "ID\n 1\n 2\n", ["symbol", "name", "price", "currency", "source", "coin_id"]
      ))
  }

  /// A shortened name keeps 10 characters: narrower, the column is left out instead.
  @Test func aShortenedNameKeepsTenCharacters() {
    let set = RecordSet(
      fields: [.init("symbol"), .init("name")],
      records: [[.text("WBTC"), .text("Wrapped Bitcoin on Ethereum")]])
    #expect(fitted(set, width: 18) == ("SYMBOL  NAME\nWBTC    Wrapped B…\n", []))
    #expect(fitted(set, width: 17) == ("SYMBOL\nWBTC\n", ["name"]))
  }

  @Test func onlyTableShortenAndOnlyWhenGivenAWidth() {
    for format in RecordFormat.allCases where format != .table {
      #expect(format.render(coins, tableWidth: 20) == format.render(coins))
    }
    #expect(RecordFormat.table.render(coins, tableWidth: nil) == RecordFormat.table.render(coins))
  }

  /// Escaped text is cut between characters, and an escape is kept whole or left out.
  @Test(arguments: [
    ("ab\\u{1b}cd", 5, "ab…"), ("ab\\u{1b}cd", 8, "ab…"), ("ab\\u{1b}cd", 9, "ab\\u{1b}…"),
    ("Ωmega 🚀 rocket", 8, "Ωmega 🚀…"), ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}…"),
    // A backslash that starts no escape is one character like any other.
    ("a\\u{zz}b", 4, "a\\u…"),
  ])
  func shortenedTextKeepsCharactersAndEscapesWhole(text: String, width: Int, shortened: String) {
    #expect(TableRenderer.shortened(text, to: width) == shortened)
    #expect(TableRenderer.shortened(text, to: width).count <= width)
  }

  @Test func aNameWithControlCharactersIsShortenedAsShown() {
    let set = RecordSet(
      fields: [.init("name")], records: [[.text("Evil\u{1B}[2J coin with a long name")]])
    #expect(fitted(set, width: 12).table == "NAME\nEvil\\u{1b}[…\n")
    #expect(fitted(set, width: 10).table == "NAME\nEvil…\n")
  }
}
