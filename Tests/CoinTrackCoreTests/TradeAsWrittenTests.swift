import Testing

@testable import CoinTrackCore

/// A trade written as this program writes it is read in one pass (`readTradeAsWritten`); any
/// other trade, and every damaged one, is left to the member loop, so that what loads and every
/// message stay those of the member loop.
@Suite struct TradeAsWrittenTests {
  typealias Fixture = StateDecodingFastPathTests

  /// The document with its trade changed by replacing `plain` with `damaged`.
  static func document(replacing plain: String, with damaged: String) -> String {
    precondition(Fixture.trade.contains(plain), plain)
    return Fixture.document(trade: Fixture.trade.replacingOccurrences(of: plain, with: damaged))
  }

  /// `document` as `StateStore` saves it: indented, a space after each colon.
  static func indented(_ document: String) throws -> String {
    JSONWriter.indented(try JSONParser.parse(document))
  }

  /// `document` with its trade's members in reverse order, which only the member loop reads.
  static func reversed(_ document: String) throws -> String {
    guard case .object(var members) = try JSONParser.parse(document),
      let trades = members.firstIndex(where: { $0.key == "trades" }),
      case .array(let elements) = members[trades].value, case .object(let trade) = elements[0]
    else { throw JSONSyntaxError(offset: 0, reason: "no trade") }
    members[trades].value = .array([.object(trade.reversed())])
    return JSONWriter.compact(.object(members))
  }

  /// The trade that `readTradeAsWritten` reads from `text`, with the position it stops at; nil
  /// when it leaves the trade to the member loop.
  static func readAsWritten(_ text: String) -> (Trade, Int)? {
    var coins = KnownCoins()
    var currency = KnownCurrency()
    return JSONReader.reading(Array(text.utf8)) { reader in
      reader.readTradeAsWritten(keys: Trade.keys, coins: &coins, currency: &currency).map {
        ($0, reader.position)
      }
    }
  }

