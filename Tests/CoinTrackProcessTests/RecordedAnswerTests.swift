import CoinTrackTestSupport
import Foundation
import Testing

/// The real UTC day `offset` days from now, as live sources count closed days.
func realDay(_ offset: Int) -> String {
  DateFormatter.utcDay.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
}

/// Seconds since the epoch at the start of `day`.
func epochSeconds(_ day: String) -> Int {
  Int(DateFormatter.utcDay.date(from: day)!.timeIntervalSince1970)
}

/// Every day from `first` to `last`.
private func days(_ first: String, _ last: String) -> [String] {
  stride(from: epochSeconds(first), through: epochSeconds(last), by: 86_400).map {
    DateFormatter.utcDay.string(from: Date(timeIntervalSince1970: Double($0)))
  }
}

/// The CSV `prices` prints for `closes` (nil for a day without a price).
private func csv(_ closes: [(day: String, price: String?)], currency: String, source: String)
  -> String
{
  "date,symbol,price,currency,source,closed\r\n"
    + closes.map { "\($0.day),BTC,\($0.price ?? ""),\(currency),\(source),true\r\n" }.joined()
}

/// A run of the real binary against a fake API standing in for one source, with the real today.
struct LiveRun {
  let sandbox: Sandbox
  let api: FakePriceAPI
  /// `COINGECKO`, `BINANCE` or `TWELVEDATA`.
  let source: String

  init(_ routes: [FakePriceAPI.Route], source: String) throws {
    sandbox = try Sandbox()
    api = try FakePriceAPI(routes)
    self.source = source
  }

  func callAsFunction(_ arguments: [String], environment: [String: String?] = [:]) throws
    -> ProcessResult
  {
    var overrides: [String: String?] = [
      "COINTRACK_TODAY": nil, "COINTRACK_\(source)_URL": api.baseURL,
      "TWELVEDATA_API_KEY": "TD-TEST-KEY",
    ]
    overrides.merge(environment) { $1 }
    return try sandbox.run(arguments, environment: overrides)
  }
}

/// A paid key: the recordings are older than the 365 days the public plan answers.
private let paidKey: [String: String?] = ["COINGECKO_PRO_API_KEY": "CG-PRO-TEST-KEY"]

/// Answers the APIs really gave (Tests/CoinTrackTestSupport/Fixtures/recorded), replayed through
/// a real HTTP server and the real binary. Each test reads the expected close of every day from
/// the recording itself, with its own simple reading of the JSON, and compares exact text.
@Suite struct RecordedAnswerTests {
  /// The closes a CoinGecko market_chart answer gives, read without the production code: the
  /// `[stamp, number]` pairs of "prices" as text, and for each day the latest pair stamped in the
  /// two hours up to the midnight that ends it.
  private func coinGeckoCloses(_ body: String, days: [String]) throws -> [(String, String?)] {
    let prices = String(body[body.range(of: #""prices":["#)!.upperBound...].prefix { $0 != "}" })
    let pattern = try NSRegularExpression(pattern: #"\[(\d+),([0-9.]+)\]"#)
    let pairs = pattern.matches(in: prices, range: NSRange(prices.startIndex..., in: prices)).map {
      match in
      (
        Int(prices[Range(match.range(at: 1), in: prices)!])!,
        String(prices[Range(match.range(at: 2), in: prices)!])
      )
    }
    return days.map { day in
      let midnight = (epochSeconds(day) + 86_400) * 1000
      let close = pairs.filter { $0.0 <= midnight && $0.0 >= midnight - 7_200_000 }
        .max { $0.0 < $1.0 }
      return (day, close?.1)
    }
  }

  @Test(arguments: [
    // Daily: points at 00:00 UTC, each the close of the day before.
    ("coingecko-daily-bitcoin-eur.json", "2020-03-01", "2020-03-05", 5),
    // Hourly, 2020-01-19 00:04 to 2020-01-21 00:07: the 18th and the 21st have no close.
    ("coingecko-hourly-bitcoin-eur.json", "2020-01-18", "2020-01-21", 2),
    // 5-minutely, one day.
    ("coingecko-5minutely-bitcoin-eur.json", "2021-12-16", "2021-12-16", 1),
  ])
  func coinGeckoAnswersOfEveryGranularityGiveTheLastPriceOfEachDay(
    file: String, from: String, to: String, pricedDays: Int
  ) throws {
    let body = try RecordedAnswer.text(file)
    let run = try LiveRun(
      [.init(path: "/coins/bitcoin/market_chart/range", query: ["vs_currency": "eur"], body: body)],
      source: "COINGECKO")
    let result = try run(
      [
        "prices", "btc", "--source", "coingecko", "--currency", "eur", "--from", from, "--to", to,
        "--format", "csv",
      ], environment: paidKey)
    let expected = try coinGeckoCloses(body, days: days(from, to))
    #expect(expected.filter { $0.1 != nil }.count == pricedDays)
    #expect(result.status == 0)
    #expect(result.standardOutput == csv(expected, currency: "EUR", source: "coingecko"))
    // The request spans from the first day's midnight to the one after the last: never empty.
    let request = try #require(try run.api.requests().first)
    #expect(request.query["from"] == String(epochSeconds(from)))
    #expect(request.query["to"] == String(epochSeconds(to) + 86_400))
  }

  @Test func binanceKlinesGiveTheCloseOfTheirOwnDay() throws {
    let body = try RecordedAnswer.text("binance-klines-btcusdt-1d.json")
    let candles = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[Any]])
    let expected = candles.map { candle -> (String, String?) in
      let openTime = (candle[0] as! NSNumber).intValue / 1000
      return (
        DateFormatter.utcDay.string(from: Date(timeIntervalSince1970: Double(openTime))),
        candle[4] as? String
      )
    }
    try expectReplay(
      .init(path: "/api/v3/klines", query: ["symbol": "BTCUSDT"], body: body), source: "binance",
      expected: expected, currency: "USDT")
  }

  @Test func twelveDataValuesGiveTheCloseOfTheirDay() throws {
    let body = try RecordedAnswer.text("twelvedata-time-series-btcusd-1day.json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let values = try #require(object["values"] as? [[String: String]])
    let expected = values.map { ($0["datetime"]!, $0["close"]) }
    try expectReplay(
      .init(path: "/time_series", query: ["symbol": "BTC/USD"], body: body),
      source: "twelvedata", expected: expected, currency: "USD")
  }

  /// Replays `route` as `source` over the days of `expected` and checks the CSV printed.
  private func expectReplay(
    _ route: FakePriceAPI.Route, source: String, expected: [(String, String?)], currency: String
  ) throws {
    let run = try LiveRun([route], source: source.uppercased())
    let result = try run([
      "prices", "btc", "--source", source, "--from", expected[0].0, "--to",
      expected[expected.count - 1].0, "--format", "csv",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput == csv(expected, currency: currency, source: source))
  }
}
