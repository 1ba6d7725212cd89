import CoinTrackTestSupport
import Foundation
import Testing

/// The message of an answer that fails as a whole, which caches nothing.
private func unusable(_ source: String, _ detail: String) -> String {
  "cointrack: \(source) sent an answer cointrack cannot use: \(detail); nothing was cached.\n"
}

/// CoinGecko's plans: the 365-day window of the public and demo plans, error 10012, pro keys.
@Suite struct CoinGeckoPlanTests {
  private let keyless: [String: String?] = ["COINGECKO_API_KEY": nil, "COINGECKO_PRO_API_KEY": nil]

  private func history(_ from: String, _ to: String) -> [String] {
    ["prices", "btc", "--source", "coingecko", "--from", from, "--to", to, "--format", "csv"]
  }

  @Test(arguments: [nil, "CG-DEMO-KEY-1"])
  func error10012IsThePlanWindowNeverARefusedKey(demoKey: String?) throws {
    let run = try LiveRun(
      [
        .init(
          path: "/coins/bitcoin/market_chart/range", status: 401,
          body: try RecordedAnswer.text("coingecko-error-10012.json"))
      ], source: "COINGECKO")
    var environment = keyless
    environment["COINGECKO_API_KEY"] = demoKey
    let (from, to) = (realDay(-10), realDay(-8))
    let expected =
      "cointrack: coingecko answers only the last 365 days of history on its public and demo plans, "
      + "and the days from \(from) to \(to) are older; a paid key in COINGECKO_PRO_API_KEY or "
      + "--source binance lifts the limit.\n"
    for _ in 0..<2 {
      let result = try run(history(from, to), environment: environment)
      #expect(result.status == 69)
      #expect(result.standardError == expected)
    }
    // Nothing was cached: the second run asked again.
    #expect(try run.api.requests().count == 2)
  }

  @Test func aRangeStraddlingTheWindowAnswersTheDaysInsideAndSaysWhyTheOthersHaveNone() throws {
    // The window's first day is 364 days back: asking from its midnight stays within 365 days.
    let firstInside = -364
    let body =
      #"{"prices":["#
      + (1...3).map { "[\((epochSeconds(realDay(firstInside + $0))) * 1000),10\($0).5]" }
      .joined(separator: ",") + "]}"
    let run = try LiveRun(
      [
        .init(
          path: "/coins/bitcoin/market_chart/range",
          query: ["from": String(epochSeconds(realDay(-370)))],
          body: #"{"prices":[[\#(epochSeconds(realDay(-369)) * 1000),99.5]]}"#),
        .init(path: "/coins/bitcoin/market_chart/range", body: body),
      ], source: "COINGECKO")
    let result = try run(history(realDay(-370), realDay(-362)), environment: keyless)
    #expect(result.status == 0)
    let rows = result.standardOutput.split(separator: "\r\n").dropFirst()
    #expect(rows.count == 9)
    #expect(rows.filter { $0.contains(",BTC,,") }.count == 6)
    #expect(rows.last == "\(realDay(-362)),BTC,103.5,USD,coingecko,true")
    #expect(
      result.standardError.hasSuffix(
        "cointrack: note: coingecko answers only the last 365 days of history on its public and "
          + "demo plans, so the days from \(realDay(-370)) to \(realDay(-365)) have no price; a paid "
          + "key in COINGECKO_PRO_API_KEY or --source binance lifts the limit.\n"))
    #expect(
      try run.api.requests().map { $0.query["from"] } == [
        String(epochSeconds(realDay(firstInside)))
      ])
    // The days before the window were not remembered as lacking a price: a paid key asks for them.
    let paid = try run(
      history(realDay(-370), realDay(-362)),
      environment: ["COINGECKO_PRO_API_KEY": "CG-PRO-KEY-2"])
    #expect(paid.status == 0)
    #expect(paid.standardOutput.contains("\(realDay(-370)),BTC,99.5,USD,coingecko,true\r\n"))
    #expect(try run.api.requests().last?.query["from"] == String(epochSeconds(realDay(-370))))
  }

  @Test func aRangeWhollyBeforeTheWindowFailsWith69WithoutAsking() throws {
    let run = try LiveRun(
      [.init(path: "/coins/bitcoin/market_chart/range", body: #"{"prices":[]}"#)],
      source: "COINGECKO")
    let (from, to) = (realDay(-400), realDay(-390))
    let result = try run(history(from, to), environment: keyless)
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: coingecko answers only the last 365 days of history on its public and demo "
        + "plans, and the days from \(from) to \(to) are older; a paid key in "
        + "COINGECKO_PRO_API_KEY or --source binance lifts the limit.\n")
    #expect(result.standardOutput == "")
    #expect(try run.api.requests().isEmpty)
  }

  @Test func aProKeyIsSentInTheProHeaderAndWinsOverADemoKey() throws {
    let run = try LiveRun(
      [
        .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34}}"#),
        .init(
          path: "/coins/bitcoin/market_chart/range",
          body: #"{"prices":[[1704153600000,42280.23]]}"#),
      ], source: "COINGECKO")
    let environment = [
      "COINGECKO_PRO_API_KEY": "CG-PRO-SECRET-77", "COINGECKO_API_KEY": "CG-DEMO-SECRET-55",
    ]
    let latest = try run(["prices", "btc", "--source", "coingecko"], environment: environment)
    #expect(latest.status == 0)
    // A paid plan has no history window: 2024 is asked for.
    let old = try run(history("2024-01-01", "2024-01-01"), environment: environment)
    #expect(old.status == 0)
    #expect(old.standardOutput.hasSuffix("2024-01-01,BTC,42280.23,USD,coingecko,true\r\n"))
    let requests = try run.api.requests()
    #expect(requests.count == 2)
    for request in requests {
      #expect(request.headers["x-cg-pro-api-key"] == "CG-PRO-SECRET-77")
      #expect(request.headers["x-cg-demo-api-key"] == nil)
    }
    #expect(!(latest.standardError + old.standardError).contains("SECRET"))
  }
}

