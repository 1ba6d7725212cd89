import Foundation
import Testing

@testable import CoinTrackCLI

/// Every help screen and topic against its golden file; re-record with COINTRACK_RECORD=1.
@Suite struct HelpGoldenTests {
  static let paths = CommandPath(commands: [CommandTable.root]).descendants

  static func goldenName(_ path: CommandPath) -> String {
    "help/" + ([CommandTable.programName] + path.words).joined(separator: "-") + ".txt"
  }

  @Test(arguments: paths)
  func commandHelpMatchesItsGoldenFile(_ path: CommandPath) throws {
    let home = try TemporaryHome()
    let result = home.run(path.words + ["--help"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    try expectGolden(result.standardOutput, Self.goldenName(path))
    // `help WORDS` shows the same screen as `WORDS --help`.
    #expect(home.run(["help"] + path.words).standardOutput == result.standardOutput)
  }

  @Test(arguments: HelpTopic.allCases)
  func topicMatchesItsGoldenFile(_ topic: HelpTopic) throws {
    let result = try TemporaryHome().run(["help", topic.rawValue])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    try expectGolden(result.standardOutput, "help/topic-\(topic.rawValue).txt")
  }

  @Test func helpWrapsToColumns() throws {
    let result = try TemporaryHome().run(["prices", "--help"], environment: ["COLUMNS": "60"])
    try expectGolden(result.standardOutput, "help/cointrack-prices-columns-60.txt")
  }

  /// At any width, only example command lines and single words longer than the width may
  /// overflow: prose, usage and option descriptions wrap.
  @Test(arguments: [40, 60, 100])
  func noProseLineIsWiderThanColumns(_ width: Int) throws {
    let home = try TemporaryHome()
    for path in Self.paths {
      let text = home.run(path.words + ["--help"], environment: ["COLUMNS": String(width)])
        .standardOutput
      let examples = Set(path.command.examples.map { "  " + $0.command })
      for line in text.split(separator: "\n") where line.count > width {
        let isOneWord = !line.drop { $0 == " " }.contains(" ")
        #expect(
          examples.contains(String(line)) || isOneWord, "\(path.fullName) at \(width): \(line)")
      }
    }
  }

  @Test func everyCommandHasASummaryUsageAndTwoOrThreeExamples() {
    for path in Self.paths {
      #expect(!path.command.summary.isEmpty, "\(path.fullName)")
      #expect((2...3).contains(path.command.examples.count), "\(path.fullName)")
    }
  }

  @Test func helpNeverMentionsTheHiddenForm() throws {
    let home = try TemporaryHome()
    for path in Self.paths {
      #expect(!home.run(path.words + ["--help"]).standardOutput.contains("__complete"))
    }
  }
}
