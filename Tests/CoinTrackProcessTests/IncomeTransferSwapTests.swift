import Foundation
import Testing

/// Income, a transfer with a fee in coin, a swap of coin for coin and a fee paid in a third
/// coin, each recorded through the real binary and worked by hand: what `portfolio show`,
/// `gains` and `earnings` print, and what bean-check/bean-query, ledger and hledger book from
/// every journal export, for FIFO, LIFO and HIFO.
///
/// The closes are the embedded snapshot's (offline, in USDT): ETH 2309.06 on 2024-02-02,
/// 2296.49 on 2024-02-03, 2289.79 on 2024-02-04 and 2301.83 on 2024-02-05; BTC 43011.09 and
/// BNB 299.7 on 2024-02-03.
@Suite struct IncomeTransferSwapTests {
  /// Staking at the close, an airdrop at 0, a transfer whose fee is 0.1 ETH, then a sale.
  static let incomeAndTransfer = [
    ["buy", "eth", "2", "--price", "1000", "--date", "2024-02-01"],
    // 0.5 x 2309.06 = 1154.53, the staking lot's cost (trade 2).
    ["income", "eth", "0.5", "--date", "2024-02-02"],
    ["income", "eth", "0.25", "--kind", "airdrop", "--price", "0", "--date", "2024-02-03"],
    // Trade 4 the transfer, trade 5 the sale of 0.1 at 2289.79 with a fee of 228.979.
    ["transfer", "eth", "1", "--fee", "0.1", "--date", "2024-02-04"],
    ["sell", "eth", "2", "--price", "4000", "--date", "2024-02-05"],
  ]

  /// Per method, worked by hand: the cost of the 0.65 ETH left, the realised gain (the fee's
  /// sale brings 0, so its lot's cost is its loss), and the gains rows (sale, lot, quantity,
  /// proceeds, cost).
  /// - FIFO: the fee takes 0.1 of trade 1 (100); the sale 1.9 of trade 1 (1900) and 0.1 of
  ///   trade 2 (230.906) for 8000: 5869.094. Left 0.4 of trade 2 (923.624) and trade 3 (0).
  /// - LIFO: the fee takes 0.1 of the airdrop (0); the sale its 0.15 (0), trade 2 (1154.53) and
  ///   1.35 of trade 1 (1350): 5495.47. Left 0.65 of trade 1 (650).
  /// - HIFO: the fee takes 0.1 of trade 2 (230.906); the sale its 0.4 (923.624) and 1.6 of
  ///   trade 1 (1600): 5476.376, less 230.906. Left 0.4 of trade 1 (400) and trade 3 (0).
  static let incomeCases:
    [(method: String, cost: String, realised: String, rows: [(Int, Int, String, String, String)])] =
      [
        (
          "fifo", "923.624", "5769.094",
          [
            (5, 1, "0.1", "0", "100"), (6, 1, "1.9", "7600", "1900"),
            (6, 2, "0.1", "400", "230.906"),
          ]
        ),
        (
          "lifo", "650", "5495.47",
          [
            (5, 3, "0.1", "0", "0"), (6, 3, "0.15", "600", "0"), (6, 2, "0.5", "2000", "1154.53"),
            (6, 1, "1.35", "5400", "1350"),
          ]
        ),
        (
          "hifo", "400", "5245.47",
          [
            (5, 2, "0.1", "0", "230.906"), (6, 2, "0.4", "1600", "923.624"),
            (6, 1, "1.6", "6400", "1600"),
          ]
        ),
      ]

  /// ETH bought with 0.1 BTC on 2024-02-03, a fee of 0.01 BNB: the sale of 0.1 BTC at its close
  /// (proceeds 4301.109), the fee's sale of 0.01 BNB at its close (2.997, fee 0) and the buy of
  /// 1.8 ETH at its close with that fee added (cost 4133.682 + 2.997 = 4136.679).
  static let swap = [
    ["buy", "btc", "1", "--price", "40000", "--date", "2024-02-01"],
    ["buy", "bnb", "2", "--price", "300", "--date", "2024-02-01"],
    ["sell", "btc", "0.1", "--price", "43011.09", "--date", "2024-02-03"],
    ["sell", "bnb", "0.01", "--price", "299.7", "--date", "2024-02-03"],
    ["buy", "eth", "1.8", "--price", "2296.49", "--fee", "2.997", "--date", "2024-02-03"],
  ]

