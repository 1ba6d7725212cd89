import Foundation
import Testing

@testable import CoinTrackCore

@Suite struct StateStoreTests {
  @Test func loadingWithoutAFileGivesTheDefaultsAndCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store()
    let state = try store.load()
    #expect(state.coins.map(\.coin.symbol) == ["BTC", "ETH", "BNB", "SOL", "XRP"])
    #expect(state.coins.map(\.id) == [1, 2, 3, 4, 5])
    #expect(state.nextID == 6)
    #expect(state.profile.username == "anonymous")
    #expect(!FileManager.default.fileExists(atPath: FileSystem.directory(of: store.path)))
  }

  @Test func savesWithPrivateModesAndReadsBack() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store()
    try store.update { $0.profile.username = "alice" }
    #expect(try store.load().profile.username == "alice")
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: FileSystem.directory(of: store.path))
    #expect((folder[.posixPermissions] as? Int) == 0o700)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: FileSystem.directory(of: store.path))
    #expect(leftovers.sorted() == ["state.json", "state.json.lock"])
  }

  @Test func aThrowingChangeWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store()
    try store.update { $0.profile.username = "before" }
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try store.update { state in
        state.profile.username = "after"
        throw Refused()
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
  }

  @Test func roundTripsTheStateDocument() throws {
    let state = TrackerState(
      profile: Profile(username: "zoë", preferredSource: "offline", preferredCurrency: nil),
      coins: [
        TrackedCoin(id: 2, coin: Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")),
        TrackedCoin(id: 9, coin: Coin(symbol: "NEW", name: "New \"coin\"", coingeckoID: nil)),
      ], nextID: 10)
    let text = JSONWriter.indented(state.json)
    let decoded = try TrackerState.decode(Array(text.utf8))
    #expect(decoded.state == state)
    #expect(decoded.version == TrackerState.schemaVersion)
    #expect(decoded.trades.isEmpty)
  }

  @Test(arguments: [
    (#"[]"#, "the document should be an object but is an array"),
    (#"{"profile":{}}"#, "'schema_version' is missing"),
    (#"{"schema_version":"1"}"#, "'schema_version' should be a whole number but is a string"),
    (#"{"schema_version":1.5}"#, "'schema_version' should be a whole number but is a number"),
    (
      #"{"schema_version":1,"profile":{"username":"a","source":null,"currency":null},"coins":[],"next_id":1,"extra":0}"#,
      "'extra' is not a known key"
    ),
    (
      #"{"schema_version":1,"profile":{"username":"a","source":null,"currency":null},"coins":[{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":null},{"id":"2","symbol":"ETH","name":"Ethereum","coingecko_id":null}],"next_id":3}"#,
      "'coins[1].id' should be a whole number but is a string"
    ),
    (
      #"{"schema_version":1,"profile":{"username":"a","source":null,"currency":null},"coins":[{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":null},{"id":1,"symbol":"ETH","name":"Ethereum","coingecko_id":null}],"next_id":3}"#,
      "'coins[1].id' repeats id 1"
    ),
    (
      #"{"schema_version":1,"profile":{"username":"a","source":null,"currency":null},"coins":[{"id":4,"symbol":"BTC","name":"Bitcoin","coingecko_id":null}],"next_id":3}"#,
      "'next_id' is 3 but id 4 is already used"
    ),
    (
      #"{"schema_version":1,"profile":{"username":"-a","source":null,"currency":null},"coins":[],"next_id":1}"#,
      "'profile.username' is not a valid username"
    ),
  ])
  func namesTheKeyPathOfASchemaProblem(text: String, message: String) throws {
    #expect {
      _ = try TrackerState.decode(Array(text.utf8))
    } throws: { error in
      guard case .schema(let problem) = error as? StateDocumentError else { return false }
      return problem.description == message
    }
  }

  @Test func keysWrittenWithEscapesAreTheKeysTheyName() throws {
    // Known keys are matched by their bytes; one spelled with escapes must still be known.
    let plain =
      #"{"schema_version":2,"profile":{"username":"a","source":null,"currency":null},"coins":[{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":null}],"next_id":2,"revision":0}"#
    let escaped = plain.replacingOccurrences(of: #""id":1"#, with: #""\u0069d":1"#)
      .replacingOccurrences(of: #""profile""#, with: #""pro\u0066ile""#)
    #expect(escaped != plain)
    #expect(try TrackerState.decode(Array(escaped.utf8)) == TrackerState.decode(Array(plain.utf8)))
  }

  /// The schema problem of a state whose coins have these ids, symbols and CoinGecko ids, or nil
  /// when it loads.
  private static func repeatProblem(_ coins: [(id: Int, symbol: String, coingeckoID: String?)])
    -> String?
  {
    let objects = coins.map {
      let coingeckoID = $0.coingeckoID.map { "\"\($0)\"" } ?? "null"
      return #"{"id":\#($0.id),"symbol":"\#($0.symbol)","name":"N","coingecko_id":\#(coingeckoID)}"#
    }
    let text =
      #"{"schema_version":3,"revision":0,"profile":{"username":"a","source":null,"currency":null},"#
      + #""coins":[\#(objects.joined(separator: ","))],"next_id":\#((coins.map(\.id).max() ?? 0) + 1)}"#
    do {
      _ = try TrackerState.decode(Array(text.utf8))
      return nil
    } catch {
      guard case .schema(let problem) = error else { return "not a schema problem: \(error)" }
      return problem.description
    }
  }

  @Test func theFirstCoinToRepeatAnIdOrACoinIdIsReported() {
    #expect(
      Self.repeatProblem([(1, "BTC", "bitcoin"), (2, "ETH", "ethereum"), (3, "WBTC", "bitcoin")])
        == "'coins[2].coingecko_id' repeats coin id 'bitcoin'")
    // Coins are told apart by their coin ids: two may share a symbol.
    #expect(Self.repeatProblem([(1, "UNI", "uniswap"), (2, "UNI", "uni"), (3, "UNI", nil)]) == nil)
    // Ids out of order are fine until one repeats.
    #expect(Self.repeatProblem([(3, "A", nil), (1, "B", nil), (2, "C", nil)]) == nil)
    #expect(
      Self.repeatProblem([(3, "A", nil), (1, "B", nil), (3, "C", nil)])
        == "'coins[2].id' repeats id 3")
    // The earlier coin is reported, whichever it repeats; within a coin, its id first. A coin
    // without a CoinGecko id is known by its symbol, so the symbol is to blame.
    #expect(
      Self.repeatProblem([(1, "A", nil), (2, "B", nil), (3, "A", nil), (1, "C", nil)])
        == "'coins[2].symbol' repeats coin id 'symbol/A'")
    #expect(
      Self.repeatProblem([(2, "A", nil), (1, "B", nil), (2, "A", nil)])
        == "'coins[2].id' repeats id 2")
  }

  @Test func symbolsAndIdsOutsideTheRulesAreRefused() {
    let symbolRule = "is not a symbol: 1 to 24 capitals, digits and . - _ + $"
    // The Kelvin sign looks like K; symbols are ASCII, so no look-alike can pass for another.
    #expect(
      Self.repeatProblem([(1, "K", nil), (2, "\u{212A}", nil)]) == "'coins[1].symbol' \(symbolRule)"
    )
    #expect(Self.repeatProblem([(1, "btc", nil)]) == "'coins[0].symbol' \(symbolRule)")
    #expect(Self.repeatProblem([(1, "", nil)]) == "'coins[0].symbol' \(symbolRule)")
    #expect(Self.repeatProblem([(1, "$(X)", nil)]) == "'coins[0].symbol' \(symbolRule)")
    #expect(
      Self.repeatProblem([(1, String(repeating: "A", count: 25), nil)])
        == "'coins[0].symbol' \(symbolRule)")
    #expect(
      Self.repeatProblem([(1, String(repeating: "A", count: 24), nil), (2, "$ADS.E-_+", nil)])
        == nil)
    #expect(
      Self.repeatProblem([(1, "A", "symbol/A")])
        == "'coins[0].coingecko_id' is not a CoinGecko id: 1 to 100 lower-case letters, digits "
        + "and . - _")
  }

  @Test func aRepeatIsFoundAmongThousandsOfSymbols() {
    let distinct = (1...3000).map { (id: $0, symbol: "S\($0)", coingeckoID: String?.none) }
    #expect(Self.repeatProblem(distinct) == nil)
    #expect(
      Self.repeatProblem(distinct + [(3001, "S1234", nil)])
        == "'coins[3000].symbol' repeats coin id 'symbol/S1234'")
  }

  @Test func invalidJSONAndTheVersionAreReportedBeforeWhatComesEarlierInTheFile() {
    // The username is invalid, and the document is cut short after it: the cut is reported.
    let cut =
      #"{"schema_version":2,"profile":{"username":"-a","source":null,"currency":null},"coins":["#
    #expect(
      throws: StateDocumentError.syntax(
        JSONSyntaxError(offset: cut.utf8.count, reason: "unexpected end of data"))
    ) { try TrackerState.decode(Array(cut.utf8)) }
    // An unknown key comes first, but the version after it is one this build cannot read.
    let newer = #"{"extra":1,"schema_version":7}"#
    #expect(
      throws: StateDocumentError.schema(
        StateSchemaError(keyPath: "schema_version", problem: .newerVersion(7)))
    ) { try TrackerState.decode(Array(newer.utf8)) }
  }

  @Test func aCorruptFileIsReportedAndLeftUntouched() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store()
    try FileManager.default.createDirectory(
      atPath: FileSystem.directory(of: store.path), withIntermediateDirectories: true)
    let garbage = Data("{\"schema_version\": 1, \"coins\": [".utf8)
    try garbage.write(to: URL(fileURLWithPath: store.path))
    #expect(
      throws: StateError.unusable(
        path: store.path, reason: "invalid JSON at byte 32: unexpected end of data")
    ) { try store.load() }
    #expect(throws: StateError.self) { try store.update { $0.nextID += 1 } }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == garbage)
  }

  @Test func aNewerSchemaIsRefused() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store()
    try FileManager.default.createDirectory(
      atPath: FileSystem.directory(of: store.path), withIntermediateDirectories: true)
    try Data(#"{"schema_version": 99, "whatever": true}"#.utf8)
      .write(to: URL(fileURLWithPath: store.path))
    #expect(
      throws: StateError.newerSchema(
        path: store.path, version: 99, supported: TrackerState.schemaVersion)
    ) {
      try store.load()
    }
  }

  @Test func xdgDataHomeMustBeAbsolute() throws {
    #expect(
      try StateStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"])
        == "/x/data/cointrack/state.json")
    #expect(
      try StateStore.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/h"])
        == "/h/.local/share/cointrack/state.json")
    #expect(
      try StateStore.defaultPath(environment: ["XDG_DATA_HOME": "rel/dir", "HOME": "/h"])
        == "/h/.local/share/cointrack/state.json")
    #expect(throws: StateError.noHomeDirectory) {
      try StateStore.defaultPath(environment: ["HOME": ""])
    }
  }

  @Test func aHeldLockMakesAWriterGiveUp() throws {
    let directory = try TemporaryDirectory()
    let store = directory.store(lockTimeoutSeconds: 0.1)
    try store.update { $0.profile.username = "first" }
    _ = try FileLock.withLock(path: store.lockPath, timeoutSeconds: 1) {
      // flock locks belong to open file descriptions, so a second open in this process waits too.
      #expect(throws: StateError.lockTimeout(lockPath: store.lockPath, seconds: 0.1)) {
        try store.update { $0.profile.username = "second" }
      }
    }
    #expect(try store.load().profile.username == "first")
  }
}
