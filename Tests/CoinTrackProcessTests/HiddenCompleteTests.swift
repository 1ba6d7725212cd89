import Foundation
import Testing

/// `cointrack __complete catalogue|tracked`, the hidden form the completion scripts call.
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

  @Test(arguments: ["{ not json", "{\"schema_version\": 99}", ""])
  func corruptStatePrintsNothingAndSucceeds(_ contents: String) throws {
    let sandbox = try Sandbox()
    try sandbox.writeState(contents)
    let result = try sandbox.run(["__complete", "tracked"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
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
    for arguments in [["__complete"], ["__complete", "coins"], ["__complete", "tracked", "x"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 64)
      #expect(result.standardError.hasPrefix("cointrack: unknown command '__complete'."))
    }
  }
}
