import Foundation
import Testing

@testable import CoinTrackCore

/// The state file's objects read whatever the order of their keys and however their strings are
/// written (escaped or not), and refused with the key path of the member that breaks a rule.
@Suite struct StateDocumentReadingTests {
  /// A coin, an alert and a trade, each object's keys in the order this program writes them.
  static let coin = #"{"id":1,"symbol":"BTC","name":"Bitcoin","coingecko_id":"bitcoin"}"#
  static let alert =
    #"{"id":2,"symbol":"BTC","name":"Bitcoin","coingecko_id":"bitcoin","condition":"change","#
    + #""threshold":-12.5,"days":7,"currency":"USDT","fired_on":"2026-05-19"}"#
  static let trade =
    #"{"id":3,"date":"2026-05-01","side":"buy","symbol":"BTC","name":"Bitcoin","#
    + #""coingecko_id":"bitcoin","quantity":2.5,"price":150.25,"fee":0.5,"currency":"USDT"}"#

  /// A version 5 document holding `coin`, `alert` and `trade`.
  static func document(coin: String = coin, alert: String = alert, trade: String = trade)
    -> String
  {
    #"{"schema_version":5,"profile":{"username":"alice","source":null,"currency":null},"#
      + #""coins":[\#(coin)],"next_id":2,"revision":7,"alerts":[\#(alert)],"next_alert_id":3,"#
      + #""trades":[\#(trade)],"next_trade_id":4}"#
  }

  /// A decoded document: its state, and the trades a version 5 document holds.
  @dynamicMemberLookup
  struct Decoded: Equatable {
    let state: TrackerState
    var trades: [Trade]

    subscript<Value>(dynamicMember member: KeyPath<TrackerState, Value>) -> Value {
      state[keyPath: member]
    }
  }

  static func decode(_ text: String) throws -> Decoded {
    let decoded = try TrackerState.decode(Array(text.utf8))
    return Decoded(state: decoded.state, trades: decoded.trades)
  }

  /// Whether `text` is refused as invalid JSON.
  static func isInvalidJSON(_ text: String) -> Bool {
    do {
      _ = try decode(text)
      return false
    } catch {
      guard case .syntax = error as? StateDocumentError else { return false }
      return true
    }
  }

