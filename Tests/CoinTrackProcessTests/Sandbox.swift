import Foundation

/// What a run of the real binary printed and how it exited.
struct ProcessResult: Sendable {
  let standardOutput: String
  let standardError: String
  let status: Int32
}

/// A fresh HOME, XDG_DATA_HOME and XDG_CACHE_HOME in a temporary directory, and a way to run the
/// built `cointrack` in it with an explicit environment. The directory is removed on deinit.
final class Sandbox: @unchecked Sendable {
  let root: URL

  /// The `cointrack` built beside this test executable; tests never call `swift build`.
  static let binary: URL = {
    let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testExecutable.deletingLastPathComponent()
    // Swift Testing on Linux runs `<name>.xctest` directly from the build directory.
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("cointrack").path),
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
    var environment = self.environment
    for (key, value) in overrides { environment[key] = value }
    return try Sandbox.run(Sandbox.binary, arguments, environment: environment)
  }

  /// Runs any executable and collects its output; both pipes are read concurrently so that a
  /// full pipe never blocks the child.
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws
    -> ProcessResult
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = LockedData()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      status: process.terminationStatus)
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

/// Data handed from a reader thread back to the test.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ value: Data) {
    lock.lock()
    data = value
    lock.unlock()
  }

  func get() -> Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}
