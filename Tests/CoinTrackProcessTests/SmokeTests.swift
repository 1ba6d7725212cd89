import CoinTrackTestSupport
import Foundation
import Testing

/// The first run in a fresh home, and the files cointrack uses.
@Suite struct FirstRunTests {
  @Test func coinsListShowsTheDefaultsWithoutCreatingState() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput == """
        ID  SYMBOL  NAME           PRICE  DATE        CURRENCY  SOURCE   COIN ID
         1  BTC     Bitcoin   77552.2300  2026-05-20  USDT      offline  bitcoin
         2  ETH     Ethereum   2129.4400  2026-05-20  USDT      offline  ethereum
         3  BNB     BNB         649.5000  2026-05-20  USDT      offline  binancecoin
         4  SOL     Solana       86.1700  2026-05-20  USDT      offline  solana
         5  XRP     XRP           1.3672  2026-05-20  USDT      offline  ripple

        """)
    #expect(sandbox.stateData() == nil)
    #expect(!FileManager.default.fileExists(atPath: sandbox.dataHome.path))
  }

  @Test func coinsListInCSVAndJSON() throws {
    let sandbox = try Sandbox()
    let csv = try sandbox.run(["--format", "csv", "coins", "list"])
    #expect(csv.status == 0)
    #expect(
      csv.standardOutput
        == "id,symbol,name,price,date,currency,source,closed,coin_id\r\n"
        + "1,BTC,Bitcoin,77552.23,2026-05-20,USDT,offline,true,bitcoin\r\n"
        + "2,ETH,Ethereum,2129.44,2026-05-20,USDT,offline,true,ethereum\r\n"
        + "3,BNB,BNB,649.5,2026-05-20,USDT,offline,true,binancecoin\r\n"
        + "4,SOL,Solana,86.17,2026-05-20,USDT,offline,true,solana\r\n"
        + "5,XRP,XRP,1.3672,2026-05-20,USDT,offline,true,ripple\r\n")
    let json = try sandbox.run(["coins", "list", "--format=json"])
    #expect(json.status == 0)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["symbol"] as? String } == ["BTC", "ETH", "BNB", "SOL", "XRP"])
    #expect(rows.map { $0["id"] as? Int } == [1, 2, 3, 4, 5])
    #expect(
      json.standardOutput.split(separator: "\n")[1]
        == #"  {"id":1,"symbol":"BTC","name":"Bitcoin","price":77552.23,"date":"2026-05-20","currency":"USDT","source":"offline","closed":true,"coin_id":"bitcoin"},"#
    )
  }

  @Test func theLatestPriceFollowsToday() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list", "--format", "csv", "--today", "2024-01-01"])
    #expect(
      result.standardOutput.contains(
        "1,BTC,Bitcoin,44179.55,2024-01-01,USDT,offline,true,bitcoin\r\n"))
    let before = try sandbox.run(
      ["coins", "list", "--format", "csv"], environment: ["COINTRACK_TODAY": "2017-01-01"])
    #expect(before.standardOutput.contains("1,BTC,Bitcoin,,,,,,bitcoin\r\n"))
  }

  @Test func stateLivesInXDGDataHomeOrTheHomeFallback() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["coins", "add", "ada"]).status == 0)
    #expect(sandbox.stateData() != nil)
    let relative = try sandbox.run(
      ["profile", "set", "relative"], environment: ["XDG_DATA_HOME": "relative/dir"])
    #expect(relative.status == 0)
    let fallback = sandbox.home.appendingPathComponent(".local/share/cointrack/state.json")
    #expect(FileManager.default.fileExists(atPath: fallback.path))
  }

  @Test func theBinaryWorksCopiedAloneElsewhere() throws {
    let sandbox = try Sandbox()
    let lonely = sandbox.root.appendingPathComponent("elsewhere/cointrack")
    try Sandbox.installBinary(at: lonely)
    let result = try Sandbox.run(
      lonely, ["prices", "ETH", "--from", "2024-01-01", "--to", "2024-01-01", "--format", "csv"],
      environment: sandbox.environment)
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,ETH,2352.04,USDT,offline,true\r\n"
    )
  }
}