  /// The message of the schema problem `text` has, or nil when it loads.
  static func problem(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      guard case .schema(let problem) = error as? StateDocumentError else { return "\(error)" }
      return problem.description
    }
  }

  /// `object` with its members in reverse order.
  static func reversed(_ object: String) throws -> String {
    guard case .object(let members) = try JSONParser.parse(object) else {
      throw CocoaError(.coderReadCorrupt)
    }
    return JSONWriter.compact(.object(members.reversed()))
  }

  @Test func keysInAnyOrderReadTheSame() throws {
    let expected = try Self.decode(Self.document())
    #expect(expected.trades.first?.coin.coingeckoID == "bitcoin")
    let shuffled = Self.document(
      coin: try Self.reversed(Self.coin), alert: try Self.reversed(Self.alert),
      trade: try Self.reversed(Self.trade))
    #expect(shuffled != Self.document())
    #expect(try Self.decode(shuffled) == expected)
  }

  @Test func aKeyThatStartsWithTheExpectedOneIsUnknown() {
    // Compared whole: `symbolic` is not `symbol`, nor `coingecko_ix` `coingecko_id`.
    #expect(
      Self.problem(
        Self.document(trade: Self.trade.replacingOccurrences(of: "symbol", with: "symbolic")))
        == "'trades[0].symbolic' is not a known key")
    #expect(
      Self.problem(
        Self.document(
          coin: Self.coin.replacingOccurrences(of: "coingecko_id", with: "coingecko_ix")))
        == "'coins[0].coingecko_ix' is not a known key")
  }

  /// Members of a trade written with escapes, and what they spell.
  static let escapedMembers = [
    (#""date":"2026-05-01""#, #""date":"2026\u002d05-01""#),
    (#""side":"buy""#, #""side":"b\u0075y""#),
    (#""symbol":"BTC""#, #""symbol":"B\u0054C""#),
    (#""name":"Bitcoin""#, #""name":"Bit\/coin""#),
    (#""coingecko_id":"bitcoin""#, #""coingecko_id":"bit\u0063oin""#),
    (#""currency":"USDT""#, #""currency":"US\u0044T""#),
    (#""quantity":2.5"#, #""qu\u0061ntity":2.5"#),
  ]

  @Test(arguments: 0..<escapedMembers.count)
  func membersWrittenWithEscapesReadAsTheirText(_ index: Int) throws {
    let (plain, escaped) = Self.escapedMembers[index]
    let trade = Self.trade.replacingOccurrences(of: plain, with: escaped)
    #expect(trade != Self.trade)
    var expected = try Self.decode(Self.document())
    if plain.hasPrefix(#""name""#) { expected.trades[0].coin.name = "Bit/coin" }
    #expect(try Self.decode(Self.document(trade: trade)) == expected)
  }

  @Test func escapesDoNotGetPastTheRules() {
    let cases = [
      (#""symbol":"BTC""#, #""symbol":"\u0062TC""#, "'trades[0].symbol' is not a symbol"),
      (
        #""side":"buy""#, #""side":"b\u0055y""#,
        "'trades[0].side' is not one of buy, sell, staking, airdrop, interest, transfer"
      ),
      (
        #""currency":"USDT""#, #""currency":"\u0075SDT""#,
        "'trades[0].currency' is not a currency code"
      ),
      (#""date":"2026-05-01""#, #""date":"2026-05\u002F01""#, "'trades[0].date' is not a date"),
      (#""name":"Bitcoin""#, #""name":"Bitcoin\u0020""#, "'trades[0].name' is not a name"),
    ]
    for (plain, escaped, message) in cases {
      let problem = Self.problem(
        Self.document(trade: Self.trade.replacingOccurrences(of: plain, with: escaped)))
      #expect(problem?.hasPrefix(message) == true, "\(escaped): \(problem ?? "loads")")
    }
  }

  @Test func aMissingAmountIsReportedAsMissing() {
    for key in ["quantity", "price", "fee"] {
      let trade = Self.trade.replacingOccurrences(
        of: #""\#(key)":[0-9.]+,"#, with: "", options: .regularExpression)
      #expect(Self.problem(Self.document(trade: trade)) == "'trades[0].\(key)' is missing")
    }
  }

  @Test func amountsKeepTheirRules() {
    let refused = [
      ("quantity", "0.000"), ("quantity", "-1"), ("quantity", "1e2"),
      ("quantity", "0.0000000000000000001"), ("price", "-0"), ("fee", "1E-2"),
      ("price", String(repeating: "9", count: 65)),
    ]
    for (key, number) in refused {
      let trade = Self.trade.replacingOccurrences(
        of: #""\#(key)":[0-9.]+,"#, with: #""\#(key)":\#(number),"#, options: .regularExpression)
      let problem = Self.problem(Self.document(trade: trade))
      #expect(problem?.hasPrefix("'trades[0].\(key)' is not a") == true, "\(key) \(number)")
    }
    let trade = Self.trade.replacingOccurrences(of: "2.5", with: "0.000000000000000001")
    #expect(Self.problem(Self.document(trade: trade)) == nil)
  }

  @Test func datesAreCheckedDigitByDigit() {
    #expect(Day(iso: "2024-02-29") == Day(year: 2024, month: 2, day: 29))
    // Each digit in turn made a byte just below "0" and just above "9".
    for index in [0, 1, 2, 3, 5, 6, 8, 9] {
      for byte in [UInt8(ascii: "/"), UInt8(ascii: ":")] {
        var bytes = Array("2024-02-28".utf8)
        bytes[index] = byte
        #expect(bytes.withUnsafeBufferPointer { Day(isoBytes: $0) } == nil, "\(bytes)")
      }
    }
    for text in [
      "2023-02-29", "2024-13-01", "0000-01-01", "2024-02-280", "2024-2-28", "2024_02-28",
    ] {
      #expect(Day(iso: text) == nil, "\(text)")
    }
  }

  @Test func stringsAreScannedToTheirEndWhereverItFalls() throws {
    // A quote, an escape, a non-ASCII letter or a control character at every place of the
    // first three words of a string.
    for offset in 0..<24 {
      let prefix = String(repeating: "a", count: offset)
      let suffix = String(repeating: "b", count: 30 - offset)
      #expect(
        try JSONParser.parse(#"["\#(prefix)\"\#(suffix)"]"#)
          == .array([.string(prefix + "\"" + suffix)]))
      #expect(
        try JSONParser.parse(#"["\#(prefix)é\#(suffix)"]"#)
          == .array([.string(prefix + "é" + suffix)]))
      #expect(
        try JSONParser.parse(#"["\#(prefix)","\#(suffix)"]"#)
          == .array([.string(prefix), .string(suffix)]))
      #expect(throws: JSONSyntaxError.self) {
        try JSONParser.parse("[\"\(prefix)\u{1F}\(suffix)\"]")
      }
    }
  }
}
