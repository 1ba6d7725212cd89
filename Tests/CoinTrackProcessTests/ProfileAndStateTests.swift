import CoinTrackTestSupport
import Foundation
import Testing

/// `profile`, and a corrupt state file, through the real binary.
@Suite struct ProfileAndStateTests {
  @Test func profileRoundTrip() throws {
    let sandbox = try Sandbox()
    let first = try sandbox.run(["profile", "show", "--format", "json"])
    #expect(
      first.standardOutput
        == #"{"username":"anonymous","source":"offline","currency":null,"method":"fifo"}"# + "\n")
    #expect(sandbox.stateData() == nil)
    let set = try sandbox.run(["profile", "set", "  Zoë Trader  "])
    #expect(set.status == 0)
    #expect(
      set.standardOutput
        == "USERNAME    SOURCE   CURRENCY  METHOD\nZoë Trader  offline  -         fifo\n")
    let shown = try sandbox.run(["profile", "show", "--format", "csv"])
    #expect(
      shown.standardOutput == "username,source,currency,method\r\nZoë Trader,offline,,fifo\r\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.stateFile.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test(arguments: [
    ("", "cointrack: invalid username '': it is empty.\n"),
    ("   ", "cointrack: invalid username '   ': it is empty.\n"),
    (
      String(repeating: "a", count: 33),
      "cointrack: invalid username '\(String(repeating: "a", count: 33))': it has 33 characters, more than 32.\n"
    ),
    ("two\nlines", "cointrack: invalid username 'two\\nlines': it holds a line break.\n"),
    (
      "bell\u{7}",
      "cointrack: invalid username 'bell\\u{7}': it holds U+0007, an invisible or control character, at position 5.\n"
    ),
    // Direction overrides and zero-width characters would make the profile shown lie.
    (
      "ev\u{202E}il",
      "cointrack: invalid username 'ev\\u{202e}il': it holds U+202E RIGHT-TO-LEFT OVERRIDE, an invisible or control character, at position 3.\n"
    ),
    (
      "a\u{200B}b",
      "cointrack: invalid username 'a\\u{200b}b': it holds U+200B ZERO WIDTH SPACE, an invisible or control character, at position 2.\n"
    ),
    (
      "bob\u{E0041}",
      "cointrack: invalid username 'bob\\u{e0041}': it holds U+E0041 TAG LATIN CAPITAL LETTER A, an invisible or control character, at position 4.\n"
    ),
    ("-dash", "cointrack: invalid username '-dash': it starts with '-'.\n"),
  ])
  func anInvalidUsernameIsRefusedAndNothingIsStored(name: String, message: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["profile", "set", "keep"]).status == 0)
    let before = sandbox.stateData()
    let result = try sandbox.run(["profile", "set", "--", name])
    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(result.standardError == message)
    #expect(sandbox.stateData() == before)
  }

  @Test func aCorruptStateFileIsReportedAndLeftUntouched() throws {
    let sandbox = try Sandbox()
    let corrupt = #"{"schema_version": 1, "profile": {"username": 7}}"#
    try sandbox.writeState(corrupt)
    let message =
      "cointrack: the state file '\(sandbox.stateFile.path)' is unusable: 'profile.username' "
      + "should be a string but is a number; it was left untouched.\n"
    for arguments in [
      ["coins", "list"], ["coins", "add", "ada"], ["coins", "remove", "1"], ["profile", "show"],
      ["profile", "set", "bob"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 78, "\(arguments)")
      #expect(result.standardOutput == "")
      #expect(result.standardError == message, "\(arguments)")
    }
    #expect(sandbox.stateData() == Data(corrupt.utf8))
    // Commands that need no state still work; prices needs it only for the preferred source and
    // currency.
    #expect(try sandbox.run(["coins", "available"]).status == 0)
    #expect(try sandbox.run(["prices", "btc"]).status == 78)
    #expect(
      try sandbox.run(["prices", "btc", "--source", "offline", "--currency", "usdt"]).status == 0)
    #expect(sandbox.stateData() == Data(corrupt.utf8))
  }

  @Test func invalidJSONNamesTheByte() throws {
    let sandbox = try Sandbox()
    try sandbox.writeState("{\"schema_version\": 1,,}")
    let result = try sandbox.run(["coins", "list"])
    #expect(result.status == 78)
    #expect(
      result.standardError
        == "cointrack: the state file '\(sandbox.stateFile.path)' is unusable: invalid JSON at byte 21: expected a string key, found ','; it was left untouched.\n"
    )
  }
}
