import Foundation
import Testing

@testable import CoinTrackCore

/// Schema versions: a version 1 or 2 file is read as it is and migrated to version 3 on the next
/// write, keeping the old bytes as `state.json.bak-v1` or `state.json.bak-v2`; every save counts
/// one revision on.
@Suite struct StateMigrationTests {
  /// A version 1 file as cointrack 0.1 wrote it: no revision.
  static let version1 = Array(
    """
    {
      "schema_version": 1,
      "profile": {
        "username": "carol",
        "source": null,
        "currency": null
      },
      "coins": [
        {
          "id": 3,
          "symbol": "BNB",
          "name": "BNB",
          "coingecko_id": "binancecoin"
        }
      ],
      "next_id": 8
    }

    """.utf8)

  @Test func aVersion1FileIsReadAsItIs() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version1)
    let state = try fixture.store().load()
    #expect(state.profile.username == "carol")
    #expect(state.coins.map(\.id) == [3])
    #expect(state.nextID == 8)
    #expect(state.revision == 0)
    #expect(fixture.bytes() == Self.version1)
    #expect(try fixture.listing() == ["state.json"])
  }

  @Test func theNextWriteMigratesAndKeepsTheOldFile() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version1)
    let store = fixture.store()
    try store.update { $0.profile.username = "dave" }
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 1)) == Self.version1)
    let document = try JSONParser.parse(try #require(fixture.bytes()))
    #expect(document["schema_version"] == .number(String(TrackerState.schemaVersion)))
    #expect(document["revision"] == .number("1"))
    let state = try store.load()
    #expect(state.profile.username == "dave")
    #expect(state.coins.map(\.coin.symbol) == ["BNB"])
    #expect(state.nextID == 8)
    #expect(try fixture.listing() == ["state.json", "state.json.bak-v1", "state.json.lock"])
    let backupMode = try FileManager.default.attributesOfItem(
      atPath: StateStore.backupPath(of: fixture.path, version: 1))[.posixPermissions]
    #expect(backupMode as? Int == 0o600)

    // Later saves are of version 3 already: the backup stays the version 1 file.
    try store.update { $0.profile.username = "erin" }
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 1)) == Self.version1)
    #expect(try store.load().revision == 2)
  }

  /// A version 2 file as cointrack 0.2 wrote it: coins keyed by symbol, one of them known only
  /// to Binance.
  static let version2 = Array(
    """
    {
      "schema_version": 2,
      "profile": {
        "username": "carol",
        "source": "binance",
        "currency": "USDT"
      },
      "coins": [
        {
          "id": 2,
          "symbol": "UNI",
          "name": "Uniswap",
          "coingecko_id": "uniswap"
        },
        {
          "id": 5,
          "symbol": "FOO",
          "name": "FOO",
          "coingecko_id": null
        }
      ],
      "next_id": 6,
      "revision": 41
    }

    """.utf8)

  @Test func aVersion2FileMigratesToCoinIdsAndKeepsTheOldFile() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version2)
    let store = fixture.store()
    // Read as it is: each coin gets its coin id, the file stays as it was.
    let before = try store.load()
    #expect(before.coins.map(\.coin.id) == ["uniswap", "symbol/FOO"])
    #expect(before.revision == 41)
    #expect(fixture.bytes() == Self.version2)
    // The next change migrates: a second coin with the symbol UNI can now be tracked.
    try store.update { state in
      state.coins.append(
        TrackedCoin(id: 6, coin: Coin(symbol: "UNI", name: "Uni", coingeckoID: "uni")))
      state.nextID = 7
    }
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 2)) == Self.version2)
    let document = try JSONParser.parse(try #require(fixture.bytes()))
    #expect(document["schema_version"] == .number(String(TrackerState.schemaVersion)))
    #expect(document["revision"] == .number("42"))
    let after = try store.load()
    #expect(after.coins.map(\.coin.id) == ["uniswap", "symbol/FOO", "uni"])
    #expect(after.coins.map(\.coin.symbol) == ["UNI", "FOO", "UNI"])
    #expect(after.profile == before.profile)
    #expect(try fixture.listing() == ["state.json", "state.json.bak-v2", "state.json.lock"])
  }

  /// A version 3 file, no alerts in it, as a script might have rewritten it: on one line.
  static let version3 = Array(
    (#"{"schema_version":3,"profile":{"username":"carol","source":null,"currency":null},"#
      + #""coins":[{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":"bitcoin"}],"#
      + #""next_id":2,"revision":9}"# + "\n").utf8)

  @Test func aVersion3FileReadsWithoutAlertsAndMigratesWhenOneIsAdded() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version3)
    let store = fixture.store()
    let before = try store.load()
    #expect(before.alerts.isEmpty)
    #expect(before.nextAlertID == 1)
    #expect(fixture.bytes() == Self.version3)
    let alert = Alert(
      id: 1, coin: before.coins[0].coin, condition: .below(Price(decimalText: "60000.5")!),
      currency: "USDT")
    try store.update { state in
      state.alerts.append(alert)
      state.nextAlertID = 2
    }
    #expect(fixture.bytes(of: StateStore.backupPath(of: fixture.path, version: 3)) == Self.version3)
    let document = try JSONParser.parse(try #require(fixture.bytes()))
    #expect(document["schema_version"] == .number(String(TrackerState.schemaVersion)))
    guard case .array(let alerts)? = document["alerts"] else {
      Issue.record("no alerts array")
      return
    }
    #expect(alerts.first?["threshold"] == .number("60000.5"))
    #expect(document["next_alert_id"] == .number("2"))
    let after = try store.load()
    #expect(after.alerts == [alert])
    #expect(after.revision == 10)
    #expect(try fixture.listing() == ["state.json", "state.json.bak-v3", "state.json.lock"])
  }

  @Test func theRevisionCountsPastThirtyTwoBits() throws {
    let fixture = try StateFixture()
    var state = try fixture.store().load()
    state.revision = Int(Int32.max)
    try fixture.write(Array(JSONWriter.indented(state.json).utf8))
    try fixture.store().update { $0.profile.username = "next" }
    #expect(try fixture.store().load().revision == Int(Int32.max) + 1)
  }

  @Test func anUpdateThatChangesNothingDoesNotMigrate() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version1)
    try fixture.store().update { $0.profile.username = "carol" }
    #expect(fixture.bytes() == Self.version1)
    #expect(try fixture.listing() == ["state.json", "state.json.lock"])
  }

  @Test func aFailedMigrationChangesNothing() throws {
    let fixture = try StateFixture()
    try fixture.write(Self.version1)
    // A directory where the backup goes makes its rename fail.
    let backup = StateStore.backupPath(of: fixture.path, version: 1)
    try FileManager.default.createDirectory(
      atPath: backup + "/occupied", withIntermediateDirectories: true)
    #expect(throws: StateError.self) {
      try fixture.store().update { $0.profile.username = "dave" }
    }
    #expect(fixture.bytes() == Self.version1)
    #expect(try fixture.listing() == ["state.json", "state.json.bak-v1", "state.json.lock"])
  }

  @Test func everySaveCountsOneRevisionAndTheCountStopsAtItsMaximum() throws {
    let fixture = try StateFixture()
    let store = fixture.store()
    try store.update { $0.profile.username = "one" }
    try store.update { $0.profile.username = "one" }
    try store.update { $0.profile.username = "two" }
    #expect(try store.load().revision == 2)

    var state = try store.load()
    state.revision = TrackerState.maximumRevision
    try fixture.write(Array(JSONWriter.indented(state.json).utf8))
    try store.update { $0.profile.username = "three" }
    #expect(try store.load().revision == TrackerState.maximumRevision)
  }

  @Test func leftoverTemporariesOfTheFileAndItsBackupsAreRemovedByTheNextWrite() throws {
    let fixture = try StateFixture()
    let leftovers = ["state.json.tmp-123", "state.json.bak-v1.tmp-9"]
    let kept = ["state.json.tmp-notapid", "other.tmp-1", "state.json.bak-v1"]
    for name in leftovers + kept {
      try fixture.write([1], to: FileSystem.directory(of: fixture.path) + "/" + name)
    }
    try fixture.store().update { $0.profile.username = "zed" }
    #expect(try fixture.listing() == (kept + ["state.json", "state.json.lock"]).sorted())
  }
}
