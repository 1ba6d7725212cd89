import CoinTrackTestSupport
import Foundation
import Testing

/// One source's history command and its good answer, for the hostile-server cases.
struct History: Sendable, CustomTestStringConvertible {
  let source: String
  let path: String
  let good: String
  let arguments: [String]
  let csv: String
  var environment: [String: String?] = [:]

  var testDescription: String { source }

  static let coingecko = History(
    source: "COINGECKO", path: "/coins/bitcoin/market_chart/range", good: bitcoinJanuary,
    arguments: bitcoinJanuaryCSV,
    csv: "2024-01-01,BTC,42280.23,USD,coingecko,true\r\n"
      + "2024-01-02,BTC,44187.14,USD,coingecko,true\r\n2024-01-03,BTC,44961.60,USD,coingecko,true\r\n"
  )

  static let binance = History(
    source: "BINANCE", path: "/api/v3/klines",
    good: #"[[1704067200000,"1","2","0.5","42283.58","1",1704153599999,"1",1,"1","1","0"],"#
      + #"[1704153600000,"1","2","0.5","44179.55","1",1704239999999,"1",1,"1","1","0"]]"#,
    arguments: [
      "prices", "btc", "--source", "binance", "--from", "2024-01-01", "--to", "2024-01-02",
      "--format", "csv",
    ],
    csv:
      "2024-01-01,BTC,42283.58,USDT,binance,true\r\n2024-01-02,BTC,44179.55,USDT,binance,true\r\n")

  static let twelvedata = History(
    source: "TWELVEDATA", path: "/time_series",
    good: #"{"meta":{"symbol":"BTC/USD"},"values":[{"datetime":"2024-01-02","close":"45022.1"},"#
      + #"{"datetime":"2024-01-01","close":"44183.3"}],"status":"ok"}"#,
    arguments: [
      "prices", "btc", "--source", "twelvedata", "--from", "2024-01-01", "--to", "2024-01-02",
      "--format", "csv",
    ],
    csv:
      "2024-01-01,BTC,44183.3,USD,twelvedata,true\r\n2024-01-02,BTC,45022.1,USD,twelvedata,true\r\n",
    environment: ["TWELVEDATA_API_KEY": "TD-SECRET-9876"])

  /// Runs the history command against `api`, adding `environment` to the source's own.
  func run(_ sandbox: Sandbox, _ api: FakePriceAPI, environment extra: [String: String?] = [:])
    throws -> ProcessResult
  {
    try CoinTrackProcessTests.run(
      sandbox, arguments, api: api, source: source,
      environment: environment.merging(extra) { $1 })
  }
}

/// A bad first answer: what the server does, what the first run exits with.
struct BadAnswer: Sendable, CustomTestStringConvertible {
  let history: History
  /// The bad answer, given once.
  let route: FakePriceAPI.Route
  let exitStatus: Int32
  let testDescription: String

  init(
    _ name: String, _ history: History, status: Int = 200, body: String,
    headers: [String: String] = [:], delay: Double = 0, exit exitStatus: Int32
  ) {
    self.history = history
    route = .init(
      path: history.path, status: status, headers: headers, body: body, delay: delay, times: 1)
    self.exitStatus = exitStatus
    testDescription = "\(history.source.lowercased()): \(name)"
  }

  /// The bad answer once, then the good one.
  var routes: [FakePriceAPI.Route] {
    [route, .init(path: history.path, body: history.good)]
  }
}

