import Foundation
import Testing

/// Events of exchange exports imported through the real binary and booked as worked by hand: a
/// swap, a trade whose fee is paid in a third coin, a staking reward and a distribution from a
/// Binance account statement, and a withdrawal with its network fee in the coin from Kraken's
/// ledgers (a Binance statement writes withdrawals net, with no fee row). Checked through
/// `portfolio trades`, `show`, `gains`, `earnings` and every journal export as the real tools
/// book it.
@Suite struct ImportedEventsBookingTests {
  /// BTC and BNB bought for USDT; ETH bought with 0.1 BTC (a swap); SOL bought for 955 USDT
  /// with a fee of 0.02 BNB; an ETH staking reward and a BNB distribution; 1 ETH sold.
  static let statement = """
    User_ID,UTC_Time,Account,Operation,Coin,Change,Remark
    1,2024-02-01 09:00:00,Spot,Buy,BTC,1,
    1,2024-02-01 09:00:00,Spot,Buy,USDT,-40000,
    1,2024-02-01 09:30:00,Spot,Buy,BNB,2,
    1,2024-02-01 09:30:00,Spot,Buy,USDT,-600,
    1,2024-02-03 10:00:00,Spot,Transaction Buy,ETH,1.8,
    1,2024-02-03 10:00:00,Spot,Transaction Spend,BTC,-0.1,
    1,2024-02-04 11:00:00,Spot,Transaction Buy,SOL,10,
    1,2024-02-04 11:00:00,Spot,Transaction Spend,USDT,-955,
    1,2024-02-04 11:00:00,Spot,Transaction Fee,BNB,-0.02,
    1,2024-02-05 01:00:00,Spot,ETH 2.0 Staking Rewards,ETH,0.01,
    1,2024-02-05 02:00:00,Spot,Distribution,BNB,0.5,
    1,2024-02-06 12:00:00,Spot,Sell,ETH,-1,
    1,2024-02-06 12:00:00,Spot,Sell,USDT,2400,
    1,2024-02-06 12:00:00,Spot,Fee,USDT,-2.4,

    """
  /// 1 ETH withdrawn from Kraken on 2024-02-05 with a network fee of 0.005 ETH.
  static let ledgers = """
    txid,refid,time,type,subtype,aclass,asset,amount,fee,balance
    LWD1AB-CDEFG-HIJKLM,AWD1AB-CDEFG-HIJKLM,2024-02-05 15:00:00,withdrawal,,currency,XETH,-1.0000000000,0.0050000000,0.0000000000

    """

