import Foundation
import Testing

/// A program from the distribution or PyPI that some tests drive: a shell, an accounting tool.
///
/// A missing tool skips its test with a line on stdout, except under CI=true, where it fails the
/// run: CI installs them all (.ci/run), so a missing one means the install step broke.
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

  /// The tool, or nil after reporting it missing: a printed skip, or a failure under CI=true.
  static func require(
    _ name: String, extraDirectories: [URL] = [], installHint: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> URL? {
    if let url = find(name, extraDirectories: extraDirectories) { return url }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("\(name) is missing on CI; \(installHint)", sourceLocation: sourceLocation)
    } else {
      print("skipped: \(name) is not installed; \(installHint)")
    }
    return nil
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
