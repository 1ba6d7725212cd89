import Foundation
import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// `help --format json` and `help --man` describe exactly the command table.
@Suite struct HelpDocumentTests {
  /// The JSON object `help --format json` prints.
  static func document() throws -> [String: Any] {
    let result = try TemporaryHome().run(["help", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(object as? [String: Any])
  }

  /// Every command object in the document, by its full name, found by walking `commands`.
  static func commands(in object: [String: Any]) -> [String: [String: Any]] {
    var found: [String: [String: Any]] = [:]
    if let name = object["command"] as? String { found[name] = object }
    for child in object["commands"] as? [[String: Any]] ?? [] {
      found.merge(commands(in: child)) { first, _ in first }
    }
    return found
  }

  static func names(_ list: Any?) -> [String] {
    (list as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test func theJSONListsEveryCommandTheParserAcceptsWithItsOptions() throws {
    let document = try Self.document()
    #expect(document["schema_version"] as? Int == CommandTreeJSON.schemaVersion)
    let listed = Self.commands(in: document)
    let paths = CommandPath(commands: [CommandTable.root]).descendants
    #expect(listed.count == paths.count)
    for path in paths {
      let command = try #require(listed[path.fullName], "\(path.fullName) is not listed")
      #expect(Self.names(command["options"]) == path.command.options.map(\.name))
      #expect(Self.names(command["arguments"]) == path.command.arguments.map(\.name))
      let fields = command["fields"] as? [[String: Any]]
      #expect(
        fields?.compactMap { $0["name"] as? String } == path.command.output?.fields.map(\.key))
      // The parser knows the command by the words the document gives.
      if path.commands.count > 1 {
        let parsed = try? CommandLineParser.parse(path.words + ["--help"])
        #expect(parsed == .help(path), "\(path.fullName)")
      }
    }
    #expect(!listed.keys.contains { $0.contains(CommandTable.hiddenCommandPrefix) })
    #expect(Self.names(document["global_options"]) == CommandTable.globalOptions.map(\.name))
    let format = try #require(
      (document["global_options"] as? [[String: Any]])?.first { $0["name"] as? String == "format" })
    #expect(format["allowed_values"] as? [String] == OutputFormat.all.map(\.name))
    #expect(format["default"] as? String == "table")
    #expect(format["value"] as? String == "FORMAT")
    let codes = (document["exit_codes"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? Int }
    #expect(codes == ExitCode.allCases.map { Int($0.rawValue) })
    #expect(Self.names(document["environment"]) == VariableHelp.rows.flatMap(\.names))
  }

  /// The manual page names every command and escapes what roff would read as requests.
  @Test func theManualPageHasEveryCommandAndEveryOption() throws {
    let result = try TemporaryHome().run(["help", "--man"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(".TH COINTRACK 1 "))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS",
      "ENVIRONMENT", "FILES", "EXAMPLES",
    ] {
      #expect(result.standardOutput.contains("\n.SH \(section)\n"), "\(section)")
    }
    for path in CommandPath(commands: [CommandTable.root]).descendants.dropFirst() {
      #expect(
        result.standardOutput.contains(".SS \"" + ManualPage.escaped(path.fullName)),
        "\(path.fullName)")
      for option in path.command.options {
        #expect(result.standardOutput.contains(ManualPage.escaped(option.flag)), "\(option.flag)")
      }
    }
    // Every line that starts with '.' is one of the requests the page uses, never text.
    let requests = [".TH ", ".SH ", ".SS ", ".TP", ".PP", ".B ", ".I ", ".RI "]
    for line in result.standardOutput.split(separator: "\n") where line.hasPrefix(".") {
      #expect(requests.contains { line == $0 || line.hasPrefix($0) }, "\(line)")
    }
  }

  @Test func roffSpecialsAreEscaped() {
    #expect(ManualPage.escaped("--format") == "\\-\\-format")
    #expect(ManualPage.escaped("a\\b") == "a\\eb")
    #expect(ManualPage.escaped(".hidden") == "\\&.hidden")
    #expect(ManualPage.escaped("'quoted'") == "\\&'quoted'")
    #expect(ManualPage.escaped("caf\u{E9}") == "caf\\[u00E9]")
  }

  @Test(arguments: [["help", "--man", "prices"], ["help", "--format", "json", "sync"]])
  func theWholeTreeOnlyTakesNoCommand(_ arguments: [String]) throws {
    let result = try TemporaryHome().run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
  }

  @Test func theManualPageAndJSONTogetherAreRefused() throws {
    let result = try TemporaryHome().run(["help", "--man", "--format", "json"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix("cointrack: --man and --format cannot be used together."))
  }
}
