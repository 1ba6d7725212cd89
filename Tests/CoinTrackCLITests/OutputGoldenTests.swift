import CoinTrackCore
import Testing

@testable import CoinTrackCLI

/// Every command's output in every format it writes, over the embedded snapshot in a fresh home,
/// against its golden file `Golden/output/<command>.<format>`; re-record with COINTRACK_RECORD=1.
@Suite struct OutputGoldenTests {
  /// One command line whose stdout is kept as a golden file, in one format.
  struct Case: Sendable, CustomTestStringConvertible {
    /// The command's part of the golden file's name, such as `prices-stats`.
    let name: String
    let arguments: [String]
    let format: OutputFormat

    var goldenName: String { "output/\(name).\(format.name)" }
    var testDescription: String { goldenName }
  }

  /// A fixed today, so that "the latest price" and the allowed ranges never move.
  static let today = ["--today", "2026-05-20"]
  /// Five days of BTC around 2026-01-08, a day the data lacks, so a missing price shows too.
  static let priceRange = ["prices", "btc", "--from", "2026-01-06", "--to", "2026-01-10"]
  static let recordFormats = RecordFormat.allCases.map(OutputFormat.records)

  static let cases: [Case] = [
    ("coins-list", ["coins", "list"], recordFormats),
    ("coins-available", ["coins", "available"], recordFormats),
    ("prices", priceRange, OutputFormat.all),
    ("prices-stats", priceRange + ["--stats"], recordFormats),
    ("profile-show", ["profile", "show"], recordFormats),
    // On the snapshot's last day every coin is current: no request, the same records each time.
    ("sync", ["sync"], recordFormats),
  ].flatMap { name, arguments, formats in
    formats.map { Case(name: name, arguments: arguments, format: $0) }
  }

  @Test(arguments: cases)
  func outputMatchesItsGoldenFile(_ test: Case) throws {
    let result = try TemporaryHome().run(
      test.arguments + Self.today + ["--format", test.format.name])
    #expect(result.status == 0, "\(result.standardError)")
    try expectGolden(result.standardOutput, test.goldenName)
  }
}
