import CoinTrackTestSupport
import Foundation
import Testing

/// `cointrack sync` against a real HTTP server on 127.0.0.1 standing in for Binance, and the
/// offline commands reading what it stored.
@Suite struct SyncTests {
  /// Today for these runs: the snapshot ends on 2026-05-20, so each of its coins lacks the four
  /// closed days from 2026-05-21 to 2026-05-24.
  static let today = "2026-05-25"
  /// Milliseconds of 2026-05-21 00:00 UTC, the first day a sync asks for.
  static let firstMilliseconds = 1_779_321_600_000

  /// The closes each pair answers for 2026-05-21 to 2026-05-24.
  static let closes: [String: [String]] = [
    "BTCUSDT": ["77815.01", "78120.5", "77990.00", "79001.3"],
    "ETHUSDT": ["2130.1", "2141.25", "2150", "2160.75"],
    "BNBUSDT": ["650.1", "651.2", "652.3", "653.4"],
    "SOLUSDT": ["86.5", "87.5", "88.5", "89.5"],
    "XRPUSDT": ["1.3701", "1.3702", "1.3703", "1.3704"],
    "DOGEUSDT": ["0.1701", "0.1702", "0.1703", "0.1704"],
  ]

  /// A klines answer with the four closes of `pair`.
  static func klines(_ pair: String) -> String {
    let rows = closes[pair, default: []].enumerated().map { index, close in
      let open = firstMilliseconds + index * 86_400_000
      return #"[\#(open),"1","2","0.5","\#(close)","10",\#(open + 86_399_999),"0",1,"0","0","0"]"#
    }
    return "[" + rows.joined(separator: ",") + "]"
  }

  /// The route answering `pair`'s klines with its closes, after `delay` seconds.
  static func route(_ pair: String, delay: Double = 0) -> FakePriceAPI.Route {
    .init(path: "/api/v3/klines", query: ["symbol": pair], body: klines(pair), delay: delay)
  }

  static func environment(_ api: FakePriceAPI) -> [String: String?] {
    ["COINTRACK_TODAY": today, "COINTRACK_BINANCE_URL": api.baseURL]
  }

  /// The history file of a coin id, as text; nil when there is none.
  static func historyFile(_ sandbox: Sandbox, _ name: String) -> String? {
    try? String(
      contentsOf: sandbox.dataHome.appendingPathComponent("cointrack/history/\(name)"),
      encoding: .utf8)
  }