  @Test func aTradeAsWrittenIsReadInOnePassCompactOrIndented() throws {
    let expected = try #require(try Fixture.decode(Fixture.document()).trades.first)
    let (compact, end) = try #require(Self.readAsWritten(Fixture.trade + "]"))
    #expect(compact == expected)
    #expect(end == Fixture.trade.utf8.count)
    // Indented as a saved state file holds it, with whitespace before the closing brace.
    let saved = JSONWriter.indented(try JSONParser.parse(Fixture.trade))
    #expect(saved.contains("\n  \"date\": \"2026-05-01\",\n"))
    #expect(try #require(Self.readAsWritten(saved + "]")).0 == expected)
    let nullID = Fixture.trade.replacingOccurrences(of: #""bitcoin""#, with: "null")
    #expect(try #require(Self.readAsWritten(nullID + "]")).0.coin.coingeckoID == nil)
    let savedNullID = JSONWriter.indented(try JSONParser.parse(nullID))
    #expect(try #require(Self.readAsWritten(savedNullID + "]")).0.coin.coingeckoID == nil)
    let sold = Fixture.trade.replacingOccurrences(of: #""buy""#, with: #""sell""#)
    #expect(try #require(Self.readAsWritten(sold + "]")).0.side == .sell)
  }

  /// Trades that load, each written otherwise than the one pass reads.
  static let otherLayouts = [
    (#""symbol":"BTC""#, #""symbol":"B\u0054C""#),
    (#""name":"Bitcoin""#, #""name":"Bitcöin""#),
    (#""price":150.25"#, #""price": 150.25 "#),
    (#""price":150.25,"fee":0.5"#, #""fee":0.5,"price":150.25"#),
  ]

  @Test func otherLayoutsAreLeftToTheMemberLoopAndReadTheSame() throws {
    for (plain, other) in Self.otherLayouts {
      let document = Self.document(replacing: plain, with: other)
      let trade = Fixture.trade.replacingOccurrences(of: plain, with: other)
      let loaded = try Fixture.decode(document)
      #expect(try Fixture.decode(Self.reversed(document)) == loaded, "\(other)")
      #expect(try Fixture.decode(Self.indented(document)) == loaded, "\(other)")
      // Spaces inside the trade are whitespace the one pass steps over; nothing else is.
      #expect((Self.readAsWritten(trade + "]") != nil) == other.hasSuffix(" 150.25 "), "\(other)")
    }
  }

  /// Damage to a trade that leaves it valid JSON, and the message the member loop gives.
  static let damage = [
    (#""id":3"#, #""id":"3""#, "'trades[0].id' should be a whole number but is a string"),
    (#""id":3"#, #""id":0"#, "'trades[0].id' is 0, outside 1...2147483647"),
    (#""id":3,"#, "", "'trades[0].id' is missing"),
    (#""date":"2026-05-01""#, #""date":"2026-02-30""#, "'trades[0].date' is not a date"),
    (#""date":"2026-05-01""#, #""date":20260501"#, "'trades[0].date' should be a string"),
    (#""date":"2026-05-01""#, #""date":"2026-05-01 ""#, "'trades[0].date' is not a date"),
    (#""side":"buy""#, #""side":"BUY""#, "'trades[0].side' is not one of buy, sell"),
    (#""side":"buy""#, #""side":null"#, "'trades[0].side' should be a string but is null"),
    (#""symbol":"BTC""#, #""symbol":"btc""#, "'trades[0].symbol' is not a symbol"),
    (#""name":"Bitcoin""#, #""name":"Bitcoin ""#, "'trades[0].name' is not a name"),
    (#""name":"Bitcoin""#, #""name":"""#, "'trades[0].name' is not a name"),
    (
      #""coingecko_id":"bitcoin""#, #""coingecko_id":"""#,
      "'trades[0].coingecko_id' is not a CoinGecko id"
    ),
    (
      #""coingecko_id":"bitcoin""#, #""coingecko_id":7"#,
      "'trades[0].coingecko_id' should be a string"
    ),
    (#""coingecko_id":"bitcoin","#, "", "'trades[0].coingecko_id' is missing"),
    (#""quantity":2.5"#, #""quantity":0.0"#, "'trades[0].quantity' is not a quantity"),
    (#""quantity":2.5"#, #""quantity":-2.5"#, "'trades[0].quantity' is not a quantity"),
    (
      #""quantity":2.5"#, #""quantity":2.0000000000000000005"#,
      "'trades[0].quantity' is not a quantity"
    ),
    (#""quantity":2.5"#, #""quantity":"2.5""#, "'trades[0].quantity' should be a number"),
    (#""price":150.25"#, #""price":-150.25"#, "'trades[0].price' is not a price"),
    (#""price":150.25"#, #""price":1e2"#, "'trades[0].price' is not a price"),
    (
      #""price":150.25"#, #""price":\#(String(repeating: "1", count: 65))"#,
      "'trades[0].price' is not a price"
    ),
    (#""fee":0.5"#, #""fee":-0.5"#, "'trades[0].fee' is not a fee"),
    (#""fee":0.5,"#, "", "'trades[0].fee' is missing"),
    (#""currency":"USDT""#, #""currency":"usdt""#, "'trades[0].currency' is not a currency"),
    (#""currency":"USDT""#, #""currency":"U""#, "'trades[0].currency' is not a currency"),
    (#""currency":"USDT""#, #""currency":5"#, "'trades[0].currency' should be a string"),
    (#""fee":0.5"#, #""fees":0.5"#, "'trades[0].fees' is not a known key"),
    (#""fee":0.5"#, #""fee":0.5,"fee":0.5"#, "'trades[0].fee' appears twice"),
    (#""USDT"}"#, #""USDT","note":1}"#, "'trades[0].note' is not a known key"),
    (#"{"id":3"#, #"{"id":1,"id":3"#, "'trades[0].id' appears twice"),
  ]

  @Test(arguments: 0..<damage.count)
  func damageIsLeftToTheMemberLoopAndReportedAsItReports(_ index: Int) throws {
    let (plain, damaged, message) = Self.damage[index]
    let document = Self.document(replacing: plain, with: damaged)
    let trade = Fixture.trade.replacingOccurrences(of: plain, with: damaged)
    #expect(Self.readAsWritten(trade + "]") == nil)
    let problem = try #require(Fixture.problem(document))
    #expect(problem.hasPrefix(message), "\(problem)")
    #expect(Fixture.problem(try Self.reversed(document)) == problem)
    #expect(Fixture.problem(try Self.indented(document)) == problem)
  }

  /// Damage that leaves a trade invalid JSON.
  static let brokenJSON = [
    (#""quantity":2.5"#, #""quantity":02.5"#),
    (#""id":3"#, #""id":03"#),
    (#""price":150.25"#, #""price":150."#),
    (#""USDT"}"#, #""USDT",}"#),
    (#""USDT"}"#, #""USDT""#),
    (#""fee":"#, #""fee" "#),
    (#""buy","#, #""buy" "#),
    (#""coingecko_id":"bitcoin""#, #""coingecko_id":nul"#),
    (#""coingecko_id":"bitcoin""#, #""coingecko_id":nullx"#),
    (#""name":"Bitcoin""#, "\"name\":\"Bit\u{01}coin\""),
  ]

  @Test(arguments: 0..<brokenJSON.count)
  func brokenJSONIsLeftToTheMemberLoop(_ index: Int) throws {
    let (plain, broken) = Self.brokenJSON[index]
    let trade = Fixture.trade.replacingOccurrences(of: plain, with: broken)
    #expect(Self.readAsWritten(trade + "]") == nil)
    #expect(Fixture.isInvalidJSON(Self.document(replacing: plain, with: broken)))
  }

  @Test func aCoinIsFoundByHowItsMembersAreWrittenOnlyWhenAllOfThemAre() throws {
    typealias Reuse = TradeDecodingReuseTests
    // Each coin alike to the one before but for one member; the second and third as long as
    // the first and alike to their last byte.
    let trades = [
      Reuse.trade(3), Reuse.trade(4, name: "Bitcoim"), Reuse.trade(5, coingeckoID: #""bitcoim""#),
      Reuse.trade(6, coingeckoID: "null"), Reuse.trade(7, coingeckoID: #""bitcoin2""#),
      Reuse.trade(8, name: "Bitcoin2"), Reuse.trade(9, symbol: "BTC2"),
      Reuse.trade(10, coingeckoID: "null"), Reuse.trade(11),
    ]
    let coins = try Fixture.decode(Reuse.document(trades)).trades.map(\.coin)
    #expect(
      coins.map { [$0.symbol, $0.name, $0.coingeckoID ?? "null"].joined(separator: " ") } == [
        "BTC Bitcoin bitcoin", "BTC Bitcoim bitcoin", "BTC Bitcoin bitcoim", "BTC Bitcoin null",
        "BTC Bitcoin bitcoin2", "BTC Bitcoin2 bitcoin", "BTC2 Bitcoin bitcoin",
        "BTC Bitcoin null", "BTC Bitcoin bitcoin",
      ])
    // Written as a null id was, then more: no coin, and no valid JSON.
    let nullThenMore = Reuse.trade(4, coingeckoID: "nullx")
    #expect(
      Fixture.isInvalidJSON(Reuse.document([Reuse.trade(3, coingeckoID: "null"), nullThenMore])))
  }

  @Test func aCoinOrCurrencyMetBeforeIsTheSameWhicheverPathReadsIt() throws {
    // The first trade read in one pass, the second (escaped) by the member loop, the third in
    // one pass again: each reuses or adds what the other met.
    let second = Fixture.trade.replacingOccurrences(of: #""id":3"#, with: #""id":4"#)
      .replacingOccurrences(of: #""side":"buy""#, with: #""side":"b\u0075y""#)
    let third = Fixture.trade.replacingOccurrences(of: #""id":3"#, with: #""id":5"#)
    let document = Fixture.document(trade: [Fixture.trade, second, third].joined(separator: ","))
      .replacingOccurrences(of: #""next_trade_id":4"#, with: #""next_trade_id":6"#)
    let trades = try Fixture.decode(document).trades
    #expect(trades.map(\.id) == [3, 4, 5])
    #expect(Set(trades.map(\.coin)).count == 1)
    #expect(Set(trades.map(\.currency)) == ["USDT"])
  }
}
