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
    #expect(version.standardOutput == "cointrack 0.1.0\n")
    let codes = try sandbox.run(["help", "exit-codes"])
    #expect(codes.status == 0)
    for code in [
      " 0  EX_OK ", "64  EX_USAGE ", "65  EX_DATAERR ", "66  EX_NOINPUT ", "69  EX_UNAVAILABLE ",
      "70  EX_SOFTWARE ", "74  EX_IOERR ", "75  EX_TEMPFAIL ", "78  EX_CONFIG ",
    ] {
      #expect(codes.standardOutput.contains("\n  \(code)"), "\(code)")
    }
  }
}