/// Values no real answer holds fail the whole answer, and nothing of it is cached: the next run
/// asks again.
@Suite struct AnswerSanityTests {
  /// Milliseconds at the start of `day`.
  private static func stamp(_ day: String) -> Int { epochSeconds(day) * 1000 }

  private static func candle(_ day: String, _ close: String) -> String {
    #"[\#(stamp(day)),"1.0","2.0","0.5","\#(close)","100.0",\#(stamp(day) + 86_399_999),"1000.0",10,"1.0","1.0","0"]"#
  }

  private static func value(_ day: String, _ close: String) -> String {
    #"{"datetime":"\#(day)","open":"1","high":"2","low":"1","close":"\#(close)"}"#
  }

  private static func series(_ values: String...) -> String {
    #"{"meta":{"symbol":"BTC/USD","interval":"1day"},"values":["# + values.joined(separator: ",")
      + #"],"status":"ok"}"#
  }

  /// (source, path, body, detail) for each hostile body; every request asks for 2024-01-01..02.
  static let cases: [(String, String, String, String)] = [
    (
      "coingecko", "/coins/bitcoin/market_chart/range",
      #"{"prices":[[\#(stamp("2024-01-02")),-5.5]]}"#, "a price is negative (-5.5)"
    ),
    (
      "coingecko", "/coins/bitcoin/market_chart/range",
      #"{"prices":[[\#(stamp("2024-01-02")),1.5],[\#(stamp("2024-01-02")),2.5]]}"#,
      "two different prices, 1.5 and 2.5, share one time stamp"
    ),
    (
      "coingecko", "/coins/bitcoin/market_chart/range",
      #"{"prices":[[\#(stamp("2000-01-01")),1.5]]}"#,
      "a price point is stamped 2000-01-01, far outside the days asked (2024-01-01 to 2024-01-02)"
    ),
    (
      "binance", "/api/v3/klines", "[\(candle("2024-01-01", "-1.00000000"))]",
      "a price is negative (-1.00000000)"
    ),
    (
      "binance", "/api/v3/klines", "[\(candle("2024-01-01", "0.00000000"))]",
      "a price is zero (0.00000000)"
    ),
    (
      "binance", "/api/v3/klines",
      "[\(candle("2024-01-01", "42283.58")),\(candle("2024-01-01", "44179.55"))]",
      "2024-01-01 has two different prices, 42283.58 and 44179.55"
    ),
    (
      "binance", "/api/v3/klines",
      #"[[8640000000000000000,"1.0","2.0","0.5","3.0","100.0",0,"1.0",10,"1.0","1.0","0"]]"#,
      "a kline opens at 8640000000000000000 ms, outside the years 1 to 9999"
    ),
    (
      "binance", "/api/v3/klines", "[\(candle("2019-01-01", "3800.1"))]",
      "a kline opens on 2019-01-01, outside the days asked (2024-01-01 to 2024-01-02)"
    ),
    (
      "twelvedata", "/time_series", series(value("2024-01-01", "-3")), "a price is negative (-3)"
    ),
    ("twelvedata", "/time_series", series(value("2024-01-01", "0.0")), "a price is zero (0.0)"),
    (
      "twelvedata", "/time_series",
      series(value("2024-01-02", "45022.1"), value("2024-01-02", "42836.9")),
      "2024-01-02 has two different prices, 45022.1 and 42836.9"
    ),
    (
      "twelvedata", "/time_series", series(value("2023-06-01", "27000")),
      "a time_series value is dated 2023-06-01, outside the days asked (2024-01-01 to 2024-01-02)"
    ),
  ]

