import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// The variables help lists are the ones cointrack reads, with the bounds it enforces, and the
/// README's table of variables agrees with them.
@Suite struct VariableHelpTests {
  @Test func everyVariableInHelpHasARowInTheReadme() {
    #expect(!Readme.tableRows.isEmpty)
    for name in VariableHelp.rows.flatMap(\.names) {
      #expect(
        Readme.tableRows.contains { $0.contains("`\(name)`") },
        "README has no row for \(name)")
    }
  }

  /// The README states each bounded variable's range and default as its owner declares them.
  @Test(arguments: VariableHelp.bounded)
  func theReadmeStatesTheDeclaredRangeAndDefault(variable: EnvironmentVariable) throws {
    let row = try #require(
      Readme.tableRows.first { $0.hasPrefix("| `\(variable.name)` |") })
    let (lower, upper, defaultValue) = VariableHelpTests.bounds(of: variable)
    #expect(row.contains("\(lower) to \(upper)"), "\(row)")
    #expect(row.contains("default \(defaultValue)"), "\(row)")
  }

  /// One past the declared upper bound is refused with 78: the reader enforces the declaration.
  @Test(arguments: VariableHelp.bounded)
  func aValuePastTheDeclaredBoundIsRefused(variable: EnvironmentVariable) {
    let (_, upper, _) = VariableHelpTests.bounds(of: variable)
    let tooLarge = String(Int(Double(upper)! + 1))
    // `coins list --source binance` reads every bounded variable before it asks the network;
    // should it ask anyway, a closed local port answers, never the real API.
    let run = InProcessRun(
      ["coins", "list", "--source", "binance"],
      environment: [variable.name: tooLarge, "COINTRACK_BINANCE_URL": "http://127.0.0.1:9"])
    #expect(run.status == 78, "\(variable.name)")
    #expect(run.standardError.hasPrefix("cointrack: invalid \(variable.name) '\(tooLarge)':"))
    #expect(run.standardError.contains(" to \(upper)"), "\(run.standardError)")
  }

  /// Lower bound, upper bound and default as help writes them.
  static func bounds(of variable: EnvironmentVariable) -> (String, String, String) {
    switch variable.value {
    case .seconds(let allowed, let defaultValue, _):
      return (
        EnvironmentVariable.number(allowed.lowerBound),
        EnvironmentVariable.number(allowed.upperBound), EnvironmentVariable.number(defaultValue)
      )
    case .count(let allowed, let defaultValue):
      return ("\(allowed.lowerBound)", "\(allowed.upperBound)", "\(defaultValue)")
    case .text:
      return ("", "", "")
    }
  }
}
