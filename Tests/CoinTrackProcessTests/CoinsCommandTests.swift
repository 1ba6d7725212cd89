import CoinTrackTestSupport
import Foundation
import Testing

/// `coins add`, `coins remove` and `coins available` through the real binary.
@Suite struct CoinsCommandTests {
  private func trackedSymbols(_ sandbox: Sandbox) throws -> [String] {
    try sandbox.run(["coins", "list", "--format", "csv"]).standardOutput
      .split(separator: "\r\n").dropFirst().map { String($0.split(separator: ",")[1]) }
  }

  @Test func addsBySymbolAndByFullNameInAnyCase() throws {
    let sandbox = try Sandbox()
    let added = try sandbox.run(["coins", "add", "ada", "BITCOIN CASH", "--format", "json"])
    #expect(added.status == 0)
    #expect(added.standardError == "")
    #expect(
      added.standardOutput == """
        [
          {"id":6,"symbol":"ADA","name":"Cardano","coin_id":"cardano"},
          {"id":7,"symbol":"BCH","name":"Bitcoin Cash","coin_id":"bitcoin-cash"}
        ]

        """)
    let table = try sandbox.run(["coins", "add", "Dogecoin"])
    #expect(
      table.standardOutput == "ID  SYMBOL  NAME      COIN ID\n 8  DOGE    Dogecoin  dogecoin\n")
    #expect(
      try trackedSymbols(sandbox) == ["BTC", "ETH", "BNB", "SOL", "XRP", "ADA", "BCH", "DOGE"])
  }

  @Test func anUnknownCoinNamesTheClosestMatchesAndAddsNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "add", "trx", "bitcon"])
    #expect(result.status == 66)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError == "cointrack: unknown coin 'bitcon'; did you mean BTC (Bitcoin)?\n")
    #expect(sandbox.stateData() == nil)
    let far = try sandbox.run(["coins", "add", "qqqqqq"])
    #expect(far.status == 66)
    #expect(
      far.standardError == "cointrack: unknown coin 'qqqqqq'; see 'cointrack coins available'.\n")
  }

  @Test func aCoinAlreadyTrackedIsAnErrorAndAddsNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "add", "ada", "Ethereum"])
    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError == "cointrack: 'Ethereum' is already tracked as ETH (id 2, @ethereum).\n"
    )
    #expect(try trackedSymbols(sandbox) == ["BTC", "ETH", "BNB", "SOL", "XRP"])
  }

  @Test func removesByIdAndByNameAndNeverReusesIds() throws {
    let sandbox = try Sandbox()
    let removed = try sandbox.run(["coins", "remove", "1", "solana", "--format", "csv"])
    #expect(removed.status == 0)
    #expect(
      removed.standardOutput
        == "id,symbol,name,coin_id\r\n1,BTC,Bitcoin,bitcoin\r\n4,SOL,Solana,solana\r\n")
    #expect(try trackedSymbols(sandbox) == ["ETH", "BNB", "XRP"])
    let readded = try sandbox.run(["coins", "add", "btc", "--format", "csv"])
    #expect(readded.standardOutput == "id,symbol,name,coin_id\r\n6,BTC,Bitcoin,bitcoin\r\n")
    let bySymbol = try sandbox.run(["coins", "remove", "XRP"])
    #expect(bySymbol.status == 0)
    #expect(try trackedSymbols(sandbox) == ["ETH", "BNB", "BTC"])
  }

  @Test func removingACoinNotTrackedIsAnErrorAndRemovesNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "remove", "btc", "ada"])
    #expect(result.status == 66)
    #expect(
      result.standardError
        == "cointrack: 'ada' is not a tracked coin; see 'cointrack coins list'.\n")
    #expect(result.standardOutput == "")
    #expect(sandbox.stateData() == nil)
    let unknownID = try sandbox.run(["coins", "remove", "42"])
    #expect(unknownID.status == 66)
    #expect(
      unknownID.standardError
        == "cointrack: '42' is not a tracked coin; see 'cointrack coins list'.\n")
  }

  @Test func availableListsTheCatalogueInEveryFormat() throws {
    let sandbox = try Sandbox()
    let csv = try sandbox.run(["coins", "available", "--format", "csv"])
    #expect(csv.status == 0)
    #expect(
      csv.standardOutput == """
        symbol,name,first_date,last_date\r
        ADA,Cardano,2018-04-17,2026-05-20\r
        BCH,Bitcoin Cash,2019-11-28,2026-05-20\r
        BNB,BNB,2017-11-06,2026-05-20\r
        BTC,Bitcoin,2017-08-17,2026-05-20\r
        DOGE,Dogecoin,2019-07-05,2026-05-20\r
        ETH,Ethereum,2017-08-17,2026-05-20\r
        SOL,Solana,2020-08-11,2026-05-20\r
        TRX,TRON,2018-06-11,2026-05-20\r
        XRP,XRP,2018-05-04,2026-05-20\r

        """)
    let table = try sandbox.run(["coins", "available"])
    #expect(
      table.standardOutput.hasPrefix(
        "SYMBOL  NAME          FIRST DATE  LAST DATE\nADA     Cardano       2018-04-17  2026-05-20\n"
      ))
    let json = try sandbox.run(["coins", "available", "--format", "json"])
    #expect(
      json.standardOutput.contains(
        #"{"symbol":"BCH","name":"Bitcoin Cash","first_date":"2019-11-28","last_date":"2026-05-20"}"#
      ))
  }
}
