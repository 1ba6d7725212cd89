import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio import` of Koinly's universal import file through the real binary: a real sample
/// refused by its line with the state as it was until --symbol names its coin, then both real
/// samples recorded, and a file in the sample's form recorded; each imported again adding
/// nothing.
@Suite struct KoinlyImportTests {
  /// A real sample (Tests/CoinTrackCoreTests/Fixtures/Exchanges/koinly, see PROVENANCE.md).
  static func sample(_ name: String) throws -> String {
    try String(
      contentsOfFile: #filePath.replacingOccurrences(
        of: "CoinTrackProcessTests/KoinlyImportTests.swift",
        with: "CoinTrackCoreTests/Fixtures/Exchanges/koinly/\(name)"), encoding: .utf8)
  }

  @Test func koinlysNumberForACoinIsRefusedByLineAndNothingStored() throws {
    let sandbox = try Sandbox()
    let kept = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "1"])
    #expect(kept.status == 0)
    let before = sandbox.stateData()
    let path = try ExportImportTests.file(
      sandbox, "quantus.csv", try Self.sample("universal-quantus-utc.csv"))
    let refused = try sandbox.run(["portfolio", "import", path])
    #expect(refused.status == 65)
    #expect(refused.standardOutput == "")
    #expect(
      refused.standardError
        == "cointrack: line 2 of the export, column 'coin': 'ID:56784085' is Koinly's own "
        + "number for a coin, which names no coin cointrack can look up; say which coin it is "
        + "with --symbol ID:56784085=COIN; nothing was imported.\n")
    #expect(sandbox.stateData() == before)
  }

  /// The sample's form (Tag header, CRLF, a token pinned by its contract) with coins the
  /// snapshot has: ETH bought with USDT, a BTC reward, BTC moved out with a fee in BTC.
  static let export =
    """
    Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,\
    Tag,Description,TxHash
    2024-01-02 10:00:00,4600,USDT:0xdac17f958d2ee523a2206206994597c13d831ec7,2,ETH,4.6,USDT,,\
    bought,0xa1
    2024-02-03 11:00:00,,,0.1,BTC,,,reward,,0xb2
    2024-02-03 12:00:00,0.05,BTC,,,0.0001,BTC,,to my wallet,0xc3

    """.replacingOccurrences(of: "\n", with: "\r\n")

  @Test func aKoinlyFileIsRecordedOnceWithItsHashesAsOrigins() throws {
    let sandbox = try Sandbox()
    let path = try ExportImportTests.file(sandbox, "koinly.csv", Self.export)
    let fields = ["--format", "csv", "--fields", "id,side,symbol,quantity,price,fee,origin"]
    let dry = try sandbox.run(["portfolio", "import", path, "--dry-run"] + fields)
    #expect(dry.status == 0, "\(dry.standardError)")
    #expect(sandbox.stateData() == nil)
    let imported = try sandbox.run(["portfolio", "import", path] + fields)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput == dry.standardOutput)
    let close = try ExportImportTests.bitcoinClose()
    // The reward at BTC's close, 43011.09; the 0.0001 BTC fee a sale whose fee is its
    // proceeds, 0.0001 x 43011.09 = 4.301109.
    #expect(close == "43011.09")
    #expect(
      imported.standardOutput
        == "id,side,symbol,quantity,price,fee,origin\r\n"
        + "1,buy,ETH,2,2300,4.6,koinly:0xa1\r\n"
        + "2,staking,BTC,0.1,\(close),0,koinly:in:0xb2\r\n"
        + "3,transfer,BTC,0.05,0,0,koinly:out:0xc3\r\n"
        + "4,sell,BTC,0.0001,\(close),4.301109,koinly:out:0xc3#fee\r\n")
    let before = sandbox.stateData()

    let again = try sandbox.run(["portfolio", "import", path])
    #expect(again.status == 0, "\(again.standardError)")
    #expect(
      again.standardError == "cointrack: note: recorded 0 trades; 4 were recorded before.\n")
    #expect(sandbox.stateData() == before)
  }

  /// Both real samples through the binary, the Koinly number named with --symbol as a coin
  /// known by its symbol alone, whose closes a history file holds: the wallet's file, then the
  /// exchange's, which shares one move's hash on the other side and so adds all its rows; each
  /// imported again adds nothing.
  @Test func bothRealSamplesAreRecordedOnceWithTheCoinNamed() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let closes = (25...31).map { "2026-03-\($0),QTC,2\($0 % 10).5,USDT,binance\n" }.joined()
    try Data(("date,symbol,price,currency,source\n" + closes).utf8)
      .write(to: folder.appendingPathComponent("symbol%2FQTC.csv"))
    let named = ["--symbol", "ID:56784085=@symbol/QTC", "--format", "csv", "--no-header"]
    var counts: [Int] = []
    for name in ["universal-quantus-utc.csv", "universal-safetrade-utc.csv"] {
      let path = try ExportImportTests.file(sandbox, name, try Self.sample(name))
      let imported = try sandbox.run(["portfolio", "import", path] + named)
      #expect(imported.status == 0, "\(name): \(imported.standardError)")
      counts.append(imported.standardOutput.split(separator: "\r\n").count)
      let before = sandbox.stateData()
      let again = try sandbox.run(["portfolio", "import", path] + named)
      #expect(again.status == 0, "\(name): \(again.standardError)")
      #expect(again.standardOutput == "")
      #expect(sandbox.stateData() == before)
    }
    // The hand-worked bookings of KoinlyUniversalTests: 5 trades of the wallet, 11 of the
    // exchange (its USDC and USDT rows are money: no trade).
    #expect(counts == [5, 11])
    // The airdrop at the close of 2026-03-26, 26.5.
    let trades = try sandbox.run(["portfolio", "trades", "--format", "csv", "--no-header"])
    #expect(
      trades.standardOutput.contains(",2026-03-26,airdrop,QTC,"), "\(trades.standardOutput)")
    #expect(
      trades.standardOutput.contains(",64.739476427143,26.5,0,USDT,"), "\(trades.standardOutput)")
  }
}
