import CoinTrackTestSupport
import Foundation
import Testing

/// The real UTC day now: live sources treat days before it as closed. Read anew each time, so
/// that a test comparing output with it after a run does not fail when the suite crosses 00:00
/// UTC (it once did, with the day taken when the test process started).
var currentDay: String { DateFormatter.utcDay.string(from: Date()) }

/// Runs in the sandbox with the real today and the fake API standing in for `source`.
func run(
  _ sandbox: Sandbox, _ arguments: [String], api: FakePriceAPI?, source: String = "COINGECKO",
  environment: [String: String?] = [:]
) throws -> ProcessResult {
  var overrides: [String: String?] = ["COINTRACK_TODAY": nil]
  if let api { overrides["COINTRACK_\(source)_URL"] = api.baseURL }
  // These tests ask for 2024, beyond the 365 days the public plan answers: a paid key reaches it.
  if source == "COINGECKO" { overrides["COINGECKO_PRO_API_KEY"] = paidCoinGeckoKey }
  overrides.merge(environment) { $1 }
  return try sandbox.run(arguments, environment: overrides)
}

/// A paid CoinGecko key, which lifts the public plan's 365-day history window.
private let paidCoinGeckoKey = "CG-PRO-TEST-KEY"

/// Every file under the sandbox's cache, concatenated, to check what was cached.
func cacheContents(_ sandbox: Sandbox) -> String {
  guard let files = FileManager.default.enumerator(atPath: sandbox.cacheHome.path) else {
    return ""
  }
  return files.compactMap { $0 as? String }.compactMap {
    try? String(contentsOf: sandbox.cacheHome.appendingPathComponent($0), encoding: .utf8)
  }.joined(separator: "\n")
}

let bitcoinJanuary =
  #"{"prices":[[1704153600000,42280.23],[1704240000000,44187.14],[1704326400000,44961.60],[1704330000000,45000.5]],"market_caps":[],"total_volumes":[]}"#

/// The command line whose answer `bitcoinJanuary` is, as CSV.
let bitcoinJanuaryCSV = [
  "prices", "BTC", "--source", "coingecko", "--from", "2024-01-01", "--to", "2024-01-03",
  "--format", "csv",
]

