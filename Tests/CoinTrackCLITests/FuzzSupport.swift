import CoinTrackTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The fuzz tests. Serialized because they share the crash reporter's one record of what runs.
@Suite(.serialized) struct FuzzTests {
  /// The seed both fuzzers start from: COINTRACK_FUZZ_SEED when set, so that a failure can be
  /// replayed, else a fixed one, so that every run tries the same vectors.
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["COINTRACK_FUZZ_SEED"].flatMap { UInt64($0) }
    ?? 0xC017_5EED
}

/// Writes what a fuzzer is running to stderr when the process dies of a trap or a fault, because
/// a crash ends the test run before any expectation can say which input caused it.
enum CrashReporter {
  private static let capacity = 16_384
  nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(
    capacity: capacity)
  nonisolated(unsafe) private static var length = 0
  nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
  private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

  /// Installs the handlers; the ones found before (such as the Swift runtime's backtracer) run
  /// after it.
  static func install() {
    guard previous.isEmpty else { return }
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        _ = write(STDERR_FILENO, CrashReporter.buffer, CrashReporter.length)
        // Put back the handler found before and return: the faulting instruction runs again
        // and reaches it (abort raises again by itself).
        var old = CrashReporter.previous[signal] ?? sigaction()
        sigaction(signal, &old, nil)
      }
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
  }

  /// Remembers `text` as what is running now.
  static func record(_ text: String) {
    let bytes = Array(("\ncrashed while running: " + text + "\n").utf8.prefix(capacity))
    length = 0
    buffer.update(from: bytes, count: bytes.count)
    length = bytes.count
  }

  static func clear() {
    length = 0
  }
}
