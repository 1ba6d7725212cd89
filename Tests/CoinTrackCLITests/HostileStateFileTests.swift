import Foundation
import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Hostile state files: each ends, for reading and writing commands alike, in its documented exit
/// code and one-line message naming the file, and the file stays byte for byte the same.
@Suite struct HostileStateFileTests {
  /// A valid state file of the current schema.
  static let valid = Array(
    #"""
    {
      "schema_version": 5,
      "profile": {
        "username": "alice",
        "source": null,
        "currency": null
      },
      "coins": [
        {
          "id": 1,
          "symbol": "BTC",
          "name": "Bitcoin",
          "coingecko_id": "bitcoin"
        },
        {
          "id": 4,
          "symbol": "SOL",
          "name": "Solana",
          "coingecko_id": "solana"
        }
      ],
      "next_id": 6,
      "revision": 7\#(alertMembers)\#(tradeMembers)
    }

    """#.utf8)

  /// The members version 4 added, as `valid` ends with them.
  static let alertMembers = """
    ,
      "alerts": [
        {
          "id": 2,
          "symbol": "BTC",
          "name": "Bitcoin",
          "coingecko_id": "bitcoin",
          "condition": "change",
          "threshold": -12.5,
          "days": 7,
          "currency": "USDT",
          "fired_on": "2026-05-19"
        }
      ],
      "next_alert_id": 3
    """

  /// The members version 5 added, as `valid` ends with them.
  static let tradeMembers = """
    ,
      "trades": [
        {
          "id": 3,
          "date": "2026-05-01",
          "side": "buy",
          "symbol": "SOL",
          "name": "Solana",
          "coingecko_id": "solana",
          "quantity": 2.5,
          "price": 150.25,
          "fee": 0.5,
          "currency": "USD"
        },
        {
          "id": 5,
          "date": "2026-05-02",
          "side": "sell",
          "symbol": "SOL",
          "name": "Solana",
          "coingecko_id": "solana",
          "quantity": 1,
          "price": 160,
          "fee": 0,
          "currency": "USD"
        }
      ],
      "next_trade_id": 6
    """

  /// Commands that read the state, and commands that would change it.
  static let commands = [
    ["coins", "list"], ["profile", "show"], ["coins", "add", "ADA"], ["coins", "remove", "BTC"],
    ["profile", "set", "bob"],
  ]

  /// One hostile file and the end of the message it gets after "the state file 'PATH' ".
  struct Hostile: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: @Sendable () -> [UInt8]
    let complaint: String
    var testDescription: String { name }
  }

  static func replacing(_ old: String, with new: String) -> @Sendable () -> [UInt8] {
    let text = String(decoding: valid, as: UTF8.self)
    precondition(text.contains(old))
    return { Array(text.replacingOccurrences(of: old, with: new).utf8) }
  }

  /// Where `text` first starts in the valid file.
  static func offset(of text: String) -> Int {
    let valid = String(decoding: valid, as: UTF8.self)
    return valid.utf8.distance(from: valid.startIndex, to: valid.range(of: text)!.lowerBound)
  }

  static let symbolRule = "is not a symbol: 1 to 24 capitals, digits and . - _ + $"
  static let nameRule =
    "is not a name: 1 to 100 characters without control or invisible characters or "
    + "surrounding spaces"

  static let nestingPrefix = #"{"schema_version": 5, "coins": "#

  static let hostileFiles: [Hostile] = [
    Hostile(
      name: "empty", bytes: { [] },
      complaint: "is unusable: invalid JSON at byte 0: unexpected end of data"),
    Hostile(
      name: "garbage bytes", bytes: { [0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x7F, 0x80, 0xFF] },
      complaint: "is unusable: invalid JSON at byte 0: unexpected byte 0xDE"),
    Hostile(
      name: "a UTF-8 byte-order mark", bytes: { [0xEF, 0xBB, 0xBF] + valid },
      complaint:
        "is unusable: invalid JSON at byte 0: the file starts with a UTF-8 byte-order mark"),
    Hostile(
      name: "a NUL byte in a string", bytes: replacing("alice", with: "al\u{0}ice"),
      complaint:
        "is unusable: invalid JSON at byte \(offset(of: "alice") + 2): unescaped control character "
        + "in a string"),
    Hostile(
      name: "NUL bytes after the document", bytes: { valid + [0, 0, 0] },
      complaint:
        "is unusable: invalid JSON at byte \(valid.count): unexpected byte 0x0 after the end of "
        + "the document"),
    Hostile(
      name: "an id that is a string", bytes: replacing(#""id": 4"#, with: #""id": "4""#),
      complaint: "is unusable: 'coins[1].id' should be a whole number but is a string"),
    Hostile(
      name: "a next id that is an array",
      bytes: replacing(#""next_id": 6"#, with: #""next_id": [6]"#),
      complaint: "is unusable: 'next_id' should be a whole number but is an array"),
    Hostile(
      name: "a boolean for a string",
      bytes: replacing(#""coingecko_id": "solana""#, with: #""coingecko_id": false"#),
      complaint: "is unusable: 'coins[1].coingecko_id' should be a string but is a boolean"),
    Hostile(
      name: "a username that is a number",
      bytes: replacing(#""username": "alice""#, with: #""username": 7"#),
      complaint: "is unusable: 'profile.username' should be a string but is a number"),
    Hostile(
      name: "a revision that is a fraction",
      bytes: replacing(#""revision": 7"#, with: #""revision": 7.5"#),
      complaint: "is unusable: 'revision' should be a whole number but is a number"),
    Hostile(
      name: "an unknown key",
      bytes: replacing(#""next_id": 6"#, with: #""next_id": 6, "extra": []"#),
      complaint: "is unusable: 'extra' is not a known key"),
    Hostile(
      name: "an unknown key holding an escape sequence",
      bytes: replacing(#""next_id": 6"#, with: #""next_id": 6, "\u001b]0;owned\u0007": 1"#),
      complaint: "is unusable: '\\u{1b}]0;owned\\u{7}' is not a known key"),
    Hostile(
      name: "an unknown key in a coin",
      bytes: replacing(#""id": 1,"#, with: #""id": 1, "price": 9,"#),
      complaint: "is unusable: 'coins[0].price' is not a known key"),
    Hostile(
      name: "a revision in a version 1 file",
      bytes: replacing(#""schema_version": 5"#, with: #""schema_version": 1"#),
      complaint: "is unusable: 'revision' is not a known key"),
    Hostile(
      name: "alerts in a version 3 file",
      bytes: replacing(#""schema_version": 5"#, with: #""schema_version": 3"#),
      complaint: "is unusable: 'alerts' is not a known key"),
    Hostile(
      name: "trades in a version 4 file",
      bytes: replacing(#""schema_version": 5"#, with: #""schema_version": 4"#),
      complaint: "is unusable: 'trades' is not a known key"),
    Hostile(
      name: "a trade quantity in exponent form",
      bytes: replacing(#""quantity": 2.5"#, with: #""quantity": 2.5e0"#),
      complaint:
        "is unusable: 'trades[0].quantity' is not a quantity: above 0 with at most 18 decimals"),
    Hostile(
      name: "a negative trade price",
      bytes: replacing(#""price": 150.25"#, with: #""price": -150.25"#),
      complaint: "is unusable: 'trades[0].price' is not a price: plain decimal, 0 or above"),
    Hostile(
      name: "a trade side that is none",
      bytes: replacing(#""side": "buy""#, with: #""side": "gift""#),
      complaint:
        "is unusable: 'trades[0].side' is not one of buy, sell, staking, airdrop, interest, transfer"
    ),
    Hostile(
      name: "a trade currency in lower case",
      bytes: replacing(#""currency": "USD""#, with: #""currency": "usd""#),
      complaint:
        "is unusable: 'trades[0].currency' is not a currency code: 2 to 10 capitals and digits, "
        + "a capital first"),
    Hostile(
      name: "a trade date that is a number",
      bytes: replacing(#""date": "2026-05-02""#, with: #""date": 20260502"#),
      complaint: "is unusable: 'trades[1].date' should be a string but is a number"),
    Hostile(
      name: "a trade fee that is a string",
      bytes: replacing(#""fee": 0,"#, with: #""fee": "0","#),
      complaint: "is unusable: 'trades[1].fee' should be a number but is a string"),
    Hostile(
      name: "a trade id that is no whole number",
      bytes: replacing(#""id": 5"#, with: #""id": 5.5"#),
      complaint: "is unusable: 'trades[1].id' should be a whole number but is a number"),
    Hostile(
      name: "a trade without its date",
      bytes: replacing(#""date": "2026-05-02","#, with: ""),
      complaint: "is unusable: 'trades[1].date' is missing"),
    Hostile(
      name: "trades out of id order",
      bytes: replacing(#""id": 5"#, with: #""id": 2"#),
      complaint: "is unusable: 'trades[1].id' is 2, not above the id of the trade before"),
    Hostile(
      name: "a trade id given out again",
      bytes: replacing(#""next_trade_id": 6"#, with: #""next_trade_id": 5"#),
      complaint: "is unusable: 'next_trade_id' is 5 but trade id 5 is already used"),
    Hostile(
      name: "a sale of more than is held",
      bytes: replacing(#""quantity": 1,"#, with: #""quantity": 2.6,"#),
      complaint: "is unusable: 'trades[1].quantity' sells 2.6 SOL on 2026-05-02 when 2.5 is held"),
    Hostile(
      name: "a newer schema version",
      bytes: replacing(#""schema_version": 5"#, with: #""schema_version": 7"#),
      complaint:
        "has schema version 7, but this cointrack reads up to 6"),
    Hostile(
      name: "an alert condition that is none",
      bytes: replacing(#""condition": "change""#, with: #""condition": "sideways""#),
      complaint: "is unusable: 'alerts[0].condition' is not one of above, below, change"),
    Hostile(
      name: "an alert threshold in exponent form",
      bytes: replacing(#""threshold": -12.5"#, with: #""threshold": -1.25e1"#),
      complaint:
        "is unusable: 'alerts[0].threshold' is not a threshold: a price above 0, or a "
        + "percentage other than 0 above -100 with at most 4 decimals"),
    Hostile(
      name: "a price alert with days",
      bytes: replacing(#""condition": "change""#, with: #""condition": "below""#),
      complaint: "is unusable: 'alerts[0].days' must be null for a price alert"),
    Hostile(
      name: "an alert fired on no day",
      bytes: replacing(#""fired_on": "2026-05-19""#, with: #""fired_on": "2026-02-30""#),
      complaint: "is unusable: 'alerts[0].fired_on' is not a date YYYY-MM-DD"),
    Hostile(
      name: "an alert id given out again",
      bytes: replacing(#""next_alert_id": 3"#, with: #""next_alert_id": 2"#),
      complaint: "is unusable: 'next_alert_id' is 2 but alert id 2 is already used"),
    Hostile(
      name: "an alert currency holding an escape sequence",
      bytes: replacing(#""currency": "USDT""#, with: #""currency": "\u001b[2J""#),
      complaint:
        "is unusable: 'alerts[0].currency' is '\\u{1b}[2J', not a currency code any source "
        + "quotes"),
    // Every field is checked against its rules, not only its type.
    Hostile(
      name: "a source that is no source",
      bytes: replacing(#""source": null"#, with: #""source": "evil""#),
      complaint:
        "is unusable: 'profile.source' is 'evil', not one of offline, coingecko, binance, "
        + "twelvedata"),
    Hostile(
      name: "a source holding an escape sequence",
      bytes: replacing(#""source": null"#, with: #""source": "off\u001b[2Jline""#),
      complaint:
        "is unusable: 'profile.source' is 'off\\u{1b}[2Jline', not one of offline, coingecko, "
        + "binance, twelvedata"),
    Hostile(
      name: "a currency holding a line break",
      bytes: replacing(#""currency": null"#, with: #""currency": "USD\nX""#),
      complaint:
        "is unusable: 'profile.currency' is 'USD\\u{a}X', not a currency code any source quotes"),
    Hostile(
      name: "a currency in lower case",
      bytes: replacing(#""currency": null"#, with: #""currency": "usd""#),
      complaint: "is unusable: 'profile.currency' is 'usd', not a currency code any source quotes"),
    Hostile(
      name: "a username with a direction override",
      bytes: replacing(#""username": "alice""#, with: #""username": "ali\u202Eec""#),
      complaint: "is unusable: 'profile.username' is not a valid username"),
    Hostile(
      name: "an empty symbol",
      bytes: replacing(#""symbol": "SOL""#, with: #""symbol": """#),
      complaint: "is unusable: 'coins[1].symbol' \(symbolRule)"),
    Hostile(
      name: "shell syntax in a symbol",
      bytes: replacing(#""symbol": "SOL""#, with: #""symbol": "$(touch PWNED)""#),
      complaint: "is unusable: 'coins[1].symbol' \(symbolRule)"),
    Hostile(
      name: "an escape sequence in a name",
      bytes: replacing(#""name": "Solana""#, with: #""name": "\u001b]0;owned\u0007Solana""#),
      complaint: "is unusable: 'coins[1].name' \(nameRule)"),
    Hostile(
      name: "a zero-width space in a name",
      bytes: replacing(#""name": "Solana""#, with: #""name": "Sol\u200Bana""#),
      complaint: "is unusable: 'coins[1].name' \(nameRule)"),
    Hostile(
      name: "a CoinGecko id with a slash",
      bytes: replacing(#""coingecko_id": "solana""#, with: #""coingecko_id": "../solana""#),
      complaint:
        "is unusable: 'coins[1].coingecko_id' is not a CoinGecko id: 1 to 100 lower-case "
        + "letters, digits and . - _"),
    Hostile(
      name: "a repeated coin id",
      bytes: replacing(#""coingecko_id": "solana""#, with: #""coingecko_id": "bitcoin""#),
      complaint: "is unusable: 'coins[1].coingecko_id' repeats coin id 'bitcoin'"),
    Hostile(
      name: "50 MB", bytes: { valid + [UInt8](repeating: 0x20, count: 50 * 1024 * 1024) },
      complaint: "is unusable: it is larger than the 16777216 bytes allowed"),
    Hostile(
      name: "deeply nested arrays",
      bytes: { Array(nestingPrefix.utf8) + [UInt8](repeating: 0x5B, count: 100_000) },
      // The object is the first level, so the 256th array is one too many.
      complaint:
        "is unusable: invalid JSON at byte \(nestingPrefix.utf8.count + 255): nesting deeper "
        + "than 256 levels"),
  ]

  @Test(arguments: hostileFiles)
  func aHostileFileIsReportedAndLeftUntouched(_ hostile: Hostile) throws {
    let home = try ScratchHome()
    let bytes = hostile.bytes()
    try home.writeState(bytes)
    for command in Self.commands {
      let outcome = home.run(command)
      #expect(outcome.status == ExitCode.unusableState.rawValue, "\(command)")
      #expect(outcome.standardOutput == "", "\(command)")
      #expect(
        outcome.standardError
          == "cointrack: the state file '\(home.statePath)' \(hostile.complaint); it was left "
          + "untouched.\n", "\(command)")
      #expect(home.stateBytes() == bytes, "\(command)")
    }
    #expect(try home.stateDirectoryListing() == ["state.json", "state.json.lock"])
  }

  @Test func everyTruncationOfAValidFileIsReportedAndLeftUntouched() throws {
    let home = try ScratchHome()
    for length in 0..<Self.valid.count {
      let bytes = Array(Self.valid[..<length])
      try home.writeState(bytes)
      // Only the last byte, the final line break, can go without breaking the document.
      let intact = length == Self.valid.count - 1
      for command in [["coins", "list"], ["coins", "add", "ADA"]] {
        let outcome = home.run(command)
        if intact {
          #expect(outcome.status == 0, "\(command) on \(length) bytes")
          continue
        }
        #expect(outcome.status == ExitCode.unusableState.rawValue, "\(command) on \(length) bytes")
        let prefix = "cointrack: the state file '\(home.statePath)' is unusable: invalid JSON at "
        let suffix = "; it was left untouched.\n"
        #expect(
          outcome.standardError.hasPrefix(prefix) && outcome.standardError.hasSuffix(suffix)
            && outcome.standardError.filter { $0 == "\n" }.count == 1,
          "\(command) on \(length) bytes: \(outcome.standardError)")
        #expect(home.stateBytes() == bytes, "\(command) on \(length) bytes")
      }
    }
  }

  /// Paths the state layer cannot use as a file: each gives 74 naming the path, changes nothing.
  @Test func aDirectoryOrADanglingLinkIsReportedAndLeftAlone() throws {
    let home = try ScratchHome()
    try FileManager.default.createDirectory(
      atPath: home.statePath, withIntermediateDirectories: true)
    for command in Self.commands {
      let outcome = home.run(command)
      #expect(outcome.status == ExitCode.ioError.rawValue)
      #expect(
        outcome.standardError
          == "cointrack: cannot read '\(home.statePath)': it is a directory.\n", "\(command)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.statePath) == [])
    try FileManager.default.removeItem(atPath: home.statePath)
    let missing = home.root.path + "/elsewhere/state.json"
    try FileManager.default.createSymbolicLink(
      atPath: home.statePath, withDestinationPath: missing)
    for command in Self.commands {
      let outcome = home.run(command)
      #expect(outcome.status == ExitCode.ioError.rawValue)
      #expect(
        outcome.standardError
          == "cointrack: cannot read '\(home.statePath)': it is a symbolic link to a missing "
          + "file.\n", "\(command)")
    }
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: home.statePath) == missing)
    #expect(!FileManager.default.fileExists(atPath: home.root.path + "/elsewhere"))
  }
}