@Suite struct CoinGeckoSourceTests {
  @Test func latestPricesOfAllTrackedCoinsComeFromOneRequestAndTheCache() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/simple/price", query: ["vs_currencies": "usd"],
        body:
          #"{"bitcoin":{"usd":67187.34},"ethereum":{"usd":3412.55},"binancecoin":{"usd":590.1},"solana":{"usd":1.234e-05},"ripple":{"usd":0.5}}"#
      )
    ])
    let sandbox = try Sandbox()
    let key = ["COINGECKO_API_KEY": "CG-SECRET-KEY-1234", "COINGECKO_PRO_API_KEY": nil]
    let first = try run(
      sandbox, ["coins", "list", "--source", "coingecko", "--format", "json"], api: api,
      environment: key)
    #expect(first.status == 0)
    #expect(first.standardError == "")
    #expect(
      first.standardOutput.split(separator: "\n")[1]
        == #"  {"id":1,"symbol":"BTC","name":"Bitcoin","price":67187.34,"date":"\#(currentDay)","currency":"USD","source":"coingecko","closed":false,"coin_id":"bitcoin"},"#
    )
    #expect(first.standardOutput.contains(#""symbol":"SOL","name":"Solana","price":0.00001234,"#))
    var requests = try api.requests()
    #expect(requests.count == 1)
    #expect(requests[0].query["ids"] == "bitcoin,ethereum,binancecoin,solana,ripple")
    #expect(requests[0].headers["x-cg-demo-api-key"] == "CG-SECRET-KEY-1234")
    // Within the TTL a repeated command makes no request.
    let again = try run(
      sandbox, ["coins", "list", "--source", "coingecko", "--format", "json"], api: api,
      environment: key)
    #expect(again.standardOutput == first.standardOutput)
    #expect(try api.requests().count == 1)
    // --refresh asks again; a TTL of 0 does too.
    _ = try run(
      sandbox, ["coins", "list", "--source", "coingecko", "--refresh"], api: api, environment: key)
    #expect(try api.requests().count == 2)
    _ = try run(
      sandbox, ["coins", "list", "--source", "coingecko"], api: api,
      environment: key.merging(["COINTRACK_CACHE_TTL": "0"]) { $1 })
    requests = try api.requests()
    #expect(requests.count == 3)
    #expect(!cacheContents(sandbox).isEmpty)
    #expect(!cacheContents(sandbox).contains("CG-SECRET-KEY-1234"))
  }

  @Test func todaysRowsAreFlaggedAsNotClosed() throws {
    let api = try FakePriceAPI([
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34}}"#)
    ])
    let sandbox = try Sandbox()
    let table = try run(sandbox, ["prices", "btc", "--source", "coingecko"], api: api)
    #expect(table.status == 0)
    #expect(
      table.standardOutput
        == "DATE        SYMBOL     PRICE  CURRENCY  SOURCE\n\(currentDay)  BTC     67187.34  USD       coingecko\n"
    )
    #expect(
      table.standardError
        == "cointrack: note: the price for \(currentDay) is the latest price, not the close of a finished day.\n"
    )
    let csv = try run(
      sandbox, ["prices", "btc", "--source", "coingecko", "--format", "csv"], api: api)
    #expect(
      csv.standardOutput
        == "date,symbol,price,currency,source,closed\r\n\(currentDay),BTC,67187.34,USD,coingecko,false\r\n"
    )
    #expect(csv.standardError == "")
  }

  @Test func aDaysPointAtMidnightIsTheCloseOfTheDayBefore() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let arguments = bitcoinJanuaryCSV
    let result = try run(sandbox, arguments, api: api)
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,BTC,42280.23,USD,coingecko,true\r\n"
        + "2024-01-02,BTC,44187.14,USD,coingecko,true\r\n2024-01-03,BTC,44961.60,USD,coingecko,true\r\n"
    )
    let request = try #require(try api.requests().first)
    #expect(request.query["from"] == "1704067200")
    #expect(request.query["to"] == "1704326400")
    #expect(request.query["vs_currency"] == "usd")
    // Closed days are cached for good: no request again, and --cached-only answers.
    #expect(try run(sandbox, arguments, api: api).standardOutput == result.standardOutput)
    #expect(
      try run(sandbox, arguments + ["--cached-only"], api: api).standardOutput
        == result.standardOutput)
    #expect(try api.requests().count == 1)
  }

  @Test func onlyDaysNotCachedAreAskedFor() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/coins/bitcoin/market_chart/range", query: ["from": "1704067200"],
        body: bitcoinJanuary),
      .init(
        path: "/coins/bitcoin/market_chart/range", query: ["from": "1704326400"],
        body: #"{"prices":[[1704412800000,43000.1],[1704499200000,43100.2]]}"#),
    ])
    let sandbox = try Sandbox()
    let base = ["prices", "BTC", "--source", "coingecko", "--format", "csv"]
    _ = try run(sandbox, base + ["--from", "2024-01-01", "--to", "2024-01-03"], api: api)
    let wider = try run(sandbox, base + ["--from", "2024-01-02", "--to", "2024-01-05"], api: api)
    #expect(wider.status == 0)
    #expect(
      wider.standardOutput.hasSuffix(
        "2024-01-04,BTC,43000.1,USD,coingecko,true\r\n2024-01-05,BTC,43100.2,USD,coingecko,true\r\n"
      ))
    let requests = try api.requests()
    #expect(requests.count == 2)
    #expect(requests[1].query["from"] == "1704326400")
    #expect(requests[1].query["to"] == "1704499200")
  }

  @Test func cachedOnlyWithoutTheDataFailsWith69AndAsksNothing() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "BTC", "--source", "coingecko", "--from", "2024-01-01", "--to", "2024-01-03",
        "--cached-only",
      ], api: api)
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: the coingecko cache lacks bitcoin closes from 2024-01-01 to 2024-01-03, and --cached-only forbids asking.\n"
    )
    #expect(try api.requests().isEmpty)
  }

  @Test func anyCoinCoinGeckoKnowsCanBeAddedAndKeepsItsId() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/coins/list",
        body:
          #"[{"id":"pepe","symbol":"pepe","name":"Pepe"},{"id":"dup-one","symbol":"dup","name":"Dup One"},{"id":"dup-two","symbol":"dup","name":"Dup Two"}]"#
      )
    ])
    let sandbox = try Sandbox()
    let added = try run(
      sandbox, ["coins", "add", "pepe", "--source", "coingecko", "--format", "csv"], api: api)
    #expect(added.status == 0)
    #expect(added.standardOutput == "id,symbol,name,coin_id\r\n6,PEPE,Pepe,pepe\r\n")
    let state = try #require(sandbox.stateData().map { String(decoding: $0, as: UTF8.self) })
    #expect(state.contains(#""coingecko_id": "pepe""#))
    let ambiguous = try run(sandbox, ["coins", "add", "DUP", "--source", "coingecko"], api: api)
    #expect(ambiguous.status == 65)
    #expect(
      ambiguous.standardError
        == "cointrack: 'DUP' names 2 coingecko coins: @dup-one (Dup One) and @dup-two (Dup Two); "
        + "name one by its id, such as '@dup-one'.\n"
    )
    let byID = try run(
      sandbox, ["coins", "add", "dup-two", "--source", "coingecko", "--format", "csv"], api: api)
    #expect(byID.standardOutput == "id,symbol,name,coin_id\r\n7,DUP,Dup Two,dup-two\r\n")
    let unknown = try run(
      sandbox, ["coins", "add", "nothing-like-it", "--source", "coingecko"], api: api)
    #expect(unknown.status == 66)
    // The coin list is fetched once and cached for a day.
    #expect(try api.requests().map(\.path) == ["/coins/list"])
    // Offline, a coin outside the snapshot is listed without a price.
    let listed = try sandbox.run(["coins", "list", "--format", "csv"])
    #expect(listed.standardOutput.contains("6,PEPE,Pepe,,,,,,pepe\r\n"))
  }

  @Test func aCurrencyIsAskedForAndNamedInEveryRow() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/coins/ethereum/market_chart/range", query: ["vs_currency": "eur"],
        body: #"{"prices":[[1704153600000,2100.5]]}"#)
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "eth", "--source", "coingecko", "--currency", "eur", "--from", "2024-01-01",
        "--to", "2024-01-01", "--format", "json",
      ],
      api: api)
    #expect(
      result.standardOutput
        == "[\n  {\"date\":\"2024-01-01\",\"symbol\":\"ETH\",\"price\":2100.5,\"currency\":\"EUR\",\"source\":\"coingecko\",\"closed\":true}\n]\n"
    )
    let unsupported = try run(
      sandbox, ["prices", "eth", "--source", "coingecko", "--currency", "xau"], api: api)
    #expect(unsupported.status == 65)
    #expect(
      unsupported.standardError
        == "cointrack: coingecko cannot quote 'xau'; it quotes USD, EUR, GBP, JPY, CHF, CAD, AUD, CNY, INR, KRW, BRL, BTC or ETH.\n"
    )
    let offline = try sandbox.run(["prices", "eth", "--currency", "usd"])
    #expect(offline.status == 65)
    #expect(offline.standardError == "cointrack: offline cannot quote 'usd'; it quotes USDT.\n")
    #expect(try api.requests().count == 1)
  }

  @Test func theProfileRemembersTheSourceAndCurrency() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/simple/price", query: ["vs_currencies": "eur"],
        body: #"{"bitcoin":{"eur":61950.11}}"#)
    ])
    let sandbox = try Sandbox()
    let set = try run(
      sandbox,
      ["profile", "set", "--source", "coingecko", "--currency", "eur", "--format", "json"], api: api
    )
    #expect(set.status == 0)
    #expect(
      set.standardOutput
        == #"{"username":"anonymous","source":"coingecko","currency":"EUR","method":"fifo"}"#
        + "\n")
    let prices = try run(sandbox, ["prices", "bitcoin", "--format", "csv"], api: api)
    #expect(prices.standardOutput.hasSuffix(",BTC,61950.11,EUR,coingecko,false\r\n"))
    // An explicit source wins, and the stored currency is used only where that source quotes it.
    let offline = try run(
      sandbox,
      ["prices", "bitcoin", "--source", "offline", "--to", "2024-01-01", "--format", "csv"],
      api: api)
    #expect(offline.standardOutput.hasSuffix("2024-01-01,BTC,44179.55,USDT,offline,true\r\n"))
    let refused = try run(sandbox, ["profile", "set", "--currency", "usdt"], api: api)
    #expect(refused.status == 65)
    #expect(
      refused.standardError
        == "cointrack: coingecko cannot quote 'usdt'; it quotes USD, EUR, GBP, JPY, CHF, CAD, AUD, CNY, INR, KRW, BRL, BTC or ETH.\n"
    )
    let nothing = try sandbox.run(["profile", "set"])
    #expect(nothing.status == 64)
  }

  @Test func aCorruptCacheEntryIsDroppedAndFetchedAgain() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let arguments = bitcoinJanuaryCSV
    let first = try run(sandbox, arguments, api: api)
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.cacheHome.appendingPathComponent("cointrack/coingecko").path)
    #expect(entries == ["closes-bitcoin-USD.json"])
    let entry = sandbox.cacheHome.appendingPathComponent(
      "cointrack/coingecko/closes-bitcoin-USD.json")
    try Data("{\"closes\": {\"2024-01-01\": ".utf8).write(to: entry)
    let second = try run(sandbox, arguments, api: api)
    #expect(second.status == 0)
    #expect(second.standardOutput == first.standardOutput)
    #expect(try api.requests().count == 2)
    #expect(
      try String(contentsOf: entry, encoding: .utf8).hasPrefix(
        "{\"closes\":{\"2024-01-01\":\"42280.23\""))
  }
}

