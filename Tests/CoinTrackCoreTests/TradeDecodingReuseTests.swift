import Testing

@testable import CoinTrackCore

/// What reading a portfolio's trades reuses from one trade to the next (a coin written with the
/// same bytes, the currency) and computes once (each amount's value) reads exactly what reading
/// every trade afresh would, and refuses the same.
@Suite struct TradeDecodingReuseTests {
  typealias Fixture = StateDecodingFastPathTests

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

  @Test func aCoinIsReusedOnlyWhenEveryMemberIsWrittenAlike() throws {
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

  @Test func manyCoinsEachKeepTheirOwnMembers() throws {
    // More coins than the table first has room for, each traded three times in turn.
    let coins = (0..<150).map {
      Coin(symbol: "C\($0)", name: "Coin \($0)", coingeckoID: "coin-\($0)")
    }
    let trades = (0..<450).map { index in
      let coin = coins[index % coins.count]
      return Self.trade(
        index + 3, symbol: coin.symbol, name: coin.name, coingeckoID: #""\#(coin.coingeckoID!)""#)
    }
    let state = try Fixture.decode(Self.document(trades))
    #expect(state.trades.map(\.coin) == (0..<450).map { coins[$0 % coins.count] })
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

  @Test func eachTradeHasItsOwnCurrency() throws {
    let state = try Fixture.decode(
      Self.document([
        Self.trade(3), Self.trade(4, currency: "USD"), Self.trade(5, currency: "USD"),
        Self.trade(6),
      ]))
    #expect(state.trades.map(\.currency) == ["USDT", "USD", "USD", "USDT"])
  }

  /// Amount texts, each valued once when read, at the edges of the 64-bit units.
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

  @Test func anAmountReadInOnePassKeepsJSONsSyntaxAndTypes() throws {
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

  @Test func anIdReadInOnePassKeepsJSONsSyntaxAndTheRange() throws {
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

  @Test func plainDecimalReadsWhatPriceAccepts() {
    let texts = [
      "", "-", ".", "1.", ".5", "1.2.3", "1e5", "+1", "1,5", "--1", "-0", "00.10", " 1", "1 ",
      "0", "-12.5", "7", "1.0", "0.0", "١", "12a", "-.5", "1..2",
    ]
    for text in texts {
      let decimal = text.withUTF8Bytes(PlainDecimal.init(utf8:))
      #expect((decimal != nil) == text.withUTF8Bytes(Price.isPlainDecimal), "\(text)")
      if let decimal {
        #expect(decimal.hasNonZeroDigit == text.contains { "123456789".contains($0) }, "\(text)")
      }
    }
  }

  /// What `readPlainASCIIString()` reads at the start of `bytes`.
  static func readInPlace(_ bytes: [UInt8]) -> [UInt8]? {
    JSONReader.reading(bytes) { reader in reader.readPlainASCIIString().map(Array.init) }
  }

  @Test func aStringBeyondASCIIIsNeverReadInPlace() {
    // A byte beyond ASCII at every place of the first two words of a string, the string ending
    // in the same word or a later one: read in place, it would skip the check of its UTF-8.
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
}
