import CoinTrackTestSupport
import Foundation
import Testing

/// The committed completion scripts in real bash, zsh and fish over hostile candidates: shell
/// syntax offered as a coin is a literal word, never expanded or run.
@Suite struct HostileCompletionTests {
  /// Words that would run `mark` (which creates the file `RAN`) if a shell expanded them, and the
  /// directory both live in.
  static func payloads(in directory: URL) -> [String] {
    let mark = directory.appendingPathComponent("mark").path
    return ["$(\(mark))", "`\(mark)`", ";\(mark)", "|\(mark)", "$HOME"]
  }

  /// A sandbox whose PATH finds first a directory holding `mark`, and, when `fakeProgram`, a
  /// `cointrack` that answers `__complete` with the payloads; the real binary comes next.
  static func prepare(fakeProgram: Bool) throws -> (Sandbox, [String: String], URL) {
    let (sandbox, base) = try ShellCompletionTests.prepare()
    let directory = sandbox.root.appendingPathComponent("hostile-bin")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try write("#!/bin/sh\ntouch '\(directory.path)/RAN'\n", executable: "mark", in: directory)
    if fakeProgram {
      let lines = payloads(in: directory).joined(separator: "\n")
      try write(
        "#!/bin/sh\n[ \"$1\" = __complete ] || exit 64\ncat <<'END'\n\(lines)\nEND\n",
        executable: "cointrack", in: directory)
    }
    var environment = base
    environment["PATH"] = directory.path + ":" + (base["PATH"] ?? "")
    return (sandbox, environment, directory)
  }

  static func write(_ text: String, executable name: String, in directory: URL) throws {
    let file = directory.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }

  /// `word` as bash's `printf %q` and zsh's compadd quote it: each character outside the
  /// portable set behind a backslash.
  static func backslashQuoted(_ word: String) -> String {
    word.map { character -> String in
      character.isLetter || character.isNumber || "/._-@+".contains(character)
        ? String(character) : "\\" + String(character)
    }.joined()
  }

  static func expectNothingRan(in directory: URL, shell: String) {
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("RAN").path),
      "\(shell) ran a candidate")
  }

  /// A program that answers with shell syntax: each word is offered as text, and choosing one
  /// inserts it as text.
  @Test(arguments: ["bash", "zsh", "fish"])
  func hostileCandidatesAreOfferedAsWordsAndRunNothing(_ shell: String) throws {
    let (sandbox, environment, directory) = try Self.prepare(fakeProgram: true)
    let words = Self.payloads(in: directory)
    var cases: [ShellCompletionTests.Case] = [
      ("cointrack coins remove ", words), ("cointrack alerts remove ", words),
    ]
    if shell == "bash" { cases.append(("cointrack coins remove $", [words[0], words[4]])) }
    try ShellCompletionTests.driveAndCheck(
      shell, cases, in: sandbox, environment: environment, quoted: Self.backslashQuoted)
    Self.expectNothingRan(in: directory, shell: shell)
  }

  /// The real binary over a state whose tracked coin, and the coin of its alert, has a name made
  /// of shell syntax and a symbol holding `$`: every shell offers the symbol and the alert's id
  /// as words, fish with the name and the alert's symbol as descriptions, and nothing runs.
  @Test func theRealBinaryOverAHostileTrackedCoinRunsNothingInAnyShell() throws {
    let (sandbox, environment, directory) = try Self.prepare(fakeProgram: false)
    let mark = directory.appendingPathComponent("mark").path
    // Names may be at most 100 characters, so the path appears once.
    let name = "`true`; $(\(mark))"
    try sandbox.writeState(
      """
      {"schema_version": 5, "profile": {"username": "a", "source": null, "currency": null},
       "coins": [{"id": 7, "symbol": "$HOME", "name": "\(name)", "coingecko_id": "home-coin"}],
       "next_id": 8, "revision": 1,
       "alerts": [{"id": 4, "symbol": "$HOME", "name": "\(name)", "coingecko_id": "home-coin",
         "condition": "above", "threshold": 5, "days": null, "currency": "USD", "fired_on": null}],
       "next_alert_id": 5, "trades": [], "next_trade_id": 1}
      """)
    let listed = try sandbox.run(["coins", "list", "--format", "csv"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.contains("7,$HOME,\(name),,,,,,home-coin\r\n"))
    for shell in ["bash", "zsh", "fish"] {
      try ShellCompletionTests.driveAndCheck(
        shell,
        [
          ("cointrack coins remove ", ["$HOME", "7", "@home-coin"]),
          ("cointrack alerts remove ", ["4"]),
        ],
        in: sandbox, environment: environment, quoted: Self.backslashQuoted)
    }
    let fish = try ShellCompletionTests.driveFish(
      [("cointrack coins remove ", []), ("cointrack alerts remove ", [])], in: sandbox,
      environment: environment)
    #expect(fish.standardOutput.contains("$HOME\t\(name)\n"), "\(fish.standardOutput)")
    #expect(fish.standardOutput.contains("4\t$HOME above 5 USD\n"), "\(fish.standardOutput)")
    Self.expectNothingRan(in: directory, shell: "bash, zsh or fish")
  }
}