@Suite struct BinanceSourceTests {
  private func candle(_ day: String, _ close: String) -> String {
    let milliseconds = Int(DateFormatter.utcDay.date(from: day)!.timeIntervalSince1970) * 1000
    return
      #"[\#(milliseconds),"1.0","2.0","0.5","\#(close)","100.0",\#(milliseconds + 86_399_999),"1000.0",10,"1.0","1.0","0"]"#
  }

  @Test func aDailyCandleIsTheCloseOfItsOwnUTCDay() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/api/v3/klines", query: ["symbol": "BTCUSDT", "interval": "1d"],
        body:
          "[\(candle("2024-01-01", "42283.58000000")),\(candle("2024-01-02", "44179.55000000"))]")
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "btc", "--source", "binance", "--from", "2024-01-01", "--to", "2024-01-02",
        "--format", "csv",
      ],
      api: api, source: "BINANCE")
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,BTC,42283.58000000,USDT,binance,true\r\n"
        + "2024-01-02,BTC,44179.55000000,USDT,binance,true\r\n")
    let request = try #require(try api.requests().first)
    #expect(request.query["startTime"] == "1704067200000")
    #expect(request.query["endTime"] == "1704239999999")
  }

  /// A close Binance gives with leading zeros is printed canonical, its JSON a real number.
  @Test func aCloseWithLeadingZerosIsPrintedCanonical() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/api/v3/klines", query: ["symbol": "BTCUSDT", "interval": "1d"],
        body: "[\(candle("2024-01-01", "00042283.580")),\(candle("2024-01-02", "044179.5"))]")
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "btc", "--source", "binance", "--from", "2024-01-01", "--to", "2024-01-02",
        "--format", "json", "--fields", "date,price",
      ],
      api: api, source: "BINANCE")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == """
        [
          {"date":"2024-01-01","price":42283.580},
          {"date":"2024-01-02","price":44179.5}
        ]

        """)
    #expect((try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) != nil)
  }

  @Test func longRangesArePagedAtAThousandCandles() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/api/v3/klines", query: ["startTime": "1609459200000"],
        body: "[\(candle("2021-01-01", "29331.69"))]"),
      .init(
        path: "/api/v3/klines", query: ["startTime": "1695859200000"],
        body: "[\(candle("2023-09-28", "27031.99"))]"),
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "btc", "--source", "binance", "--from", "2021-01-01", "--to", "2023-12-31",
        "--format", "csv",
      ],
      api: api, source: "BINANCE")
    #expect(result.status == 0)
    let requests = try api.requests()
    #expect(requests.map { $0.query["startTime"] } == ["1609459200000", "1695859200000"])
    #expect(requests.map { $0.query["limit"] } == ["1000", "1000"])
    #expect(result.standardOutput.split(separator: "\r\n").count == 1096)
    #expect(
      result.standardError
        == "cointrack: note: 1093 of 1095 days have no BTC price in the binance source; their rows have no price.\n"
    )
  }

  @Test func anUnknownPairIsAnUnknownCoin() throws {
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", status: 400, body: #"{"code":-1121,"msg":"Invalid symbol."}"#)
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, ["coins", "add", "zzzz", "--source", "binance"], api: api, source: "BINANCE")
    #expect(result.status == 66)
    #expect(
      result.standardError == "cointrack: unknown coin 'zzzz'; see 'cointrack coins available'.\n")
    #expect(sandbox.stateData() == nil)
  }
}