private let badAnswers: [BadAnswer] = [
  // Wrong shapes.
  .init("not JSON", .coingecko, body: "<html>busy</html>", exit: 69),
  .init("cut short", .coingecko, body: #"{"prices":[[1704153600000,42280.2"#, exit: 69),
  .init("JSON null", .coingecko, body: "null", exit: 69),
  .init("an array", .coingecko, body: "[]", exit: 69),
  .init("prices not an array", .coingecko, body: #"{"prices":{}}"#, exit: 69),
  .init("a point of one number", .coingecko, body: #"{"prices":[[1704153600000]]}"#, exit: 69),
  .init("a price as text", .coingecko, body: #"{"prices":[[1704153600000,"1"]]}"#, exit: 69),
  .init("an object", .binance, body: "{}", exit: 69),
  .init("a short kline", .binance, body: "[[1704067200000]]", exit: 69),
  .init(
    "a close as a number", .binance,
    body: #"[[1704067200000,"1","2","0.5",42283.58,"1",1704153599999,"1",1,"1","1","0"]]"#,
    exit: 69),
  .init(
    "a candle off midnight", .binance,
    body: #"[[1704067201000,"1","2","0.5","42283.58","1",1704153599999,"1",1,"1","1","0"]]"#,
    exit: 69),
  .init("values not an array", .twelvedata, body: #"{"values":{},"status":"ok"}"#, exit: 69),
  .init(
    "a value without a close", .twelvedata,
    body: #"{"values":[{"datetime":"2024-01-01"}],"status":"ok"}"#, exit: 69),
  .init(
    "a date not ISO", .twelvedata,
    body: #"{"values":[{"datetime":"01/01/2024","close":"1"}],"status":"ok"}"#, exit: 69),
  // Empty series: no price, and nothing remembered.
  .init("an empty series", .coingecko, body: #"{"prices":[]}"#, exit: 66),
  .init(
    "points only outside the range", .coingecko,
    body: #"{"prices":[[1600041600000,10000.5],[1767225600000,90000.5]]}"#, exit: 69),
  .init("an empty series", .binance, body: "[]", exit: 66),
  .init(
    "no data is available", .twelvedata,
    body:
      #"{"code":400,"message":"No data is available on the specified dates. Try setting different start/end dates.","status":"error"}"#,
    exit: 66),
  // Faults.
  .init("HTTP 503", .coingecko, status: 503, body: "busy", exit: 69),
  .init(
    "HTTP 500", .binance, status: 500, body: #"{"code":-1000,"msg":"An unknown error"}"#, exit: 69),
  .init("HTTP 400", .coingecko, status: 400, body: #"{"error":"invalid request"}"#, exit: 69),
  .init("a time-out", .binance, body: "[]", delay: 3, exit: 69),
  .init(
    "HTTP 429", .twelvedata, status: 429, body: "{}", headers: ["Retry-After": "119"], exit: 75),
]

@Suite struct HostileServerTests {
  /// A bad answer fails the run and records nothing: the next run asks again and uses the good
  /// answer, and until then --cached-only finds nothing (not a remembered absence).
  ///
  /// Planted once: LivePriceSource recording the asked range as covered when the API call threw
  /// (a 5xx remembered as "no data"); the HTTP 503 and 500 cases failed, then it was reverted.
  @Test(arguments: badAnswers)
  func aBadAnswerRecordsNothingAndTheNextGoodOneIsUsed(_ bad: BadAnswer) throws {
    let history = bad.history
    let api = try FakePriceAPI(bad.routes)
    let sandbox = try Sandbox()
    let first = try history.run(sandbox, api, environment: ["COINTRACK_HTTP_TIMEOUT": "1"])
    #expect(first.status == bad.exitStatus)
    #expect(first.standardOutput == "")
    #expect(first.standardError.hasPrefix("cointrack: "))
    #expect(first.standardError.split(separator: "\n").count == 1)
    let offline = try CoinTrackProcessTests.run(
      sandbox, history.arguments + ["--cached-only"], api: api, source: history.source,
      environment: history.environment)
    #expect(offline.status == 69)
    #expect(offline.standardError.contains("cache lacks"))
    let second = try history.run(sandbox, api)
    #expect(second.status == 0)
    #expect(second.standardOutput == "date,symbol,price,currency,source,closed\r\n" + history.csv)
    #expect(try api.requests().count == 2)
  }
}

/// The day before the real UTC today, the last closed day.
private var yesterday: String {
  DateFormatter.utcDay.string(from: Date().addingTimeInterval(-86_400))
}

/// Days from `first` to `last`, both included.
private func days(from first: String, to last: String) -> Int {
  let span = DateFormatter.utcDay.date(from: last)!.timeIntervalSince(
    DateFormatter.utcDay.date(from: first)!)
  return Int(span / 86_400) + 1
}

/// The first day of the page, of `size` days counted from `first`, that holds 2024-01-01, the
/// day `History`'s good answers begin: a paged source is answered on that page alone.
private func pageHolding2024(from first: String, size: Int) -> Date {
  let index = (days(from: first, to: "2024-01-01") - 1) / size
  return DateFormatter.utcDay.date(from: first)!.addingTimeInterval(Double(index * size) * 86_400)
}

/// Twelve Data's answer for a page without data.
private let twelveDataNoData =
  #"{"code":400,"message":"No data is available on the specified dates. Try setting different start/end dates.","status":"error"}"#

@Suite struct LiveWorkBoundTests {
  private func history(_ source: String, from: String) -> [String] {
    ["prices", "btc", "--source", source, "--from", from, "--to", yesterday, "--stats"]
  }

  @Test func aRangeFromYearOneAsksBinanceOnlyFromItsFirstDay() throws {
    let page = Int(pageHolding2024(from: "2017-07-14", size: 1000).timeIntervalSince1970) * 1000
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", query: ["startTime": String(page)], body: History.binance.good),
      .init(path: "/api/v3/klines", body: "[]"),
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, history("binance", from: "0001-01-01"), api: api, source: "BINANCE")
    #expect(result.status == 0)
    let requests = try api.requests()
    // Binance spot opened on 2017-07-14; a page holds 1000 days.
    #expect(requests.count == (days(from: "2017-07-14", to: yesterday) + 999) / 1000)
    #expect(requests.first?.query["startTime"] == "1499990400000")
    #expect(requests.count < 10)
  }

  @Test func aRangeFromYearOneAsksCoinGeckoOnce() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let result = try run(sandbox, history("coingecko", from: "0001-01-01"), api: api)
    #expect(result.status == 0)
    let requests = try api.requests()
    #expect(requests.count == 1)
    // CoinGecko's history starts on 2013-04-28 (1367107200).
    #expect(try #require(Int(requests[0].query["from"] ?? "")) >= 1_367_107_200)
  }

  @Test func aRangeFromYearOneAsksTwelveDataFromBitcoinsFirstBlock() throws {
    let page = DateFormatter.utcDay.string(from: pageHolding2024(from: "2009-01-03", size: 5000))
    let api = try FakePriceAPI([
      .init(path: "/time_series", query: ["start_date": page], body: History.twelvedata.good),
      .init(path: "/time_series", body: twelveDataNoData),
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, history("twelvedata", from: "0001-01-01"), api: api, source: "TWELVEDATA",
      environment: History.twelvedata.environment)
    #expect(result.status == 0)
    let requests = try api.requests()
    #expect(requests.count == (days(from: "2009-01-03", to: yesterday) + 4999) / 5000)
    #expect(requests.first?.query["start_date"] == "2009-01-03")
  }

  @Test func moreRequestsThanAllowedStopWithTheirCount() throws {
    let api = try FakePriceAPI([.init(path: "/api/v3/klines", body: "[]")])
    let sandbox = try Sandbox()
    let arguments = history("binance", from: "2017-01-01")
    let limited = try run(
      sandbox, arguments, api: api, source: "BINANCE",
      environment: ["COINTRACK_MAX_REQUESTS": "2"])
    #expect(limited.status == 69)
    #expect(
      limited.standardError
        == "cointrack: stopped asking binance: the command needs more than 2 requests, the most "
        + "COINTRACK_MAX_REQUESTS allows; ask for fewer days or coins.\n")
    #expect(try api.requests().count == 2)
    let none = try run(
      sandbox, arguments, api: api, source: "BINANCE", environment: ["COINTRACK_MAX_REQUESTS": "0"])
    #expect(none.status == 69)
    #expect(try api.requests().count == 2)
  }

  @Test func theCommandsTimeBoundsAllOfItsRequestsTogether() throws {
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", body: "[]", delay: 1)
    ])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, history("binance", from: "2017-01-01"), api: api, source: "BINANCE",
      environment: ["COINTRACK_RUN_TIMEOUT": "1.5"])
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: stopped asking binance: the command's requests took 1.5 seconds, the most "
        + "COINTRACK_RUN_TIMEOUT allows.\n")
    // Each request alone is well within COINTRACK_HTTP_TIMEOUT; the second ran out of time.
    #expect(try api.requests().count == 2)
  }

  /// An endless body ends with the request's own time-out, or with the command's time when
  /// that is shorter; nothing is cached either way.
  @Test(arguments: [
    ("COINTRACK_HTTP_TIMEOUT", "1", "cannot reach binance at HOST: no answer within 1 seconds."),
    (
      "COINTRACK_RUN_TIMEOUT", "1.5",
      "stopped asking binance: the command's requests took 1.5 seconds, the most "
        + "COINTRACK_RUN_TIMEOUT allows."
    ),
  ])
  func anEndlessBodyEndsWithinTheTimeAllowed(variable: String, seconds: String, message: String)
    throws
  {
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", body: "[[1704067200000,", stream: .endless)
    ])
    let sandbox = try Sandbox()
    let result = try History.binance.run(sandbox, api, environment: [variable: seconds])
    #expect(result.status == 69)
    let host = String(api.baseURL.dropFirst("http://".count))
    #expect(
      result.standardError
        == "cointrack: \(message.replacingOccurrences(of: "HOST", with: host))\n")
    #expect(cacheContents(sandbox).isEmpty)
  }

  @Test func aHugeBodyIsRefusedWithoutBeingRead() throws {
    let kilobyte = String(repeating: "[1704067200000,42280.23],", count: 40)
    let api = try FakePriceAPI([
      .init(
        path: "/coins/bitcoin/market_chart/range", body: kilobyte, stream: .repeated(17 * 1024))
    ])
    let sandbox = try Sandbox()
    let result = try History.coingecko.run(sandbox, api)
    #expect(result.status == 69)
    #expect(
      result.standardError
        == "cointrack: cannot reach coingecko at \(api.baseURL.dropFirst(7)): the response body "
        + "is larger than 16777216 bytes.\n")
    #expect(cacheContents(sandbox).isEmpty)
  }

  @Test(arguments: [
    ("COINTRACK_MAX_REQUESTS", "0x10"), ("COINTRACK_MAX_REQUESTS", "1e3"),
    ("COINTRACK_MAX_REQUESTS", "-1"), ("COINTRACK_MAX_REQUESTS", " 5"),
    ("COINTRACK_MAX_REQUESTS", "2.5"), ("COINTRACK_MAX_REQUESTS", "100001"),
    ("COINTRACK_RUN_TIMEOUT", "0x10"), ("COINTRACK_RUN_TIMEOUT", "1e3"),
    ("COINTRACK_RUN_TIMEOUT", "ten"), ("COINTRACK_RUN_TIMEOUT", "86401"),
    ("COINTRACK_RUN_TIMEOUT", "0.0001"), ("COINTRACK_RUN_TIMEOUT", "5."),
  ])
  func aBadBoundIsAConfigurationErrorNamingIt(variable: String, value: String) throws {
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, History.binance.arguments, api: nil, environment: [variable: value])
    #expect(result.status == 78)
    let expected =
      variable == "COINTRACK_MAX_REQUESTS"
      ? "a whole number from 0 to 100000"
      : "decimal seconds from 0 to 86400, such as 5 or 0.5"
    #expect(result.standardError == "cointrack: invalid \(variable) '\(value)': use \(expected).\n")
  }
}

@Suite struct CacheTrustTests {
  private var entryFolder: (Sandbox) -> URL {
    { $0.cacheHome.appendingPathComponent("cointrack/coingecko") }
  }

  @Test func faultsCacheNoCoinListPairOrLatestPrice() throws {
    let api = try FakePriceAPI([
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":"67187.34"}}"#, times: 1),
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34}}"#),
      .init(path: "/coins/list", status: 502, body: "bad gateway", times: 1),
      .init(path: "/coins/list", body: #"[{"id":"pepe","symbol":"pepe","name":"Pepe"}]"#),
      .init(path: "/api/v3/klines", status: 503, body: "busy", times: 1),
      .init(path: "/api/v3/klines", body: History.binance.good),
    ])
    let sandbox = try Sandbox()
    let latest = ["prices", "btc", "--source", "coingecko", "--format", "csv"]
    #expect(try run(sandbox, latest, api: api).status == 69)
    #expect(
      try run(sandbox, latest, api: api).standardOutput.hasSuffix(
        "\(currentDay),BTC,67187.34,USD,coingecko,false\r\n"))
    let gecko = ["coins", "add", "pepe", "--source", "coingecko"]
    #expect(try run(sandbox, gecko, api: api).status == 69)
    #expect(try run(sandbox, gecko, api: api).status == 0)
    let binance = ["coins", "add", "zzz", "--source", "binance"]
    #expect(try run(sandbox, binance, api: api, source: "BINANCE").status == 69)
    #expect(try run(sandbox, binance, api: api, source: "BINANCE").status == 0)
    #expect(try api.requests().count == 6)
  }

  /// Planted once: `redacted` returning its text unchanged; both sources' cases failed.
  @Test(arguments: [
    (
      "COINGECKO", "COINGECKO_PRO_API_KEY", "CG-SECRET-KEY-1234",
      "/coins/bitcoin/market_chart/range",
      400, #"{"error":"the key CG-SECRET-KEY-1234 cannot ask for this"}"#
    ),
    (
      "TWELVEDATA", "TWELVEDATA_API_KEY", "TD-SECRET-9876", "/time_series", 200,
      #"{"code":400,"message":"apikey TD-SECRET-9876 may not ask for BTC/USD","status":"error"}"#
    ),
  ])
  func anAPIKeyEchoedInAnErrorNeverReachesStderr(
    source: String, variable: String, key: String, path: String, status: Int, body: String
  ) throws {
    let api = try FakePriceAPI([.init(path: path, status: status, body: body)])
    let sandbox = try Sandbox()
    let result = try run(
      sandbox,
      [
        "prices", "btc", "--source", source.lowercased(), "--from", "2024-01-01", "--to",
        "2024-01-02",
      ],
      api: api, source: source, environment: [variable: key])
    #expect(result.status == 69)
    #expect(result.standardError.contains("***"))
    #expect(!result.standardError.contains(key))
    #expect(!(result.standardOutput + cacheContents(sandbox)).contains(key))
  }

  /// Planted once: the check that a cached latest price was fetched on the current UTC day
  /// removed from LivePriceSource; the test failed, then it was reverted.
  @Test func aLatestPriceCachedYesterdayIsNotTodaysPrice() throws {
    let api = try FakePriceAPI([
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34}}"#)
    ])
    let sandbox = try Sandbox()
    let startOfToday = Int(DateFormatter.utcDay.date(from: currentDay)!.timeIntervalSince1970)
    try FileManager.default.createDirectory(
      at: entryFolder(sandbox), withIntermediateDirectories: true)
    try Data(#"{"fetched_at":\#(startOfToday - 1),"value":"1.5"}"#.utf8).write(
      to: entryFolder(sandbox).appendingPathComponent("latest-bitcoin-USD.json"))
    let arguments = ["prices", "btc", "--source", "coingecko", "--format", "csv"]
    let dayLong = ["COINTRACK_CACHE_TTL": "86400"]
    let cachedOnly = try run(
      sandbox, arguments + ["--cached-only"], api: api, environment: dayLong)
    #expect(cachedOnly.status == 69)
    #expect(
      cachedOnly.standardError
        == "cointrack: the coingecko cache lacks today's price of bitcoin, and --cached-only forbids asking.\n"
    )
    let fresh = try run(sandbox, arguments, api: api, environment: dayLong)
    #expect(fresh.standardOutput.hasSuffix("\(currentDay),BTC,67187.34,USD,coingecko,false\r\n"))
    #expect(try api.requests().count == 1)
  }

  @Test func refreshAsksAgainForADayTheCacheSaysIsAbsent() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/coins/bitcoin/market_chart/range",
        body: #"{"prices":[[1704153600000,42280.23],[1704326400000,44961.60]]}"#, times: 1),
      // What CoinGecko answers for 2024-01-02 alone: points from its midnight to the next but one.
      .init(
        path: "/coins/bitcoin/market_chart/range",
        body: #"{"prices":[[1704153600000,42280.23],[1704240000000,44187.14]]}"#),
    ])
    let sandbox = try Sandbox()
    let gap = try run(sandbox, bitcoinJanuaryCSV, api: api)
    #expect(gap.standardOutput.contains("2024-01-02,BTC,,USD,coingecko,true\r\n"))
    // Without --refresh the absence is trusted; with it, the day is asked for again.
    #expect(try run(sandbox, bitcoinJanuaryCSV, api: api).standardOutput == gap.standardOutput)
    #expect(try api.requests().count == 1)
    let refreshed = try run(sandbox, bitcoinJanuaryCSV + ["--refresh"], api: api)
    #expect(refreshed.standardOutput.contains("2024-01-02,BTC,44187.14,USD,coingecko,true\r\n"))
    #expect(try api.requests().count == 2)
    #expect(try run(sandbox, bitcoinJanuaryCSV + ["--refresh"], api: api).status == 0)
    #expect(try api.requests().count == 2)
  }

  /// Something that is not a regular file where an entry belongs is neither opened blocking nor
  /// removed nor replaced: the command asks the API and goes on without caching.
  @Test(arguments: ["fifo", "directory", "link to a fifo", "dangling link", "socket"])
  func anEntryThatIsNotARegularFileIsLeftAlone(kind: String) throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let folder = entryFolder(sandbox)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let entry = folder.appendingPathComponent("closes-bitcoin-USD.json").path
    let fifo = folder.appendingPathComponent("elsewhere").path
    switch kind {
    case "fifo": #expect(mkfifo(entry, 0o600) == 0)
    case "directory":
      try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: false)
    case "link to a fifo":
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(symlink(fifo, entry) == 0)
    case "dangling link": #expect(symlink(fifo, entry) == 0)
    default:
      let bind = try Sandbox.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])",
          entry,
        ], environment: ProcessInfo.processInfo.environment)
      #expect(bind.status == 0, "\(bind.standardError)")
    }
    var before = stat()
    #expect(lstat(entry, &before) == 0)
    for _ in 0..<2 {
      let result = try run(sandbox, bitcoinJanuaryCSV, api: api)
      #expect(result.status == 0)
      #expect(result.standardError == "")
      #expect(result.standardOutput.hasSuffix(History.coingecko.csv))
    }
    var after = stat()
    #expect(lstat(entry, &after) == 0)
    #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino)
    #expect(try api.requests().count == 2)
  }

  @Test func temporariesOfDeadOrLongGoneWritersAreRemovedOnTheNextStore() throws {
    let api = try FakePriceAPI([
      .init(path: "/coins/bitcoin/market_chart/range", body: bitcoinJanuary)
    ])
    let sandbox = try Sandbox()
    let folder = entryFolder(sandbox)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let alive = getpid()
    let dead = folder.appendingPathComponent("coins-list.json.tmp-2147483647")
    let live = folder.appendingPathComponent("coins-list.json.tmp-\(alive)")
    let stale = folder.appendingPathComponent("closes-bitcoin-USD.json.tmp-\(alive)")
    let other = folder.appendingPathComponent("notes.tmp-x")
    for file in [dead, live, stale, other] { try Data("{".utf8).write(to: file) }
    let hourAgo = Date().addingTimeInterval(-3600)
    try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: stale.path)
    #expect(try run(sandbox, bitcoinJanuaryCSV, api: api).status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["closes-bitcoin-USD.json", live.lastPathComponent, "notes.tmp-x"].sorted())
  }
}
