import CoinTrackTestSupport
import Foundation
import Testing

/// What a save asks of the kernel, watched from outside with strace on the real binary: the new
/// state is flushed to disk before it replaces the old one, and the rename is flushed after.
@Suite struct SaveDurabilityTests {
  @Test func theNewStateIsFlushedBeforeTheRenameAndTheDirectoryAfter() throws {
    let strace = try ExternalTool.require("strace", installHint: "apt-get install strace")
    let sandbox = try Sandbox()
    let trace = sandbox.root.appendingPathComponent("trace.txt")
    let result = try ExternalTool.run(
      strace,
      [
        "-o", trace.path, "-e", "trace=openat,open,fsync,fdatasync,close,rename,renameat,renameat2",
        Sandbox.binary.path, "profile", "set", "alice",
      ], environment: sandbox.environment)
    #expect(result.status == 0, "\(result)")
    // strace pads a call to a column before its result: `fsync(4)      = 0` becomes `fsync(4) = 0`.
    let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    let state = sandbox.stateFile.path

    // The temporary file: opened, written, fsynced, closed, then renamed over state.json.
    let temporaryOpen = try #require(
      calls.firstIndex { $0.hasPrefix("open") && $0.contains("\"\(state).tmp-") },
      "no temporary file opened:\n\(calls.joined(separator: "\n"))")
    let temporary = try #require(Self.descriptor(calls[temporaryOpen]))
    let temporaryClose = try #require(
      calls[temporaryOpen...].firstIndex { $0.hasPrefix("close(\(temporary))") })
    let rename = try #require(
      calls.firstIndex { $0.hasPrefix("rename") && $0.contains("\"\(state)\"") })
    #expect(temporaryClose < rename)
    #expect(
      calls[temporaryOpen..<temporaryClose].contains { $0 == "fsync(\(temporary)) = 0" },
      "state.json's content is not flushed before the rename:\n\(calls[temporaryOpen...rename].joined(separator: "\n"))"
    )

    // Then the directory, so that the rename itself survives a crash.
    let directory = sandbox.stateDirectory.path
    let directoryOpen = try #require(
      calls[rename...].firstIndex {
        $0.hasPrefix("open") && $0.contains("\"\(directory)\"") && $0.contains("O_DIRECTORY")
      }, "the directory is not opened after the rename")
    let directoryDescriptor = try #require(Self.descriptor(calls[directoryOpen]))
    #expect(calls[directoryOpen...].contains { $0 == "fsync(\(directoryDescriptor)) = 0" })
  }

  /// A sync flushes the history file it writes, which holds a close once the source forgets it,
  /// but not the cache entry of the same closes, which costs a request when a crash loses it
  /// (a sync of a thousand coins flushed twice as often with it).
  @Test func aSyncFlushesTheHistoryFileButNotTheCacheEntry() throws {
    let strace = try ExternalTool.require("strace", installHint: "apt-get install strace")
    let api = try FakePriceAPI([SyncTests.route("BTCUSDT")])
    let sandbox = try Sandbox()
    let trace = sandbox.root.appendingPathComponent("trace.txt")
    var environment = sandbox.environment
    for case (let name, let value?) in SyncTests.environment(api) { environment[name] = value }
    let result = try ExternalTool.run(
      strace,
      [
        "-f", "-o", trace.path, "-e", "trace=openat,open,fsync,fdatasync,close",
        Sandbox.binary.path, "sync", "BTC",
      ], environment: environment)
    #expect(result.status == 0, "\(result)")
    // `PID call = result`, strace's padding squeezed; the sync's worker thread writes both files.
    let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }

    /// The calls of the thread that opened a temporary file whose path holds `name`, from that
    /// open to the file's close, without the thread id.
    func callsWritingTemporary(of name: String) throws -> [String] {
      let open = try #require(
        calls.firstIndex { $0.contains(" open") && $0.contains(name + ".tmp-") },
        "no temporary of \(name) opened:\n\(calls.joined(separator: "\n"))")
      let thread = calls[open].prefix { $0 != " " }
      let ofThread = calls[open...].filter { $0.hasPrefix(thread + " ") }.map {
        String($0.dropFirst(thread.count + 1))
      }
      let descriptor = try #require(Self.descriptor(ofThread[0]))
      let close = try #require(ofThread.firstIndex { $0.hasPrefix("close(\(descriptor))") })
      return ofThread[...close].map { $0.replacingOccurrences(of: "(\(descriptor))", with: "(FD)") }
    }
    let history = try callsWritingTemporary(of: "cointrack/history/bitcoin.csv")
    #expect(history.contains("fsync(FD) = 0"), "\(history)")
    let cache = try callsWritingTemporary(of: "cointrack/binance/closes-BTCUSDT-USDT.json")
    #expect(!cache.contains("fsync(FD) = 0"), "\(cache)")
  }

  /// The descriptor an `openat(...) = N` line returns.
  private static func descriptor(_ line: String) -> Int? {
    line.components(separatedBy: " = ").last.flatMap { Int($0) }
  }
}