@Suite struct TwelveDataSourceTests {
  @Test func aMissingKeyIsAnErrorThatSaysSo() throws {
    let sandbox = try Sandbox()
    let result = try run(sandbox, ["prices", "btc", "--source", "twelvedata"], api: nil)
    #expect(result.status == 78)
    #expect(
      result.standardError == "cointrack: twelvedata needs an API key: set TWELVEDATA_API_KEY.\n")
  }

  @Test func dailyValuesInUTCWithTheKeyKeptSecret() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/time_series", query: ["symbol": "BTC/USD", "interval": "1day", "timezone": "UTC"],
        body:
          #"{"meta":{"symbol":"BTC/USD"},"values":[{"datetime":"2024-01-03","close":"42836.9"},{"datetime":"2024-01-02","close":"45022.1"},{"datetime":"2024-01-01","close":"44183.3"}],"status":"ok"}"#
      )
    ])
    let sandbox = try Sandbox()
    let key = ["TWELVEDATA_API_KEY": "TD-SECRET-9876"]
    let result = try run(
      sandbox,
      [
        "prices", "btc", "--source", "twelvedata", "--from", "2024-01-01", "--to", "2024-01-03",
        "--format", "csv",
      ],
      api: api, source: "TWELVEDATA", environment: key)
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,BTC,44183.3,USD,twelvedata,true\r\n"
        + "2024-01-02,BTC,45022.1,USD,twelvedata,true\r\n2024-01-03,BTC,42836.9,USD,twelvedata,true\r\n"
    )
    let request = try #require(try api.requests().first)
    #expect(request.query["apikey"] == "TD-SECRET-9876")
    #expect(request.query["start_date"] == "2024-01-01")
    #expect(!cacheContents(sandbox).contains("TD-SECRET-9876"))
  }

  @Test func errorsInsideA200AreErrors() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/time_series", query: ["symbol": "NOPE/USD"],
        body:
          #"{"code":400,"message":"**symbol** not found: NOPE/USD. Please specify it correctly according to API Documentation.","status":"error"}"#
      ),
      .init(
        path: "/time_series", query: ["symbol": "BTC/USD"],
        body:
          #"{"code":429,"message":"You have run out of API credits for the current minute. 9 API credits were used, with the current limit being 8.","status":"error"}"#
      ),
    ])
    let sandbox = try Sandbox()
    let key = ["TWELVEDATA_API_KEY": "TD-SECRET-9876"]
    let unknown = try run(
      sandbox, ["coins", "add", "nope", "--source", "twelvedata"], api: api, source: "TWELVEDATA",
      environment: key)
    #expect(unknown.status == 66)
    let limited = try run(
      sandbox,
      ["prices", "btc", "--source", "twelvedata", "--from", "2024-01-01", "--to", "2024-01-03"],
      api: api,
      source: "TWELVEDATA", environment: key)
    #expect(limited.status == 75)
    #expect(
      limited.standardError
        == "cointrack: twelvedata says the request limit is used up; try again later.\n")
    #expect(!(unknown.standardError + limited.standardError).contains("TD-SECRET"))
  }
}

