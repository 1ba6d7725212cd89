import CoinTrackCore
import Foundation
import Testing

@testable import CoinTrackCLI

/// What one in-process run printed and returned.
struct RunResult {
  let standardOutput: String
  let standardError: String
  let status: Int32
}

/// A fresh home in a temporary directory, and a way to run command lines in process against it.
///
/// In-process runs take microseconds, so the CLI tests can afford one per table row; the
/// process tests cover what only the real binary shows.
final class TemporaryHome {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-cli-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// The environment of every run: a fixed today, no COLUMNS, no NO_COLOR.
  var environment: [String: String] {
    [
      "HOME": root.appendingPathComponent("home").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "COINTRACK_TODAY": "2026-05-20",
    ]
  }

  var stateFile: URL { root.appendingPathComponent("data/cointrack/state.json") }

  /// Runs `arguments` with the environment changed by `overrides`, stdout a terminal or not.
  func run(
    _ arguments: [String], environment overrides: [String: String] = [:], terminal: Bool = false
  ) -> RunResult {
    let output = CapturedOutput()
    let error = CapturedOutput()
    let context = RunContext(
      arguments: arguments, environment: Environment(environment.merging(overrides) { $1 }),
      standardOutput: output, standardError: error, standardOutputIsTerminal: terminal)
    let status = CoinTrackTool.run(context)
    return RunResult(standardOutput: output.text, standardError: error.text, status: status)
  }
}

/// Compares `actual` with a golden file under Tests/CoinTrackCLITests/Golden, or writes it there
/// when COINTRACK_RECORD=1.
func expectGolden(
  _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["COINTRACK_RECORD"] == "1" {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
  }
  let expected = try? String(contentsOf: url, encoding: .utf8)
  #expect(
    expected == actual,
    "\(name) differs from the output; re-record with COINTRACK_RECORD=1 swift test",
    sourceLocation: sourceLocation)
}

/// Parameterised tests name a command by its words, not by the whole table below it.
extension CommandPath: CustomTestStringConvertible {
  public var testDescription: String { fullName }
}

extension Example: CustomTestStringConvertible {
  public var testDescription: String { command }
}
