import CoinTrackTestSupport
import Foundation
import Testing

/// The default list's Binance pairs, as `symbols=[...]` carries them.
private let defaultPairs = #"["BTCUSDT","ETHUSDT","BNBUSDT","SOLUSDT","XRPUSDT"]"#

/// A ticker/price answer: `[{"symbol", "price"}]` for each pair and price.
private func tickers(_ prices: [(pair: String, price: String)]) -> String {
  "[" + prices.map { #"{"symbol":"\#($0.pair)","price":"\#($0.price)"}"# }.joined(separator: ",")
    + "]"
}

/// `coins list` from Binance as CSV with these fields.
private func binanceList(_ fields: String) -> [String] {
  ["coins", "list", "--source", "binance", "--format", "csv", "--fields", fields]
}

/// `coins list` with a live source asks one request per source for every coin's latest price,
/// against a real HTTP server that counts them.
@Suite struct BatchLatestTests {
  @Test func binanceAsksForEveryPairInOneRequest() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/api/v3/ticker/price", query: ["symbols": defaultPairs],
          body: tickers([
            ("BTCUSDT", "87000.10000000"), ("ETHUSDT", "2900.50000000"),
            ("BNBUSDT", "850.00000000"), ("SOLUSDT", "130.25000000"), ("XRPUSDT", "2.01000000"),
          ]))
      ], source: "BINANCE")
    let arguments = binanceList("symbol,price,date")
    let result = try run(arguments)
    expectRun(
      result,
      output:
        "symbol,price,date\r\nBTC,87000.10000000,\(currentDay)\r\nETH,2900.50000000,\(currentDay)\r\n"
        + "BNB,850.00000000,\(currentDay)\r\nSOL,130.25000000,\(currentDay)\r\n"
        + "XRP,2.01000000,\(currentDay)\r\n")
    let requests = try run.api.requests()
    #expect(requests.count == 1)
    #expect(requests.first?.path == "/api/v3/ticker/price")
    #expect(requests.first?.query == ["symbols": defaultPairs])
    // Each price is cached on its own: a fresh run asks nothing, and one coin alone is answered
    // from the cache too.
    #expect(try run(arguments).standardOutput == result.standardOutput)
    #expect(
      try run(["prices", "eth", "--source", "binance", "--format", "csv"]).standardOutput
        == "date,symbol,price,currency,source,closed\r\n\(currentDay),ETH,2900.50000000,USDT,binance,false\r\n"
    )
    #expect(try run.api.requests().count == 1)
  }

  /// Binance refuses a whole list for one unlisted pair (400, -1121). The list of every pair
  /// (a real answer, recorded) tells which; the pair is then left out for a day.
  /// Planted once: the fallback skipped, rethrowing -1121; the run exited 66 and this failed.
  @Test func anUnlistedPairCostsOneMoreRequestOnceAndIsLeftOutAfter() throws {
    let everyPair = try RecordedAnswer.text("binance-ticker-price-all.json")
    let withNope = #"["BTCUSDT","ETHUSDT","BNBUSDT","SOLUSDT","XRPUSDT","NOPEUSDT"]"#
    let run = try LiveRun(
      [
        .init(path: "/api/v3/klines", query: ["symbol": "NOPEUSDT"], body: "[]"),
        .init(
          path: "/api/v3/ticker/price", query: ["symbols": withNope], status: 400,
          body: #"{"code":-1121,"msg":"Invalid symbol."}"#),
        .init(
          path: "/api/v3/ticker/price", query: ["symbols": defaultPairs],
          body: tickers([
            ("BTCUSDT", "87000.1"), ("ETHUSDT", "2900.5"), ("BNBUSDT", "850"),
            ("SOLUSDT", "130.25"), ("XRPUSDT", "2.01"),
          ])),
        .init(path: "/api/v3/ticker/price", body: everyPair),
      ], source: "BINANCE")
    // Binance listed NOPEUSDT when it was added; it has gone since.
    #expect(try run(["coins", "add", "nope", "--source", "binance"]).status == 0)
    let arguments = binanceList("symbol,price")
    expectRun(
      try run(arguments),
      output: "symbol,price\r\nBTC,65861.65000000\r\nETH,1720.82000000\r\nBNB,617.61000000\r\n"
        + "SOL,71.40000000\r\nXRP,1.18490000\r\nNOPE,\r\n")
    var requests = try run.api.requests().filter { $0.path == "/api/v3/ticker/price" }
    #expect(requests.map(\.query) == [["symbols": withNope], [:]])
    // With the cached prices too old to use, the list is asked again, without the pair that
    // Binance proved unlisted: one request.
    expectRun(
      try run(arguments, environment: ["COINTRACK_CACHE_TTL": "0"]),
      output:
        "symbol,price\r\nBTC,87000.1\r\nETH,2900.5\r\nBNB,850\r\nSOL,130.25\r\nXRP,2.01\r\nNOPE,\r\n"
    )
    requests = try run.api.requests().filter { $0.path == "/api/v3/ticker/price" }
    #expect(requests.map(\.query) == [["symbols": withNope], [:], ["symbols": defaultPairs]])
    // --refresh trusts nothing it remembered: the pair is asked for again.
    #expect(try run(arguments + ["--refresh"]).status == 0)
    requests = try run.api.requests().filter { $0.path == "/api/v3/ticker/price" }
    #expect(requests.suffix(2).map(\.query) == [["symbols": withNope], [:]])
  }

  /// A symbol with a character Binance does not take (CoinGecko's symbols may hold `+`) makes
  /// it refuse the list with -1100; the answer for every pair settles it the same way.
  @Test func aPairBinanceCannotTakeIsLeftOutLikeAnUnlistedOne() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/api/v3/ticker/price", query: ["symbols": #"["BTCUSDT","X+YUSDT"]"#], status: 400,
          body:
            #"{"code":-1100,"msg":"Illegal characters found in parameter 'symbols'; legal range is '^\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\]$'."}"#
        ),
        .init(
          path: "/api/v3/ticker/price",
          body: try RecordedAnswer.text("binance-ticker-price-all.json")),
      ], source: "BINANCE")
    try run.sandbox.writeState(
      #"{"schema_version": 3, "profile": {"username": "a", "source": null, "currency": null}, "#
        + #""coins": [{"id": 1, "symbol": "BTC", "name": "Bitcoin", "coingecko_id": "bitcoin"}, "#
        + #"{"id": 2, "symbol": "X+Y", "name": "X plus Y", "coingecko_id": "x-plus-y"}], "#
        + #""next_id": 3, "revision": 1}"#)
    expectRun(
      try run(binanceList("symbol,price")), output: "symbol,price\r\nBTC,65861.65000000\r\nX+Y,\r\n"
    )
    #expect(try run.api.requests().count == 2)
  }

  /// A list too long for one URL is not split: one request for every pair's price answers it.
  @Test func aListTooLongForAURLIsAnsweredByEveryPairsPrice() throws {
    let coins =
      ["{\"id\": 1, \"symbol\": \"BTC\", \"name\": \"Bitcoin\", \"coingecko_id\": \"bitcoin\"}"]
      + (2...300).map {
        #"{"id": \#($0), "symbol": "C\#($0)", "name": "C\#($0)", "coingecko_id": null}"#
      }
    let run = try LiveRun(
      [
        .init(
          path: "/api/v3/ticker/price",
          body: try RecordedAnswer.text("binance-ticker-price-all.json"))
      ], source: "BINANCE")
    try run.sandbox.writeState(
      #"{"schema_version": 3, "profile": {"username": "a", "source": null, "currency": null}, "#
        + #""coins": [\#(coins.joined(separator: ", "))], "next_id": 301, "revision": 1}"#)
    let arguments = binanceList("symbol,price")
    let result = try run(arguments)
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\r\n")
    #expect(lines.count == 301)
    #expect(lines[1] == "BTC,65861.65000000")
    #expect(lines[2] == "C2,")
    #expect(try run.api.requests().map(\.query) == [[:]])
    // Every pair the answer lacks is known unlisted for a day; only BTCUSDT is asked again.
    _ = try run(arguments, environment: ["COINTRACK_CACHE_TTL": "0"])
    #expect(try run.api.requests().map(\.query) == [[:], ["symbols": #"["BTCUSDT"]"#]])
  }

  @Test func oneUnlistedPairAloneNeedsNoList() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/api/v3/ticker/price", query: ["symbols": #"["BTCEUR"]"#], status: 400,
          body: #"{"code":-1121,"msg":"Invalid symbol."}"#)
      ], source: "BINANCE")
    let result = try run(["prices", "btc", "--source", "binance", "--currency", "eur"])
    #expect(result.status == 66)
    #expect(
      result.standardError
        == "cointrack: no BTC price on \(currentDay): the binance source holds no BTC prices.\n")
    #expect(try run.api.requests().count == 1)
  }

  /// 1,000 CoinGecko ids do not fit one URL (CoinGecko answers 414 to about 8,000 characters):
  /// they go in as few requests as keep each list within 4,000 encoded characters.
  @Test func aThousandCoinGeckoIdsAreSplitByTheURLsLength() throws {
    let ids = (1...1000).map { String(format: "coin-%04d", $0) }
    let coins = ids.enumerated().map { index, id in
      #"{"id": \#(index + 1), "symbol": "C\#(index + 1)", "name": "C\#(index + 1)", "coingecko_id": "\#(id)"}"#
    }
    let run = try LiveRun(
      [.init(path: "/simple/price", body: #"{"coin-0001":{"usd":1.5},"coin-1000":{"usd":2.5}}"#)],
      source: "COINGECKO")
    try run.sandbox.writeState(
      #"{"schema_version": 3, "profile": {"username": "a", "source": null, "currency": null}, "#
        + #""coins": [\#(coins.joined(separator: ", "))], "next_id": 1001, "revision": 1}"#)
    let result = try run(
      ["coins", "list", "--source", "coingecko", "--format", "csv", "--fields", "coin_id,price"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\r\n")
    #expect(lines.count == 1001)
    #expect(lines[1] == "coin-0001,1.5")
    #expect(lines[2] == "coin-0002,")
    #expect(lines[1000] == "coin-1000,2.5")
    let requests = try run.api.requests()
    // "coin-0001" and its encoded comma take 12 characters: 333 ids a request.
    #expect(requests.map { $0.query["ids"]?.split(separator: ",").count } == [333, 333, 333, 1])
    #expect(requests.flatMap { $0.query["ids"]!.split(separator: ",").map(String.init) } == ids)
  }

  @Test func twelveDataAsksForEverySymbolInOneRequest() throws {
    let run = try LiveRun(
      [
        .init(
          path: "/price", query: ["symbol": "BTC/USD,ETH/USD,BNB/USD,SOL/USD,XRP/USD"],
          body:
            #"{"BTC/USD":{"price":"87000.10"},"ETH/USD":{"price":"2900.5"},"BNB/USD":{"price":"850.0"},"#
            + #""SOL/USD":{"price":"130.25"},"XRP/USD":{"code":400,"message":"**symbol** not found: XRP/USD. Please specify it correctly according to API Documentation.","status":"error"}}"#
        )
      ], source: "TWELVEDATA")
    let result = try run(
      ["coins", "list", "--source", "twelvedata", "--format", "csv", "--fields", "symbol,price"])
    expectRun(
      result,
      output: "symbol,price\r\nBTC,87000.10\r\nETH,2900.5\r\nBNB,850.0\r\nSOL,130.25\r\nXRP,\r\n")
    #expect(try run.api.requests().count == 1)
  }
}