  /// Records `trades` in a fresh sandbox.
  static func recorded(_ trades: [[String]]) throws -> Sandbox {
    let sandbox = try Sandbox()
    for trade in trades {
      let result = try sandbox.run(["portfolio"] + trade)
      try #require(result.status == 0, "\(trade): \(result.standardError)")
    }
    return sandbox
  }

  /// The CSV lines `arguments` print, without the header, each split into its fields.
  static func rows(_ sandbox: Sandbox, _ arguments: [String]) throws -> [[String]] {
    let result = try sandbox.run(arguments + ["--format", "csv", "--no-header"])
    try #require(result.status == 0, "\(arguments): \(result.standardError)")
    return result.standardOutput.split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// The income `portfolio earnings` lists: trade, symbol, kind, quantity, close and value.
  static func earnings(_ sandbox: Sandbox) throws -> [[String]] {
    try rows(
      sandbox, ["portfolio", "earnings", "--fields", "trade_id,symbol,kind,quantity,close,value"])
  }

  static func decimal(_ text: some StringProtocol) -> Decimal {
    JournalBookingTests.decimal(text)
  }

  /// What every journal export by `method` books, as each real tool reads it: per account and
  /// commodity (`Assets:Crypto ETH`) its balance, zeros left out; beancount's adds the cost of
  /// each coin held (`cost ETH`), from its own lots. bean-check must accept the export.
  static func booked(_ sandbox: Sandbox, method: String) throws -> [String: [String: Decimal]] {
    let (beanCheck, beanQuery, ledger) = try JournalBookingTests.tools()
    let hledger = try ExternalTool.require("hledger", installHint: "apt-get install hledger")
    var books: [String: [String: Decimal]] = [:]
    func export(_ format: String) throws -> String {
      let result = try sandbox.run(["portfolio", "export", "--format", format, "--method", method])
      try #require(result.status == 0, "\(format): \(result.standardError)")
      return try PortfolioFileTests.file(sandbox, "journal.\(format)", result.standardOutput)
    }
    let environment = sandbox.environment

    let beancount = try export("beancount")
    let checked = try ExternalTool.run(beanCheck, [beancount], environment: environment)
    #expect(checked.status == 0, "\(checked.standardError)\(checked.standardOutput)")
    for (query, prefix) in [
      ("SELECT account, currency, sum(number) GROUP BY account, currency", nil),
      (
        "SELECT account, currency, sum(number * cost_number) WHERE account = 'Assets:Crypto' "
          + "GROUP BY account, currency", "cost"
      ),
    ] {
      let result = try ExternalTool.run(
        beanQuery, ["-f", "csv", beancount, query], environment: environment)
      #expect(result.status == 0, "\(result.standardError)")
      for line in result.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        books["beancount", default: [:]]["\(prefix ?? String(fields[0])) \(fields[1])"] =
          decimal(fields[2])
      }
    }

    let ledgerBalance = try ExternalTool.run(
      ledger,
      [
        "-f", try export("ledger"), "balance", "--flat", "--no-total", "--balance-format",
        "%(account)\t%(scrub(display_total))\n",
      ], environment: environment)
    #expect(ledgerBalance.status == 0, "\(ledgerBalance.standardError)")
    var account = ""
    for line in ledgerBalance.standardOutput.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      if parts.count == 2 { account = String(parts[0]) }
      let amount = parts.last!.split(separator: " ")
      books["ledger", default: [:]]["\(account) \(amount[1])"] = decimal(amount[0])
    }

