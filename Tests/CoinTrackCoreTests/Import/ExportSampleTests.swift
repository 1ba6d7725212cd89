import Testing

@testable import CoinTrackCore

/// Every real sample under Fixtures/Exchanges (see PROVENANCE.md) read, and booked where its
/// rows are trades: the expectations are worked by hand from the rows.
@Suite struct ExportSampleTests {
  /// Closes for the swaps and coin fees of the samples, made up for the test (the snapshot has
  /// none of LTC, IOTA or XLM).
  static let closes = StubCloses(closes: [
    "LTC": ["2020-02-04": ("60", "USDT")],
    "BTC": ["2020-02-04": ("9000", "USDT"), "2020-07-01": ("8000", "EUR")],
    "ETH": ["2020-07-01": ("200", "EUR"), "2020-11-03": ("380", "EUR")],
    "BNB": ["2020-11-03": ("25", "USDT")],
  ])

  static func booked(_ path: String, source: StubCloses = closes) throws -> [String] {
    var booking = ImportBooking(source: source)
    return try booking.trades(of: try ExportSamples.events(path)).map { summary($0.trade) }
  }

  @Test func binanceTradeHistoryOfCoinForCoinIsTwoSwapsValuedAtTheClose() throws {
    // LTCBTC: a buy of 1.61 LTC for 0.01190273 BTC with a fee of 0.00161 LTC, then a sell of
    // 0.96 LTC for 0.00708864 BTC with a fee of 0.00000709 BTC; LTC at 60 and BTC at 9000.
    let trades = try Self.booked("binance/trade-history-market-semicolon.csv")
    let first = "binance-trades:"
    #expect(trades.count == 6)
    #expect(trades[0].hasPrefix("2020-02-04 sell BTC 0.01190273 @ 9000 + 0 USDT \(first)"))
    #expect(trades[0].hasSuffix("-1#sell"))
    // The LTC fee, 0.00161 x 60 = 0.09660 (the product keeps its decimals), is the buy's fee, and a sale of that LTC.
    #expect(trades[1].hasPrefix("2020-02-04 buy LTC 1.61 @ 60 + 0.09660 USDT \(first)"))
    #expect(trades[1].hasSuffix("-1#buy"))
    #expect(trades[2].hasPrefix("2020-02-04 sell LTC 0.00161 @ 60 + 0 USDT \(first)"))
    #expect(trades[2].hasSuffix("-1#fee"))
    #expect(trades[3].hasPrefix("2020-02-04 sell LTC 0.96 @ 60 + 0 USDT "))
    // 0.00000709 BTC x 9000 = 0.06381000.
    #expect(trades[4].hasPrefix("2020-02-04 buy BTC 0.00708864 @ 9000 + 0.06381000 USDT "))
    #expect(trades[5].hasPrefix("2020-02-04 sell BTC 0.00000709 @ 9000 + 0 USDT "))
  }

