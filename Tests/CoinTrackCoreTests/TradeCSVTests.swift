import Testing

@testable import CoinTrackCore

/// The trade file: what it reads, every way a file is refused (naming the line and field), and
/// a written file that reads back unchanged.
@Suite struct TradeCSVTests {
  static let today = Day(iso: "2024-06-30")!
  static let header = "date,side,coin,quantity,price,fee,currency"
  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")

  /// The snapshot's catalogue, as `portfolio import` resolves with it offline.
  static func resolve(_ input: String) throws -> Coin {
    try SnapshotPriceSource().resolveCoin(input)
  }

  static func read(_ text: String) throws -> [Trade] {
    try TradeCSV.read(Array(text.utf8), today: today, resolveCoin: resolve)
  }

  static func trade(
    _ day: String, _ side: TradeSide, _ coin: Coin, _ quantity: String, _ price: String,
    _ fee: String, _ currency: String
  ) -> Trade {
    Trade(
      id: 0, day: Day(iso: day)!, side: side, coin: coin, quantity: Price(decimalText: quantity)!,
      price: Price(decimalText: price)!, fee: Price(decimalText: fee)!, currency: currency)
  }

  @Test func readsEachLineAsATradeWhateverTheLineEnds() throws {
    let text =
      Self.header + "\r\n" + "2024-01-02,buy,btc,0.5,42000.10,1.5,usd\n"
      + "2024-03-04,SELL,@bitcoin,0.000000000000000001,0,0,USDT"
    #expect(
      try Self.read(text) == [
        Self.trade("2024-01-02", .buy, Self.bitcoin, "0.5", "42000.10", "1.5", "USD"),
        Self.trade("2024-03-04", .sell, Self.bitcoin, "0.000000000000000001", "0", "0", "USDT"),
      ])
  }

  @Test(arguments: [header, header + "\n", header + "\r\n"])
  func aHeaderAloneIsNoTrade(_ text: String) throws {
    #expect(try Self.read(text).isEmpty)
  }

  static let good = "2024-01-02,buy,BTC,1,100,0,USD"

  /// (file text, the error it gets): each refusal names its line (the header is line 1).
  static let refusals: [(String, TradeFileError)] = [
    ("", .emptyFile),
    ("\u{FEFF}" + header + "\n" + good, .byteOrderMark),
    (
      "date,side,coin,quantity,price,fee\n",
      .wrongHeader(found: "date,side,coin,quantity,price,fee")
    ),
    (header + ",note\n", .wrongHeader(found: header + ",note")),
    (
      "Date,Side,Coin,Quantity,Price,Fee,Currency\n",
      .wrongHeader(found: "Date,Side,Coin,Quantity,Price,Fee,Currency")
    ),
    (header + "\n" + good + "\n2024-01-03,buy,BTC,1,100,USD", .wrongFieldCount(line: 3, found: 6)),
    (header + "\n" + good + ",x", .wrongFieldCount(line: 2, found: 8)),
    (
      header + "\n2024-01-02,buy,\"BT\nC\",1,100,0,USD",
      .invalidField(line: 2, column: .coin, value: "\"BT", .quoted)
    ),
    (
      header + "\n2024-01-02,buy,BTC,\"1,5\",100,0,USD",
      .invalidField(line: 2, column: .quantity, value: "\"1", .quoted)
    ),
    (
      header + "\n" + good + "\n2024-01-02,buy,BTC,1,100\t,0,USD",
      .invalidField(line: 3, column: .price, value: "100\t", .control)
    ),
    (header + "\n\n" + good, .emptyLine(line: 2)),
    (header + "\n" + good + "\n\n", .emptyLine(line: 3)),
    (
      header + "\n2024-01-02,buy,BTC,1e3,100,0,USD",
      .invalidField(
        line: 2, column: .quantity, value: "1e3",
        .trade(.malformedNumber(input: "1e3", what: .quantity)))
    ),
    (
      header + "\n2024-01-02,buy,BTC,0,100,0,USD",
      .invalidField(
        line: 2, column: .quantity, value: "0", .trade(.quantityNotPositive(input: "0")))
    ),
    (
      header + "\n2024-01-02,buy,BTC,1,100,-1,USD",
      .invalidField(
        line: 2, column: .fee, value: "-1", .trade(.negativeAmount(input: "-1", what: .fee)))
    ),
    (
      header + "\n2024-01-02,buy,BTC,0.0000000000000000001,100,0,USD",
      .invalidField(
        line: 2, column: .quantity, value: "0.0000000000000000001",
        .trade(.tooManyDecimals(input: "0.0000000000000000001", allowed: 18)))
    ),
    (
      header + "\n2024-01-02,buy,BTC,1,100,0,US$",
      .invalidField(
        line: 2, column: .currency, value: "US$", .trade(.malformedCurrency(input: "US$")))
    ),
    (
      header + "\n2024/01/02,buy,BTC,1,100,0,USD",
      .invalidField(line: 2, column: .date, value: "2024/01/02", .date)
    ),
    (
      header + "\n2024-02-30,buy,BTC,1,100,0,USD",
      .invalidField(line: 2, column: .date, value: "2024-02-30", .date)
    ),
    (
      header + "\n" + good + "\n2024-07-01,buy,BTC,1,100,0,USD",
      .invalidField(line: 3, column: .date, value: "2024-07-01", .afterToday(today))
    ),
    (
      header + "\n2024-01-02,hold,BTC,1,100,0,USD",
      .invalidField(line: 2, column: .side, value: "hold", .side)
    ),
    (
      header + "\n2024-01-02,staking,BTC,1,100,1,USD",
      .invalidField(
        line: 2, column: .fee, value: "1",
        .trade(.sideRuleBroken(.incomeWithoutFee, side: .staking, input: "1")))
    ),
    (
      header + "\n2024-01-02,transfer,BTC,1,100,0,USD",
      .invalidField(
        line: 2, column: .price, value: "100",
        .trade(.sideRuleBroken(.transferWithoutPrice, side: .transfer, input: "100")))
    ),
    (
      header + "\n2024-01-02,Transfer,BTC,1,0,0.5,USD",
      .invalidField(
        line: 2, column: .fee, value: "0.5",
        .trade(.sideRuleBroken(.transferWithoutFee, side: .transfer, input: "0.5")))
    ),
    (
      header + "\n2024-01-02,buy,NOSUCHCOIN,1,100,0,USD",
      .invalidField(
        line: 2, column: .coin, value: "NOSUCHCOIN",
        .coin(
          .unknownCoin(
            input: "NOSUCHCOIN",
            suggestions: SnapshotPriceSource().catalogue().suggestions(for: "NOSUCHCOIN"))))
    ),
  ]

  @Test(arguments: 0..<refusals.count)
  func refusesABadFileNamingTheLineAndField(_ index: Int) {
    let (text, expected) = Self.refusals[index]
    #expect(throws: expected) { try Self.read(text) }
  }

  @Test func refusesALineThatIsNotUTF8() {
    let bytes = Array((Self.header + "\n" + Self.good + "\n").utf8) + [0x32, 0xFF, 0x0A]
    #expect(throws: TradeFileError.notUTF8(line: 3)) {
      try TradeCSV.read(bytes, today: Self.today, resolveCoin: Self.resolve)
    }
  }

  @Test func aResolverFaultOtherThanAnUnknownCoinEndsTheReadAsItIs() {
    struct Unreachable: Error, Equatable {}
    #expect(throws: Unreachable()) {
      try TradeCSV.read(
        Array((Self.header + "\n" + Self.good).utf8), today: Self.today,
        resolveCoin: { _ in throw Unreachable() })
    }
  }

  /// Two coins share the symbol ABC, a third is unknown to the resolver by symbol: the file must
  /// name those by id, and everything else as typed.
  @Test func aWrittenFileReadsBackUnchanged() throws {
    let first = Coin(symbol: "ABC", name: "First", coingeckoID: "first-abc")
    let second = Coin(symbol: "ABC", name: "Second", coingeckoID: "second-abc")
    let hidden = Coin(symbol: "HID", name: "Hidden", coingeckoID: nil)
    let commaSymbol = Coin(symbol: "A,B", name: "Comma", coingeckoID: "comma")
    let coins = [Self.bitcoin, first, second, hidden, commaSymbol]
    let resolve = { (input: String) throws -> Coin in
      let matches =
        Coin.matches(of: input, among: coins.filter { $0 != hidden })
        + (Coin.referencedID(in: input) == hidden.id ? [hidden] : [])
      guard matches.count == 1 else {
        throw TrackerError.unknownCoin(input: input, suggestions: [])
      }
      return matches[0]
    }
    let trades = [
      Self.trade(
        "2024-01-02", .buy, Self.bitcoin, "123456789.123456789012345678", "0.000000000000000001",
        "0.10", "USD"),
      Self.trade("2024-01-02", .buy, first, "007.50", "1", "0", "EUR"),
      Self.trade("2024-02-03", .sell, second, "1", "99999999999999999999.99", "12", "USDT"),
      Self.trade("2024-02-04", .buy, hidden, "2", "3", "0", "USD"),
      Self.trade("2024-02-05", .sell, commaSymbol, "2", "3", "0", "USD"),
    ]
    let text = try TradeCSV.write(trades, resolveCoin: resolve)
    #expect(
      text == """
        date,side,coin,quantity,price,fee,currency\r
        2024-01-02,buy,BTC,123456789.123456789012345678,0.000000000000000001,0.10,USD\r
        2024-01-02,buy,@first-abc,7.50,1,0,EUR\r
        2024-02-03,sell,@second-abc,1,99999999999999999999.99,12,USDT\r
        2024-02-04,buy,@symbol/HID,2,3,0,USD\r
        2024-02-05,sell,@comma,2,3,0,USD\r

        """)
    #expect(try TradeCSV.read(Array(text.utf8), today: Self.today, resolveCoin: resolve) == trades)
  }

  /// Income of each kind and a transfer keep their side through a written file, which is how
  /// they reach `portfolio import` without a column of their own.
  @Test func incomeAndTransfersReadBackWithTheirSides() throws {
    let trades = [
      Self.trade("2024-01-02", .staking, Self.bitcoin, "0.01", "42000.5", "0", "USDT"),
      Self.trade("2024-01-03", .airdrop, Self.bitcoin, "2", "0", "0", "USDT"),
      Self.trade("2024-01-04", .interest, Self.bitcoin, "0.000000000000000001", "1", "0", "USDT"),
      Self.trade("2024-01-05", .transfer, Self.bitcoin, "1.5", "0", "0", "USDT"),
    ]
    let text = try TradeCSV.write(trades, resolveCoin: Self.resolve)
    #expect(
      text == """
        date,side,coin,quantity,price,fee,currency\r
        2024-01-02,staking,BTC,0.01,42000.5,0,USDT\r
        2024-01-03,airdrop,BTC,2,0,0,USDT\r
        2024-01-04,interest,BTC,0.000000000000000001,1,0,USDT\r
        2024-01-05,transfer,BTC,1.5,0,0,USDT\r

        """)
    #expect(try Self.read(text) == trades)
    #expect(try Self.read(text.replacingOccurrences(of: "staking", with: "STAKING")) == trades)
  }

  @Test func aCoinNoFieldCanNameIsRefused() {
    let coin = Coin(symbol: "A,B", name: "Comma", coingeckoID: nil)
    #expect(throws: TradeFileError.unwritableCoin(coin)) {
      try TradeCSV.write(
        [Self.trade("2024-01-02", .buy, coin, "1", "1", "0", "USD")], resolveCoin: Self.resolve)
    }
  }
}
