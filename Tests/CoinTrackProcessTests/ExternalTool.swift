import CoinTrackTestSupport
import Foundation
import Testing

/// A program from the distribution or PyPI that some tests drive: a shell, an accounting tool.
///
/// A missing tool cancels its test, which Swift Testing reports as skipped (with the install
/// hint), except under CI=true, where it fails the test: CI installs them all (.ci/run), so a
/// missing one means the install step broke.
enum ExternalTool {
  /// Where .ci/run puts the beancount virtual environment.
  static var beancountVirtualEnvironment: URL {
    let environment = ProcessInfo.processInfo.environment
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? "/root") + "/.cache"
    return URL(fileURLWithPath: cache).appendingPathComponent("cointrack-ci/beancount")
  }

  /// The executable called `name` on PATH or in `extraDirectories`; nil when there is none.
  static func find(_ name: String, extraDirectories: [URL] = []) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let directories =
      path.split(separator: ":").map { URL(fileURLWithPath: String($0)) } + extraDirectories
    return directories.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The tool; when it is missing, the test is cancelled (skipped), or fails under CI=true.
  static func require(
    _ name: String, extraDirectories: [URL] = [], installHint: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> URL {
    if let url = find(name, extraDirectories: extraDirectories) { return url }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      throw Missing(description: "\(name) is missing on CI; \(installHint)")
    }
    try Test.cancel("\(name) is not installed; \(installHint)", sourceLocation: sourceLocation)
  }

  /// A tool that CI should have installed.
  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `tool` with `arguments` under a time limit, so that a hung shell fails the test
  /// instead of the whole run.
  static func run(
    _ tool: URL, _ arguments: [String], environment: [String: String], seconds: Int = 60
  ) throws -> ProcessResult {
    let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
    return try Sandbox.run(
      timeout, ["\(seconds)", tool.path] + arguments, environment: environment)
  }
}
