import CoinTrackTestSupport
import Foundation
import Testing

/// Every write to stdout is checked: a stdout that cannot be written ends the run with 74 and one
/// sentence on stderr, keeping what was written; only a closed pipe ends quietly with 0.
@Suite struct OutputFailureTests {
  /// The whole snapshot of BTC as CSV: about 150 KB, several chunks.
  static let largeOutput = [
    "prices", "BTC", "--from", "2017-08-17", "--to", "2026-05-20", "--format", "csv",
  ]

  /// Runs the binary with `arguments` from a shell that first applies `redirection` to stdout.
  private func run(_ sandbox: Sandbox, _ arguments: [String], redirection: String) throws
    -> ProcessResult
  {
    try Sandbox.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec \"$0\" \"$@\" \(redirection)", Sandbox.binary.path] + arguments,
      environment: sandbox.environment)
  }

  @Test func aFullDeviceEndsWith74NamingStandardOutput() throws {
    let sandbox = try Sandbox()
    for arguments in [Self.largeOutput, ["coins", "list"], ["prices", "btc", "--stats"]] {
      let result = try run(sandbox, arguments, redirection: ">/dev/full")
      #expect(result.status == 74, "\(arguments)")
      #expect(
        result.standardError
          == "cointrack: cannot write to standard output: No space left on device; the output "
          + "is incomplete.\n", "\(arguments)")
    }
  }

  @Test func aClosedStandardOutputEndsWith74AndNoFileTakesItsPlace() throws {
    let sandbox = try Sandbox()
    let result = try run(sandbox, ["coins", "add", "ADA"], redirection: ">&-")
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "cointrack: cannot write to standard output: Bad file descriptor; the output is "
        + "incomplete.\n")
    // The change itself was made, and the output went into no file cointrack opened.
    let list = try sandbox.run(["coins", "list", "--format", "csv", "--fields", "symbol"])
    #expect(list.standardOutput == "symbol\r\nBTC\r\nETH\r\nBNB\r\nSOL\r\nXRP\r\nADA\r\n")
    let lock = try FileManager.default.attributesOfItem(atPath: sandbox.stateFile.path + ".lock")
    #expect(lock[.size] as? Int == 0)
    #expect(try run(sandbox, Self.largeOutput, redirection: ">&-").status == 74)
  }

  @Test func aFullFileSystemEndsWith74AndKeepsWhatWasWritten() throws {
    let sandbox = try Sandbox()
    let full = try sandbox.run(Self.largeOutput)
    #expect(full.status == 0)
    let directory = sandbox.root.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try PrivilegedSetup.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.path])
    defer { PrivilegedSetup.unmount(directory) }
    let file = directory.appendingPathComponent("prices.csv")

    let result = try run(sandbox, Self.largeOutput, redirection: ">'\(file.path)'")
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "cointrack: cannot write to standard output: No space left on device; the output is "
        + "incomplete.\n")
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.utf8.count >= 16 * 1024)
    #expect(full.standardOutput.hasPrefix(written))
    #expect(written.utf8.count < full.standardOutput.utf8.count)
  }

  @Test func aClosedPipeStillEndsQuietlyWithSuccessInEveryFormat() throws {
    let sandbox = try Sandbox()
    for format in ["table", "csv", "json", "ledger"] {
      let script = """
        "$1" prices BTC --from 2017-08-17 --to 2026-05-20 --format \(format) | head -c 10 >/dev/null
        echo "status=${PIPESTATUS[0]}" >&2
        """
      let result = try Sandbox.run(
        URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", Sandbox.binary.path],
        environment: sandbox.environment)
      #expect(result.standardError == "status=0\n", "\(format)")
    }
  }
}
