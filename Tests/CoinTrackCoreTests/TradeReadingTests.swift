import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// A portfolio's trades read from the state file: each with its own coin, currency and amounts
/// valued as their texts, whatever the layout (compact as written, indented as saved, members in
/// any order), and every kind of damage refused with the key path of the member to blame.
@Suite struct TradeReadingTests {
  typealias Fixture = StateDocumentReadingTests

  /// A trade with id `tradeID` of the coin `symbol`, `name` and `coingeckoID` (a JSON value:
  /// a quoted text or null).
  static func trade(
    _ tradeID: Int, symbol: String = "BTC", name: String = "Bitcoin",
    coingeckoID: String = #""bitcoin""#, currency: String = "USDT", quantity: String = "2.5"
  ) -> String {
    #"{"id":\#(tradeID),"date":"2026-05-01","side":"buy","symbol":"\#(symbol)","#
      + #""name":"\#(name)","coingecko_id":\#(coingeckoID),"quantity":\#(quantity),"#
      + #""price":150.25,"fee":0.5,"currency":"\#(currency)"}"#
  }

  /// A version 5 document whose trades are `trades`, with ids 3 on.
  static func document(_ trades: [String]) -> String {
    Fixture.document(trade: trades.joined(separator: ","))
      .replacingOccurrences(of: #""next_trade_id":4"#, with: #""next_trade_id":1000"#)
  }

  @Test func eachTradeHasTheCoinItsMembersSpell() throws {
    let state = try Fixture.decode(
      Self.document([
        Self.trade(3), Self.trade(4, name: "Bitcoin Core"), Self.trade(5, coingeckoID: "null"),
        Self.trade(6, symbol: "XBT"), Self.trade(7, coingeckoID: #""bitcoin-2""#), Self.trade(8),
      ]))
    #expect(
      state.trades.map(\.coin) == [
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
        Coin(symbol: "BTC", name: "Bitcoin Core", coingeckoID: "bitcoin"),
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: nil),
        Coin(symbol: "XBT", name: "Bitcoin", coingeckoID: "bitcoin"),
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin-2"),
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
      ])
  }

