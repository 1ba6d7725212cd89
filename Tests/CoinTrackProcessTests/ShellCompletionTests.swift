import CoinTrackCore
import CoinTrackTestSupport
import Foundation
import Testing

/// The committed scripts in completions/, loaded into the real bash, zsh and fish, completing
/// against the real binary in a sandbox whose tracked list differs from the defaults.
@Suite struct ShellCompletionTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let completions = repository.appendingPathComponent("completions")

  static let commands = [
    "coins", "prices", "sync", "profile", "alerts", "portfolio", "help", "completion",
  ]
  static let symbols = ["ADA", "BCH", "BNB", "BTC", "DOGE", "ETH", "SOL", "TRX", "XRP"]
  static let formats = ["table", "csv", "tsv", "json", "jsonl", "ledger", "hledger", "beancount"]

  /// A line typed up to the cursor, and the words the shell should offer there.
  typealias Case = (line: String, expected: [String])

  static let cases: [Case] = [
    ("cointrack pri", ["prices"]),
    ("cointrack ", commands),
    ("cointrack coins ", ["list", "add", "remove", "available"]),
    ("cointrack coins add ", symbols),
    ("cointrack coins add ada B", ["BCH", "BNB", "BTC"]),
    // The sandbox added DOGE (id 6) and removed BTC (id 1).
    (
      "cointrack coins remove ",
      [
        "ETH", "BNB", "SOL", "XRP", "DOGE", "2", "3", "4", "5", "6", "@ethereum", "@binancecoin",
        "@solana", "@ripple", "@dogecoin",
      ]
    ),
    ("cointrack coins remove @b", ["@binancecoin"]),
    // Symbols are upper case; what is typed may be any case.
    ("cointrack prices b", ["BCH", "BNB", "BTC"]),
    ("cointrack coins remove s", ["SOL"]),
    ("cointrack coins remove @B", ["@binancecoin"]),
    // The sandbox added alerts 1, 2 and 3, and removed 2.
    ("cointrack alerts remove ", ["1", "3"]),
    ("cointrack alerts remove 1 ", ["1", "3"]),
    ("cointrack prices ", symbols),
    ("cointrack prices --format ", formats),
    ("cointrack prices --format=j", ["json", "jsonl"]),
    ("cointrack prices btc --from ", ["today", "yesterday"]),
    // import's --from names a format, where every other command's names a day.
    ("cointrack portfolio import trades.csv --from ", ExportFormat.allCases.map(\.rawValue)),
    ("cointrack portfolio import --from=k", ["kraken", "koinly"]),
    ("cointrack portfolio gains --from ", ["today", "yesterday"]),
    ("cointrack --today 2026-01-01 prices btc --to y", ["yesterday"]),
    ("cointrack prices --st", ["--stats"]),
    ("cointrack prices btc --source ", ["offline", "coingecko", "binance", "twelvedata"]),
    ("cointrack profile set --source c", ["coingecko"]),
    ("cointrack help ", commands + ["exit-codes", "formats", "sources", "files"]),
    ("cointrack help coins ", ["list", "add", "remove", "available"]),
    ("cointrack completion ", ["bash", "zsh", "fish"]),
    ("cointrack --format csv coins r", ["remove"]),
  ]

  /// A sandbox whose tracked coins are not the defaults, with alerts 1 and 3 and two trade
  /// files in its root (where the shells run), and the environment the shells get: the
  /// binary's directory first on PATH, so that the scripts find `cointrack`.
  static func prepare() throws -> (Sandbox, [String: String]) {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["coins", "add", "doge"]).status == 0)
    #expect(try sandbox.run(["coins", "remove", "btc"]).status == 0)
    for condition in [
      ["--above", "50000"], ["--below", "2"], ["--change", "-10", "--days", "7"],
    ] {
      #expect(try sandbox.run(["alerts", "add", "btc"] + condition).status == 0)
    }
    #expect(try sandbox.run(["alerts", "remove", "2"]).status == 0)
    for name in ["trades.csv", "trades 2024.csv"] {
      try "".write(to: sandbox.root.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    var environment = sandbox.environment
    environment["PATH"] = Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    environment["XDG_CONFIG_HOME"] = sandbox.root.appendingPathComponent("config").path
    environment["TERM"] = "dumb"
    return (sandbox, environment)
  }

  /// The output of a driver that prints `### LINE` before the words offered for each line.
  static func check(
    _ output: ProcessResult, shell: String, cases: [Case] = cases,
    normalise: (String) -> String = { $0 }
  ) {
    #expect(output.status == 0, "\(shell) exited \(output.status): \(output.standardError)")
    var offered: [String: [String]] = [:]
    var current: String?
    for line in output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### ") {
        current = String(line.dropFirst(4))
        offered[current!] = []
      } else if let current, !line.isEmpty {
        offered[current]?.append(normalise(String(line)))
      }
    }
    for (line, expected) in cases {
      #expect(
        Set(offered[line] ?? ["(not run)"]) == Set(expected), "\(shell) after '\(line)'")
    }
  }

  /// Each shell completes every line of `cases` as the table declares: bash and zsh through
  /// their drivers below, fish with `complete -C`.
  @Test(arguments: ["bash", "zsh", "fish"])
  func completes(_ shell: String) throws {
    let (sandbox, environment) = try Self.prepare()
    try Self.driveAndCheck(shell, Self.cases, in: sandbox, environment: environment)
  }

  /// `portfolio import FILE` completes the names of files.
  @Test(arguments: ["bash", "zsh", "fish"])
  func completesFileNamesForImport(_ shell: String) throws {
    let (sandbox, environment) = try Self.prepare()
    // zsh offers a name quoted for the line; bash (told the words are file names) and fish
    // quote it as they insert it.
    let spaced = shell == "zsh" ? "trades\\ 2024.csv" : "trades 2024.csv"
    try Self.driveAndCheck(
      shell,
      [
        ("cointrack portfolio import tr", ["trades.csv", spaced]),
        ("cointrack portfolio import trades.", ["trades.csv"]),
      ], in: sandbox, environment: environment)
  }

  /// `--fields` completes the fields of the command at hand, and after a comma the fields not
  /// yet given; zsh offers the word after the comma, bash and fish the whole value.
  @Test(arguments: ["bash", "zsh", "fish"])
  func completesFieldsAfterACommaPerCommand(_ shell: String) throws {
    let (sandbox, environment) = try Self.prepare()
    func after(_ given: String, _ fields: [String]) -> [String] {
      shell == "zsh" ? fields : fields.map { given + $0 }
    }
    let alertFields = [
      "id", "symbol", "condition", "threshold", "days", "currency", "fired_on", "coin_id",
    ]
    try Self.driveAndCheck(
      shell,
      [
        ("cointrack alerts list --fields ", alertFields),
        ("cointrack prices --fields s", ["symbol", "source"]),
        (
          "cointrack prices btc --fields symbol,",
          after("symbol,", ["date", "price", "currency", "source", "closed"])
        ),
        ("cointrack prices --fields=date,s", after("date,", ["symbol", "source"])),
        (
          "cointrack prices --stats --fields symbol,m",
          after("symbol,", ["min_price", "min_date", "max_price", "max_date", "mean_price"])
        ),
        (
          "cointrack coins available --fields name,symbol,",
          after("name,symbol,", ["first_date", "last_date"])
        ),
      ], in: sandbox, environment: environment)
  }

  /// fish shows each coin's own name beside it, and each alert's coin, condition and threshold.
  @Test func fishDescribesEachCoinAndAlert() throws {
    let (sandbox, environment) = try Self.prepare()
    let output = try Self.driveFish(
      [
        ("cointrack prices b", []), ("cointrack coins remove ", []),
        ("cointrack alerts remove ", []),
      ],
      in: sandbox, environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    let lines = Set(output.standardOutput.split(separator: "\n").map(String.init))
    for line in [
      "BCH\tBitcoin Cash", "BNB\tBNB", "BTC\tBitcoin", "DOGE\tDogecoin", "6\tDogecoin",
      "@ethereum\tEthereum", "1\tBTC above 50000 USDT", "3\tBTC change -10% over 7 days",
    ] {
      #expect(lines.contains(line), "fish offers '\(line)'")
    }
  }

  /// Drives `shell` over `cases` and checks what it offers; a missing shell cancels the test.
  /// `quoted` turns an expected word into the form bash and zsh offer it in (fish prints words
  /// as they are and quotes them on insertion).
  static func driveAndCheck(
    _ shell: String, _ cases: [Case], in sandbox: Sandbox, environment: [String: String],
    quoted: @escaping (String) -> String = { $0 }
  ) throws {
    let offered = cases.map { (line: $0.line, expected: $0.expected.map(quoted)) }
    switch shell {
    case "bash":
      check(
        try driveBash(offered, in: sandbox, environment: environment), shell: shell, cases: offered)
    case "zsh":
      check(
        try driveZsh(offered, in: sandbox, environment: environment), shell: shell, cases: offered)
    default:
      check(
        try driveFish(cases, in: sandbox, environment: environment), shell: shell, cases: cases,
        normalise: fishWord)
    }
  }

  /// What bash offers for `cases` (a missing bash or bash-completion cancels the test): COMP_WORDS
  /// split as readline splits them ('=' is a word break), then the function that `complete -p`
  /// names, then COMPREPLY.
  static func driveBash(_ cases: [Case], in sandbox: Sandbox, environment: [String: String])
    throws -> ProcessResult
  {
    let bash = try ExternalTool.require("bash", installHint: "apt-get install bash bash-completion")
    let bashCompletion = "/usr/share/bash-completion/bash_completion"
    if !FileManager.default.fileExists(atPath: bashCompletion) {
      _ = try ExternalTool.require(
        "bash_completion", extraDirectories: [URL(fileURLWithPath: "/usr/share/bash-completion")],
        installHint: "apt-get install bash-completion")
    }
    var script = """
      cd \(HostileCompletionTests.backslashQuoted(sandbox.root.path))
      source \(bashCompletion)
      source \(Self.completions.appendingPathComponent("cointrack.bash").path)
      function=$(complete -p cointrack | sed -E 's/.*-F ([^ ]+).*/\\1/')

      """
    for (line, _) in cases {
      let words = Self.readlineWords(line)
      script += """
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1) COMP_LINE='\(line)' COMP_POINT=\(line.count) COMPREPLY=()
        "$function" cointrack "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo '### \(line)'
        printf '%s\\n' "${COMPREPLY[@]}"

        """
    }
    let file = sandbox.root.appendingPathComponent("drive.bash")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try ExternalTool.run(
      bash, ["--norc", "--noprofile", file.path], environment: environment)
  }

  /// `line` split as readline splits it for COMP_WORDS: at spaces, and around the '=' of
  /// `--option=value`, since '=' is in COMP_WORDBREAKS.
  static func readlineWords(_ line: String) -> [String] {
    line.components(separatedBy: " ").flatMap { word -> [String] in
      guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
      return [String(word[..<equals]), "=", String(word[word.index(after: equals)...])]
    }
  }

  /// What zsh offers for `cases` (a missing zsh cancels the test): compinit with the script's
  /// directory on fpath, driven through a pseudo-terminal (zpty) that types each line and a TAB
  /// in the sandbox's root; a wrapper around compadd records what is offered.
  static func driveZsh(_ cases: [Case], in sandbox: Sandbox, environment: [String: String])
    throws -> ProcessResult
  {
    let zsh = try ExternalTool.require("zsh", installHint: "apt-get install zsh")
    let driver = sandbox.root.appendingPathComponent("drive.zsh")
    try Self.zshDriver.write(to: driver, atomically: true, encoding: .utf8)
    let output = sandbox.root.appendingPathComponent("offered.txt")
    let result = try ExternalTool.run(
      zsh,
      ["-f", driver.path, Self.completions.path, output.path, sandbox.root.path]
        + cases.map(\.line),
      environment: environment)
    let offered = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return ProcessResult(
      standardOutput: offered, standardError: result.standardError, status: result.status)
  }

  /// What fish offers for `cases` (a missing fish cancels the test): `complete -C LINE` with the
  /// script sourced, in the sandbox's root.
  static func driveFish(_ cases: [Case], in sandbox: Sandbox, environment: [String: String])
    throws -> ProcessResult
  {
    let fish = try ExternalTool.require("fish", installHint: "apt-get install fish")
    var script = "cd \(HostileCompletionTests.backslashQuoted(sandbox.root.path))\n"
    script += "source \(Self.completions.appendingPathComponent("cointrack.fish").path)\n"
    for (line, _) in cases {
      script += "echo '### \(line)'; complete -C '\(line)'\n"
    }
    return try ExternalTool.run(fish, ["--no-config", "-c", script], environment: environment)
  }

  /// The word of a line fish prints: 'word<TAB>description', and inside --opt=value the whole
  /// word.
  static func fishWord(_ line: String) -> String {
    let word = line.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? line
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return word }
    return String(word[word.index(after: equals)...])
  }

  /// Types each line and a TAB into an interactive zsh and appends what compsys offers to the
  /// output file, after a `### LINE` header. Arguments: fpath directory, output file, working
  /// directory, lines.
  static let zshDriver = #"""
    zmodload zsh/zpty || exit 3
    fpath_dir=$1 out=$2 directory=$3
    shift 3
    : >| $out
    zpty z zsh -f -i
    zpty -w z "PS1='' RPS1=''; cd ${(q)directory}; fpath=(${(q)fpath_dir} \$fpath); __out=${(q)out}"
    zpty -w z 'autoload -Uz compinit && compinit -u -D'
    # Every match compsys adds is also written to the output file; calls that only query
    # matches (-O, -A, -D) pass straight through.
    zpty -w z 'compadd() { local -a __hits; local __arg; for __arg in "$@"; do case $__arg in (-[OAD]) builtin compadd "$@"; return;; (-|--) break;; esac; done; builtin compadd -A __hits "$@"; (( $#__hits )) && print -rl -- $__hits >> $__out; builtin compadd "$@"; }'
    zpty -w z 'unsetopt auto_list auto_menu list_beep; __done() { print -n "<<""DONE>>" }'
    for line in "$@"; do
      # comppostfuncs is emptied after each completion, so it is set again for every line.
      zpty -w z "comppostfuncs=(__done); print -r -- ${(q):-### $line} >> \$__out"
      zpty -w -n z "$line"$'\t'
      zpty -r -m z reply '*<<DONE>>*' || exit 4
      zpty -w -n z $'\C-e\C-u'
    done
    zpty -d z
    """#
}