  @Test func syncedClosesShowOfflineAndASecondSyncAsksNothing() throws {
    let api = try FakePriceAPI(Self.closes.keys.map { Self.route($0) })
    let sandbox = try Sandbox()
    let environment = Self.environment(api)
    // Before the sync the offline prices end on 2026-05-20, and the list says so.
    let stale = try sandbox.run(["coins", "list"], environment: ["COINTRACK_TODAY": Self.today])
    #expect(stale.standardError.contains("end on 2026-05-20"), "\(stale.standardError)")
    let sync = try sandbox.run(["sync", "--format", "csv"], environment: environment)
    #expect(sync.status == 0, "\(sync.standardError)")
    #expect(sync.standardError == "")
    #expect(
      sync.standardOutput
        == "symbol,coin_id,source,first_added,last_added,days_added,status\r\n"
        + ["BTC,bitcoin", "ETH,ethereum", "BNB,binancecoin", "SOL,solana", "XRP,ripple"].map {
          "\($0),binance,2026-05-21,2026-05-24,4,added\r\n"
        }.joined())
    let requests = try api.requests()
    #expect(requests.count == 5)
    #expect(requests.allSatisfy { $0.query["startTime"] == String(Self.firstMilliseconds) })
    #expect(
      Self.historyFile(sandbox, "bitcoin.csv")
        == """
        date,symbol,price,currency,source
        2026-05-21,BTC,77815.01,USDT,binance
        2026-05-22,BTC,78120.5,USDT,binance
        2026-05-23,BTC,77990.00,USDT,binance
        2026-05-24,BTC,79001.3,USDT,binance

        """)

    // Offline, the newest closes come from the history, the older ones from the snapshot.
    let list = try sandbox.run(
      ["coins", "list", "--format", "csv", "--fields", "symbol,price,date,currency,source"],
      environment: ["COINTRACK_TODAY": Self.today])
    #expect(list.status == 0, "\(list.standardError)")
    // Yesterday's close is there: the prices are current, and no note says otherwise.
    #expect(list.standardError == "")
    #expect(
      list.standardOutput.split(separator: "\r\n")[1] == "BTC,79001.3,2026-05-24,USDT,binance")
    let prices = try sandbox.run(
      ["prices", "eth", "--from", "2026-05-19", "--to", "2026-05-24", "--format", "csv"],
      environment: ["COINTRACK_TODAY": Self.today])
    #expect(prices.status == 0, "\(prices.standardError)")
    #expect(
      prices.standardOutput.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",") }
        .map { "\($0[0]) \($0[2]) \($0[4])" }
        == [
          "2026-05-19 2111.93 offline", "2026-05-20 2129.44 offline",
          "2026-05-21 2130.1 binance", "2026-05-22 2141.25 binance", "2026-05-23 2150 binance",
          "2026-05-24 2160.75 binance",
        ])

    // The same day again: every coin is current, no request, no file changed.
    let before = Self.historyFile(sandbox, "bitcoin.csv")
    let again = try sandbox.run(
      ["sync", "--format", "tsv", "--no-header"], environment: environment)
    #expect(again.status == 0)
    #expect(again.standardOutput.split(separator: "\n").allSatisfy { $0.hasSuffix("\t0\tcurrent") })
    #expect(try api.requests().count == 5)
    #expect(Self.historyFile(sandbox, "bitcoin.csv") == before)
  }

  /// The bounds on requests and time apply to each coin, as a sync of a thousand coins needs:
  /// with no request allowed every coin fails with 69 and nothing is stored; with one, each of
  /// the five coins gets its one and all are added.
  @Test func theRequestBoundAppliesToEachCoin() throws {
    let api = try FakePriceAPI(Self.closes.keys.map { Self.route($0) })
    let sandbox = try Sandbox()
    var environment = Self.environment(api)
    environment["COINTRACK_MAX_REQUESTS"] = "0"
    let sync = ["sync", "--format", "csv", "--no-header"]
    let none = try sandbox.run(sync, environment: environment)
    #expect(none.status == 69, "\(none.standardError)")
    let failed = none.standardOutput.split(separator: "\r\n")
    #expect(failed.count == 5 && failed.allSatisfy { $0.hasSuffix(",failed") }, "\(failed)")
    #expect(try api.requests().isEmpty)
    #expect(Self.historyFile(sandbox, "bitcoin.csv") == nil)
    environment["COINTRACK_MAX_REQUESTS"] = "1"
    let one = try sandbox.run(sync, environment: environment)
    #expect(one.status == 0, "\(one.standardError)")
    let added = one.standardOutput.split(separator: "\r\n")
    #expect(added.count == 5 && added.allSatisfy { $0.hasSuffix(",4,added") }, "\(added)")
    #expect(try api.requests().count == 5)
  }

  /// Coins synced at once say what their files leave out in the coins' order, whichever is
  /// fetched first: here the last coin's answer comes first and the first coin's last.
  @Test func theNotesOfCoinsSyncedAtOnceComeInTheCoinsOrder() throws {
    let coins = [
      ("BTCUSDT", "bitcoin", "BTC"), ("ETHUSDT", "ethereum", "ETH"),
      ("BNBUSDT", "binancecoin", "BNB"), ("SOLUSDT", "solana", "SOL"),
      ("XRPUSDT", "ripple", "XRP"),
    ]
    // Each answers the days after the one its file holds, 2026-05-22 to 2026-05-24.
    let api = try FakePriceAPI(
      coins.enumerated().map { index, coin in
        .init(
          path: "/api/v3/klines", query: ["symbol": coin.0],
          body: "[[" + Self.klines(coin.0).split(separator: "],[", maxSplits: 1)[1],
          delay: Double(coins.count - index) * 0.15)
      })
    let sandbox = try Sandbox()
    let folder = try HistoryCheckTests.folder(sandbox)
    let notes = try coins.map { pair, id, symbol in
      let file = folder.appendingPathComponent("\(id).csv")
      try Data(
        ("date,symbol,price,currency,source\n2026-05-21,\(symbol),\(Self.closes[pair]![0]),USDT,"
          + "binance\n2999-01-01,\(symbol),1,USDT,binance\n").utf8
      ).write(to: file)
      return "cointrack: note: the price history '\(file.path)' has a row of 2999-01-01 at line "
        + "3, after today; no source has closed that day, so the row is left out (and dropped "
        + "when 'cointrack sync' next stores closes of the coin).\n"
    }
    let sync = try sandbox.run(
      ["sync", "--jobs", "5", "--format", "csv", "--no-header"],
      environment: Self.environment(api))
    #expect(sync.status == 0, "\(sync.standardError)")
    #expect(sync.standardOutput.split(separator: "\r\n").allSatisfy { $0.hasSuffix(",added") })
    #expect(sync.standardError == notes.joined(), "\(sync.standardError)")
  }

  @Test func aFaultFailsItsCoinAloneAndTheExitCodeIsTheWorstFailure() throws {
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", query: ["symbol": "BTCUSDT"], status: 503, body: "{}"),
      .init(
        path: "/api/v3/klines", query: ["symbol": "ETHUSDT"], status: 429,
        headers: ["Retry-After": "1"], body: #"{"code":-1003,"msg":"Too many requests"}"#,
        times: 1),
      Self.route("ETHUSDT"),
      // FOO is listed when it is added, and gone when it is synced.
      .init(
        path: "/api/v3/klines", query: ["symbol": "FOOUSDT", "limit": "1"],
        body: #"[[1779321600000,"1","1","1","1","1",1779407999999,"0",1,"0","0","0"]]"#),
      .init(
        path: "/api/v3/klines", query: ["symbol": "FOOUSDT"], status: 400,
        body: #"{"code":-1121,"msg":"Invalid symbol."}"#),
      Self.route("BNBUSDT"), Self.route("XRPUSDT"), Self.route("SOLUSDT"),
    ])
    let sandbox = try Sandbox()
    let environment = Self.environment(api)
    // A coin known by symbol alone, which Binance stops listing after it is added.
    #expect(try sandbox.run(["coins", "remove", "sol", "xrp"]).status == 0)
    let add = try sandbox.run(
      ["coins", "add", "foo", "--source", "binance"], environment: environment)
    #expect(add.status == 0, "\(add.standardError)")
    let result = try sandbox.run(
      ["sync", "--format", "csv", "--fields", "symbol,days_added,status"],
      environment: environment)
    #expect(
      result.standardOutput
        == "symbol,days_added,status\r\nBTC,0,failed\r\nETH,4,added\r\nBNB,4,added\r\nFOO,0,failed\r\n"
    )
    #expect(
      result.standardError
        == """
        cointrack: error: BTC (@bitcoin): binance at \(api.baseURL.dropFirst(7)) answered HTTP 503; try again later.
        cointrack: error: FOO (@symbol/FOO): unknown coin 'FOOUSDT'; see 'cointrack coins available'.
        cointrack: 2 of 4 coins could not be synced (see above); the closes of the others are stored.

        """)
    // An unknown coin (66) is more serious than a server error (69): a retry will not mend it.
    #expect(result.status == 66)
    #expect(Self.historyFile(sandbox, "bitcoin.csv") == nil)
    #expect(Self.historyFile(sandbox, "symbol%2FFOO.csv") == nil)
    #expect(Self.historyFile(sandbox, "ethereum.csv")?.split(separator: "\n").count == 5)
    #expect(Self.historyFile(sandbox, "binancecoin.csv")?.split(separator: "\n").count == 5)
    // The 429 was waited out and asked again.
    #expect(try api.requests().filter { $0.query["symbol"] == "ETHUSDT" }.count == 2)
    // SOL and XRP are not tracked, so not synced.
    #expect(Self.historyFile(sandbox, "solana.csv") == nil)
  }

  @Test func twoSyncsAndACoinsAddAtOnceLoseNothing() throws {
    // The first sync to ask for BTC is answered slowly and with two days only (the source had
    // not published the others yet); the second, quickly with all four. The slow one writes
    // last, and must keep what the quick one stored.
    let twoDays = Self.klines("BTCUSDT").split(separator: "]").prefix(2).joined(separator: "]")
    let api = try FakePriceAPI(
      [
        .init(
          path: "/api/v3/klines", query: ["symbol": "BTCUSDT"], body: twoDays + "]]", delay: 1,
          times: 1)
      ]
        + Self.closes.keys.map { Self.route($0, delay: 0.2) })
    let sandbox = try Sandbox()
    let environment = Self.environment(api)
    let first = try sandbox.spawn(["sync", "--jobs", "2"], environment: environment)
    while try !api.requests().contains(where: { $0.query["symbol"] == "BTCUSDT" }) {
      usleep(10_000)
    }
    let processes = [
      first,
      try sandbox.spawn(["sync", "btc", "doge", "xrp"], environment: environment),
      try sandbox.spawn(["coins", "add", "ada"], environment: environment),
    ]
    let results = processes.map { $0.finish() }
    for result in results { #expect(result.status == 0, "\(result)") }
    let state = try #require(sandbox.stateData().map { String(decoding: $0, as: UTF8.self) })
    #expect(state.contains(#""symbol": "ADA""#))
    for (name, pair) in [
      ("bitcoin", "BTCUSDT"), ("ethereum", "ETHUSDT"), ("binancecoin", "BNBUSDT"),
      ("solana", "SOLUSDT"), ("ripple", "XRPUSDT"), ("dogecoin", "DOGEUSDT"),
    ] {
      let symbol = String(pair.dropLast(4))
      let expected =
        "date,symbol,price,currency,source\n"
        + Self.closes[pair, default: []].enumerated().map { index, close in
          "2026-05-2\(index + 1),\(symbol),\(close),USDT,binance\n"
        }.joined()
      #expect(Self.historyFile(sandbox, "\(name).csv") == expected, "\(name)")
    }
  }

  @Test func aSyncKilledWhileWritingLeavesEveryFileReadable() throws {
    let api = try FakePriceAPI(Self.closes.keys.map { Self.route($0) })
    let sandbox = try Sandbox()
    var environment = Self.environment(api)
    _ = try sandbox.run(["sync", "btc"], environment: environment)
    let bitcoin = Self.historyFile(sandbox, "bitcoin.csv")
    #expect(bitcoin?.split(separator: "\n").count == 5)
    // Pause at each step of every write, and kill the first write once its bytes are in the
    // temporary file.
    environment["COINTRACK_TEST_SAVE_PAUSE"] = "0.5"
    let process = try sandbox.spawn(["sync", "--jobs", "1"], environment: environment)
    #expect(process.waitForStandardError(containing: "paused at temporary-written\n"))
    process.kill()
    _ = process.finish()
    environment["COINTRACK_TEST_SAVE_PAUSE"] = nil
    let list = try sandbox.run(["coins", "list", "--format", "csv"], environment: environment)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains(",BTC,Bitcoin,79001.3,2026-05-24,USDT,binance,"))
    // ETH, whose write was killed, has its snapshot closes alone, and the next sync mends it.
    #expect(Self.historyFile(sandbox, "ethereum.csv") == nil)
    #expect(list.standardOutput.contains(",ETH,Ethereum,2129.44,2026-05-20,USDT,offline,"))
    let again = try sandbox.run(["sync"], environment: environment)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(Self.historyFile(sandbox, "bitcoin.csv") == bitcoin)
    #expect(Self.historyFile(sandbox, "ethereum.csv")?.split(separator: "\n").count == 5)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.dataHome.appendingPathComponent("cointrack/history").path
    ).filter { $0.contains(".tmp-") }
    #expect(leftovers == [])
  }

  @Test func aDamagedHistoryFileStopsTheCommandsThatNeedItAndIsLeftAlone() throws {
    let api = try FakePriceAPI(Self.closes.keys.map { Self.route($0) })
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("bitcoin.csv")
    let damaged = "date,symbol,price,currency,source\n2026-05-21,BTC,oops,USDT,binance\n"
    try Data(damaged.utf8).write(to: file)
    let list = try sandbox.run(["coins", "list"], environment: ["COINTRACK_TODAY": Self.today])
    #expect(list.status == 65)
    #expect(
      list.standardError
        == "cointrack: the price history '\(file.path)' is damaged at its last line: the price is "
        + "not a plain decimal above zero; it was left untouched. Move it away and run 'cointrack "
        + "sync' to fetch the coin's closes again.\n")
    let prices = try sandbox.run(["prices", "btc", "--from", "2026-05-01", "--to", "2026-05-02"])
    #expect(prices.status == 65)
    #expect(prices.standardError.contains("is damaged at line 2: the price is not a plain decimal"))
    // Other coins sync; this one fails and keeps its bytes.
    let sync = try sandbox.run(["sync", "btc", "eth"], environment: Self.environment(api))
    #expect(sync.status == 65)
    #expect(try String(contentsOf: file, encoding: .utf8) == damaged)
    #expect(Self.historyFile(sandbox, "ethereum.csv") != nil)
  }

  @Test func aCoinOnlyTheHistoryHoldsIsKnownOffline() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/api/v3/klines", query: ["symbol": "FOOUSDT", "limit": "1"],
        body: #"[[1779321600000,"1","1","1","1","1",1779407999999,"0",1,"0","0","0"]]"#),
      .init(
        path: "/api/v3/klines",
        query: ["symbol": "FOOUSDT", "startTime": String(Self.firstMilliseconds)],
        body: Self.klines("BTCUSDT").replacingOccurrences(of: "77815.01", with: "0.5")),
    ])
    let sandbox = try Sandbox()
    let sync = try sandbox.run(
      ["sync", "foo", "--source", "binance", "--from", "2026-05-21", "--format", "csv"],
      environment: Self.environment(api))
    #expect(sync.status == 0, "\(sync.standardError)")
    #expect(
      sync.standardOutput.hasSuffix("\r\nFOO,symbol/FOO,binance,2026-05-21,2026-05-24,4,added\r\n"))
    #expect(
      Self.historyFile(sandbox, "symbol%2FFOO.csv")?.hasPrefix(
        "date,symbol,price,currency,source\n2026-05-21,FOO,0.5,USDT,binance\n") == true)
    // Offline, with no server: by symbol and by id, for prices and to track it.
    let offline: [String: String?] = ["COINTRACK_TODAY": Self.today]
    let prices = try sandbox.run(
      [
        "prices", "foo", "--from", "2026-05-21", "--to", "2026-05-22", "--format", "tsv",
        "--no-header",
      ],
      environment: offline)
    #expect(prices.status == 0, "\(prices.standardError)")
    #expect(
      prices.standardOutput
        == "2026-05-21\tFOO\t0.5\tUSDT\tbinance\ttrue\n2026-05-22\tFOO\t78120.5\tUSDT\tbinance\ttrue\n"
    )
    let add = try sandbox.run(
      ["coins", "add", "@symbol/FOO", "--format", "csv"], environment: offline)
    #expect(add.status == 0, "\(add.standardError)")
    #expect(add.standardOutput.hasSuffix("\r\n6,FOO,FOO,symbol/FOO\r\n"))
    let list = try sandbox.run(["coins", "list", "--format", "csv"], environment: offline)
    #expect(
      list.standardOutput.hasSuffix(
        "\r\n6,FOO,FOO,79001.3,2026-05-24,USDT,binance,true,symbol/FOO\r\n"))
  }
}
