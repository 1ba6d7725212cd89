import CoinTrackCore
import Foundation
import Testing

@testable import CoinTrackCLI

/// The scripts in completions/ are what `cointrack completion SHELL` prints, and they cover the
/// whole command table. The real shells run them in the process tests.
@Suite struct CompletionScriptTests {
  static let completionsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("completions")

  static func fileName(_ shell: Shell) -> String {
    switch shell {
    case .bash: return "cointrack.bash"
    case .zsh: return "_cointrack"
    case .fish: return "cointrack.fish"
    }
  }

  @Test(arguments: Shell.allCases)
  func committedScriptMatchesTheBinary(_ shell: Shell) throws {
    let result = try TemporaryHome().run(["completion", shell.rawValue])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let url = Self.completionsDirectory.appendingPathComponent(Self.fileName(shell))
    if ProcessInfo.processInfo.environment["COINTRACK_RECORD"] == "1" {
      try result.standardOutput.write(to: url, atomically: true, encoding: .utf8)
    }
    let committed = try? String(contentsOf: url, encoding: .utf8)
    #expect(
      committed == result.standardOutput,
      "completions/\(Self.fileName(shell)) is stale: run COINTRACK_RECORD=1 swift test")
  }

  @Test(arguments: Shell.allCases)
  func scriptNamesEveryCommandOptionAndValue(_ shell: Shell) {
    let script = CompletionScript.text(for: shell)
    for path in CompletionScript.paths {
      for subcommand in path.command.subcommands {
        #expect(script.contains(subcommand.name), "\(shell): \(subcommand.name)")
      }
      for option in path.options {
        // fish declares long options by name (-l format), the others by flag.
        #expect(script.contains(shell == .fish ? "-l \(option.name)" : option.flag))
        for value in option.allowedValues { #expect(script.contains(value), "\(value)") }
      }
      for argument in path.command.arguments {
        for value in argument.allowedValues { #expect(script.contains(value), "\(value)") }
      }
    }
  }

  /// The bash script completes an option's value by the option's name, except where a command
  /// allows other values, so options that share a name take a value alike and complete alike;
  /// their help, and their allowed values, may be worded for each command.
  /// The bash script completes an option's value by its name, and answers first for a command
  /// whose option of that name takes choices of its own (import's --from FORMAT beside the
  /// --from DATE of others; sync's --source): any other difference would complete wrongly.
  @Test func anOptionNameCompletesAlikeUnlessItsCommandNamesItsChoices() {
    var seen: [String: OptionSpec] = [:]
    for option in CompletionScript.paths.flatMap(\.options) {
      if let earlier = seen[option.name] {
        // The short name and whether a value follows are how bash walks past the option.
        #expect(earlier.shortName == option.shortName, "--\(option.name)")
        #expect((earlier.valueName == nil) == (option.valueName == nil), "--\(option.name)")
        if option.completion != .choices {
          #expect(earlier.valueName == option.valueName, "--\(option.name)")
          #expect(earlier.completion == option.completion, "--\(option.name)")
        }
      }
      seen[option.name] = seen[option.name] ?? option
    }
  }

  @Test func bashCompletesImportsFormatsBeforeTheDatesOfFrom() {
    let formats = ExportFormat.allCases.map(\.rawValue).joined(separator: " ")
    #expect(
      CompletionScript.bash().contains(
        "'portfolio import' ) case $1 in --from) REPLY='\(formats)'; return ;; esac ;;"))
  }

  /// sync's --source completes to the live sources alone in bash too, which completes other
  /// options by name.
  @Test func bashCompletesSyncSourcesWithoutOffline() {
    #expect(
      CompletionScript.bash().contains(
        "'sync' ) case $1 in --source) REPLY='coingecko binance twelvedata'; return ;; esac ;;"))
  }

  @Test func unknownShellIsAUsageError() throws {
    let result = try TemporaryHome().run(["completion", "pwsh"])
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.hasPrefix("cointrack: unknown shell 'pwsh'; choose bash, zsh or fish.\n")
    )
  }
}
