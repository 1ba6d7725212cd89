import CoinTrackTestSupport
import Foundation
import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Argument vectors built from the real command table mixed with junk, run in process against a
/// real state file: none crashes, and each ends in success or a documented code with a message.
extension FuzzTests {
  static let vectorCount = 10_000

  @Test func commandLinesFromTheTableAndJunkEndInSuccessOrADocumentedError() throws {
    let home = try ScratchHome()
    var generator = SeededGenerator(seed: Self.seed)
    let words = FuzzVocabulary()
    CrashReporter.install()
    defer { CrashReporter.clear() }
    var failures = 0
    for index in 0..<Self.vectorCount {
      let vector = words.vector(using: &generator)
      let environment = words.environment(using: &generator)
      let replay = "seed \(Self.seed), vector \(index): \(vector) with \(environment)"
      CrashReporter.record(replay)
      let outcome = home.run(vector, environment: environment)
      if let problem = Self.problem(with: outcome) {
        failures += 1
        Issue.record("\(problem) (\(replay)); stderr: \(outcome.standardError.debugDescription)")
        if failures == 10 { break }
      }
    }
    // Whatever the vectors did, the state file is still one that loads.
    if FileManager.default.fileExists(atPath: home.statePath) {
      #expect(home.run(["coins", "list"]).status == 0, "seed \(Self.seed)")
    }
  }

  /// What is wrong with an outcome, or nil when it is one the documentation allows.
  static func problem(with outcome: ScratchHome.Outcome) -> String? {
    let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast()
    guard outcome.standardError.isEmpty || outcome.standardError.hasSuffix("\n") else {
      return "stderr does not end with a line break"
    }
    if lines.contains(where: {
      $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }) {
      return "a message holds a control character"
    }
    guard let code = ExitCode(rawValue: outcome.status) else {
      return "undocumented exit code \(outcome.status)"
    }
    switch code {
    case .success:
      // Notes about missing days are the only thing a success may say on stderr.
      if let line = lines.first(where: { !$0.hasPrefix("cointrack: note: ") }) {
        return "a success wrote \(line.debugDescription) to stderr"
      }
      return nil
    case .internalError:
      return "internal error"
    default:
      // `sync` prints a record for every coin, then names each coin that failed and sums up.
      if lines.count >= 2, lines.dropLast().allSatisfy({ $0.hasPrefix("cointrack: error: ") }),
        lines.last?.contains("synced (see above)") == true
      {
        return nil
      }
      guard outcome.standardOutput.isEmpty else { return "a failure wrote to stdout" }
      guard let message = lines.first, message.hasPrefix("cointrack: "),
        message.count > "cointrack: ".count
      else { return "a failure without a message" }
      if code == .usage {
        guard lines.count == 3, lines[1].hasPrefix("Usage: cointrack"),
          lines[2].hasPrefix("See 'cointrack help")
        else { return "a usage error without its usage line" }
      } else if lines.count != 1 {
        return "a message of \(lines.count) lines"
      }
      return nil
    }
  }
}

/// The words the fuzzer builds vectors from: the command table's own, and junk.
struct FuzzVocabulary {
  let commandPaths: [[String]]
  let flags: [String]
  let valueOptions: [String]
  let values: [String]
  let junk: [String]