  @Test(arguments: cases)
  func aHostileValueFailsTheAnswerAndNothingIsCached(
    source: String, path: String, body: String, detail: String
  ) throws {
    let run = try LiveRun([.init(path: path, body: body)], source: source.uppercased())
    let arguments = [
      "prices", "btc", "--source", source, "--from", "2024-01-01", "--to", "2024-01-02",
    ]
    for _ in 0..<2 {
      let result = try run(arguments, environment: ["COINGECKO_PRO_API_KEY": "CG-PRO-KEY-3"])
      #expect(result.status == 69)
      #expect(result.standardOutput == "")
      #expect(result.standardError == unusable(source, detail))
    }
    #expect(try run.api.requests().count == 2)
  }

  /// A point stamped at either end of what 64-bit milliseconds hold, years from any day
  /// cointrack writes, is refused as a bad answer (it once trapped while naming its day), and
  /// nothing of the answer is cached.
  @Test(arguments: [Int64.min, Int64.max])
  func aCoinGeckoPointStampedAtTheEndsOfTimeIsRefused(milliseconds: Int64) throws {
    let body = #"{"prices":[[\#(Self.stamp("2024-01-02")),1.5],[\#(milliseconds),2.5]]}"#
    let run = try LiveRun(
      [.init(path: "/coins/bitcoin/market_chart/range", body: body)], source: "COINGECKO")
    let result = try run(
      ["prices", "btc", "--source", "coingecko", "--from", "2024-01-01", "--to", "2024-01-02"],
      environment: ["COINGECKO_PRO_API_KEY": "CG-PRO-KEY-5"])
    #expect(result.status == 69)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == unusable(
          "coingecko",
          "a price point is stamped \(milliseconds) ms, far outside the days asked (2024-01-01 to 2024-01-02)"
        ))
    let cached =
      FileManager.default.enumerator(atPath: run.sandbox.cacheHome.path)?
      .compactMap { $0 as? String } ?? []
    #expect(cached.allSatisfy { !$0.contains("bitcoin") && !$0.contains("closes") }, "\(cached)")
    #expect(!cacheContents(run.sandbox).contains("2.5"))
  }

  /// (source, path, body, detail) for each hostile latest price.
  static let latestCases: [(String, String, String, String)] = [
    ("coingecko", "/simple/price", #"{"bitcoin":{"usd":-1.5}}"#, "a price is negative (-1.5)"),
    (
      "binance", "/api/v3/ticker/price", #"[{"symbol":"BTCUSDT","price":"-2.00000000"}]"#,
      "a price is negative (-2.00000000)"
    ),
    ("twelvedata", "/price", #"{"price":"0.00000"}"#, "a price is zero (0.00000)"),
  ]

  @Test(arguments: latestCases)
  func aHostileLatestPriceFailsTheAnswer(
    source: String, path: String, body: String, detail: String
  ) throws {
    let run = try LiveRun([.init(path: path, body: body)], source: source.uppercased())
    for _ in 0..<2 {
      let result = try run(["prices", "btc", "--source", source])
      #expect(result.status == 69)
      #expect(result.standardError == unusable(source, detail))
    }
    #expect(try run.api.requests().count == 2)
  }

  @Test func coinGeckoMarksAMissingPriceWithZero() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/coins/bitcoin/market_chart/range",
          body:
            #"{"prices":[[\#(Self.stamp("2024-01-02")),0],[\#(Self.stamp("2024-01-03")),44187.14]]}"#
        )
      ], source: "COINGECKO")
    let result = try run(
      [
        "prices", "btc", "--source", "coingecko", "--from", "2024-01-01", "--to", "2024-01-02",
        "--format", "csv",
      ],
      environment: ["COINGECKO_PRO_API_KEY": "CG-PRO-KEY-4"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,BTC,,USD,coingecko,true\r\n"
        + "2024-01-02,BTC,44187.14,USD,coingecko,true\r\n")
  }
}

@Suite struct GeoBlockingTests {
  @Test func binance451NamesTheVariableThatPointsElsewhere() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/api/v3/klines", status: 451,
          body:
            #"{"code":0,"msg":"Service unavailable from a restricted location according to 'b. Eligibility' in https://www.binance.com/en/terms. Please contact customer service if you believe you received this message in error."}"#
        )
      ], source: "BINANCE")
    let result = try run(["prices", "btc", "--source", "binance", "--from", "2024-01-01"])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: binance does not serve this location (HTTP 451: 'Service unavailable from a restricted location according to \\'b. Eligibility\\' in https://www.bin...'); set COINTRACK_BINANCE_URL to an endpoint that does, or use another --source.\n"
    )
  }
}
