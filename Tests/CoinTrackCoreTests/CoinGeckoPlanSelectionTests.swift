import Testing

@testable import CoinTrackCore

/// Which host and header a CoinGecko source uses for the keys the environment holds.
@Suite struct CoinGeckoPlanSelectionTests {
  private func coinGecko(demo: String?, pro: String?, url: String? = nil) throws -> CoinGeckoAPI {
    var configuration = LiveSourceConfiguration(currentDay: Day(iso: "2026-01-01")!)
    configuration.apiKeys[.coingecko] = demo
    configuration.coinGeckoProKey = pro
    configuration.baseURLs[.coingecko] = url
    let source = try PriceSourceKind.coingecko.makeSource(
      currency: nil, configuration: configuration)
    return try #require((source as? LivePriceSource)?.api as? CoinGeckoAPI)
  }

  @Test func aPaidKeySelectsTheProHostAndHeaderAndWinsOverADemoKey() throws {
    let api = try coinGecko(demo: "CG-DEMO", pro: "CG-PRO")
    #expect(api.requester.baseURL == "https://pro-api.coingecko.com/api/v3")
    #expect(api.plan.header?.name == "x-cg-pro-api-key")
    #expect(api.plan.header?.value == "CG-PRO")
    #expect(api.plan.historyWindowDays == nil)
  }

  @Test func aDemoKeyOrNoKeyUsesThePublicHostAndItsWindow() throws {
    for (demo, header) in [("CG-DEMO", "x-cg-demo-api-key"), ("", nil), (nil, nil)]
      as [(String?, String?)]
    {
      // An empty paid key counts as none.
      let api = try coinGecko(demo: demo, pro: "")
      #expect(api.requester.baseURL == "https://api.coingecko.com/api/v3")
      #expect(api.plan.header?.name == header)
      #expect(api.plan.historyWindowDays == 365)
    }
  }

  @Test func theURLVariableWinsOverTheProHost() throws {
    let api = try coinGecko(demo: nil, pro: "CG-PRO", url: "http://127.0.0.1:9/")
    #expect(api.requester.baseURL == "http://127.0.0.1:9")
    #expect(api.plan.header?.name == "x-cg-pro-api-key")
  }
}
