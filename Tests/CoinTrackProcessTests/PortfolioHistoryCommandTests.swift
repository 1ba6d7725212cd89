import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio history` through the real binary: a row per day in every format, the last day
/// equal to `portfolio show --date`, days without a close, a live source read once per coin,
/// and every refusal with its message and exit code, nothing changed.
@Suite struct PortfolioHistoryCommandTests {
  static let header =
    "date,value,cost,unrealised,unrealised_percent,realised,currency,coins,priced\r\n"

  @Test func aRowPerDayAtThatDaysCloseInEveryFormat() throws {
    let sandbox = try PortfolioShowTests.portfolio()
    // Before the sale: 0.75 BTC costing 47515.125 (shown 47515.12) at the close of 2026-02-28,
    // 66973.26: 50229.945, shown 50229.94 (4 is even); 2714.82, 5.713…%. On the sale's day
    // (FIFO realised 10976.95): 0.15 costing 10500.08 at 65776.47: 9866.4705, shown 9866.47;
    // −633.61, −6.034…%.
    let csv = try sandbox.run([
      "portfolio", "history", "--from", "2026-02-28", "--to", "2026-03-01", "--format", "csv",
    ])
    #expect(csv.status == 0, "\(csv.standardError)")
    #expect(csv.standardError == "")
    #expect(
      csv.standardOutput
        == Self.header + "2026-02-28,50229.94,47515.12,2714.82,5.71,0.00,USDT,1,true\r\n"
        + "2026-03-01,9866.47,10500.08,-633.61,-6.03,10976.95,USDT,1,true\r\n")
    let table = try sandbox.run([
      "portfolio", "history", "--from", "2026-03-01", "--to", "2026-03-01",
    ])
    #expect(
      table.standardOutput
        == """
        DATE          VALUE      COST  UNREALISED  UNREALISED PERCENT  REALISED  CURRENCY  COINS
        2026-03-01  9866.47  10500.08     -633.61               -6.03  10976.95  USDT          1

        """)
    let jsonl = try sandbox.run([
      "portfolio", "history", "--from", "today", "--method", "average", "--format", "jsonl",
    ])
    #expect(
      jsonl.standardOutput
        == #"{"date":"2026-05-20","value":18021.15,"cost":17003.02,"unrealised":1018.13,"#
        + #""unrealised_percent":5.99,"realised":9979.90,"currency":"USDT","coins":2,"#
        + "\"priced\":true}\n")
  }

  /// The last day of the history is the TOTAL row of `portfolio show --date` that day, by both
  /// methods.
  @Test(arguments: ["fifo", "average"])
  func theLastDayIsShowsTotalOnThatDay(_ method: String) throws {
    let sandbox = try PortfolioShowTests.portfolio()
    for day in ["2026-02-15", "2026-03-01", "2026-05-20"] {
      let fields = ["--fields", "value,cost,unrealised,unrealised_percent,realised,currency"]
      let history = try sandbox.run(
        ["portfolio", "history", "--from", "2026-01-01", "--to", day, "--method", method]
          + ["--format", "csv", "--no-header"] + fields)
      let show = try sandbox.run(
        ["portfolio", "show", "--date", day, "--method", method, "--format", "csv"]
          + ["--no-header"] + fields)
      #expect(history.status == 0 && show.status == 0)
      let lastDay = history.standardOutput.split(separator: "\r\n").last
      #expect(lastDay != nil && lastDay == show.standardOutput.split(separator: "\r\n").last)
    }
  }

  @Test func daysWithoutACloseHaveNoValueAndOneNote() throws {
    let sandbox = try Sandbox()
    // The snapshot's BTC closes start on 2017-08-17, at 4285.08; ETH's at 302.0.
    for trade in [
      ["buy", "btc", "1", "--price", "1000", "--date", "2017-08-14"],
      ["buy", "eth", "1", "--price", "300", "--date", "2017-08-17"],
    ] {
      #expect(try sandbox.run(["portfolio"] + trade).status == 0)
    }
    let history = try sandbox.run([
      "portfolio", "history", "--to", "2017-08-17", "--format", "csv", "--fields",
      "date,value,cost,unrealised,coins,priced",
    ])
    #expect(history.status == 0)
    #expect(
      history.standardOutput
        == "date,value,cost,unrealised,coins,priced\r\n2017-08-14,,1000.00,,1,false\r\n"
        + "2017-08-15,,1000.00,,1,false\r\n2017-08-16,,1000.00,,1,false\r\n"
        + "2017-08-17,4587.08,1300.00,3287.08,2,true\r\n")
    #expect(
      history.standardError
        == "cointrack: note: the offline source has no close for a coin held: BTC from "
        + "2017-08-14 to 2017-08-16; those days have no value.\n")
  }

  /// A live source answers each coin's closes in one request, and the last day is today's row.
  @Test func aLiveSourceIsAskedOncePerCoin() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let bought = try run(
      sandbox,
      [
        "portfolio", "buy", "btc", "0.1", "--price", "42000", "--date", "2024-01-01",
        "--currency", "USD",
      ], api: nil)
    #expect(bought.status == 0, "\(bought.standardError)")
    let history = try run(
      sandbox,
      [
        "portfolio", "history", "--from", "2024-01-01", "--to", "2024-01-03", "--source",
        "coingecko", "--currency", "USD", "--format", "csv",
      ], api: api)
    #expect(history.status == 0, "\(history.standardError)")
    // 0.1 × 42280.23, 44187.14 and 44961.60, against a cost of 4200.
    #expect(
      history.standardOutput
        == Self.header + "2024-01-01,4228.02,4200.00,28.02,0.67,0.00,USD,1,true\r\n"
        + "2024-01-02,4418.71,4200.00,218.71,5.21,0.00,USD,1,true\r\n"
        + "2024-01-03,4496.16,4200.00,296.16,7.05,0.00,USD,1,true\r\n")
    #expect(try api.requests().count == 1)
  }

  /// Arguments of `portfolio history`, and the exit code and message they are refused with.
  static let refusals: [([String], Int32, String)] = [
    (
      ["--to", "2026-05-21"], 65,
      "cointrack: the date '2026-05-21' is after today, 2026-05-20.\n"
    ),
    (
      ["--from", "2026-05-21"], 65,
      "cointrack: the date '2026-05-21' is after today, 2026-05-20.\n"
    ),
    (
      ["--from", "2026-05-02", "--to", "2026-05-01"], 65,
      "cointrack: the range starts after it ends: --from 2026-05-02 is after --to 2026-05-01.\n"
    ),
    (
      ["--from", "2026-13-01"], 64,
      "cointrack: invalid date '2026-13-01' for --from: there is no such day.\n"
        + "Usage: cointrack portfolio history [options]\n"
        + "See 'cointrack help portfolio history'.\n"
    ),
    (
      ["--method", "fifa"], 64,
      "cointrack: unknown method 'fifa'; did you mean 'fifo'?\n"
        + "Usage: cointrack portfolio history [options]\n"
        + "See 'cointrack help portfolio history'.\n"
    ),
  ]

  @Test(arguments: refusals)
  func badDatesAndMethodsAreRefusedAsPricesRefusesThem(
    _ arguments: [String], _ status: Int32, _ message: String
  ) throws {
    let sandbox = try PortfolioShowTests.portfolio()
    let before = try #require(sandbox.stateData())
    let refused = try sandbox.run(["portfolio", "history"] + arguments)
    #expect(refused.status == status)
    #expect(refused.standardOutput == "")
    #expect(refused.standardError == message)
    #expect(sandbox.stateData() == before)
  }

  @Test func tradesInAnotherCurrencyThanThePricesAreRefused() throws {
    let sandbox = try Sandbox()
    #expect(
      try sandbox.run([
        "portfolio", "buy", "btc", "1", "--price", "1", "--currency", "USD", "--date",
        "2026-05-01",
      ]).status == 0)
    let before = try #require(sandbox.stateData())
    let refused = try sandbox.run(["portfolio", "history", "--from", "2026-05-01"])
    #expect(refused.status == 65)
    #expect(refused.standardOutput == "")
    #expect(
      refused.standardError
        == "cointrack: trade 1 is in USD but the offline prices are in USDT, and currencies are "
        + "never mixed; ask for USD prices with --source and --currency USD.\n")
    #expect(sandbox.stateData() == before)
  }
}
