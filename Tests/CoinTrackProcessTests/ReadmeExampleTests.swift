import CoinTrackTestSupport
import Foundation
import Testing

/// The README's `console` examples are real: each `$ command` runs, in order, in one fresh home
/// with today fixed at 2026-05-20, and prints what the README shows (stdout and stderr as a
/// terminal would interleave them). COINTRACK_RECORD=1 rewrites the README's outputs.
///
/// Examples that ask a live source are left out: they need an API, and LiveSourceTests prove
/// those outputs against a real local HTTP server.
@Suite struct ReadmeExampleTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  @Test func everyOfflineExampleShowsWhatCointrackPrints() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let sandbox = try Sandbox()
    var environment = sandbox.environment
    environment["PATH"] = Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    var lastStatus: Int32 = 0
    var rewritten = ""
    var rest = Substring(text)
    var examplesRun = 0
    while let open = rest.range(of: "```console\n") {
      rewritten += rest[..<open.upperBound]
      rest = rest[open.upperBound...]
      guard let close = rest.range(of: "```\n") else { break }
      let block = String(rest[..<close.lowerBound])
      rest = rest[close.lowerBound...]
      // A note may name --source; only a command that asks a live source is left out.
      guard !Self.commands(in: block).contains(where: { $0.command.contains("--source") }) else {
        rewritten += block
        continue
      }
      var actual = ""
      for (command, expected) in Self.commands(in: block) {
        var output: String
        if command == "echo $?" {
          output = "\(lastStatus)\n"
        } else {
          let result = try Sandbox.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", "{ " + command + "; } 2>&1"],
            environment: environment)
          output = result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")
          lastStatus = result.status
        }
        examplesRun += 1
        #expect(output == expected, "README example: $ \(command)")
        actual += "$ " + command + "\n" + output
      }
      rewritten += actual
    }
    rewritten += rest
    #expect(examplesRun >= 15)
    if ProcessInfo.processInfo.environment["COINTRACK_RECORD"] == "1" {
      try rewritten.write(to: Self.readme, atomically: true, encoding: .utf8)
    }
  }

  /// The `$ ` lines of a block, each with the lines after it up to the next one.
  static func commands(in block: String) -> [(command: String, output: String)] {
    var commands: [(String, String)] = []
    for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line.hasPrefix("$ ") {
        commands.append((String(line.dropFirst(2)), ""))
      } else if !commands.isEmpty {
        commands[commands.count - 1].1 += line + "\n"
      }
    }
    return commands
  }
}
