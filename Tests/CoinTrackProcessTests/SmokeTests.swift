import Foundation
import Testing

/// The first run of the real binary in a fresh home.
@Suite struct FirstRunTests {
  @Test func coinsListShowsTheDefaultsWithoutCreatingState() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["coins", "list", "--format", "csv"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let symbols = result.standardOutput.split(separator: "\r\n").dropFirst()
      .map { $0.split(separator: ",")[1] }
    #expect(symbols == ["BTC", "ETH", "BNB", "SOL", "XRP"])
    #expect(sandbox.stateData() == nil)
  }
}
