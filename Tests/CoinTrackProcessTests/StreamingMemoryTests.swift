import CoinTrackTestSupport
import Foundation
import Testing

/// Offline rows stream: every day from year 1 to 9999 (3.65 million rows) takes no more memory
/// than one day. Holding the rows took 664 MB.
@Suite struct StreamingMemoryTests {
  /// The peak resident memory in KiB of the binary run with `arguments`, stdout discarded, as
  /// GNU time reports it.
  private func peakMemory(_ arguments: [String], time: URL, in sandbox: Sandbox) throws -> Int {
    let report = sandbox.root.appendingPathComponent("peak-memory.txt")
    let result = try Sandbox.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        "report=$1 binary=$2; shift 2; exec \"$0\" -f %M -o \"$report\" \"$binary\" \"$@\" >/dev/null",
        time.path, report.path, Sandbox.binary.path,
      ] + arguments, environment: sandbox.environment)
    try #require(result.status == 0, "\(arguments): \(result.standardError)")
    let text = try String(contentsOf: report, encoding: .utf8)
    return try #require(Int(text.split(separator: "\n").last ?? ""), "GNU time wrote \(text)")
  }

  // Formats whose rows are cheap to write even in a debug build; the benchmark measures CSV.
  @Test(arguments: [["--stats"], ["--format", "ledger"], ["--format", "beancount"]])
  func everyDayOfNineThousandYearsTakesTheMemoryOfOne(_ options: [String]) throws {
    let time = try ExternalTool.require(
      "time", extraDirectories: [URL(fileURLWithPath: "/usr/bin")],
      installHint: "apt-get install time")
    let sandbox = try Sandbox()
    let oneDay = try peakMemory(
      ["prices", "btc", "--from", "2026-05-20", "--to", "2026-05-20"] + options, time: time,
      in: sandbox)
    let everyDay = try peakMemory(
      ["prices", "btc", "--from", "0001-01-01", "--to", "9999-12-31", "--today", "9999-12-31"]
        + options, time: time, in: sandbox)
    #expect(everyDay < 2 * oneDay, "\(options): \(everyDay) KiB against \(oneDay) KiB for a day")
  }
}
