import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio show` and `portfolio remove` through the real binary on the embedded snapshot:
/// holdings, cost and profit in every format with the totals last, the methods, a coin without a
/// price, currencies never mixed, and removals all or none.
@Suite struct PortfolioShowTests {
  static let header =
    "symbol,quantity,cost,average_cost,price,price_date,value,unrealised,unrealised_percent,"
    + "realised,currency,coin_id\r\n"

  /// A sandbox holding BTC bought twice and partly sold, and ETH; BTC closes at 77552.23 and ETH
  /// at 2129.44 on 2026-05-20.
  static func portfolio() throws -> Sandbox {
    let sandbox = try Sandbox()
    for trade in [
      ["buy", "btc", "0.5", "--price", "60000", "--fee", "15", "--date", "2026-01-10"],
      ["buy", "btc", "0.25", "--price", "70000.5", "--date", "2026-02-10"],
      ["sell", "btc", "0.6", "--price", "80000", "--fee", "8", "--date", "2026-03-01"],
      ["buy", "eth", "3", "--price", "2500", "--date", "2026-04-01"],
    ] {
      let result = try sandbox.run(["portfolio"] + trade)
      #expect(result.status == 0, "\(trade): \(result.standardError)")
    }
    return sandbox
  }

  /// stdout is a pipe here: a table is never fitted to COLUMNS, nor a note added.
  @Test func aTableToAPipeIsNeverShortened() throws {
    let sandbox = try Self.portfolio()
    let whole = try sandbox.run(["portfolio", "show"])
    let narrow = try sandbox.run(["portfolio", "show"], environment: ["COLUMNS": "40"])
    #expect(narrow.status == 0)
    #expect(narrow.standardOutput == whole.standardOutput)
    #expect(narrow.standardError == whole.standardError)
    #expect(whole.standardOutput.split(separator: "\n").allSatisfy { $0.count > 100 })
  }

  /// On a terminal, which script(1) gives the binary, the table fits COLUMNS and a note on the
  /// same terminal says which columns it left out.
  @Test func aTableOnATerminalFitsCOLUMNS() throws {
    let script = try ExternalTool.require("script", installHint: "apt-get install bsdutils")
    let sandbox = try Self.portfolio()
    let result = try Sandbox.run(
      script, ["-qc", "'\(Sandbox.binary.path)' portfolio show", "/dev/null"],
      environment: sandbox.environment.merging(["COLUMNS": "80", "NO_COLOR": "1"]) { $1 })
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\r\n")
    #expect(
      lines.first == "SYMBOL  QUANTITY      COST  AVERAGE COST     PRICE  PRICE DATE     VALUE")
    #expect(lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("cointrack: note:") })
    #expect(
      lines.contains(
        "cointrack: note: columns unrealised, unrealised_percent, realised, currency and coin_id "
          + "left out to fit 80 columns; --format csv or a wider terminal shows them."))
  }

  @Test func fifoInEveryFormatWithTheTotalsLast() throws {
    let sandbox = try Self.portfolio()
    // FIFO: the sale of 0.6 takes lot 1 (0.5 × 60000 + 15 = 30015) and 0.1 of lot 2 (7000.05):
    // realised 0.6 × 80000 − 8 − 37015.05 = 10976.95. Held 0.15 of lot 2: 10500.075, shown
    // 10500.08 (half to even at two decimals: 7 is odd); worth 0.15 × 77552.23 = 11632.8345.
    let csv = try sandbox.run(["portfolio", "show", "--format", "csv"])
    #expect(csv.status == 0, "\(csv.standardError)")
    #expect(csv.standardError == "")
    #expect(
      csv.standardOutput
        == Self.header
        + "BTC,0.15,10500.08,70000.50,77552.23,2026-05-20,11632.83,1132.75,10.79,10976.95,USDT,"
        + "bitcoin\r\n"
        + "ETH,3,7500.00,2500.00,2129.44,2026-05-20,6388.32,-1111.68,-14.82,0.00,USDT,ethereum\r\n"
        + "TOTAL,,18000.08,,,,18021.15,21.07,0.12,10976.95,USDT,\r\n")
    let table = try sandbox.run(["portfolio", "show"])
    #expect(
      table.standardOutput
        == """
        SYMBOL  QUANTITY      COST  AVERAGE COST     PRICE  PRICE DATE     VALUE  UNREALISED  UNREALISED PERCENT  REALISED  CURRENCY  COIN ID
        BTC         0.15  10500.08      70000.50  77552.23  2026-05-20  11632.83     1132.75               10.79  10976.95  USDT      bitcoin
        ETH         3.00   7500.00       2500.00   2129.44  2026-05-20   6388.32    -1111.68              -14.82      0.00  USDT      ethereum
        TOTAL          -  18000.08             -         -  -           18021.15       21.07                0.12  10976.95  USDT      -

        """)
    let json = try sandbox.run([
      "portfolio", "show", "--format", "json", "--fields", "symbol,value",
    ])
    #expect(
      json.standardOutput
        == """
        [
          {"symbol":"BTC","value":11632.83},
          {"symbol":"ETH","value":6388.32},
          {"symbol":"TOTAL","value":18021.15}
        ]

        """)
  }

  @Test func averageCostAndAnEarlierDate() throws {
    let sandbox = try Self.portfolio()
    // Average: 0.75 cost 47515.125; the sale takes 0.6 / 0.75 of it, 38012.1: realised
    // 47992 − 38012.1 = 9979.9. Held 0.15 costing 9503.025, shown 9503.02 (2 is even).
    let average = try sandbox.run([
      "portfolio", "show", "--method", "average", "--format", "csv", "--fields",
      "symbol,quantity,cost,average_cost,realised",
    ])
    #expect(
      average.standardOutput
        == "symbol,quantity,cost,average_cost,realised\r\n"
        + "BTC,0.15,9503.02,63353.50,9979.90\r\nETH,3,7500.00,2500.00,0.00\r\n"
        + "TOTAL,,17003.02,,9979.90\r\n")
    // Before the sale, valued at the close of 2026-02-15, 68832.58: the cost 47515.125 is shown
    // 47515.12 (2 is even), the value 51624.435 is shown 51624.44 (3 is odd).
    let before = try sandbox.run([
      "portfolio", "show", "--date", "2026-02-15", "--format", "csv", "--fields",
      "symbol,quantity,cost,price,price_date,value",
    ])
    #expect(
      before.standardOutput
        == "symbol,quantity,cost,price,price_date,value\r\n"
        + "BTC,0.75,47515.12,68832.58,2026-02-15,51624.44\r\n"
        + "TOTAL,,47515.12,,,51624.44\r\n")
  }

  @Test func aCoinWithoutAPriceHasNoValueAndANote() throws {
    let sandbox = try Sandbox()
    // The snapshot's prices start in 2017-08.
    let bought = try sandbox.run([
      "portfolio", "buy", "btc", "1", "--price", "1000", "--date", "2017-01-02",
    ])
    #expect(bought.status == 0, "\(bought.standardError)")
    let shown = try sandbox.run([
      "portfolio", "show", "--date", "2017-01-03", "--format", "csv", "--fields",
      "symbol,cost,price,value,unrealised",
    ])
    #expect(shown.status == 0)
    #expect(
      shown.standardOutput
        == "symbol,cost,price,value,unrealised\r\nBTC,1000.00,,,\r\nTOTAL,1000.00,,,\r\n")
    #expect(
      shown.standardError
        == "cointrack: note: the offline source has no price on or before 2017-01-03 for BTC; its "
        + "row has no value, and the total none either.\n")
  }

  @Test func tradesInUSDAreValuedAtTheUSDPricesAskedFor() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/simple/price", query: ["vs_currencies": "usd"],
        body: #"{"bitcoin":{"usd":67187.34}}"#)
    ])
    let sandbox = try Sandbox()
    // A trade in USD is recorded with a source that values BTC in USD.
    let preferred = try run(
      sandbox, ["profile", "set", "--source", "coingecko", "--currency", "USD"], api: nil)
    #expect(preferred.status == 0, "\(preferred.standardError)")
    let bought = try run(
      sandbox,
      [
        "portfolio", "buy", "btc", "0.1", "--price", "42000", "--date", "2024-01-02", "--currency",
        "usd",
      ],
      api: nil)
    #expect(bought.status == 0, "\(bought.standardError)")
    let shown = try run(
      sandbox,
      [
        "portfolio", "show", "--source", "coingecko", "--currency", "USD", "--format", "csv",
        "--fields", "symbol,cost,price,price_date,value,unrealised,unrealised_percent,currency",
      ], api: api)
    #expect(shown.status == 0, "\(shown.standardError)")
    // 0.1 × 67187.34 = 6718.734, shown 6718.73; less 4200.00: 2518.73, 59.97%.
    #expect(
      shown.standardOutput
        == "symbol,cost,price,price_date,value,unrealised,unrealised_percent,currency\r\n"
        + "BTC,4200.00,67187.34,\(currentDay),6718.73,2518.73,59.97,USD\r\n"
        + "TOTAL,4200.00,,,6718.73,2518.73,59.97,USD\r\n")
  }

  @Test func aDateAfterTodayIsRefused() throws {
    let shown = try Sandbox().run(["portfolio", "show", "--date", "2026-05-21"])
    #expect(shown.status == 65)
    #expect(shown.standardError == "cointrack: the date '2026-05-21' is after today, 2026-05-20.\n")
  }

  @Test func removalIsAllOrNone() throws {
    let sandbox = try Self.portfolio()
    let before = try #require(sandbox.stateData())
    for (ids, status, message) in [
      (
        ["4", "9"], Int32(66),
        "cointrack: no trade has the id '9'; see 'cointrack portfolio trades'.\n"
      ),
      (["x"], 66, "cointrack: no trade has the id 'x'; see 'cointrack portfolio trades'.\n"),
      (
        ["2"], 65,
        "cointrack: removing trade 2 would leave trade 3, the sale of 0.6 BTC on 2026-03-01, "
          + "selling more than the 0.5 held then; nothing was removed.\n"
      ),
    ] {
      let refused = try sandbox.run(["portfolio", "remove"] + ids)
      #expect(refused.status == status, "\(ids)")
      #expect(refused.standardOutput == "")
      #expect(refused.standardError == message)
      #expect(sandbox.stateData() == before)
    }
    let removed = try sandbox.run(["portfolio", "remove", "4", "3", "4", "--format", "csv"])
    #expect(removed.status == 0, "\(removed.standardError)")
    #expect(
      removed.standardOutput
        == "id,date,side,symbol,coin_id,quantity,price,fee,currency,origin\r\n"
        + "3,2026-03-01,sell,BTC,bitcoin,0.6,80000,8,USDT,\r\n"
        + "4,2026-04-01,buy,ETH,ethereum,3,2500,0,USDT,\r\n")
    let left = try sandbox.run(["portfolio", "trades", "--format", "csv", "--fields", "id"])
    #expect(left.standardOutput == "id\r\n1\r\n2\r\n")
    // Ids are never reused.
    let next = try sandbox.run([
      "portfolio", "buy", "eth", "1", "--price", "1", "--format", "csv", "--fields", "id",
    ])
    #expect(next.standardOutput == "id\r\n5\r\n")
  }
}