  /// 1,100 is more coins than `CoinsReadBefore` keeps: those beyond are read as they are written.
  @Test(arguments: [150, 1100])
  func manyCoinsEachKeepTheirOwnMembers(_ count: Int) throws {
    // Many coins, each traded three times in turn.
    let coins = (0..<count).map {
      Coin(symbol: "C\($0)", name: "Coin \($0)", coingeckoID: "coin-\($0)")
    }
    let trades = (0..<3 * count).map { index in
      let coin = coins[index % coins.count]
      return Self.trade(
        index + 3, symbol: coin.symbol, name: coin.name, coingeckoID: #""\#(coin.coingeckoID!)""#)
    }
    let state = try Fixture.decode(
      Self.document(trades).replacingOccurrences(
        of: #""next_trade_id":1000"#, with: #""next_trade_id":\#(3 * count + 3)"#))
    #expect(state.trades.map(\.coin) == (0..<3 * count).map { coins[$0 % coins.count] })
  }

  /// Coins in patterns that change (one coin many times, a few in turn, then others), some
  /// sharing a symbol but not their other members: each trade has the coin its members spell,
  /// whatever coin came after the one before the last time.
  @Test func coinsInChangingPatternsEachKeepTheirOwnMembers() throws {
    let coins = [
      Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
      Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum"),
      Coin(symbol: "ETH", name: "Ether", coingeckoID: "ethereum"),
      Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: nil),
      Coin(symbol: "SOL", name: "Solana", coingeckoID: "solana"),
      Coin(symbol: "SOL", name: "Solana", coingeckoID: "solana-2"),
    ]
    var generator = SeededGenerator(seed: 37)
    // Each pattern of one to three coins repeated one to four times.
    var picks: [Int] = []
    while picks.count < 400 {
      let pattern = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        Int.random(in: 0..<coins.count, using: &generator)
      }
      for _ in 0..<Int.random(in: 1...4, using: &generator) { picks += pattern }
    }
    let trades = picks.enumerated().map { index, pick in
      Self.trade(
        index + 3, symbol: coins[pick].symbol, name: coins[pick].name,
        coingeckoID: coins[pick].coingeckoID.map { #""\#($0)""# } ?? "null")
    }
    let state = try Fixture.decode(
      Self.document(trades).replacingOccurrences(
        of: #""next_trade_id":1000"#, with: #""next_trade_id":\#(picks.count + 3)"#))
    #expect(state.trades.map(\.coin) == picks.map { coins[$0] })
  }

  @Test func aMemberBreakingItsRuleIsRefusedAfterTheSameCoinWrittenWell() {
    let cases = [
      (Self.trade(4, name: "Bitcoin "), "'trades[1].name' is not a name"),
      (Self.trade(4, coingeckoID: #""""#), "'trades[1].coingecko_id' is not a CoinGecko id"),
      (Self.trade(4, symbol: "btc"), "'trades[1].symbol' is not a symbol"),
      (Self.trade(4, currency: "usdt"), "'trades[1].currency' is not a currency code"),
      (Self.trade(4, currency: "USDTT"), nil),
    ]
    for (second, message) in cases {
      let problem = Fixture.problem(Self.document([Self.trade(3), second]))
      if let message {
        #expect(problem?.hasPrefix(message) == true, "\(second): \(problem ?? "loads")")
      } else {
        #expect(problem == nil, "\(second)")
      }
    }
  }

  @Test func anEmptyOrMissingIdIsNotTheNullOneOfTheCoinBefore() throws {
    let null = Self.trade(3, coingeckoID: "null")
    #expect(
      Fixture.problem(Self.document([null, Self.trade(4, coingeckoID: #""""#)]))?.hasPrefix(
        "'trades[1].coingecko_id' is not a CoinGecko id") == true)
    let missing = Self.trade(4).replacingOccurrences(of: #""coingecko_id":"bitcoin","#, with: "")
    #expect(
      Fixture.problem(Self.document([null, missing])) == "'trades[1].coingecko_id' is missing")
    let state = try Fixture.decode(Self.document([null, Self.trade(4, coingeckoID: "null")]))
    #expect(state.trades.map(\.coin.id) == ["symbol/BTC", "symbol/BTC"])
  }

  @Test func aTextOfTheCoinBeforeSpelledWithoutItsEscapesIsNoJSON() throws {
    // The first name holds quotes, written escaped; the second line spells them raw.
    let escaped = Self.trade(3, name: #"Say \"hi\""#)
    let again = Self.trade(4, name: #"Say \"hi\""#)
    #expect(
      try Fixture.decode(Self.document([escaped, again])).trades.map(\.coin.name) == [
        #"Say "hi""#, #"Say "hi""#,
      ])
    #expect(Fixture.isInvalidJSON(Self.document([escaped, Self.trade(4, name: #"Say "hi""#)])))
  }

  @Test func aKeyThatOnlyBeginsWithTheOneExpectedIsUnknown() {
    let longer = Self.trade(4).replacingOccurrences(of: #""fee":"#, with: #""fees":"#)
    #expect(
      Fixture.problem(Self.document([Self.trade(3), longer]))
        == "'trades[1].fees' is not a known key")
  }

  /// A key written with escapes is read as its text: a known one is the member it names, and
  /// an unknown one is named in the error as its text, not as it is written.
  @Test func aKeyWithEscapesIsReadAsItsText() throws {
    let known = Self.trade(4).replacingOccurrences(of: #""side":"#, with: #""s\u0069de":"#)
    #expect(
      try Fixture.decode(Self.document([Self.trade(3), known])).trades
        == Fixture.decode(Self.document([Self.trade(3), Self.trade(4)])).trades)
    for unknown in [#""sid\u0065s":"#, #""sid\u0065s" :"#, #""\u00e9t\u00e9":"#] {
      let trade = Self.trade(4).replacingOccurrences(of: #""side":"#, with: unknown)
      let name = unknown.contains("sid") ? "sides" : "été"
      #expect(
        Fixture.problem(Self.document([Self.trade(3), trade]))
          == "'trades[1].\(name)' is not a known key", "\(unknown)")
    }
  }

  /// A coin whose symbol is that of a coin read before but whose other members are not takes
  /// each member from where it was read, in whatever order the members come.
  @Test func aCoinPartlyLikeOneBeforeKeepsEachMemberAsRead() throws {
    let nameFirst = Self.trade(5, name: "Bitcoin Core").replacingOccurrences(
      of: #""symbol":"BTC","name":"Bitcoin Core","#, with: #""name":"Bitcoin Core","symbol":"BTC","#
    )
    let state = try Fixture.decode(
      Self.document([
        Self.trade(3), Self.trade(4, coingeckoID: "null"), nameFirst,
        Self.trade(6, name: "Bitcoin Core", coingeckoID: #""btc""#),
      ]))
    #expect(
      state.trades.map(\.coin) == [
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
        Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: nil),
        Coin(symbol: "BTC", name: "Bitcoin Core", coingeckoID: "bitcoin"),
        Coin(symbol: "BTC", name: "Bitcoin Core", coingeckoID: "btc"),
      ])
  }

  @Test func eachTradeHasItsOwnCurrency() throws {
    let state = try Fixture.decode(
      Self.document([
        Self.trade(3), Self.trade(4, currency: "USD"), Self.trade(5, currency: "USD"),
        Self.trade(6),
      ]))
    #expect(state.trades.map(\.currency) == ["USDT", "USD", "USD", "USDT"])
  }

  /// Amount texts, at the edges of 64-bit units and beyond.
  static let amounts = [
    "0.000000000000000001", "2.5", "999999999999999999", "99999999999999999.9",
    "9999999999999999999", "9223372036854775807", "9223372036854775808", "0.100000000000000000",
    "123456789012345678901234567890.123456789", "1000.000000000000000001",
  ]

  @Test(arguments: amounts)
  func anAmountIsValuedAsItsText(_ text: String) throws {
    let state = try Fixture.decode(
      Self.document([Self.trade(3, quantity: text).replacingOccurrences(of: "150.25", with: text)]))
    let trade = try #require(state.trades.first)
    let value = ExactDecimal(try #require(Price(decimalText: text)))
    #expect(trade.quantity.text == text)
    #expect(trade.quantityValue == value && trade.quantityValue.scale == value.scale)
    #expect(trade.priceValue == value && trade.priceValue.scale == value.scale)
    #expect(trade.feeValue == ExactDecimal(Price(decimalText: "0.5")!))
  }

  @Test func anAmountKeepsJSONsSyntaxAndTypes() throws {
    /// The document with its trade's price written as `price`.
    func priced(_ price: String) -> String {
      Fixture.document(trade: Fixture.trade.replacingOccurrences(of: "150.25", with: price))
    }
    for invalid in ["01.5", "-01", "00", "007", "1.5x", "1.", "-"] {
      #expect(Fixture.isInvalidJSON(priced(invalid)), "\(invalid)")
    }
    #expect(Fixture.problem(priced("\"150.25\""))?.hasPrefix("'trades[0].price' should be") == true)
    for refused in ["-0.0", "1.5e3", "-2"] {
      #expect(
        Fixture.problem(priced(refused))?.hasPrefix("'trades[0].price' is not a price") == true,
        "\(refused)")
    }
    for (written, text) in [("0", "0"), ("0.5", "0.5"), (" 150.25 ", "150.25"), ("-0", nil)] {
      let trades = try? Fixture.decode(priced(written)).trades
      #expect(trades?.first?.price.text == text, "\(written)")
    }
  }

  @Test func anIdKeepsJSONsSyntaxAndTheRange() throws {
    /// The document with its trade's id written as `id`.
    func numbered(_ id: String) -> String {
      Fixture.document(
        trade: Fixture.trade.replacingOccurrences(of: #""id":3"#, with: #""id":\#(id)"#)
      )
      .replacingOccurrences(of: #""next_trade_id":4"#, with: #""next_trade_id":2147483647"#)
    }
    for (written, id) in [
      ("1", 1), ("999999999", 999_999_999), (" 42 ", 42), ("2147483646", 2_147_483_646),
    ] {
      #expect(try Fixture.decode(numbered(written)).trades.first?.id == id, "\(written)")
    }
    let refused = [
      ("0", "is 0, outside 1...2147483647"), ("-1", "is -1, outside"), ("1.0", "should be"),
      ("1e2", "should be"), ("2147483648", "is 2147483648, outside"), ("\"7\"", "should be"),
      ("-0", "is 0, outside"), ("9223372036854775807", "is 9223372036854775807, outside"),
      ("9223372036854775808", "should be"), ("-9223372036854775809", "should be"),
      (String(repeating: "9", count: 40), "should be"),
    ]
    for (written, message) in refused {
      let problem = Fixture.problem(numbered(written))
      #expect(
        problem?.hasPrefix("'trades[0].id' \(message)") == true, "\(written): \(problem ?? "loads")"
      )
    }
    #expect(throws: StateDocumentError.self) { try Fixture.decode(numbered("007")) }
    #expect(throws: StateDocumentError.self) { try Fixture.decode(numbered("12a")) }
  }

  @Test func aChangedAmountIsValuedAgain() throws {
    var trade = try #require(try Fixture.decode(Fixture.document()).trades.first)
    trade.quantity = Price(decimalText: "7.25")!
    trade.price = Price(decimalText: "12345678901234567890.5")!
    trade.fee = Price(decimalText: "0")!
    #expect(trade.quantityValue == ExactDecimal(Price(decimalText: "7.25")!))
    #expect(trade.priceValue == ExactDecimal(Price(decimalText: "12345678901234567890.5")!))
    #expect(trade.feeValue == .zero)
  }

  /// What `readPlainASCIIString()` reads at the start of `bytes`.
  static func readInPlace(_ bytes: [UInt8]) -> [UInt8]? {
    JSONReader.reading(bytes) { reader in reader.readPlainASCIIString().map(Array.init) }
  }

  @Test func aStringBeyondASCIIIsNeverReadInPlace() {
    // A byte beyond ASCII at every place of a string's first sixteen: read in place, it would
    // skip the check of its UTF-8.
    for offset in 0..<16 {
      for tail in [0, 3, 12] {
        let content =
          Array(repeating: UInt8(ascii: "a"), count: offset) + [0xC3, 0xA9]
          + Array(repeating: UInt8(ascii: "b"), count: tail)
        let bytes = [UInt8(ascii: "\"")] + content + Array(#"",0000000000000000"#.utf8)
        #expect(Self.readInPlace(bytes) == nil, "offset \(offset), tail \(tail)")
        let ascii = content.map { $0 >= 0x80 ? UInt8(ascii: "c") : $0 }
        let plain = [UInt8(ascii: "\"")] + ascii + Array(#"",0000000000000000"#.utf8)
        #expect(Self.readInPlace(plain) == ascii, "offset \(offset), tail \(tail)")
      }
    }
  }

  @Test func keysAreReadWithOrWithoutWhitespaceAndCommas() throws {
    let spaced = Fixture.trade.replacingOccurrences(of: #"",""#, with: #"" , ""#)
      .replacingOccurrences(of: #"":"#, with: #"" : "#)
    #expect(
      try Fixture.decode(Fixture.document(trade: spaced)) == Fixture.decode(Fixture.document()))
    let noComma = Fixture.trade.replacingOccurrences(of: #""buy","#, with: #""buy" "#)
    #expect(throws: StateDocumentError.self) {
      try Fixture.decode(Fixture.document(trade: noComma))
    }
    let noColon = Fixture.trade.replacingOccurrences(of: #""side":"#, with: #""side" "#)
    #expect(throws: StateDocumentError.self) {
      try Fixture.decode(Fixture.document(trade: noColon))
    }
  }

  @Test func anEmptyUnknownKeyIsNamedInItsPath() {
    let trade = Fixture.trade.replacingOccurrences(of: #""side":"#, with: #""":"#)
    #expect(Fixture.problem(Fixture.document(trade: trade)) == "'trades[0].' is not a known key")
  }

  /// The document with its trade changed by replacing `plain` with `other`.
  static func document(replacing plain: String, with other: String) -> String {
    precondition(Fixture.trade.contains(plain), plain)
    return Fixture.document(trade: Fixture.trade.replacingOccurrences(of: plain, with: other))
  }

  /// `document` as `StateStore` saves it: indented, a space after each colon.
  static func indented(_ document: String) throws -> String {
    JSONWriter.indented(try JSONParser.parse(document))
  }

  /// `document` with its trade's members in reverse order.
  static func reversed(_ document: String) throws -> String {
    guard case .object(var members) = try JSONParser.parse(document),
      let trades = members.firstIndex(where: { $0.key == "trades" }),
      case .array(let elements) = members[trades].value, case .object(let trade) = elements[0]
    else { throw JSONSyntaxError(offset: 0, reason: "no trade") }
    members[trades].value = .array([.object(trade.reversed())])
    return JSONWriter.compact(.object(members))
  }

  @Test func compactAndIndentedTradesReadAlike() throws {
    // A sale, a coin without a CoinGecko id, and a coin traded twice.
    let sold = Fixture.trade.replacingOccurrences(of: #""id":3"#, with: #""id":4"#)
      .replacingOccurrences(of: #""buy""#, with: #""sell""#)
      .replacingOccurrences(of: "2.5", with: "0.5")
    let nullID = Fixture.trade.replacingOccurrences(of: #""id":3"#, with: #""id":5"#)
      .replacingOccurrences(of: #""bitcoin""#, with: "null")
    let compact = Fixture.document(
      trade: [Fixture.trade, sold, nullID].joined(separator: ",")
    ).replacingOccurrences(of: #""next_trade_id":4"#, with: #""next_trade_id":6"#)
    let state = try Fixture.decode(compact)
    #expect(state.trades.map(\.side) == [.buy, .sell, .buy])
    #expect(state.trades.map(\.coin.coingeckoID) == ["bitcoin", "bitcoin", nil])
    let saved = try Self.indented(compact)
    #expect(saved.contains("\n      \"date\": \"2026-05-01\",\n"))
    #expect(try Fixture.decode(saved) == state)
    // Written again as it was read, the state file keeps the rest and the journal the trades.
    #expect(try Fixture.decode(JSONWriter.indented(state.json)).state == state.state)
    #expect(try TradesFileTests.readBack(state.trades, nextTradeID: 6) == state.trades)
  }

  /// Trades that load, each written otherwise than this program writes them.
  static let otherLayouts = [
    (#""symbol":"BTC""#, #""symbol":"B\u0054C""#),
    (#""name":"Bitcoin""#, #""name":"Bitcöin""#),
    (#""price":150.25"#, #""price": 150.25 "#),
    (#""price":150.25,"fee":0.5"#, #""fee":0.5,"price":150.25"#),
    // Keys are matched by their bytes where they lie; an escaped key is decoded first.
    (#""price":150.25"#, #""pr\u0069ce":150.25"#),
    (#""currency":"USDT""#, #""\u0063urrency":"USDT""#),
  ]

  /// Income of each kind and a transfer read back with their sides, as the writer wrote them.
  @Test func incomeAndTransferSidesReadBack() throws {
    for side in [TradeSide.staking, .airdrop, .interest, .transfer] {
      var trade = Fixture.trade.replacingOccurrences(of: #""fee":0.5"#, with: #""fee":0"#)
      trade = trade.replacingOccurrences(of: #""side":"buy""#, with: #""side":"\#(side)""#)
      if side == .transfer {
        trade = trade.replacingOccurrences(of: #""price":150.25"#, with: #""price":0"#)
      }
      let loaded = try Fixture.decode(Fixture.document(trade: trade))
      #expect(loaded.trades.map(\.side) == [side])
      #expect(JSONWriter.compact(try #require(loaded.trades.first).json) == trade)
    }
  }

  @Test func otherLayoutsReadTheSameInAnyOrderAndIndented() throws {
    for (plain, other) in Self.otherLayouts {
      let document = Self.document(replacing: plain, with: other)
      let loaded = try Fixture.decode(document)
      #expect(loaded.trades.first?.price.text == "150.25", "\(other)")
      #expect(try Fixture.decode(Self.reversed(document)) == loaded, "\(other)")
      #expect(try Fixture.decode(Self.indented(document)) == loaded, "\(other)")
    }
  }

  /// Damage to a trade that leaves it valid JSON, and the start of the message it is refused with.
  static let damage = [
    (#""id":3"#, #""id":"3""#, "'trades[0].id' should be a whole number but is a string"),
    (#""id":3"#, #""id":0"#, "'trades[0].id' is 0, outside 1...2147483647"),
    (#""id":3,"#, "", "'trades[0].id' is missing"),
    (#""date":"2026-05-01""#, #""date":"2026-02-30""#, "'trades[0].date' is not a date"),
    (#""date":"2026-05-01""#, #""date":20260501"#, "'trades[0].date' should be a string"),
    (#""date":"2026-05-01""#, #""date":"2026-05-01 ""#, "'trades[0].date' is not a date"),
    (
      #""side":"buy""#, #""side":"BUY""#,
      "'trades[0].side' is not one of buy, sell, staking, airdrop, interest, transfer"
    ),
    (#""side":"buy""#, #""side":null"#, "'trades[0].side' should be a string but is null"),
    // The rules of a side: income has no fee, a transfer no price or fee, only a sell lots.
    (#""side":"buy""#, #""side":"staking""#, "'trades[0].fee' is not 0 on a staking"),
    (#""side":"buy""#, #""side":"transfer""#, "'trades[0].price' is not 0 on a transfer"),
    (#""USDT"}"#, #""USDT","lots":[1]}"#, "'trades[0].lots' names lots on a buy"),
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
    // Twice where the key after the one before is expected, as the member loop reads it quickest.
    (#"{"id":3,"#, #"{"date":"2026-05-01","id":3,"#, "'trades[0].date' appears twice"),
    (#""fee":0.5"#, #""fee":0.5,"f\u0065e":0.5"#, "'trades[0].fee' appears twice"),
    (#""fee":0.5"#, #""f\u00e9e":0.5"#, "'trades[0].fée' is not a known key"),
    (#""fee":0.5"#, #""feé":0.5"#, "'trades[0].feé' is not a known key"),
  ]

  @Test(arguments: 0..<damage.count)
  func damageIsReportedAlikeInAnyOrderAndIndented(_ index: Int) throws {
    let (plain, damaged, message) = Self.damage[index]
    let document = Self.document(replacing: plain, with: damaged)
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
  func brokenJSONIsRefusedAsSuch(_ index: Int) {
    let (plain, broken) = Self.brokenJSON[index]
    #expect(Fixture.isInvalidJSON(Self.document(replacing: plain, with: broken)))
  }
}