  init() {
    var paths: [[String]] = []
    var options = Set(CommandTable.globalOptions)
    func walk(_ command: CommandSpec, _ path: [String]) {
      paths.append(path)
      options.formUnion(command.options)
      for sub in command.subcommands { walk(sub, path + [sub.name]) }
    }
    walk(CommandTable.root, [])
    commandPaths = paths + HelpTopic.allCases.map { ["help", $0.rawValue] }
    let sorted = options.sorted { $0.name < $1.name }
    flags = sorted.flatMap { option in [option.flag] + (option.shortName.map { ["-\($0)"] } ?? []) }
    valueOptions = sorted.filter { $0.valueName != nil }.map(\.flag)

    let catalogue = SnapshotPriceSource().catalogue().entries.map(\.coin)
    values =
      sorted.flatMap(\.allowedValues)
      + [
        "today", "yesterday", "TODAY", "2024-01-01", "2026-05-20", "2026-05-21", "2017-08-17",
        "2024-02-29", "2023-02-29", "2024-13-01", "0000-01-01", "9999-12-31", "2024-1-1",
      ]
      + catalogue.flatMap { [$0.symbol, $0.symbol.lowercased(), $0.name, $0.name.uppercased()] }
      + ["0", "1", "3", "6", "12", "-1", "99999999999999999999", "bitcoin cash", " btc "]
      + ["alice", "bob smith", "zoë", String(repeating: "x", count: 32)]
    junk = [
      "", " ", "-", "--", "---", "=", "==", "--=", "-=", "=json", "--format=", "--format==json",
      "--format=json=csv", "--FORMAT", "-H", "-hh", "-xyz", "-h=1", "--help=yes", "--version=",
      "\u{0}", "\n", "\t", "\r\n", "\u{1B}[31m", "\u{7F}", "\u{202E}gnp.exe", "\u{2028}",
      "e\u{301}", "🚀", "🇺🇳", "日本語", "ｂｔｃ", "\u{FEFF}btc", "\u{FFFD}", "'", "\"", "\\", "%s%n",
      "$(rm -rf /)", "../../etc/passwd", "/dev/null", "NaN", "1e309", "-0", "0x10",
      String(repeating: "a", count: 10_000), String(repeating: "🚀", count: 5_000),
      String(repeating: "-", count: 300), String(repeating: "2024-01-01", count: 100),
    ]
  }

  /// One argument vector: usually a command path, then a mix of flags, values and junk.
  func vector(using generator: inout SeededGenerator) -> [String] {
    var vector =
      Int.random(in: 0..<10, using: &generator) < 8
      ? commandPaths.randomElement(using: &generator)! : []
    for _ in 0..<Int.random(in: 0...6, using: &generator) {
      vector.append(contentsOf: token(using: &generator))
    }
    if Int.random(in: 0..<20, using: &generator) == 0 { vector.shuffle(using: &generator) }
    return vector
  }

  private func token(using generator: inout SeededGenerator) -> [String] {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0...2: return [values.randomElement(using: &generator)!]
    case 3: return [flags.randomElement(using: &generator)!]
    case 4...5:
      return [valueOptions.randomElement(using: &generator)!, anyWord(using: &generator)]
    case 6:
      return [valueOptions.randomElement(using: &generator)! + "=" + anyWord(using: &generator)]
    case 7: return [junk.randomElement(using: &generator)!]
    case 8: return [mangled(anyWord(using: &generator), using: &generator)]
    default: return commandPaths.randomElement(using: &generator)!
    }
  }

  private func anyWord(using generator: inout SeededGenerator) -> String {
    Bool.random(using: &generator)
      ? values.randomElement(using: &generator)! : junk.randomElement(using: &generator)!
  }

  /// `word` with a character dropped, doubled, or replaced by a random scalar.
  private func mangled(_ word: String, using generator: inout SeededGenerator) -> String {
    var scalars = Array(word.unicodeScalars)
    guard !scalars.isEmpty else { return word }
    let position = Int.random(in: 0..<scalars.count, using: &generator)
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: scalars.remove(at: position)
    case 1: scalars.insert(scalars[position], at: position)
    default:
      let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
      scalars[position] = Unicode.Scalar(value) ?? "\u{FFFD}"
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }

  /// Usually nothing; sometimes a junk or odd COINTRACK_TODAY, COINTRACK_LOCK_TIMEOUT or COLUMNS.
  func environment(using generator: inout SeededGenerator) -> [String: String] {
    guard Int.random(in: 0..<10, using: &generator) == 0 else { return [:] }
    let variable = ["COINTRACK_TODAY", "COINTRACK_LOCK_TIMEOUT", "COLUMNS"]
      .randomElement(using: &generator)!
    let value = [anyWord(using: &generator), "0", "0.5", "-1", "86401", "inf", "nan", "40", "1000"]
      .randomElement(using: &generator)!
    return [variable: value]
  }
}
