import CoinTrackTestSupport
import Foundation

/// A fresh HOME, XDG_DATA_HOME and XDG_CACHE_HOME in a temporary directory, and a way to run the
/// built `cointrack` in it with an explicit environment. The directory is removed on deinit.
final class Sandbox: @unchecked Sendable {
  let root: URL

  /// The `cointrack` built beside this test executable; tests never call `swift build`.
  static let binary: URL = {
    let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testExecutable.deletingLastPathComponent()
    // Swift Testing on Linux runs `<name>.xctest` directly from the build directory.
    while !FileManager.default.isExecutableFile(
      atPath: directory.appendingPathComponent("cointrack").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("cointrack")
  }()

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  var home: URL { root.appendingPathComponent("home") }
  var dataHome: URL { root.appendingPathComponent("data") }
  var cacheHome: URL { root.appendingPathComponent("cache") }
  var stateFile: URL { dataHome.appendingPathComponent("cointrack/state.json") }
  /// The trades journal beside the state file.
  var tradesFile: URL { dataHome.appendingPathComponent("cointrack/trades.jsonl") }

  /// The environment every run gets: nothing inherited but PATH, and a fixed today.
  var environment: [String: String] {
    [
      "HOME": home.path, "XDG_DATA_HOME": dataHome.path, "XDG_CACHE_HOME": cacheHome.path,
      "PATH": "/usr/bin:/bin", "COINTRACK_TODAY": "2026-05-20", "LC_ALL": "C.UTF-8",
    ]
  }

  /// Runs the binary with `arguments`, the sandbox environment changed by `overrides` (a nil
  /// value removes a variable), and returns once both pipes are drained and it has exited.
  @discardableResult
  func run(_ arguments: [String], environment overrides: [String: String?] = [:]) throws
    -> ProcessResult
  {
    try spawn(arguments, environment: overrides).finish()
  }

  /// Starts the binary like `run` does and returns at once, for tests that run many processes
  /// together or kill one.
  func spawn(_ arguments: [String], environment overrides: [String: String?] = [:]) throws
    -> SpawnedProcess
  {
    var environment = self.environment
    for (key, value) in overrides { environment[key] = value }
    return try SpawnedProcess(Sandbox.binary, arguments, environment: environment)
  }

  /// Runs any executable and collects its output; both pipes are read concurrently so that a
  /// full pipe never blocks the child.
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws
    -> ProcessResult
  {
    try SpawnedProcess(executable, arguments, environment: environment).finish()
  }

  /// Copies the built binary to `destination` (creating its folder) with `/bin/cp`, never in
  /// this process: a file this process held open for writing would be inherited by every
  /// child another test spawns meanwhile, and executing it would then fail with "Text file
  /// busy" (ETXTBSY) for as long as such a child lives.
  static func installBinary(at destination: URL) throws {
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    let copy = try run(
      URL(fileURLWithPath: "/bin/cp"), [binary.path, destination.path],
      environment: ["PATH": "/usr/bin:/bin"])
    guard copy.status == 0 else { throw InstallFailed(message: copy.standardError) }
  }

  /// Writes `script` as an executable file at `destination` from a child shell, for the same
  /// reason as `installBinary`.
  static func installScript(_ script: String, at destination: URL) throws {
    let write = try run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"printf '%s\n' "$1" > "$2" && chmod 755 "$2""#, "sh", script, destination.path],
      environment: ["PATH": "/usr/bin:/bin"])
    guard write.status == 0 else { throw InstallFailed(message: write.standardError) }
  }

  /// `cp` or `sh` could not write the file.
  struct InstallFailed: Error {
    let message: String
  }

  /// Writes `text` as the state file, creating its directory.
  func writeState(_ text: String) throws {
    try writeState(Data(text.utf8))
  }

  func writeState(_ data: Data) throws {
    try FileManager.default.createDirectory(
      at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: stateFile)
  }

  /// The state file's bytes, or nil when there is none.
  func stateData() -> Data? {
    try? Data(contentsOf: stateFile)
  }
}
