import Foundation
import Testing

/// The allocator serves a run's large buffers from its heap, watched from outside with strace on
/// the real binary: a state file of a thousand trades, read whole and decoded, maps no block of
/// its own, so that its pages serve the buffers that come after instead of new ones faulted in.
@Suite struct LargeAllocationTests {
  @Test func aLargeStateFileIsReadWithoutMappingABlockApart() throws {
    let strace = try ExternalTool.require("strace", installHint: "apt-get install strace")
    let sandbox = try Sandbox()
    let lines = (0..<1_000).map { index in
      let day = Calendar(identifier: .gregorian).date(
        byAdding: .day, value: index, to: Date(timeIntervalSince1970: 1_704_067_200))!
      let date = ISO8601DateFormatter.string(
        from: day, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
      return "\(date),buy,btc,0.00\(index % 10)1,\(40_000 + index).12345678,0.5,USDT"
    }
    let file = sandbox.root.appendingPathComponent("trades.csv")
    try Data((["date,side,coin,quantity,price,fee,currency"] + lines).joined(separator: "\n").utf8)
      .write(to: file)
    let imported = try sandbox.run(
      ["portfolio", "import", file.path], environment: ["COINTRACK_TODAY": "2026-11-22"])
    #expect(imported.status == 0, "\(imported.standardError)")
    // glibc maps any block of 128 kB or more apart unless told otherwise.
    let stateSize = try #require(sandbox.stateData()).count
    #expect(stateSize > 128 * 1024)

    let trace = sandbox.root.appendingPathComponent("trace.txt")
    let result = try ExternalTool.run(
      strace,
      ["-o", trace.path, "-e", "trace=mmap", Sandbox.binary.path, "portfolio", "trades"],
      environment: sandbox.environment.merging(["COINTRACK_TODAY": "2026-11-22"]) { $1 })
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.split(separator: "\n").count == 1_000 + 1)
    let blocks = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").filter {
      $0.hasPrefix("mmap(NULL, ") && $0.contains("MAP_ANONYMOUS")
    }
    let large = blocks.filter { line in
      let length = line.dropFirst("mmap(NULL, ".count).prefix { $0 != "," }
      return Int(length).map { $0 >= 128 * 1024 } ?? true
    }
    #expect(large.isEmpty, "\(large)")
  }
}