  @Test func krakenTradesAreTradesInEuroWithTheirTxids() throws {
    let trades = try Self.booked("kraken/trades.csv")
    #expect(trades.count == 13)
    // 4946.50026 EUR for 27198 XRP: 0.18187 each, the fee in EUR.
    #expect(
      trades[0]
        == "2017-09-10 buy XRP 27198.00000000 @ 0.18187 + 12.86090068 EUR "
        + "kraken-trades:TXH6AB-IAAAQ-H3YCGI")
    #expect(
      trades[1]
        == "2017-09-12 buy ETH 4.00000000 @ 245.7 + 1.57248 EUR kraken-trades:TRJD6H-TTJKJ-AUTBUS")
  }

  /// Money for money is no trade, as money paid in or out is none: the ledger's USDT spent for
  /// EUR (line 4) books nothing, so a stablecoin received for a coin's sale and later changed
  /// into EUR never reads as a sale of USDT that was never bought.
  @Test func krakenLedgersStablecoinForEuroIsNoTrade() throws {
    // Its first rows: a withdrawal of EUR, the spend, three coin trades in EUR (no closes).
    let events = try ExportSamples.events("kraken/ledgers.csv").filter { $0.line <= 11 }
    var booking = ImportBooking(source: StubCloses(closes: [:]))
    let booked = try booking.trades(of: events)
    #expect(!booked.contains { $0.line == 4 })
    #expect(!booked.contains { $0.trade.coin.symbol == "USDT" })
    // The coin trades around it are booked.
    #expect(booked.contains { $0.line == 6 && $0.trade.coin.symbol == "BTC" })
  }

  /// A fee paid in a coin on a change of money for money is still a fee sale of that coin.
  @Test func moneyForMoneyBooksOnlyAFeePaidInACoin() throws {
    let closes = StubCloses(closes: ["BNB": ["2024-03-01": ("400", "USDT")]])
    var booking = ImportBooking(source: closes)
    let event = ImportEvent(
      line: 2, day: Day(iso: "2024-03-01")!,
      kind: .trade(
        .sell, coin: "USDC", quantity: price("100"), total: price("99.9"),
        currency: "USDT"),
      fees: [ExportAmount(asset: "BNB", quantity: price("0.001"))], origin: "test:1")
    #expect(
      try booking.trades(of: [event]).map { summary($0.trade) } == [
        "2024-03-01 sell BNB 0.001 @ 400 + 0.4 USDT test:1#fee"
      ])
  }

  @Test func coinbaseFillsAreTradesWithTheirProductAndTradeId() throws {
    let trades = try Self.booked("coinbase/pro-fills.csv")
    #expect(
      trades == [
        "2019-06-26 buy XLM 1782.00000000 @ 0.112815 + 0.301554495 EUR "
          + "coinbase-fills:XLM-EUR/381617",
        "2019-06-26 sell XLM 131.00000000 @ 0.11375 + 0.022351875 EUR "
          + "coinbase-fills:XLM-EUR/382592",
        "2019-06-26 sell XLM 439.00000000 @ 0.11375 + 0.074904375 EUR "
          + "coinbase-fills:XLM-EUR/382593",
      ])
  }

  @Test func coinbaseReportWithCurrencyInTheColumnNames() throws {
    let trades = try Self.booked("coinbase/transaction-history-eur-columns.csv")
    #expect(trades.count == 4)
    // 295.60 EUR (the subtotal, before the 4.40 fee) for 0.03182812 BTC: 9287.38486596129460363
    // 98..., rounded at 18 decimals (half to even) to ...603640, its last zero dropped.
    #expect(
      trades[0].hasPrefix(
        "2020-09-27 buy BTC 0.03182812 @ 9287.38486596129460364 + 4.40 EUR coinbase:"))
    // 240.32 / 0.03517833 = 6831.478356135723327400 70...
    #expect(
      trades[1].hasPrefix(
        "2020-03-09 sell BTC 0.03517833 @ 6831.478356135723327401 + 3.58 EUR coinbase:"))
    // Converted 0.12141 BTC to 4.7987194 ETH: each at its close.
    #expect(trades[2].hasPrefix("2020-07-01 sell BTC 0.12141 @ 8000 + 0 EUR coinbase:"))
    #expect(trades[3].hasPrefix("2020-07-01 buy ETH 4.7987194 @ 200 + 0 EUR coinbase:"))
    #expect(trades[3].hasSuffix("-1#buy"))
  }

  @Test func coinbaseIncomeIsALotAtTheCloseAndMovesAreTransfers() throws {
    // Closes made up for the test, in EUR as the rows are.
    let closes = StubCloses(closes: [
      "ETH": ["2025-01-17": ("3300", "EUR"), "2025-01-14": ("3100", "EUR")],
      "BTC": ["2024-12-05": ("90000", "EUR"), "2022-03-25": ("40000", "EUR")],
      "XRP": ["2024-12-05": ("2", "EUR")],
    ])
    let trades = try Self.booked("coinbase/transaction-history-price-currency.csv", source: closes)
    let id = "coinbase:"
    #expect(
      trades == [
        // Staking income at the day's close, not at the row's own spot price (3343.11...).
        "2025-01-17 staking ETH 0.000037835729 @ 3300 + 0 EUR \(id)678a8bdefcb176007bfdbXXX",
        "2025-01-14 staking ETH 0.000022652183 @ 3100 + 0 EUR \(id)67869271463b8adc50c0dXXX",
        // Send ETH2 and Receive ETH: one coin moving between the user's accounts, valued
        // nowhere, in the currency the source values ETH in.
        "2025-01-07 transfer ETH 0.180914809326 @ 0 + 0 USDT \(id)677d8000e36ea79e78611XXX",
        "2025-01-07 transfer ETH 0.180914809326 @ 0 + 0 USDT \(id)677d8000bda4f9ffd19c1XXX",
        // Converted BTC to XRP: each leg at its close.
        "2024-12-05 sell BTC 0.00363125 @ 90000 + 0 EUR \(id)67514944a3f9bf34890d8XXX#sell",
        "2024-12-05 buy XRP 156.145683 @ 2 + 0 EUR \(id)67514944a3f9bf34890d8XXX#buy",
        // 67.01 EUR for 0.00166779 BTC is 40178.919408318793133428069...: rounded half to even
        // at 18 decimals.
        "2022-03-25 buy BTC 0.00166779 @ 40178.919408318793133428 + 2.99 EUR "
          + "\(id)623d6507925c200001fcbXXX",
      ])
    let events = try ExportSamples.events("coinbase/transaction-history-price-currency.csv")
    // The ETH to ETH2 conversion is one coin staked: no event.
    #expect(events.count == 6)
    #expect(
      events[2].kind
        == .transfer(rowType: "Send", coin: "ETH", quantity: price("0.180914809326")))
    #expect(events[2].origin == "coinbase:677d8000e36ea79e78611XXX")
    #expect(
      events[4].kind
        == .swap(
          given: [ExportAmount(asset: "BTC", quantity: price("0.00363125"))],
          received: [ExportAmount(asset: "XRP", quantity: price("156.145683"))]))
    #expect(
      events[5].kind
        == .trade(
          .buy, coin: "BTC", quantity: price("0.00166779"), total: price("67.01"),
          currency: "EUR"))
    #expect(events[5].fees == [ExportAmount(asset: "EUR", quantity: price("2.99"))])
  }

  @Test func aWholeLineQuotedByASpreadsheetIsRefusedByItsFieldCount() {
    #expect(throws: ImportError.wrongFieldCount(line: 2, found: 1, expected: 10)) {
      try ExportSamples.events("coinbase/transaction-history-quoted-lines.csv")
    }
  }

  @Test func binanceStatementRowsOfOneMomentAreOneTrade() throws {
    let events = try ExportSamples.events("binance/statement-rotki.csv")
    let trades = events.filter {
      if case .income = $0.kind { return false }
      if case .transfer = $0.kind { return false }
      return true
    }
    // 2020-10-28 (BNB for EUR), 10-30 twice, 11-03, 11-12, the dust, 11-20 twice, the ETH 2.0
    // staking swap, 2023-06-05 convert, 07-25, 07-28, 09-29.
    #expect(trades.count == 13)
    // Two fills at 21:12:59: 0.0148 + 0.08345 ETH for 333.209174 + 59.089888 EUR, fees in BNB
    // and ETH.
    let fills = try #require(trades.first { $0.line == 15 })
    #expect(
      fills.kind
        == .trade(
          .buy, coin: "ETH", quantity: price("0.09825"), total: price("392.299062"),
          currency: "EUR"))
    #expect(
      fills.fees == [
        ExportAmount(asset: "BNB", quantity: price("0.00009009")),
        ExportAmount(asset: "ETH", quantity: price("0.00008345")),
      ])
    // The 2020 rows call both legs Buy or Sell: the sign says which is which.
    let sale = try #require(trades.first { $0.line == 23 })
    #expect(
      sale.kind
        == .swap(
          given: [ExportAmount(asset: "IOTA", quantity: price("67.5"))],
          received: [ExportAmount(asset: "BTC", quantity: price("0.001366875"))]))
    // Dust over two seconds is one conversion.
    let dust = try #require(trades.first { $0.line == 26 })
    #expect(
      dust.kind
        == .swap(
          given: [ExportAmount(asset: "SOL", quantity: price("0.002200335"))],
          received: [ExportAmount(asset: "BNB", quantity: price("0.00073200"))]))
    // USDC sold for USDT: a sale of one stablecoin in the other.
    let stable = try #require(trades.first { $0.line == 55 })
    #expect(
      stable.kind
        == .trade(
          .sell, coin: "USDC", quantity: price("2641.00000000"), total: price("2641.26410000"),
          currency: "USDT"))
    #expect(
      events.first { $0.line == 14 }?.kind
        == .income(rowType: "Launchpool Interest", coin: "DAR", quantity: price("0.115147055")))
    // Every origin is the format's and a hash, and none repeats.
    #expect(Set(events.map(\.origin)).count == events.count)
    #expect(events.allSatisfy { $0.origin.hasPrefix("binance-statement:") })
  }

  @Test func binanceStatementFeesInACoinAreSoldAtTheirClose() throws {
    let file = """
      User_ID,UTC_Time,Account,Operation,Coin,Change,Remark
      1,2020-11-03 21:12:59,Spot,Buy,EUR,-333.209174,
      1,2020-11-03 21:12:59,Spot,Fee,BNB,-9.009E-05,
      1,2020-11-03 21:12:59,Spot,Buy,ETH,0.0148,
      1,2020-11-03 21:12:59,Spot,Fee,ETH,-8.345E-05,
      1,2020-11-03 21:12:59,Spot,Buy,EUR,-59.089888,
      1,2020-11-03 21:12:59,Spot,Buy,ETH,0.08345,

      """
    let events = try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    var booking = ImportBooking(source: Self.closes)
    // BNB's close is in USDT, the trade in EUR: refused, never converted.
    #expect(
      throws: ImportError.feeCurrency(
        line: 2, coin: "BNB", day: Day(iso: "2020-11-03")!, closeCurrency: "USDT",
        tradeCurrency: "EUR")
    ) { try booking.trades(of: events) }
    let euroBNB = StubCloses(closes: [
      "BNB": ["2020-11-03": ("25", "EUR")], "ETH": ["2020-11-03": ("380", "EUR")],
    ])
    var euro = ImportBooking(source: euroBNB)
    let trades = try euro.trades(of: events).map { summary($0.trade) }
    let origin = try #require(events.first?.origin)
    // 392.299062 / 0.09825, rounded at 18 decimals; fees 0.00009009 x 25 + 0.00008345 x 380 =
    // 0.00225225 + 0.031711 = 0.03396325.
    #expect(
      trades == [
        "2020-11-03 buy ETH 0.09825 @ 3992.865770992366412214 + 0.03396325 EUR \(origin)",
        "2020-11-03 sell BNB 0.00009009 @ 25 + 0 EUR \(origin)#fee",
        "2020-11-03 sell ETH 0.00008345 @ 380 + 0 EUR \(origin)#fee2",
      ])
  }

  @Test func aStatementFeeOfZeroIsNoFee() throws {
    let file = """
      User_ID,UTC_Time,Account,Operation,Coin,Change,Remark
      1,2023-09-29 09:56:26,Spot,Transaction Buy,ETH,0.01700000,""
      1,2023-09-29 09:56:26,Spot,Transaction Fee,BNB,0.00000000,""
      1,2023-09-29 09:56:26,Spot,Transaction Spend,USDT,-28.46106000,""

      """
    let events = try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    #expect(events.map(\.fees) == [[]])
    var booking = ImportBooking(source: Self.closes)
    // 28.46106 / 0.017 = 1674.18.
    #expect(
      try booking.trades(of: events).map { summary($0.trade) }
        == ["2023-09-29 buy ETH 0.01700000 @ 1674.18 + 0 USDT \(events[0].origin)"])
  }

  @Test func aSwapWithoutACloseIsRefusedNamingCoinAndDay() throws {
    var booking = ImportBooking(source: StubCloses(closes: ["BTC": [:]]))
    #expect(
      throws: ImportError.noClose(
        line: 2, coin: "BTC", day: Day(iso: "2020-02-04")!, source: "stub")
    ) {
      try booking.trades(of: try ExportSamples.events("binance/trade-history-market-semicolon.csv"))
    }
  }

  @Test func aSymbolTheSourceKnowsTwiceIsRefusedNamingTheRow() throws {
    var closes = Self.closes
    closes.ambiguous = ["XLM"]
    #expect {
      try Self.booked("coinbase/pro-fills.csv", source: closes)
    } throws: { error in
      guard case ImportError.invalidField(2, "coin", "XLM", .coin) = error else { return false }
      return true
    }
  }

  @Test func aSymbolTheUserNamesTheCoinOfIsBookedAsThatCoin() throws {
    var closes = Self.closes
    closes.ambiguous = ["XLM"]
    let stellar = Coin(symbol: "XLM", name: "Stellar", coingeckoID: "stellar")
    var booking = ImportBooking(source: closes, coins: ["XLM": stellar])
    let trades = try booking.trades(of: try ExportSamples.events("coinbase/pro-fills.csv"))
    #expect(!trades.isEmpty)
    #expect(trades.allSatisfy { $0.trade.coin == stellar })
  }

  @Test func theStatementsIncomeIsByKindAndItsMovesAreTransfers() throws {
    let closes = StubCloses(closes: [
      "BNB": ["2020-10-28": ("30", "USDT"), "2020-11-04": ("28", "USDT")],
      "BETH": ["2020-11-01": ("380", "USDT")],
      "DAR": ["2020-11-01": ("0.5", "USDT")],
    ])
    var booking = ImportBooking(source: closes)
    let events = try ExportSamples.events("binance/statement-rotki.csv")
    func booked(line: Int) throws -> [String] {
      try booking.trades(of: events.filter { $0.line == line }).map { summary($0.trade) }
    }
    // Line 3 pays money (EUR) in: no trade. Line 5 moves BNB into savings: a transfer.
    #expect(try booked(line: 3) == [])
    #expect(
      try booked(line: 5).map { String($0.prefix(44)) } == [
        "2020-10-28 transfer BNB 0.577257355 @ 0 + 0 "
      ])
    // Rewards: staking, Launchpool and savings interest, each at its close.
    #expect(
      try booked(line: 13).first?.hasPrefix("2020-11-01 staking BETH 0.000004615 @ 380 + 0 USDT")
        == true)
    #expect(
      try booked(line: 14).first?.hasPrefix("2020-11-01 interest DAR 0.115147055 @ 0.5 + 0 USDT")
        == true)
    #expect(
      try booked(line: 22).first?.hasPrefix("2020-11-04 interest BNB 0.000092675 @ 28 + 0 USDT")
        == true)
    // A distribution of money (BUSD) is no trade: cointrack holds coins.
    #expect(try booked(line: 54) == [])
  }

  @Test func krakenLedgerRewardsAreStakingAndMovesBetweenWalletsAreTransfers() throws {
    let closes = StubCloses(closes: [
      "ADA": ["2023-07-27": ("0.28", "EUR")], "SOL": ["2022-11-05": ("32", "EUR")],
    ])
    var booking = ImportBooking(source: closes)
    let events = try ExportSamples.events("kraken/ledgers.csv")
    func booked(line: Int) throws -> [String] {
      try booking.trades(of: events.filter { $0.line == line }).map { summary($0.trade) }
    }
    // A reward in ADA.S is ADA received as staking income at ADA's close.
    #expect(
      try booked(line: 12) == [
        "2023-07-27 staking ADA 0.97142400 @ 0.28 + 0 EUR kraken-ledgers:LHNEEH-W6XEY-5HZCHY"
      ])
    #expect(
      try booked(line: 18).first?.hasPrefix("2022-11-05 staking SOL 0.0178340800 @ 32") == true)
    // SOL moved from spot to staking: the same coin between the user's own wallets.
    #expect(
      try booked(line: 14) == [
        "2022-11-14 transfer SOL 65.0000000000 @ 0 + 0 USDT kraken-ledgers:LPG5E3-QQT4A-TPBTBX"
      ])
  }

  @Test func incomeRowsTakeTheirKindFromTheExportsName() {
    #expect(ImportBooking.incomeSide("ETH 2.0 Staking Rewards") == .staking)
    #expect(ImportBooking.incomeSide("Staking Income") == .staking)
    #expect(ImportBooking.incomeSide("Launchpool Interest") == .interest)
    #expect(ImportBooking.incomeSide("Simple Earn Locked Rewards") == .interest)
    #expect(ImportBooking.incomeSide("Airdrop") == .airdrop)
    #expect(ImportBooking.incomeSide("Learning Reward") == .airdrop)
    #expect(ImportBooking.incomeSide("Mission Reward Distribution") == .airdrop)
  }

  @Test func krakenLedgersCountAPendingAndACompletedCopyOnce() throws {
    let events = try ExportSamples.events("kraken/ledgers.csv")
    // Line 2 is the pending copy of line 3's withdrawal.
    #expect(!events.contains { $0.line == 2 })
    let withdrawal = try #require(events.first)
    #expect(withdrawal.line == 3)
    #expect(withdrawal.origin == "kraken-ledgers:LDFPEF-QAM6J-PYE4FP")
    #expect(
      withdrawal.kind == .transfer(rowType: "withdrawal", coin: "EUR", quantity: price("720.0000")))
    #expect(withdrawal.fees == [ExportAmount(asset: "EUR", quantity: price("0.0900"))])
    // USDT spent for EUR, the fee on the EUR leg.
    let spend = try #require(events.first { $0.line == 4 })
    #expect(
      spend.kind
        == .trade(
          .sell, coin: "USDT", quantity: price("730.00000000"), total: price("730.8000"),
          currency: "EUR"))
    #expect(spend.fees == [ExportAmount(asset: "EUR", quantity: price("10.8000"))])
    #expect(spend.origin == "kraken-ledgers:TSV6VHB-GLENO-YXRNYB")
    let bitcoin = try #require(events.first { $0.line == 6 })
    #expect(
      bitcoin.kind
        == .trade(
          .buy, coin: "BTC", quantity: price("0.1138867400"), total: price("3995.2607"),
          currency: "EUR"))
    #expect(
      events.first { $0.line == 12 }?.kind
        == .income(rowType: "staking", coin: "ADA", quantity: price("0.97142400")))
    #expect(Set(events.map(\.origin)).count == events.count)
  }

  @Test func coinTrackingTradesAreReadByPositionWithTheirTxIDs() throws {
    let events = try ExportSamples.events("cointracking/trade-list-txid.csv")
    #expect(
      events[0].kind
        == .trade(
          .buy, coin: "BTC", quantity: price("0.00550000"), total: price("500.00000000"),
          currency: "EUR"))
    #expect(events[0].fees == [ExportAmount(asset: "EUR", quantity: price("19.00000000"))])
    #expect(
      events[2].kind
        == .trade(
          .sell, coin: "BTC", quantity: price("0.00220000"), total: price("200.00000000"),
          currency: "EUR"))
    #expect(
      events[3].kind == .transfer(rowType: "Deposit", coin: "BTC", quantity: price("0.00100000")))
    // Empty Tx-IDs: the rows are hashed.
    #expect(events.allSatisfy { $0.origin.hasPrefix("cointracking:") && $0.origin.count == 31 })
  }

  @Test func coinTrackingsZeroAmountTradeIsRefusedByLine() {
    #expect {
      try ExportSamples.events("cointracking/trade-list-rotki.csv")
    } throws: { error in
      guard case ImportError.invalidField(10, "Buy", "0.00000000", .trade) = error else {
        return false
      }
      return true
    }
  }

  @Test func theNestedOrderHistoryIsAnUnknownHeader() {
    #expect {
      try ExportSamples.events("binance/order-history-nested-semicolon.csv")
    } throws: { error in
      guard case ImportError.unknownHeader(let columns) = error else { return false }
      return columns.prefix(3) == ["Date(UTC)", "Pair", "Type"]
    }
  }

  @Test func identicalRowsKeepTheirOwnOriginsByOccurrence() throws {
    let row = "2020-02-04 16:19:07,LTCBTC,BUY,0.007393,1.61,0.01190273,0.00161,LTC\n"
    let file = "Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin\n" + row + row
    let events = try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    #expect(events.count == 2)
    #expect(events[0].origin.hasSuffix("-1"))
    #expect(events[1].origin == events[0].origin.dropLast() + "2")
  }

  // The samples found later (PROVENANCE.md, merged from s32-samples).

  @Test func binanceTradeHistoryWithUnitsGluedOnIsReadByThePair() throws {
    let closes = StubCloses(closes: [
      "BNB": ["2022-01-20": ("450", "USDT"), "2022-01-10": ("430", "USDT")],
      "SOL": [:], "1INCH": [:],
    ])
    let trades = try Self.booked("binance/trade-history-pair-everytrade.csv", source: closes)
    #expect(trades.count == 4)
    // 62.376 USDT for 0.48 SOL: 129.95 each; the fee 0.00010548 BNB at 450 is 0.04746600.
    #expect(
      trades[0].hasPrefix("2022-01-20 buy SOL 0.48 @ 129.95 + 0.04746600 USDT binance-trades:"))
    #expect(trades[1].hasPrefix("2022-01-20 sell BNB 0.00010548 @ 450 + 0 USDT binance-trades:"))
    #expect(trades[1].hasSuffix("#fee"))
    // 5.11INCH of the pair 1INCHUSDT is 5.1 1INCH: 10.0419 / 5.1 = 1.969.
    #expect(
      trades[2].hasPrefix("2022-01-10 buy 1INCH 5.1 @ 1.969 + 0.00796790 USDT binance-trades:"))
    #expect(trades[3].hasPrefix("2022-01-10 sell BNB 0.00001853 @ 430 + 0 USDT binance-trades:"))
  }

  @Test func aStatementMomentThatOnlyReceivesIsRefused() {
    // Its first row, BNB bought at 15:39:00 with nothing given in that second (the file may
    // have been cut): refused, not guessed.
    #expect(
      throws: ImportError.incompleteTrade(
        line: 2, reason: "it gives no coin for those it receives")
    ) { try ExportSamples.events("binance/statement-no-user-id.csv") }
  }

  @Test func aQuotedStatementIsRead() throws {
    let events = try ExportSamples.events("binance/statement-quoted-privatefolio.csv")
    #expect(
      events.first?.kind
        == .transfer(rowType: "Deposit", coin: "ETH", quantity: price("0.00004300")))
  }

  @Test func linesBeforeTheHeaderAreAnUnknownHeader() {
    #expect {
      try ExportSamples.events("coinbase/buys-sells-report-preamble.csv")
    } throws: { error in
      guard case ImportError.unknownHeader(let columns) = error else { return false }
      return columns.count == 1 && columns[0].hasPrefix("Transfers")
    }
  }

  @Test func olderFillsAndKrakenLayoutsAreRead() throws {
    let fills = try ExportSamples.events("coinbase/gdax-fills-no-portfolio.csv")
    // 0.36171256 x 389.63 = 140.9340647528, the report's total (its fee is 0).
    #expect(
      fills.map(\.kind) == [
        .trade(
          .sell, coin: "ETH", quantity: price("0.36171256"), total: price("140.9340647528"),
          currency: "EUR")
      ])
    #expect(fills[0].fees.isEmpty)
    #expect(fills[0].origin == "coinbase-fills:ETH-EUR/xxxxxxx")
    let trades = try Self.booked("kraken/trades-2017-position-columns.csv")
    #expect(
      trades[0]
        == "2017-12-01 buy BTC 0.11765000 @ 8490 + 1.59816 EUR kraken-trades:YYYYYY-YYYYY-YYYY20")
    let ledger = try ExportSamples.events("kraken/ledgers-2017-no-subtype.csv")
    let bought = try #require(ledger.first { $0.line == 3 })
    #expect(
      bought.kind
        == .trade(
          .buy, coin: "BTC", quantity: price("0.1176500000"), total: price("998.8485"),
          currency: "EUR"))
    #expect(
      bought.fees == [
        ExportAmount(asset: "BTC", quantity: price("0.0000525500")),
        ExportAmount(asset: "EUR", quantity: price("1.1515")),
      ])
  }
}
