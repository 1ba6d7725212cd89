#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader of an output went away (a closed pipe): the run ends quietly with success.
public struct OutputClosed: Error {
  public init() {}
}

/// A destination for text: stdout, stderr, or a buffer in tests.
public protocol TextOutput: AnyObject {
  /// Writes all of `text`, or throws when the reader has gone away.
  func write(_ text: String) throws(OutputClosed)
}

/// Writes to a file descriptor, looping over short writes.
public final class FileDescriptorOutput: TextOutput {
  private let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public func write(_ text: String) throws(OutputClosed) {
    var text = text
    let failed = text.withUTF8 { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          // EPIPE (the reader is gone) and any other failure: there is nobody left to tell.
          return true
        }
        offset += count
      }
      return false
    }
    if failed { throw OutputClosed() }
  }
}

/// Collects everything written, for in-process tests.
public final class CapturedOutput: TextOutput {
  public private(set) var text = ""

  public init() {}

  public func write(_ text: String) throws(OutputClosed) {
    self.text += text
  }
}
