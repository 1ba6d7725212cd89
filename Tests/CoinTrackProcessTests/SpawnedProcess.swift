import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running executable that the test can watch and kill: two threads drain its stdout and
/// stderr as it writes, so that a full pipe never blocks it, and the test can wait for a line on
/// stderr while it runs.
final class SpawnedProcess: @unchecked Sendable {
  // Unchecked: `output`, `error` and `openStreams` are only touched while holding `condition`.
  private let process = Process()
  private let condition = NSCondition()
  private var output = Data()
  private var error = Data()
  private var openStreams = 2

  /// Starts `executable`; stdin is /dev/null.
  init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    drain(outputPipe.fileHandleForReading, isError: false)
    drain(errorPipe.fileHandleForReading, isError: true)
  }

  var processIdentifier: Int32 { process.processIdentifier }

  private func drain(_ handle: FileHandle, isError: Bool) {
    Thread.detachNewThread {
      while true {
        let chunk = handle.availableData
        self.condition.lock()
        if chunk.isEmpty {
          self.openStreams -= 1
        } else if isError {
          self.error.append(chunk)
        } else {
          self.output.append(chunk)
        }
        self.condition.broadcast()
        self.condition.unlock()
        if chunk.isEmpty { return }
      }
    }
  }

  /// Waits until stderr holds `text` (true) or is closed without it (false).
  func waitForStandardError(containing text: String) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if String(decoding: error, as: UTF8.self).contains(text) { return true }
      if openStreams == 0 { return false }
      condition.wait()
    }
  }

  /// Sends SIGKILL: the process ends at once, wherever it is.
  func kill() {
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for both streams to close and the process to end, and returns what it printed.
  func finish() -> ProcessResult {
    condition.lock()
    while openStreams > 0 { condition.wait() }
    let result = (output, error)
    condition.unlock()
    process.waitUntilExit()
    return ProcessResult(
      standardOutput: String(decoding: result.0, as: UTF8.self),
      standardError: String(decoding: result.1, as: UTF8.self),
      status: process.terminationStatus)
  }
}
