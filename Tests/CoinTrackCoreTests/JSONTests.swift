import Testing

@testable import CoinTrackCore

@Suite struct JSONParserTests {
  @Test func keepsNumbersAsTheirText() throws {
    let value = try JSONParser.parse(#"{"a": 0.00001234, "b": [1e-7, -0, 42280.23]}"#)
    #expect(value["a"] == .number("0.00001234"))
    #expect(value["b"] == .array([.number("1e-7"), .number("-0"), .number("42280.23")]))
  }

  @Test func keepsKeyOrderAndDecodesEscapes() throws {
    let value = try JSONParser.parse(#"{"z":"\u00e9\n\"\\\/","a":"\ud83d\ude00","m":null}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m"])
    #expect(members[0].value == .string("é\n\"\\/"))
    #expect(members[1].value == .string("😀"))
    #expect(members[2].value == .null)
  }

  @Test(arguments: [
    ("", 0, "unexpected end of data"),
    ("{", 1, "expected a string key, found end of data"),
    ("[1,]", 3, "unexpected ']'"),
    ("{\"a\":1,}", 7, "expected a string key, found '}'"),
    ("01", 1, "unexpected '1' after the end of the document"),
    ("1.", 2, "expected a digit after the decimal point, found end of data"),
    ("\u{FEFF}{}", 0, "the file starts with a UTF-8 byte-order mark"),
    ("\"a\u{01}\"", 2, "unescaped control character in a string"),
    ("tru", 0, "unexpected 't'"),
    ("\"\\ud800\"", 7, "a high surrogate escape is not followed by a low surrogate"),
    ("\"\\x\"", 2, "invalid escape sequence"),
    ("{} {}", 3, "unexpected '{' after the end of the document"),
  ])
  func reportsWhereAndWhy(text: String, offset: Int, reason: String) {
    #expect(throws: JSONSyntaxError(offset: offset, reason: reason)) {
      try JSONParser.parse(text)
    }
  }

  @Test(arguments: [
    "0", "-0", "42", "-42", "2147483647", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "1.0", "1e3", "10E-1", "-0.5",
  ])
  func readsWholeNumbersAsIntDoesFromTheirText(text: String) throws {
    let number = try JSONReader.reading(Array(text.utf8)) { reader throws(JSONSyntaxError) in
      try reader.readWholeNumber()
    }
    #expect(number == Int(text))
  }

  @Test func rejectsInvalidUTF8AndNulBytes() {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x7B, 0x00, 0x7D]) }
  }

  @Test func limitsNestingInsteadOfOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONSyntaxError(offset: 256, reason: "nesting deeper than 256 levels")) {
      try JSONParser.parse(deep)
    }
    let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect((try? JSONParser.parse(allowed)) != nil)
  }
}

@Suite struct JSONWriterTests {
  @Test func writesCompactAndIndentedText() {
    let value = JSONValue.object([
      JSONMember("price", .number("0.00001234")), JSONMember("list", .array([.null, .bool(true)])),
      JSONMember("empty", .object([])),
    ])
    #expect(JSONWriter.compact(value) == #"{"price":0.00001234,"list":[null,true],"empty":{}}"#)
    #expect(
      JSONWriter.indented(value) == """
        {
          "price": 0.00001234,
          "list": [
            null,
            true
          ],
          "empty": {}
        }
        """)
  }

  @Test func escapesWhatJSONRequires() {
    #expect(
      JSONWriter.compact(.string("a\"b\\c\n\u{01}\u{7F}é\u{2028}"))
        == #""a\"b\\c\n\u0001\u007Fé\u2028""#)
  }

  @Test func roundTripsThroughTheParser() throws {
    let value = JSONValue.object([
      JSONMember("s", .string("tab\there \u{1F600} \"q\"")), JSONMember("n", .number("-12.5e3")),
      JSONMember("a", .array([.object([JSONMember("x", .null)]), .bool(false)])),
    ])
    #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
    #expect(try JSONParser.parse(JSONWriter.indented(value)) == value)
  }
}

/// Texts made from UTF-8 known to be valid, as the readers hand it over where it lies.
@Suite struct ValidUTF8TextTests {
  @Test(arguments: [
    "", "0", "USDT", "123456789012345", "1234567890123456", "Zoë", "Bitcoin Cash ABC 2",
  ])
  func theTextIsTheOneItsBytesSpell(_ text: String) {
    let made = Array(text.utf8).withUnsafeBufferPointer { String(validUTF8: $0) }
    #expect(made == text)
    #expect(Array(made.utf8) == Array(text.utf8))
  }
}
