import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a run of a program printed and how it exited.
public struct ProcessResult: Sendable {
  public let standardOutput: String
  public let standardError: String
  public let status: Int32

  public init(standardOutput: String, standardError: String, status: Int32) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.status = status
  }
}

/// A running executable that the test can watch and kill: two threads drain its stdout and
/// stderr as it writes, so that a full pipe never blocks it, and the test can wait for a line on
/// stderr while it runs.
///
/// Started with posix_spawn rather than Foundation's Process, which takes arguments and variables
/// as Strings and so cannot pass the bytes that are not UTF-8 some tests need, and which under
/// many concurrent launches has closed descriptors that other threads had reopened, giving
/// children of other tests a closed stdout (swift#57827).
public final class SpawnedProcess: @unchecked Sendable {
  // Unchecked: `output`, `error` and `openStreams` are only touched while holding `condition`.
  private let condition = NSCondition()
  private var output = Data()
  private var error = Data()
  private var openStreams = 2
  public let processIdentifier: pid_t
  /// The write end of the child's stdin when it was started with `lifeline`; -1 otherwise.
  private let lifeline: Int32

  /// Starts `executable`; stdin is /dev/null, or with `lifeline` a pipe this object holds open
  /// until it goes, so that a child that exits at the end of its stdin cannot outlive it.
  public convenience init(
    _ executable: URL, _ arguments: [String], environment: [String: String],
    lifeline: Bool = false
  ) throws {
    try self.init(
      executable, rawArguments: arguments.map { Array($0.utf8) },
      rawEnvironment: environment.map { Array("\($0.key)=\($0.value)".utf8) },
      lifeline: lifeline)
  }

  /// Starts `executable` with arguments and `NAME=value` variables given as bytes, passed on
  /// exactly; stdin as for `init(_:_:environment:lifeline:)`.
  public init(
    _ executable: URL, rawArguments: [[UInt8]], rawEnvironment: [[UInt8]], lifeline: Bool = false
  ) throws {
    var outputPipe: [Int32] = [0, 0]
    var errorPipe: [Int32] = [0, 0]
    var inputPipe: [Int32] = [-1, -1]
    guard Self.pipe2(&outputPipe, O_CLOEXEC) == 0, Self.pipe2(&errorPipe, O_CLOEXEC) == 0,
      !lifeline || Self.pipe2(&inputPipe, O_CLOEXEC) == 0
    else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if lifeline {
      posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    // Other tests' pipes must not leak into this child and keep them open.
    _ = Self.addCloseFrom(&actions, 3)
    let argv = [Array(executable.path.utf8)] + rawArguments
    var pid: pid_t = 0
    let status = Self.withCStrings(argv) { argvPointers in
      Self.withCStrings(rawEnvironment) { environmentPointers in
        posix_spawn(&pid, executable.path, &actions, nil, argvPointers, environmentPointers)
      }
    }
    close(outputPipe[1])
    close(errorPipe[1])
    if lifeline { close(inputPipe[0]) }
    guard status == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      if lifeline { close(inputPipe[1]) }
      throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
    }
    processIdentifier = pid
    self.lifeline = inputPipe[1]
    drain(FileHandle(fileDescriptor: outputPipe[0], closeOnDealloc: true), isError: false)
    drain(FileHandle(fileDescriptor: errorPipe[0], closeOnDealloc: true), isError: true)
  }

  // glibc has both, but Swift's Glibc module leaves them out: look them up as C functions.
  private static let pipe2 = unsafeBitCast(
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2"),
    to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  private static let addCloseFrom = unsafeBitCast(
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"),
    to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

  /// Runs `body` with a NULL-terminated array of C strings holding `strings`.
  private static func withCStrings<Result>(
    _ strings: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { bytes -> UnsafeMutablePointer<CChar>? in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      bytes.withUnsafeBufferPointer { buffer in
        UnsafeMutableRawPointer(pointer).copyMemory(
          from: buffer.baseAddress!, byteCount: buffer.count)
      }
      pointer[bytes.count] = 0
      return pointer
    }
    defer { for pointer in pointers { pointer?.deallocate() } }
    return body(pointers + [nil])
  }

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

  deinit {
    if lifeline >= 0 { close(lifeline) }
  }

  /// Waits until stderr holds `text` (true) or is closed without it (false).
  public func waitForStandardError(containing text: String) -> Bool {
    waitFor { String(decoding: $0.error, as: UTF8.self).contains(text) ? true : nil } != nil
  }

  /// Waits for the first line on stdout and returns it without its newline; nil when stdout
  /// closes without one.
  public func firstLineOfStandardOutput() -> String? {
    waitFor { process in
      process.output.firstIndex(of: UInt8(ascii: "\n")).map {
        String(decoding: process.output[..<$0], as: UTF8.self)
      }
    }
  }

  /// Waits until `found` answers something for what was read so far, and returns it; nil when
  /// both streams close first.
  private func waitFor<Found>(_ found: (SpawnedProcess) -> Found?) -> Found? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let answer = found(self) { return answer }
      if openStreams == 0 { return nil }
      condition.wait()
    }
  }

  /// Sends SIGKILL: the process ends at once, wherever it is.
  public func kill() {
    _ = Glibc.kill(processIdentifier, SIGKILL)
  }

  /// Waits for both streams to close and the process to end, and returns what it printed; the
  /// status is the exit code, or the number of the signal that ended it.
  public func finish() -> ProcessResult {
    condition.lock()
    while openStreams > 0 { condition.wait() }
    let result = (output, error)
    condition.unlock()
    var status: Int32 = 0
    while waitpid(processIdentifier, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    return ProcessResult(
      standardOutput: String(decoding: result.0, as: UTF8.self),
      standardError: String(decoding: result.1, as: UTF8.self),
      status: signal == 0 ? (status >> 8) & 0xFF : signal)
  }
}
