import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Runs a command line in process with a throw-away environment.
struct InProcessRun {
  let standardOutput: String
  let standardError: String
  let status: Int32

  init(
    _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
    terminalWidth: Int? = nil
  ) {
    let output = CapturedOutput()
    let error = CapturedOutput()
    var variables = ["HOME": "/nonexistent-home", "XDG_DATA_HOME": "/nonexistent-data"]
    variables.merge(environment) { $1 }
    status = CoinTrackTool.run(
      RunContext(
        arguments: arguments, environment: Environment(variables), standardOutput: output,
        standardError: error, standardOutputIsTerminal: terminal,
        standardOutputTerminalWidth: terminalWidth, systemToday: { Day(iso: "2026-05-20")! }))
    standardOutput = output.text
    standardError = error.text
  }
}

/// argv -> the exact error message and exit code; these fail before any file is touched.
@Suite struct CommandLineErrorTests {
  @Test(arguments: [
    (
      ["coin", "list"], 64,
      """
      cointrack: unknown command 'coin'; did you mean 'coins'?
      Usage: cointrack <command> [options]
      See 'cointrack help'.

      """
    ),
    (
      ["coins", "lsit"], 64,
      """
      cointrack: unknown command 'lsit' for 'cointrack coins'; did you mean 'list'?
      Usage: cointrack coins <command> [options]
      See 'cointrack help coins'.

      """
    ),
    (
      ["coins", "list", "--form", "json"], 64,
      """
      cointrack: unknown option '--form' for 'cointrack coins list'; did you mean '--format'?
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins", "list", "-x"], 64,
      """
      cointrack: unknown option '-x' for 'cointrack coins list'.
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins", "list", "--format", "xml"], 64,
      """
      cointrack: unknown format 'xml'; choose table, csv, tsv, json, jsonl, ledger, hledger or beancount.
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins", "list", "--format", "jsn"], 64,
      """
      cointrack: unknown format 'jsn'; did you mean 'json'?
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins", "list", "--format"], 64,
      """
      cointrack: option --format needs a value: <FORMAT>.
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins", "add"], 64,
      """
      cointrack: 'cointrack coins add' needs at least one <COIN>.
      Usage: cointrack coins add <COIN>... [options]
      See 'cointrack help coins add'.

      """
    ),
    (
      ["coins", "list", "extra"], 64,
      """
      cointrack: unexpected argument 'extra' for 'cointrack coins list'.
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["coins"], 64,
      """
      cointrack: 'cointrack coins' needs a command: list, add, remove or available.
      Usage: cointrack coins <command> [options]
      See 'cointrack help coins'.

      """
    ),
    (
      ["prices", "BTC", "--from", "2024-02-30"], 64,
      """
      cointrack: invalid date '2024-02-30' for --from: there is no such day.
      Usage: cointrack prices <COIN> [options]
      See 'cointrack help prices'.

      """
    ),
    (
      ["prices", "BTC", "--to", "01-02-2024"], 64,
      """
      cointrack: invalid date '01-02-2024' for --to: use YYYY-MM-DD, 'today' or 'yesterday'.
      Usage: cointrack prices <COIN> [options]
      See 'cointrack help prices'.

      """
    ),
    (
      ["prices", "BTC", "--today", "2024-13-01"], 64,
      """
      cointrack: invalid date '2024-13-01' for --today: there is no such day.
      Usage: cointrack prices <COIN> [options]
      See 'cointrack help prices'.

      """
    ),
    (
      ["--help=yes"], 64,
      """
      cointrack: option --help takes no value, but got '--help=yes'.
      Usage: cointrack <command> [options]
      See 'cointrack help'.

      """
    ),
    (
      ["-hx"], 64,
      """
      cointrack: unknown option '-x' for 'cointrack'.
      Usage: cointrack <command> [options]
      See 'cointrack help'.

      """
    ),
    (
      ["-h=--bogus"], 64,
      """
      cointrack: option --help takes no value, but got '-h=--bogus'.
      Usage: cointrack <command> [options]
      See 'cointrack help'.

      """
    ),
    (
      ["coins", "list", "-xh"], 64,
      """
      cointrack: unknown option '-x' for 'cointrack coins list'.
      Usage: cointrack coins list [options]
      See 'cointrack help coins list'.

      """
    ),
    (
      ["nosuch", "--help"], 64,
      """
      cointrack: unknown command 'nosuch'.
      Usage: cointrack <command> [options]
      See 'cointrack help'.

      """
    ),
    (
      ["coins", "lsit", "-h"], 64,
      """
      cointrack: unknown command 'lsit' for 'cointrack coins'; did you mean 'list'?
      Usage: cointrack coins <command> [options]
      See 'cointrack help coins'.

      """
    ),
    (
      ["prices", "BTC", "--today", "0001-01-01", "--from", "yesterday"], 64,
      """
      cointrack: invalid date 'yesterday' for --from: it would be 0000-12-31, outside 0001-01-01 to 9999-12-31.
      Usage: cointrack prices <COIN> [options]
      See 'cointrack help prices'.

      """
    ),
    (
      ["prices", "BTC", "--today", "0001-01-01", "--from", "0000-12-31"], 64,
      """
      cointrack: invalid date '0000-12-31' for --from: there is no such day.
      Usage: cointrack prices <COIN> [options]
      See 'cointrack help prices'.

      """
    ),
    (
      ["help", "pricez"], 64,
      """
      cointrack: no command or help topic is called 'pricez'; did you mean 'prices'?
      Usage: cointrack help [<COMMAND>...] [options]
      See 'cointrack help help'.

      """
    ),
    (
      ["profile", "set", "a", "b"], 64,
      """
      cointrack: unexpected argument 'b' for 'cointrack profile set'.
      Usage: cointrack profile set [<USERNAME>] [options]
      See 'cointrack help profile set'.

      """
    ),
  ])
  func usageErrors(arguments: [String], status: Int32, message: String) {
    let run = InProcessRun(arguments)
    #expect(run.standardOutput == "")
    #expect(run.standardError == message)
    #expect(run.status == status)
  }

