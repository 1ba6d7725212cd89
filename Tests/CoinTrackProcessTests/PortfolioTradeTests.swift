import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio buy`, `sell` and `trades` through the real binary: the trade printed with its id in
/// every format, the refusals of bad input with one sentence and nothing stored, and concurrent
/// buys that lose nothing.
@Suite struct PortfolioTradeTests {
  static let header = "id,date,side,symbol,coin_id,quantity,price,fee,currency,origin\r\n"

  @Test func aTradeIsPrintedWithItsIdInEveryFormat() throws {
    let sandbox = try Sandbox()
    let table = try sandbox.run([
      "portfolio", "buy", "btc", "0.5", "--price", "60000.10", "--date", "2026-01-10", "--fee",
      "15",
    ])
    #expect(table.status == 0, "\(table.standardError)")
    #expect(
      table.standardOutput
        == """
        ID  DATE        SIDE  SYMBOL  COIN ID  QUANTITY     PRICE  FEE  CURRENCY  ORIGIN
         1  2026-01-10  buy   BTC     bitcoin       0.5  60000.10   15  USDT      -

        """)
    let csv = try sandbox.run([
      "portfolio", "sell", "bitcoin", "0.2", "--price", "70000", "--date", "2026-03-01",
      "--currency", "usdt", "--format", "csv",
    ])
    #expect(
      csv.standardOutput == Self.header + "2,2026-03-01,sell,BTC,bitcoin,0.2,70000,0,USDT,\r\n")
    let json = try sandbox.run([
      "portfolio", "buy", "@ethereum", "2", "--price", "0", "--format", "json", "--currency",
      "usdt",
    ])
    #expect(
      json.standardOutput
        == """
        [
          {"id":3,"date":"2026-05-20","side":"buy","symbol":"ETH","coin_id":"ethereum","quantity":2,"price":0,"fee":0,"currency":"USDT","origin":null}
        ]

        """)
    let listed = try sandbox.run(["portfolio", "trades", "--format", "csv"])
    #expect(
      listed.standardOutput
        == Self.header + "1,2026-01-10,buy,BTC,bitcoin,0.5,60000.10,15,USDT,\r\n"
        + "2,2026-03-01,sell,BTC,bitcoin,0.2,70000,0,USDT,\r\n"
        + "3,2026-05-20,buy,ETH,ethereum,2,0,0,USDT,\r\n")
    let ether = try sandbox.run(["portfolio", "trades", "--coin", "eth", "--format", "csv"])
    #expect(ether.standardOutput == Self.header + "3,2026-05-20,buy,ETH,ethereum,2,0,0,USDT,\r\n")
    let never = try sandbox.run(["portfolio", "trades", "--coin", "ada", "--format", "csv"])
    #expect(never.status == 0)
    #expect(never.standardOutput == Self.header)
  }

  /// A command line, the exit code and the one sentence it gets.
  struct Refusal: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    // A word starting with '-' is an option unless it follows '--'.
    Refusal(
      arguments: ["buy", "btc", "-1", "--price", "10"], status: 64,
      message: "unknown option '-1' for 'cointrack portfolio buy'."),
    Refusal(
      arguments: ["buy", "btc", "--price", "10", "--", "-1"], status: 65,
      message: "the quantity '-1' is not above 0; a trade moves some coins."),
    Refusal(
      arguments: ["buy", "btc", "0", "--price", "10"], status: 65,
      message: "the quantity '0' is not above 0; a trade moves some coins."),
    Refusal(
      arguments: ["buy", "btc", "1", "--price", "1,000"], status: 64,
      message:
        "invalid price '1,000': use a plain decimal such as 0.5 or 60000, without sign, exponent "
        + "or separators."),
    Refusal(
      arguments: ["sell", "btc", "1", "--price", "1e3"], status: 64,
      message:
        "invalid price '1e3': use a plain decimal such as 0.5 or 60000, without sign, exponent "
        + "or separators."),
    Refusal(
      arguments: ["buy", "btc", "1", "--price", "10", "--fee", "-1"], status: 65,
      message: "the fee '-1' is below 0; use 0 or more."),
    Refusal(
      arguments: ["buy", "btc", "1", "--price", "10", "--date", "2026-05-21"], status: 65,
      message: "the date '2026-05-21' is after today, 2026-05-20."),
    Refusal(
      arguments: ["buy", "nosuchcoin", "1", "--price", "10"], status: 66,
      message: "unknown coin 'nosuchcoin'; see 'cointrack coins available'."),
    Refusal(
      arguments: ["buy", "btc", "1", "--price", "10", "--currency", "U$D"], status: 64,
      message:
        "invalid currency 'U$D': use a code of 2 to 10 letters and digits such as USD or USDT."),
    Refusal(
      arguments: ["sell", "btc", "1.5", "--price", "10"], status: 65,
      message:
        "this sale of 1.5 BTC on 2026-05-20 would sell more than the 1 held then; nothing was "
        + "stored."),
    Refusal(
      arguments: ["sell", "eth", "1", "--price", "10", "--date", "2026-01-01"], status: 65,
      message:
        "this sale of 1 ETH on 2026-01-01 would sell more than the 0 held then; nothing was "
        + "stored."),
  ]

  @Test(arguments: refusals)
  func badInputIsRefusedWithOneSentenceAndNothingStored(_ refusal: Refusal) throws {
    let sandbox = try Sandbox()
    let bought = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "5"])
    #expect(bought.status == 0, "\(bought.standardError)")
    let before = try #require(sandbox.stateData())
    let result = try sandbox.run(["portfolio"] + refusal.arguments)
    #expect(result.status == refusal.status)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("cointrack: " + refusal.message + "\n"))
    #expect(sandbox.stateData() == before)
  }

  @Test func aSaleEnteredBeforeTheDaysPurchaseSellsOnlyWhatWasHeld() throws {
    let sandbox = try Sandbox()
    let day = ["--date", "2026-02-01", "--price", "1"]
    let sale = try sandbox.run(["portfolio", "sell", "sol", "1"] + day)
    #expect(sale.status == 65)
    #expect(try sandbox.run(["portfolio", "buy", "sol", "1"] + day).status == 0)
    #expect(try sandbox.run(["portfolio", "sell", "sol", "1"] + day).status == 0)
  }

  @Test func concurrentBuysLoseNothing() throws {
    let sandbox = try Sandbox()
    let count = 24
    // Generous: under load on two cores the test must not depend on how long the others take.
    let wait: [String: String?] = ["COINTRACK_LOCK_TIMEOUT": "120"]
    let buyers = try (1...count).map { index in
      try sandbox.spawn(
        ["portfolio", "buy", "eth", "0.\(index)", "--price", "\(index)", "--format", "csv"],
        environment: wait)
    }
    let results = buyers.map { $0.finish() }
    var ids: [Int] = []
    for result in results {
      #expect(result.status == 0, "\(result.standardError)")
      let row = result.standardOutput.split(separator: "\r\n").dropFirst()
      #expect(row.count == 1)
      ids += row.compactMap { Int($0.prefix { $0 != "," }) }
    }
    #expect(ids.sorted() == Array(1...count))
    let listed = try sandbox.run(["portfolio", "trades", "--format", "csv"])
    let quantities = listed.standardOutput.split(separator: "\r\n").dropFirst()
      .map { $0.split(separator: ",")[5] }
    #expect(Set(quantities) == Set((1...count).map { Substring("0.\($0)") }))
  }
}
