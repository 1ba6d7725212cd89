import CoinTrackTestSupport
import Foundation
import Testing

/// `cointrack __complete catalogue|tracked|alerts`, plain or `-described`, the hidden form the
/// completion scripts call.
@Suite struct HiddenCompleteTests {
  @Test func catalogueListsEverySymbolWithoutCreatingState() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["__complete", "catalogue"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let available = try sandbox.run([
      "coins", "available", "--format", "tsv", "--no-header",
      "--fields", "symbol",
    ])
    #expect(result.standardOutput == available.standardOutput)
    #expect(result.standardOutput.split(separator: "\n").count == 9)
    #expect(sandbox.stateData() == nil)
  }

  @Test func trackedListsSymbolsThenIdsThenCoinIdsAndLeavesTheFileAlone() throws {
    let sandbox = try Sandbox()
    let fresh = try sandbox.run(["__complete", "tracked"])
    #expect(
      fresh.standardOutput
        == "BTC\nETH\nBNB\nSOL\nXRP\n1\n2\n3\n4\n5\n"
        + "@bitcoin\n@ethereum\n@binancecoin\n@solana\n@ripple\n")
    #expect(sandbox.stateData() == nil)
    #expect(try sandbox.run(["coins", "add", "doge"]).status == 0)
    #expect(try sandbox.run(["coins", "remove", "btc"]).status == 0)
    let before = try FileManager.default.attributesOfItem(atPath: sandbox.stateFile.path)
    let bytes = sandbox.stateData()
    let result = try sandbox.run(["__complete", "tracked"])
    #expect(
      result.standardOutput
        == "ETH\nBNB\nSOL\nXRP\nDOGE\n2\n3\n4\n5\n6\n"
        + "@ethereum\n@binancecoin\n@solana\n@ripple\n@dogecoin\n")
    #expect(result.standardError == "")
    #expect(sandbox.stateData() == bytes)
    let after = try FileManager.default.attributesOfItem(atPath: sandbox.stateFile.path)
    #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
  }

  /// The alerts' ids; described, each with its coin, condition and threshold. A fresh home has
  /// none and gets no state file.
  @Test func alertsListsIdsAndLeavesTheFileAlone() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["__complete", "alerts"]).standardOutput == "")
    #expect(sandbox.stateData() == nil)
    #expect(try sandbox.run(["alerts", "add", "btc", "--above", "50000"]).status == 0)
    #expect(try sandbox.run(["alerts", "add", "eth", "--below", "2"]).status == 0)
    #expect(
      try sandbox.run(["alerts", "add", "sol", "--change", "-7.5", "--days", "30"]).status == 0)
    #expect(try sandbox.run(["alerts", "remove", "2"]).status == 0)
    let bytes = sandbox.stateData()
    let result = try sandbox.run(["__complete", "alerts"])
    #expect(result.standardOutput == "1\n3\n")
    #expect(result.standardError == "")
    let described = try sandbox.run(["__complete", "alerts-described"])
    #expect(
      described.standardOutput
        == "1\tBTC above 50000 USDT\n3\tSOL change -7.5% over 30 days\n")
    #expect(sandbox.stateData() == bytes)
  }

  /// The described lists give each word its coin's name after a tab, for fish.
  @Test func describedListsNameEachCoin() throws {
    let sandbox = try Sandbox()
    let catalogue = try sandbox.run(["__complete", "catalogue-described"])
    let available = try sandbox.run([
      "coins", "available", "--format", "tsv", "--no-header", "--fields", "symbol,name",
    ])
    #expect(catalogue.standardOutput == available.standardOutput)
    let tracked = try sandbox.run(["__complete", "tracked-described"])
    #expect(tracked.standardOutput.hasPrefix("BTC\tBitcoin\nETH\tEthereum\n"))
    #expect(tracked.standardOutput.contains("\n1\tBitcoin\n"))
    #expect(tracked.standardOutput.hasSuffix("\n@ripple\tXRP\n"))
    #expect(sandbox.stateData() == nil)
  }

  @Test(arguments: ["{ not json", "{\"schema_version\": 99}", ""])
  func corruptStatePrintsNothingAndSucceeds(_ contents: String) throws {
    let sandbox = try Sandbox()
    try sandbox.writeState(contents)
    for list in ["tracked", "alerts", "alerts-described"] {
      let result = try sandbox.run(["__complete", list])
      #expect(result.status == 0)
      #expect(result.standardOutput == "")
      #expect(result.standardError == "")
    }
    #expect(sandbox.stateData() == Data(contents.utf8))
    // The same file is an error for a real command.
    #expect(try sandbox.run(["coins", "list"]).status == 78)
  }

  @Test func noHomePrintsNothingAndSucceeds() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["__complete", "tracked"], environment: ["HOME": nil, "XDG_DATA_HOME": nil])
    #expect(result.status == 0)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
  }

  /// Only the exact form is hidden; anything else is an ordinary unknown command.
  @Test func otherFormsAreUnknownCommands() throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["__complete"], ["__complete", "coins"], ["__complete", "tracked", "x"],
      ["__complete", "-described"], ["__complete", "tracked-"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 64)
      #expect(result.standardError.hasPrefix("cointrack: unknown command '__complete'."))
    }
  }
}
