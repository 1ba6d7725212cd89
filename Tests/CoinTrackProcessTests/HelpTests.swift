import CoinTrackTestSupport
import Foundation
import Testing

/// Help and version through the real binary.
@Suite struct HelpProcessTests {
  @Test func noArgumentsPrintsTheTopLevelHelp() throws {
    let sandbox = try Sandbox()
    let bare = try sandbox.run([])
    #expect(bare.status == 0)
    #expect(bare.standardError == "")
    #expect(bare.standardOutput.hasPrefix("Track cryptocurrency prices from the command line.\n"))
    #expect(bare.standardOutput.contains("Usage: cointrack <command> [options]\n"))
    for command in ["coins", "prices", "profile", "help"] {
      #expect(bare.standardOutput.contains("\n  \(command) "), "\(command)")
    }
    #expect(try sandbox.run(["--help"]).standardOutput == bare.standardOutput)
    #expect(try sandbox.run(["-h"]).standardOutput == bare.standardOutput)
    #expect(try sandbox.run(["help"]).standardOutput == bare.standardOutput)
  }

  @Test(arguments: [
    ["coins"], ["coins", "list"], ["coins", "add"], ["coins", "remove"], ["coins", "available"],
    ["prices"], ["profile"], ["profile", "show"], ["profile", "set"], ["help"],
  ])
  func everyCommandAnswersHelpTheSameThreeWays(words: [String]) throws {
    let sandbox = try Sandbox()
    let viaHelp = try sandbox.run(["help"] + words)
    #expect(viaHelp.status == 0)
    #expect(viaHelp.standardOutput.contains("Usage: cointrack \(words.joined(separator: " "))"))
    #expect(try sandbox.run(words + ["--help"]).standardOutput == viaHelp.standardOutput)
    #expect(try sandbox.run(words + ["-h"]).standardOutput == viaHelp.standardOutput)
    #expect(sandbox.stateData() == nil)
  }

  @Test func versionAndExitCodes() throws {
    let sandbox = try Sandbox()
    let version = try sandbox.run(["--version"])
    #expect(version.status == 0)
    // The commit shows only when the build was given COINTRACK_COMMIT.
    let line = version.standardOutput
    #expect(line.hasPrefix("cointrack 0.1.0 ("), "\(line)")
    #expect(line.hasSuffix("snapshot to 2026-05-20)\n"), "\(line)")
    #expect(line == "cointrack 0.1.0 (snapshot to 2026-05-20)\n" || line.contains(" (commit "))
    #expect(version.standardError == "")
    let codes = try sandbox.run(["help", "exit-codes"])
    #expect(codes.status == 0)
    for code in [
      " 0  EX_OK ", "64  EX_USAGE ", "65  EX_DATAERR ", "66  EX_NOINPUT ", "69  EX_UNAVAILABLE ",
      "70  EX_SOFTWARE ", "74  EX_IOERR ", "75  EX_TEMPFAIL ", "78  EX_CONFIG ",
    ] {
      #expect(codes.standardOutput.contains("\n  \(code)"), "\(code)")
    }
  }

  /// The manual page renders without a warning and names every command that
  /// `help --format json` lists.
  @Test func theManualPageRendersCleanly() throws {
    let groff = try ExternalTool.require("groff", installHint: "apt-get install groff-base")
    let sandbox = try Sandbox()
    let page = try sandbox.run(["help", "--man"])
    #expect(page.status == 0)
    let file = sandbox.root.appendingPathComponent("cointrack.1")
    try Data(page.standardOutput.utf8).write(to: file)
    let rendered = try ExternalTool.run(
      groff, ["-man", "-Tutf8", "-ww", "-P-cbou", file.path], environment: ["PATH": "/usr/bin:/bin"]
    )
    #expect(rendered.status == 0)
    #expect(rendered.standardError == "")
    // As a user reads it once installed: `man -l` of the file.
    let man = try ExternalTool.require("man", installHint: "apt-get install man-db")
    let read = try ExternalTool.run(
      man, ["-l", file.path],
      environment: [
        "PATH": "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80", "LC_ALL": "C.UTF-8",
        "HOME": sandbox.home.path,
      ])
    #expect(read.status == 0, "\(read.standardError)")
    #expect(read.standardOutput.contains("cointrack portfolio history"))
    let json = try sandbox.run(["help", "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    var commands: [String] = []
    func walk(_ object: [String: Any]) {
      for child in object["commands"] as? [[String: Any]] ?? [] {
        commands.append(child["command"] as? String ?? "")
        walk(child)
      }
    }
    walk(document)
    #expect(commands.count > 20)
    // Rendered, a command's heading is its synopsis as typed.
    let text = rendered.standardOutput
    for command in commands {
      #expect(text.contains("\n   " + command + " "), "\(command)")
    }
  }

  /// --quiet and COINTRACK_QUIET leave out the notes only: stdout and the exit code stay, and
  /// errors still print.
  @Test func quietLeavesOutTheNotesOnly() throws {
    let sandbox = try Sandbox()
    let stale = ["coins", "list", "--today", "2026-11-26", "--format", "csv"]
    let loud = try sandbox.run(stale)
    #expect(loud.status == 0)
    #expect(loud.standardError.hasPrefix("cointrack: note: the offline prices of BTC"))
    for quiet in [
      try sandbox.run(stale + ["--quiet"]),
      try sandbox.run(stale, environment: ["COINTRACK_QUIET": "1"]),
      try sandbox.run(stale, environment: ["COINTRACK_QUIET": "true"]),
    ] {
      #expect(quiet.status == loud.status)
      #expect(quiet.standardOutput == loud.standardOutput)
      #expect(quiet.standardError == "")
    }
    for off in ["0", "false", ""] {
      #expect(
        try sandbox.run(stale, environment: ["COINTRACK_QUIET": off]).standardError
          == loud.standardError)
    }
    let range = [
      "prices", "btc", "--from", "2026-05-19", "--to", "2026-05-22", "--today", "2026-05-25",
    ]
    let notes = try sandbox.run(range)
    #expect(notes.standardError.contains("cointrack: note: "))
    let quietRange = try sandbox.run(range + ["--quiet"])
    #expect(quietRange.standardError == "")
    #expect(quietRange.standardOutput == notes.standardOutput)
    #expect(quietRange.status == notes.status)
    let failed = try sandbox.run(["prices", "nosuchcoin", "--quiet"])
    #expect(failed.status == 66)
    #expect(failed.standardError.hasPrefix("cointrack: unknown coin"), "\(failed.standardError)")
  }

  @Test func aQuietValueThatIsNeitherOnNorOffIsRefused() throws {
    let result = try Sandbox().run(["coins", "list"], environment: ["COINTRACK_QUIET": "yes"])
    #expect(result.status == 78)
    #expect(result.standardOutput == "")
    let message = "invalid COINTRACK_QUIET 'yes': use 1 or true to turn it on, 0, false or nothing"
    #expect(result.standardError == "cointrack: \(message) to turn it off.\n")
  }

  /// sync offers only the live sources it accepts.
  @Test func syncOffersOnlyLiveSources() throws {
    let sandbox = try Sandbox()
    let help = try sandbox.run(["help", "sync"], environment: ["COLUMNS": "200"])
    #expect(help.standardOutput.contains("One of: coingecko, binance, twelvedata."))
    #expect(!help.standardOutput.contains("One of: offline"))
    let refused = try sandbox.run(["sync", "--source", "offline"])
    #expect(refused.status == 64)
    #expect(sandbox.stateData() == nil)
  }
}