  /// A bad value in the environment is a setting to fix: 78, one sentence naming the variable
  /// and the value, no usage line.
  @Test(arguments: [
    ("COINTRACK_LOCK_TIMEOUT", ["soon", "0x10", "1e3", " 5", "+5", "nan", "inf", ".5", "86400.5"]),
    ("COINTRACK_HTTP_TIMEOUT", ["0", "-1", "0x10"]),
    ("COINTRACK_CACHE_TTL", ["1.5", "1e3"]),
  ])
  func badSecondsFromTheEnvironmentAreAConfigurationError(variable: String, values: [String]) {
    let advice = [
      "COINTRACK_LOCK_TIMEOUT": "decimal seconds from 0 to 86400, such as 5 or 0.5",
      "COINTRACK_HTTP_TIMEOUT": "decimal seconds from 0.001 to 86400, such as 5 or 0.5",
      "COINTRACK_CACHE_TTL": "whole seconds from 0 to 86400, such as 60",
    ][variable]!
    for value in values {
      // `coins list --source binance` reads all three before it asks anything of the network.
      let run = InProcessRun(
        ["coins", "list", "--source", "binance"],
        environment: [variable: value, "XDG_DATA_HOME": "/nonexistent-data"])
      #expect(run.status == 78, "\(value)")
      #expect(
        run.standardError == "cointrack: invalid \(variable) '\(value)': use \(advice).\n")
      #expect(run.standardOutput == "")
    }
  }

  @Test func aBadTodayInTheEnvironmentIsAConfigurationErrorWhereADateIsNeeded() {
    let list = InProcessRun(["coins", "list"], environment: ["COINTRACK_TODAY": "someday"])
    #expect(list.status == 78)
    #expect(
      list.standardError
        == "cointrack: invalid COINTRACK_TODAY 'someday': use YYYY-MM-DD (a day from 0001-01-01 "
        + "to 9999-12-31), 'today' or 'yesterday'.\n")
    // Commands that need no date never read it.
    for arguments in [
      ["coins", "available"], ["profile", "show"], ["completion", "bash"], ["help"],
    ] {
      let run = InProcessRun(arguments, environment: ["COINTRACK_TODAY": "someday"])
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
    }
  }

  @Test func controlCharactersInInputAreEscapedToKeepOneLine() {
    let run = InProcessRun(["coins", "list", "--format", "a\nb\u{1B}"])
    #expect(
      run.standardError.hasPrefix(
        "cointrack: unknown format 'a\\nb\\u{1b}'; choose table, csv, tsv, json, jsonl, ledger, hledger or beancount.\n"
      ))
    #expect(run.status == 64)
  }

  @Test func directionOverridesAndZeroWidthCharactersInInputAreEscaped() {
    let run = InProcessRun(["coins", "remove", "b\u{202E}tc\u{200B}\u{9B}"])
    #expect(
      run.standardError
        == "cointrack: 'b\\u{202e}tc\\u{200b}\\u{9b}' is not a tracked coin; see 'cointrack coins "
        + "list'.\n")
    #expect(run.status == 66)
  }

  @Test func commandsThatNeedNoStateWorkWithoutAHome() {
    let run = InProcessRun(
      ["coins", "available", "--format", "csv"], environment: ["HOME": "", "XDG_DATA_HOME": ""])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(
        "symbol,name,first_date,last_date\r\nADA,Cardano,2018-04-17,2026-05-20\r\n"))
    let list = InProcessRun(["coins", "list"], environment: ["HOME": "", "XDG_DATA_HOME": ""])
    #expect(list.status == 78)
    #expect(
      list.standardError
        == "cointrack: cannot place the state file: HOME is not an absolute path and XDG_DATA_HOME is not set.\n"
    )
  }
}

@Suite struct LongInputTests {
  @Test func veryLongInputIsShortenedInTheMessage() {
    let run = InProcessRun(["prices", String(repeating: "z", count: 5_000)])
    #expect(run.status == 66)
    #expect(
      run.standardError
        == "cointrack: unknown coin '\(String(repeating: "z", count: 97))...'; see 'cointrack coins available'.\n"
    )
  }
}
