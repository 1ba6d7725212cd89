import Foundation

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// A fresh HOME and XDG_DATA_HOME in a temporary directory, for running command lines in process
/// against a real state file. The directory is removed on deinit.
final class ScratchHome {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  var statePath: String { root.path + "/data/cointrack/state.json" }

  /// What one in-process run printed and returned.
  struct Outcome {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  /// Runs `arguments` in process with this home and a fixed today; `environment` adds variables.
  func run(_ arguments: [String], environment: [String: String] = [:]) -> Outcome {
    let output = CapturedOutput()
    let error = CapturedOutput()
    var variables = [
      "HOME": root.path + "/home", "XDG_DATA_HOME": root.path + "/data",
      "COINTRACK_TODAY": "2026-05-20", "COINTRACK_LOCK_TIMEOUT": "10",
    ]
    variables.merge(environment) { $1 }
    let status = CoinTrackTool.run(
      RunContext(
        arguments: arguments, environment: Environment(variables), standardOutput: output,
        standardError: error, systemToday: { Day(iso: "2026-05-20")! }))
    return Outcome(status: status, standardOutput: output.text, standardError: error.text)
  }

  /// Writes `bytes` as the state file, creating its directory.
  func writeState(_ bytes: [UInt8]) throws {
    try FileManager.default.createDirectory(
      atPath: FileSystem.directory(of: statePath), withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: statePath))
  }

  /// The state file's bytes, or nil when there is none.
  func stateBytes() -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: statePath))).map { [UInt8]($0) }
  }
}

extension ScratchHome {
  /// The names in the state file's directory, sorted.
  func stateDirectoryListing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: FileSystem.directory(of: statePath))
      .sorted()
  }
}