@Suite struct SourceFaultTests {
  private let history = [
    "prices", "btc", "--source", "coingecko", "--from", "2024-01-01", "--to", "2024-01-03",
  ]

  private func failure(_ routes: [FakePriceAPI.Route], environment: [String: String?] = [:]) throws
    -> (ProcessResult, FakePriceAPI, Sandbox)
  {
    let api = try FakePriceAPI(routes)
    let sandbox = try Sandbox()
    return (try run(sandbox, history, api: api, environment: environment), api, sandbox)
  }

  @Test func aRefusedConnectionNamesTheSourceAndHost() throws {
    let sandbox = try Sandbox()
    let port = try FakePriceAPI.closedPort()
    let result = try sandbox.run(
      history,
      environment: [
        "COINTRACK_TODAY": nil, "COINTRACK_COINGECKO_URL": "http://127.0.0.1:\(port)",
        "COINGECKO_PRO_API_KEY": paidCoinGeckoKey,
      ])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: cannot reach coingecko at 127.0.0.1:\(port): the connection failed.\n")
  }

  @Test func aSlowServerTimesOut() throws {
    let (result, api, _) = try failure(
      [.init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary, delay: 3)],
      environment: ["COINTRACK_HTTP_TIMEOUT": "1"])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: cannot reach coingecko at \(api.baseURL.dropFirst(7)): no answer within 1 seconds.\n"
    )
  }

  @Test func aServerErrorIsUnavailable() throws {
    let (result, api, _) = try failure([
      .init(path: "/coins/bitcoin/market_chart/range", status: 503, body: "busy")
    ])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: coingecko at \(api.baseURL.dropFirst(7)) answered HTTP 503; try again later.\n"
    )
  }

  @Test(arguments: [
    (
      #"{"prices":[[1704153600000,42280.2"#,
      "the body is not valid JSON (expected ',' or ']' in an array, found end of data at byte 33)"
    ),
    (#"{"total_volumes":[]}"#, #"market_chart/range has no "prices" array"#),
    (#"{"prices":[["x",1]]}"#, "a price point is not [milliseconds, price]"),
  ])
  func aBadBodyIsUnavailableAndNothingIsCached(body: String, detail: String) throws {
    let (result, _, sandbox) = try failure([
      .init(path: "/coins/bitcoin/market_chart/range", body: body)
    ])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: coingecko sent an answer cointrack cannot use: \(detail); nothing was cached.\n"
    )
    #expect(cacheContents(sandbox).isEmpty)
  }

  @Test func aFaultWhileListingAPastDayIsNotHidden() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", status: 503, body: "busy")
    ])
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["coins", "remove", "eth", "bnb", "sol", "xrp"]).status == 0)
    let result = try run(
      sandbox, ["coins", "list", "--source", "coingecko", "--today", "2024-01-10"], api: api)
    #expect(result.status == 69)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "cointrack: coingecko at \(api.baseURL.dropFirst(7)) answered HTTP 503; try again later.\n"
    )
  }

  @Test func aShortRateLimitIsWaitedOutAndRetried() throws {
    let (result, api, _) = try failure([
      .init(
        path: "/coins/bitcoin/market_chart/range", status: 429, headers: ["Retry-After": "1"],
        body: "{}", times: 1),
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary),
    ])
    #expect(result.status == 0)
    #expect(try api.requests().count == 2)
  }

  @Test func aLongRateLimitEndsWith75AndTheWait() throws {
    let (result, api, _) = try failure([
      .init(
        path: "/coins/bitcoin/market_chart/range", status: 429, headers: ["Retry-After": "119"],
        body: "{}")
    ])
    #expect(result.status == 75)
    #expect(
      result.standardError
        == "cointrack: coingecko asks to wait 119 seconds before the next request; try again then.\n"
    )
    #expect(try api.requests().count == 1)
  }

  @Test func retriesStopAfterTwo() throws {
    let (result, api, _) = try failure([
      .init(
        path: "/coins/bitcoin/market_chart/range", status: 429, headers: ["Retry-After": "1"],
        body: "{}")
    ])
    #expect(result.status == 75)
    #expect(try api.requests().count == 3)
  }

  @Test func anUnknownHostNamesTheHost() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      history,
      environment: [
        "COINTRACK_TODAY": nil, "COINTRACK_COINGECKO_URL": "http://no-such-host.invalid",
        "COINTRACK_HTTP_TIMEOUT": "5", "COINGECKO_PRO_API_KEY": paidCoinGeckoKey,
      ])
    #expect(result.status == 69)
    #expect(
      result.standardError.hasPrefix("cointrack: cannot reach coingecko at no-such-host.invalid: "))
  }
}

extension DateFormatter {
  /// YYYY-MM-DD in UTC.
  static let utcDay: DateFormatter = {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()
}
