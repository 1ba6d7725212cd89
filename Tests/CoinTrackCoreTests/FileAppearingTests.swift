import Foundation
import Testing

@testable import CoinTrackCore

/// A file that appears while it is read: another process's first save.
@Suite struct FileAppearingTests {
  /// A reader that finds nothing where a writer is making the file sees no file, never a
  /// dangling link: only a symbolic link whose target is missing is one.
  @Test func aFileMadeWhileItIsOpenedIsAbsentOrWhole() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("state.json").path
    let bytes = Array("{}".utf8)
    let stop = StopFlag()
    let stopped = DispatchSemaphore(value: 0)
    let writer = Thread {
      while !stop.isSet {
        try? FileSystem.replaceAtomically(path, with: bytes, mode: 0o600, isDurable: false)
        unlink(path)
      }
      stopped.signal()
    }
    writer.start()
    // The writer is done before its directory is removed.
    defer {
      stop.set()
      stopped.wait()
    }
    var seen: (absent: Int, whole: Int) = (0, 0)
    // Until the reader has met both, however the two threads are scheduled on a busy machine.
    var reads = 0
    while reads < 20_000 || ((seen.absent == 0 || seen.whole == 0) && reads < 5_000_000) {
      let read = try FileSystem.readFileIfPresent(path, limit: 100)
      if let read {
        #expect(read == bytes)
        seen.whole += 1
      } else {
        seen.absent += 1
      }
      reads += 1
    }
    #expect(seen.absent > 0 && seen.whole > 0, "the writer raced the reader: \(seen)")
  }

  @Test func aLinkToAMissingFileIsStillRefused() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("state.json").path
    #expect(symlink(directory.url.appendingPathComponent("gone").path, path) == 0)
    #expect(throws: FileError.self) { try FileSystem.readFileIfPresent(path, limit: 100) }
  }
}

/// A flag one thread sets and another reads.
private final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = false
  var isSet: Bool { lock.withLock { stored } }
  func set() { lock.withLock { stored = true } }
}
