import CoinTrackTestSupport
import Foundation
import Testing

/// Coins identified by their coin id, against a real CoinGecko /coins/list answer (see
/// Fixtures/recorded/PROVENANCE-coins-list.md) served by a real HTTP server on 127.0.0.1.
@Suite struct CoinIdentityTests {
  /// The recorded excerpt of CoinGecko's /coins/list, as it was answered.
  static let recordedCoinList: String = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("CoinTrackTestSupport/Fixtures/recorded/coingecko-coins-list.json")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? "missing fixture"
  }()

  /// Runs in the sandbox with the fake API standing in for CoinGecko.
  static func run(_ sandbox: Sandbox, _ arguments: [String], api: FakePriceAPI) throws
    -> ProcessResult
  {
    try sandbox.run(
      arguments + ["--source", "coingecko"], environment: ["COINTRACK_COINGECKO_URL": api.baseURL])
  }

  static func coinList(_ body: String) throws -> FakePriceAPI {
    try FakePriceAPI([.init(path: "/coins/list", body: body)])
  }

  @Test func aSharedSymbolIsNeverGuessedEvenWhenItIsAnId() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    let uni = try Self.run(sandbox, ["coins", "add", "uni"], api: api)
    #expect(uni.status == 65)
    #expect(uni.standardOutput == "")
    #expect(
      uni.standardError
        == "cointrack: 'uni' names 6 coingecko coins: @linea-bridged-uni-linea (Linea Bridged UNI "
        + "(Linea)), @uni (Uni), @unicorn-token (UNICORN), @unilapse (UNILAPSE), @uniswap "
        + "(Uniswap) and @uniswap-wormhole (Uniswap (Wormhole)); name one by its id, such as "
        + "'@linea-bridged-uni-linea'.\n")
    let tia = try Self.run(sandbox, ["coins", "add", "TIA"], api: api)
    #expect(tia.status == 65)
    #expect(
      tia.standardError
        == "cointrack: 'TIA' names 2 coingecko coins: @celestia (Celestia) and @tia (Tiamonds "
        + "[OLD]); name one by its id, such as '@celestia'.\n")
    // Nothing was added, and the list was asked for once: it is cached for a day.
    #expect(sandbox.stateData() == nil)
    #expect(try api.requests().map(\.path) == ["/coins/list"])
    // A name that fits one coin, and a bare id, still resolve.
    let byName = try Self.run(sandbox, ["coins", "add", "celestia", "--format", "csv"], api: api)
    #expect(byName.standardOutput == "id,symbol,name,coin_id\r\n6,TIA,Celestia,celestia\r\n")
  }

  /// Planted once: `LiveCacheAccess.value` returning a cached value of the wrong shape; the run
  /// failed with 69 "coins/list is not an array" instead of asking again.
  @Test func aDamagedCachedCoinListIsAskedForAgain() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    let folder = sandbox.cacheHome.appendingPathComponent("cointrack/coingecko")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let now = Int(Date().timeIntervalSince1970)
    try Data(#"{"fetched_at":\#(now),"value":{"damaged":true}}"#.utf8).write(
      to: folder.appendingPathComponent("coins-list.json"))
    let added = try Self.run(sandbox, ["coins", "add", "@celestia", "--format", "csv"], api: api)
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput == "id,symbol,name,coin_id\r\n6,TIA,Celestia,celestia\r\n")
    #expect(try api.requests().map(\.path) == ["/coins/list"])
    // The good answer replaced the damaged entry: the next run asks nothing.
    #expect(try sandbox.run(["coins", "remove", "@celestia"]).status == 0)
    #expect(try Self.run(sandbox, ["coins", "add", "celestia"], api: api).status == 0)
    #expect(try api.requests().count == 1)
  }

  @Test func twoCoinsSharingASymbolAreTrackedAndToldApartById() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    let added = try Self.run(
      sandbox, ["coins", "add", "@uniswap", "@UNI", "@uniswap", "--format", "csv"], api: api)
    #expect(added.status == 0, "\(added.standardError)")
    #expect(
      added.standardOutput == "id,symbol,name,coin_id\r\n6,UNI,Uniswap,uniswap\r\n7,UNI,Uni,uni\r\n"
    )
    let again = try Self.run(sandbox, ["coins", "add", "@uni"], api: api)
    #expect(again.status == 65)
    #expect(again.standardError == "cointrack: '@uni' is already tracked as UNI (id 7, @uni).\n")
    let listed = try sandbox.run([
      "coins", "list", "--format", "csv", "--fields", "id,symbol,name,coin_id",
    ])
    #expect(listed.standardOutput.hasSuffix("6,UNI,Uniswap,uniswap\r\n7,UNI,Uni,uni\r\n"))
    // Offline, the symbol names two tracked coins: refused, listing both; nothing removed.
    let ambiguous = try sandbox.run(["coins", "remove", "uni"])
    #expect(ambiguous.status == 65)
    #expect(
      ambiguous.standardError
        == "cointrack: 'uni' names 2 tracked coins: @uniswap (Uniswap) and @uni (Uni); name one "
        + "by its id, such as '@uniswap'.\n")
    let removed = try sandbox.run(["coins", "remove", "@uni", "--format", "csv"])
    #expect(removed.standardOutput == "id,symbol,name,coin_id\r\n7,UNI,Uni,uni\r\n")
    let left = try sandbox.run(["coins", "remove", "uni", "--format", "csv"])
    #expect(left.standardOutput == "id,symbol,name,coin_id\r\n6,UNI,Uniswap,uniswap\r\n")
    #expect(try api.requests().map(\.path) == ["/coins/list"])
  }

  /// A version 2 file, keyed by symbol, reads as it is; the first change migrates it to version
  /// 3 and keeps the old bytes as state.json.bak-v2, after which a second UNI can be tracked.
  @Test func aVersion2FileMigratesOnTheFirstChange() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    let version2 =
      #"{"schema_version": 2, "profile": {"username": "old", "source": null, "currency": null}, "#
      + #""coins": [{"id": 3, "symbol": "UNI", "name": "Uniswap", "coingecko_id": "uniswap"}, "#
      + #"{"id": 4, "symbol": "FOO", "name": "FOO", "coingecko_id": null}], "#
      + #""next_id": 5, "revision": 9}"#
    try sandbox.writeState(version2)
    let listed = try sandbox.run(["coins", "list", "--format", "csv", "--fields", "id,coin_id"])
    #expect(listed.standardOutput == "id,coin_id\r\n3,uniswap\r\n4,symbol/FOO\r\n")
    #expect(sandbox.stateData() == Data(version2.utf8))
    let added = try Self.run(sandbox, ["coins", "add", "@uni", "--format", "csv"], api: api)
    #expect(added.standardOutput == "id,symbol,name,coin_id\r\n5,UNI,Uni,uni\r\n")
    let backup = sandbox.stateFile.deletingLastPathComponent().appendingPathComponent(
      "state.json.bak-v2")
    #expect(try Data(contentsOf: backup) == Data(version2.utf8))
    let document = try StateDocument(try #require(sandbox.stateData()))
    #expect(document.revision == 10)
    #expect(document.coins.map(\.symbol) == ["UNI", "FOO", "UNI"])
  }

  @Test func theSnapshotCoinsResolveBySymbolOrIdWithoutARequest() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    // CoinGecko gives `btc` to five coins; the snapshot's Bitcoin is meant, and known.
    #expect(try sandbox.run(["coins", "remove", "btc"]).status == 0)
    let added = try Self.run(
      sandbox, ["coins", "add", "btc", "@cardano", "--format", "csv"], api: api)
    #expect(
      added.standardOutput
        == "id,symbol,name,coin_id\r\n6,BTC,Bitcoin,bitcoin\r\n7,ADA,Cardano,cardano\r\n")
    let prices = try sandbox.run(["prices", "@bitcoin", "--format", "csv"])
    #expect(
      prices.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2026-05-20,BTC,77552.23,USDT,offline,true\r\n"
    )
    #expect(try api.requests().isEmpty)
    // `@` always means an id: no symbol or name is ever looked up behind it.
    let byNameAfterAt = try sandbox.run(["prices", "@Bitcoin Cash"])
    #expect(byNameAfterAt.status == 66)
  }

  @Test func entriesBreakingTheRulesAreLeftOutAndNamesCleaned() throws {
    let api = try Self.coinList(Self.recordedCoinList)
    let sandbox = try Sandbox()
    // The real list holds an empty symbol (arcium), a symbol starting with '@' and ids with a
    // space or brackets: none of them can be added.
    for input in ["@arcium", "arcium", "@1rus-btc25", "@1move token", "@boringdao-[old]", "@-6"] {
      let result = try Self.run(sandbox, ["coins", "add", input], api: api)
      #expect(result.status == 66, "\(input)")
      #expect(result.standardError.hasPrefix("cointrack: unknown coin '\(input)'"), "\(input)")
    }
    // A zero-width space inside a name and a trailing no-break space are removed.
    let added = try Self.run(
      sandbox, ["coins", "add", "$roo", "n.e.r.d", "$ADS", "--format", "json"], api: api)
    #expect(added.status == 0, "\(added.standardError)")
    #expect(
      added.standardOutput == """
        [
          {"id":6,"symbol":"$ROO","name":"Kangaroo the Jumping Coin","coin_id":"kangaroo-the-jumping-co-in"},
          {"id":7,"symbol":"N.E.R.D","name":"Never Experienced Real Daylight","coin_id":"never-experienced-real-daylight"},
          {"id":8,"symbol":"$ADS","name":"Alkimi","coin_id":"alkimi"}
        ]

        """)
    #expect(try sandbox.run(["coins", "list"]).status == 0)
  }

  @Test func hostileNamesAndSymbolsFromAnAPIStayInert() throws {
    let marker = "cointrack-hostile-\(UUID().uuidString)"
    let api = try Self.coinList(
      #"""
      [{"id":"evil-coin","symbol":"evil","name":"\u001b]0;owned\u0007\u001b[2JEvil\u202eCoin\u0000"},
       {"id":"shell","symbol":"$(touch \#(marker))","name":"Shell"},
       {"id":"tick","symbol":"`touch \#(marker)`","name":"Tick"},
       {"id":"blank","symbol":"","name":"Blank"},
       {"id":"long","symbol":"\#(String(repeating: "L", count: 25))","name":"Long"},
       {"id":"look-alike","symbol":"\u0435th","name":"Cyrillic e"},
       {"id":"Upper","symbol":"up","name":"Upper-case id"}]
      """#)
    let sandbox = try Sandbox()
    let added = try Self.run(sandbox, ["coins", "add", "evil", "--format", "csv"], api: api)
    #expect(added.status == 0, "\(added.standardError)")
    // Every control and invisible character is gone from the stored name.
    #expect(
      added.standardOutput == "id,symbol,name,coin_id\r\n6,EVIL,]0;owned[2JEvilCoin,evil-coin\r\n")
    for input in ["@shell", "@tick", "@blank", "@long", "@look-alike", "@Upper", "@upper"] {
      let refused = try Self.run(sandbox, ["coins", "add", input], api: api)
      #expect(refused.status == 66, "\(input)")
    }
    let table = try sandbox.run(["coins", "list"])
    #expect(table.status == 0)
    #expect(!table.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(table.standardOutput.contains(" EVIL    ]0;owned[2JEvilCoin "))
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent(marker).path))
  }

  @Test func aListIdIsPlainDecimalDigits() throws {
    let sandbox = try Sandbox()
    for input in ["+1", "1.0", "01e0", "0x1", "１"] {
      let result = try sandbox.run(["coins", "remove", input])
      #expect(result.status == 66, "\(input)")
      #expect(
        result.standardError
          == "cointrack: '\(input)' is not a tracked coin; see 'cointrack coins list'.\n")
    }
    #expect(sandbox.stateData() == nil)
    let removed = try sandbox.run(["coins", "remove", "01", "--format", "csv"])
    #expect(removed.standardOutput == "id,symbol,name,coin_id\r\n1,BTC,Bitcoin,bitcoin\r\n")
  }

  /// Ids with gaps, so that a lookup matching `id >= n` (or `<=`) rather than `id == n` would
  /// take a neighbour: removing an id that is not there must remove nothing. (Planted once:
  /// with `>=` in `TrackerState.trackedCoin(named:)` this test failed.)
  @Test func removingByIdTakesThatIdOnly() throws {
    let sandbox = try Sandbox()
    let coins = [
      (2, "ETH", "Ethereum", "ethereum"), (5, "XRP", "XRP", "ripple"),
      (9, "ADA", "Cardano", "cardano"),
    ]
    let objects = coins.map {
      #"{"id": \#($0.0), "symbol": "\#($0.1)", "name": "\#($0.2)", "coingecko_id": "\#($0.3)"}"#
    }
    let state =
      #"{"schema_version": 3, "profile": {"username": "a", "source": null, "currency": null}, "#
      + #""coins": [\#(objects.joined(separator: ", "))], "next_id": 10, "revision": 3}"#
    try sandbox.writeState(state)
    for missing in ["1", "3", "4", "6", "8", "10"] {
      let result = try sandbox.run(["coins", "remove", missing])
      #expect(result.status == 66, "remove \(missing)")
      #expect(sandbox.stateData() == Data(state.utf8), "remove \(missing)")
    }
    let removed = try sandbox.run(["coins", "remove", "5", "--format", "csv"])
    #expect(removed.standardOutput == "id,symbol,name,coin_id\r\n5,XRP,XRP,ripple\r\n")
    let listed = try sandbox.run(["coins", "list", "--format", "csv", "--fields", "id"])
    #expect(listed.standardOutput == "id\r\n2\r\n9\r\n")
  }
}

/// Coins that Binance and Twelve Data know by symbol alone.
@Suite struct SymbolOnlyCoinTests {
  @Test func aBinanceCoinIsIdentifiedAsSymbolSlashItsSymbol() throws {
    let api = try FakePriceAPI([.init(path: "/api/v3/klines", body: "[]")])
    let sandbox = try Sandbox()
    let environment = ["COINTRACK_BINANCE_URL": api.baseURL]
    let added = try sandbox.run(
      ["coins", "add", "foo", "--source", "binance", "--format", "csv"], environment: environment)
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput == "id,symbol,name,coin_id\r\n6,FOO,FOO,symbol/FOO\r\n")
    // Its id names it too, in any case; the same coin is not added twice.
    let again = try sandbox.run(
      ["coins", "add", "@symbol/foo", "--source", "binance"], environment: environment)
    #expect(again.status == 65)
    #expect(
      again.standardError
        == "cointrack: '@symbol/foo' is already tracked as FOO (id 6, @symbol/FOO).\n")
    let removed = try sandbox.run(["coins", "remove", "@SYMBOL/FOO", "--format", "csv"])
    #expect(removed.standardOutput == "id,symbol,name,coin_id\r\n6,FOO,FOO,symbol/FOO\r\n")
    // A CoinGecko id means nothing to Binance unless the snapshot knows the coin.
    let unknown = try sandbox.run(
      ["coins", "add", "@uniswap", "--source", "binance"], environment: environment)
    #expect(unknown.status == 66)
  }

  @Test func aTwelveDataNameIsCleanedOnTheWayIn() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/time_series",
        body:
          #"{"meta":{"symbol":"FOO/USD","interval":"1day","currency_base":"\u001b[31mFoo\u202e Coin\u0007","currency_quote":"US Dollar"},"values":[{"datetime":"2024-01-01","close":"1.5"}],"status":"ok"}"#
      )
    ])
    let sandbox = try Sandbox()
    let added = try sandbox.run(
      ["coins", "add", "foo", "--source", "twelvedata", "--format", "csv"],
      environment: ["COINTRACK_TWELVEDATA_URL": api.baseURL, "TWELVEDATA_API_KEY": "k"])
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput == "id,symbol,name,coin_id\r\n6,FOO,[31mFoo Coin,symbol/FOO\r\n")
    #expect(try sandbox.run(["coins", "list"]).status == 0)
  }
}