    let hledgerBalance = try ExternalTool.run(
      hledger,
      ["-f", try export("hledger"), "balance", "--layout", "bare", "-O", "csv", "--no-total"],
      environment: environment)
    #expect(hledgerBalance.status == 0, "\(hledgerBalance.standardError)")
    for line in hledgerBalance.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: ["\""]) }
      books["hledger", default: [:]]["\(fields[0]) \(fields[1])"] = decimal(fields[2])
    }
    return books.mapValues { $0.filter { $0.value != 0 } }
  }

  @Test(arguments: 0..<incomeCases.count)
  func incomeAndATransferWithACoinFeeAreBookedAsWorkedByHand(_ index: Int) throws {
    let (method, cost, realised, gainRows) = Self.incomeCases[index]
    let sandbox = try Self.recorded(Self.incomeAndTransfer)

    let trades = try Self.rows(
      sandbox, ["portfolio", "trades", "--fields", "id,side,quantity,price,fee"])
    #expect(
      trades == [
        ["1", "buy", "2", "1000", "0"], ["2", "staking", "0.5", "2309.06", "0"],
        ["3", "airdrop", "0.25", "0", "0"], ["4", "transfer", "1", "0", "0"],
        ["5", "sell", "0.1", "2289.79", "228.979"], ["6", "sell", "2", "4000", "0"],
      ])

    let show = try Self.rows(
      sandbox,
      [
        "portfolio", "show", "--date", "2024-02-05", "--method", method, "--fields",
        "symbol,quantity,cost,realised",
      ])
    #expect(Self.decimal(show[0][1]) == Self.decimal("0.65"))
    #expect(Self.decimal(show[0][2]) == Self.decimal(cost))
    #expect(Self.decimal(show[0][3]) == Self.decimal(realised))

    let gains = try Self.rows(
      sandbox,
      [
        "portfolio", "gains", "--to", "2024-02-05", "--method", method, "--fields",
        "sale_id,lot,quantity,proceeds,cost,gain",
      ]
    ).filter { !$0[0].isEmpty }
    #expect(gains.count == gainRows.count)
    for (row, expected) in zip(gains, gainRows) {
      #expect(Int(row[0]) == expected.0 && Int(row[1]) == expected.1, "\(row)")
      #expect(Self.decimal(row[2]) == Self.decimal(expected.2), "\(row)")
      #expect(Self.decimal(row[3]) == Self.decimal(expected.3), "\(row)")
      #expect(Self.decimal(row[4]) == Self.decimal(expected.4), "\(row)")
      #expect(Self.decimal(row[5]) == Self.decimal(expected.3) - Self.decimal(expected.4))
    }

    #expect(
      try Self.earnings(sandbox) == [
        ["2", "ETH", "staking", "0.5", "2309.06", "1154.53"],
        ["3", "ETH", "airdrop", "0.25", "0", "0.00"],
        ["", "TOTAL", "staking", "", "", "1154.53"],
        ["", "TOTAL", "airdrop", "", "", "0.00"],
      ])

    let expected: [String: Decimal] = [
      "Assets:Crypto ETH": Self.decimal("0.65"),
      "Assets:Cash USDT": 6000,
      "Income:Gains USDT": -Self.decimal(realised),
      "Income:Crypto:Staking USDT": -Self.decimal("1154.53"),
    ]
    let books = try Self.booked(sandbox, method: method)
    for tool in ["beancount", "ledger", "hledger"] {
      var book = books[tool] ?? [:]
      if tool == "beancount" {
        #expect(book.removeValue(forKey: "cost ETH") == Self.decimal(cost))
      }
      #expect(book == expected, "\(tool)")
    }
  }

  @Test(arguments: ["fifo", "lifo", "hifo"])
  func aSwapAndAFeeInAThirdCoinAreBookedAsTheirLegs(_ method: String) throws {
    let sandbox = try Self.recorded(Self.swap)
    // One lot each before the swap, so every method takes the same.
    let show = try Self.rows(
      sandbox,
      [
        "portfolio", "show", "--date", "2024-02-03", "--method", method, "--fields",
        "symbol,quantity,cost,realised",
      ])
    // Realised money is shown with the decimals of the coin's prices: 301.109 as 301.11 and
    // the fee coin's -0.003 as 0.00; the journals below book them exactly.
    #expect(
      show == [
        ["BTC", "0.9", "36000.00", "301.11"], ["BNB", "1.99", "597.00", "0.00"],
        ["ETH", "1.8", "4136.679", "0.000"], ["TOTAL", "", "40733.679", "301.110"],
      ])

    let gains = try Self.rows(
      sandbox,
      ["portfolio", "gains", "--method", method, "--fields", "sale_id,lot,proceeds,cost,gain"])
    #expect(
      gains.filter { !$0[0].isEmpty } == [
        ["3", "1", "4301.11", "4000.00", "301.11"], ["4", "2", "3.00", "3.00", "0.00"],
      ])
    #expect(try Self.rows(sandbox, ["portfolio", "earnings"]).isEmpty)

    let books = try Self.booked(sandbox, method: method)
    let expected: [String: Decimal] = [
      "Assets:Crypto BTC": Self.decimal("0.9"),
      "Assets:Crypto BNB": Self.decimal("1.99"),
      "Assets:Crypto ETH": Self.decimal("1.8"),
      "Assets:Cash USDT": -Self.decimal("40432.573"),
      "Income:Gains USDT": -Self.decimal("301.106"),
    ]
    for tool in ["beancount", "ledger", "hledger"] {
      var book = books[tool] ?? [:]
      if tool == "beancount" {
        #expect(book.removeValue(forKey: "cost BTC") == 36000)
        #expect(book.removeValue(forKey: "cost BNB") == 597)
        #expect(book.removeValue(forKey: "cost ETH") == Self.decimal("4136.679"))
      }
      #expect(book == expected, "\(tool)")
    }
  }

  /// Income with no close on its day, and a transfer's fee of a coin not held, are refused
  /// with the coin and day named, and nothing is stored.
  @Test func incomeWithoutACloseAndAFeeNotHeldAreRefused() throws {
    let sandbox = try Sandbox()
    let noClose = try sandbox.run(["portfolio", "income", "eth", "1", "--date", "2012-01-01"])
    #expect(noClose.status == 66)
    #expect(
      noClose.standardError
        == "cointrack: no ETH price on 2012-01-01: the offline source holds ETH from 2017-08-17 "
        + "to 2026-05-20.\n")
    let notHeld = try sandbox.run([
      "portfolio", "transfer", "sol", "1", "--fee", "0.1", "--date", "2024-02-01",
    ])
    #expect(notHeld.status == 65)
    #expect(
      notHeld.standardError
        == "cointrack: this sale of 0.1 SOL on 2024-02-01 would sell more than the 0 held then; "
        + "nothing was stored.\n")
    #expect(try Self.rows(sandbox, ["portfolio", "trades"]).isEmpty)
    // A transfer without a fee is not checked against what is held.
    let moved = try sandbox.run(["portfolio", "transfer", "sol", "1", "--date", "2024-02-01"])
    #expect(moved.status == 0, "\(moved.standardError)")
    #expect(try Self.rows(sandbox, ["portfolio", "show", "--date", "2024-02-01"]).count == 1)
  }

  /// `earnings` keeps the income of its range and coin, and totals only those.
  @Test func earningsKeepsItsRangeAndCoin() throws {
    let sandbox = try Self.recorded([
      ["income", "eth", "1", "--price", "10", "--date", "2024-02-01"],
      ["income", "btc", "1", "--kind", "interest", "--price", "20", "--date", "2024-02-02"],
      ["income", "eth", "2", "--kind", "staking", "--price", "30.5", "--date", "2024-02-03"],
    ])
    let fields = ["--fields", "trade_id,symbol,kind,value"]
    #expect(
      try Self.rows(sandbox, ["portfolio", "earnings", "--coin", "eth"] + fields) == [
        ["1", "ETH", "staking", "10.00"], ["3", "ETH", "staking", "61.00"],
        ["", "TOTAL", "staking", "71.00"],
      ])
    #expect(
      try Self.rows(
        sandbox, ["portfolio", "earnings", "--from", "2024-02-02", "--to", "2024-02-02"] + fields)
        == [["2", "BTC", "interest", "20.00"], ["", "TOTAL", "interest", "20.00"]])
    let late = try sandbox.run([
      "portfolio", "earnings", "--from", "2024-02-03", "--to", "2024-02-02",
    ])
    #expect(late.status != 0)
  }
}
