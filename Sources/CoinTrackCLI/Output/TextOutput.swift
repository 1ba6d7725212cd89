import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why text could not be written.
public enum OutputError: Error, Hashable {
  /// The reader went away (a closed pipe, EPIPE): the run ends quietly with success.
  case closed
  /// Writing failed otherwise (a full disk, a descriptor not open for writing): the run ends
  /// with 74, and what was written before stays.
  case failed(destination: String, reason: String)
}

extension OutputError: KindedFailure {
  /// `closed` never reaches the funnel: the run ends quietly before.
  public var failureKind: FailureKind { .ioError }
}

/// A destination for text: stdout, stderr, or a buffer in tests.
public protocol TextOutput: AnyObject {
  /// Writes all of `text`, or throws when it cannot.
  func write(_ text: String) throws(OutputError)
  /// Writes all of `bytes`, UTF-8 text, or throws when it cannot: records are rendered to bytes,
  /// which a String made of them would check again.
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(OutputError)
}

extension TextOutput {
  public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
    try write(String(decoding: bytes, as: UTF8.self))
  }
}

/// Writes to a file descriptor, looping over short writes and checking every one.
public final class FileDescriptorOutput: TextOutput {
  private let descriptor: Int32
  /// What the descriptor is, for messages: "standard output".
  private let name: String

  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  public func write(_ text: String) throws(OutputError) {
    var text = text
    try check(text.withUTF8(writeAll))
  }

  public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
    try check(writeAll(bytes))
  }

  /// Writes all of `bytes`, looping over short writes, and answers the errno of a write that
  /// failed, or nil.
  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return nil
  }

  /// Throws for the errno a write failed with, if any.
  private func check(_ failure: Int32?) throws(OutputError) {
    guard let failure else { return }
    if failure == EPIPE { throw .closed }
    throw .failed(destination: name, reason: String(cString: strerror(failure)))
  }

  /// Opens /dev/null, read-only, on each of stdin, stdout and stderr that the process was
  /// started without.
  ///
  /// Otherwise the first file cointrack opens would take the free number, and output meant for
  /// stdout or stderr would land in the state or lock file. Read-only, so that a write to a
  /// stdout that was closed still fails (EBADF) and ends the run with 74.
  public static func holdClosedStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open returns the lowest free number, which is this one: the lower ones are open.
      _ = open("/dev/null", O_RDONLY)
    }
  }
}

/// Collects everything written, for in-process tests.
public final class CapturedOutput: TextOutput {
  public private(set) var text = ""

  public init() {}

  public func write(_ text: String) throws(OutputError) {
    self.text += text
  }
}