  /// The snapshot's close of `symbol` on `day`, read from its data file rather than from
  /// cointrack.
  static func close(_ symbol: String, _ day: String) throws -> String {
    let data = try String(
      contentsOfFile: #filePath.replacingOccurrences(
        of: "Tests/CoinTrackProcessTests/ImportedEventsBookingTests.swift",
        with: "Sources/CoinTrackSnapshot/data/prices/\(symbol).csv"), encoding: .utf8)
    let row = try #require(data.split(separator: "\n").first { $0.hasPrefix(day + ",") })
    return String(row.split(separator: ",")[4])
  }

  static func decimal(_ text: some StringProtocol) -> Decimal {
    IncomeTransferSwapTests.decimal(text)
  }

  /// Worked by hand (FIFO) from the closes BTC 43011.09 and ETH 2296.49 on 2024-02-03, BNB
  /// 304.7 on 2024-02-04, ETH 2301.83 and BNB 301.2 on 2024-02-05:
  /// - the swap sells 0.1 BTC at 43011.09 (proceeds 4301.109, cost 4000) and buys 1.8 ETH at
  ///   2296.49 (cost 4133.682);
  /// - the SOL trade's fee is 0.02 BNB at 304.7 = 6.094, a sale of that BNB (cost 6) and added
  ///   to the SOL's cost: 961.094;
  /// - the reward is 0.01 ETH at 2301.83 = 23.0183 of staking income, the distribution 0.5 BNB
  ///   at 301.2 = 150.6 of airdrop income, each a lot at that cost;
  /// - the withdrawal moves 1 ETH (no effect) and its fee sells 0.005 ETH at 2301.83 for a fee
  ///   of its whole proceeds: net 0, cost 0.005 × 2296.49 = 11.48245;
  /// - the sale of 1 ETH at 2400 less 2.4 brings 2397.6, cost 2296.49.
  /// Realised: 301.109 + 0.094 − 11.48245 + 101.11 = 390.83055. Held: 0.9 BTC (36000),
  /// 2.48 BNB (1.98 × 300 + 150.6 = 744.6), 0.805 ETH (0.795 × 2296.49 + 23.0183 =
  /// 1848.72785), 10 SOL (961.094). Cash: −40600 + 4301.109 − 4133.682 − 961.094 + 6.094
  /// + 2397.6 = −38989.973.
  @Test func importedSwapsFeesIncomeAndAWithdrawalAreBookedAsWorkedByHand() throws {
    #expect(try Self.close("BTC", "2024-02-03") == "43011.09")
    #expect(try Self.close("ETH", "2024-02-03") == "2296.49")
    #expect(try Self.close("BNB", "2024-02-04") == "304.7")
    #expect(try Self.close("ETH", "2024-02-05") == "2301.83")
    #expect(try Self.close("BNB", "2024-02-05") == "301.2")

    let sandbox = try Sandbox()
    for (name, text) in [("statement.csv", Self.statement), ("ledgers.csv", Self.ledgers)] {
      let path = try ExportImportTests.file(sandbox, name, text)
      let imported = try sandbox.run(["portfolio", "import", path])
      try #require(imported.status == 0, "\(name): \(imported.standardError)")
    }

    let trades = try IncomeTransferSwapTests.rows(
      sandbox, ["portfolio", "trades", "--fields", "id,date,side,symbol,quantity,price,fee"])
    #expect(
      trades == [
        ["1", "2024-02-01", "buy", "BTC", "1", "40000", "0"],
        ["2", "2024-02-01", "buy", "BNB", "2", "300", "0"],
        ["3", "2024-02-03", "sell", "BTC", "0.1", "43011.09", "0"],
        ["4", "2024-02-03", "buy", "ETH", "1.8", "2296.49", "0"],
        ["5", "2024-02-04", "buy", "SOL", "10", "95.5", "6.094"],
        ["6", "2024-02-04", "sell", "BNB", "0.02", "304.7", "0"],
        ["7", "2024-02-05", "staking", "ETH", "0.01", "2301.83", "0"],
        ["8", "2024-02-05", "airdrop", "BNB", "0.5", "301.2", "0"],
        // Listed by day: Kraken's quantities kept as its ledger writes them.
        ["10", "2024-02-05", "transfer", "ETH", "1.0000000000", "0", "0"],
        ["11", "2024-02-05", "sell", "ETH", "0.0050000000", "2301.83", "11.50915"],
        ["9", "2024-02-06", "sell", "ETH", "1", "2400", "2.4"],
      ])

    // The income, each at its close, then a total of each kind.
    let earnings = try IncomeTransferSwapTests.earnings(sandbox)
    #expect(
      earnings.prefix(2) == [
        ["7", "ETH", "staking", "0.01", "2301.83", "23.02"],
        ["8", "BNB", "airdrop", "0.5", "301.2", "150.60"],
      ])
    #expect(
      earnings.dropFirst(2).map { "\($0[1]) \($0[2]) \($0[5])" } == [
        "TOTAL staking 23.02", "TOTAL airdrop 150.60",
      ])

    let show = try IncomeTransferSwapTests.rows(
      sandbox,
      [
        "portfolio", "show", "--date", "2024-02-06", "--method", "fifo", "--fields",
        "symbol,quantity,cost,realised",
      ])
    let held = Dictionary(uniqueKeysWithValues: show.map { ($0[0], $0) })
    for (symbol, quantity, cost) in [
      ("BTC", "0.9", "36000"), ("BNB", "2.48", "744.6"), ("ETH", "0.805", "1848.72785"),
      ("SOL", "10", "961.094"), ("TOTAL", "", "39554.42185"),
    ] {
      let row = try #require(held[symbol], "\(show)")
      #expect(Self.decimal(row[1]) == Self.decimal(quantity), "\(row)")
      #expect(Self.decimal(row[2]) == Self.decimal(cost), "\(row)")
    }

    let gains = try IncomeTransferSwapTests.rows(
      sandbox,
      [
        "portfolio", "gains", "--to", "2024-02-06", "--method", "fifo", "--fields",
        "sale_id,lot,quantity,proceeds,cost",
      ]
    ).filter { !$0[0].isEmpty }
    // (sale, lot, quantity, proceeds, cost), shown with the decimals of the coin's prices (the
    // journals below book them exactly).
    let expectedGains: [(Int, Int, String, String, String)] = [
      (3, 1, "0.1", "4301.11", "4000.00"), (6, 2, "0.02", "6.09", "6.00"),
      (11, 4, "0.005", "0.00000", "11.48245"), (9, 4, "1", "2397.60", "2296.49"),
    ]
    #expect(gains.count == expectedGains.count, "\(gains)")
    for (row, expected) in zip(gains, expectedGains) {
      #expect(Int(row[0]) == expected.0 && Int(row[1]) == expected.1, "\(row)")
      #expect(Self.decimal(row[2]) == Self.decimal(expected.2), "\(row)")
      #expect(Self.decimal(row[3]) == Self.decimal(expected.3), "\(row)")
      #expect(Self.decimal(row[4]) == Self.decimal(expected.4), "\(row)")
    }

    let expected: [String: Decimal] = [
      "Assets:Crypto BTC": Self.decimal("0.9"),
      "Assets:Crypto BNB": Self.decimal("2.48"),
      "Assets:Crypto ETH": Self.decimal("0.805"),
      "Assets:Crypto SOL": 10,
      "Assets:Cash USDT": -Self.decimal("38989.973"),
      "Income:Gains USDT": -Self.decimal("390.83055"),
      "Income:Crypto:Staking USDT": -Self.decimal("23.0183"),
      "Income:Crypto:Airdrop USDT": -Self.decimal("150.6"),
    ]
    let books = try IncomeTransferSwapTests.booked(sandbox, method: "fifo")
    for tool in ["beancount", "ledger", "hledger"] {
      var book = books[tool] ?? [:]
      if tool == "beancount" {
        #expect(book.removeValue(forKey: "cost BTC") == 36000)
        #expect(book.removeValue(forKey: "cost BNB") == Self.decimal("744.6"))
        #expect(book.removeValue(forKey: "cost ETH") == Self.decimal("1848.72785"))
        #expect(book.removeValue(forKey: "cost SOL") == Self.decimal("961.094"))
      }
      #expect(book == expected, "\(tool)")
    }
  }
}
