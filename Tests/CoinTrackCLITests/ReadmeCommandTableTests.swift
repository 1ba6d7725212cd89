import Foundation
import Testing

@testable import CoinTrackCLI

/// The README's summary of the commands and its table of global options are the command table's:
/// each is a block between markers, and a failure prints the block the table gives, so a command
/// or option added to the table cannot be missing from the README. (Not re-recorded: the README's
/// examples are, by another suite, and two writers of one file would race.)
@Suite struct ReadmeCommandTableTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  /// Every command a user can run, one row each, with its arguments and summary.
  static var commandsBlock: String {
    let leaves = CommandPath(commands: [CommandTable.root]).descendants.filter {
      $0.command.leaf != nil
    }
    let rows = leaves.map { path in
      let words = [path.fullName] + path.command.arguments.map(\.synopsis)
      return "| `\(words.joined(separator: " "))` | \(escaped(path.command.summary)) |"
    }
    return (["| command | what it does |", "| --- | --- |"] + rows).joined(separator: "\n")
  }

  /// Every global option with its summary, allowed values and default.
  static var globalOptionsBlock: String {
    let rows = CommandTable.globalOptions.map { option in
      var meaning = option.summary
      if !option.allowedValues.isEmpty {
        meaning +=
          " One of: " + option.allowedValues.map { "`\($0)`" }.joined(separator: ", ") + "."
      }
      return
        "| `\(option.synopsis)` | \(escaped(meaning)) | \(escaped(option.defaultDescription ?? "")) |"
    }
    return (["| option | meaning | default |", "| --- | --- | --- |"] + rows).joined(
      separator: "\n")
  }

  /// `text` safe in a Markdown table cell.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  @Test(arguments: [("commands", commandsBlock), ("global options", globalOptionsBlock)])
  func theReadmeBlockIsTheCommandTables(name: String, block: String) throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let start = "<!-- \(name): generated from the command table -->\n"
    let end = "\n<!-- end of \(name) -->"
    let open = try #require(text.range(of: start), "README.md lacks the marker \(start)")
    let close = try #require(text.range(of: end, range: open.upperBound..<text.endIndex))
    #expect(
      String(text[open.upperBound..<close.lowerBound]) == block,
      "README.md's \(name) should be:\n\(block)")
  }
}
