import Testing

@testable import CoinTrackCore

/// The rules for text from outside: symbols, CoinGecko ids, names, and what a terminal is shown.
@Suite struct UntrustedTextTests {
  @Test(
    arguments: [
      ("btc", "BTC"), ("usdc.e", "USDC.E"), ("eth2x-fli", "ETH2X-FLI"), ("usd+", "USD+"),
      ("$ads", "$ADS"), ("figr_heloc", "FIGR_HELOC"), (String(repeating: "a", count: 24), nil),
    ] as [(String, String?)])
  func realSymbolsAreKeptInCapitals(_ input: String, _ expected: String?) {
    #expect(UntrustedText.symbol(input) == (expected ?? input.uppercased()))
  }

  @Test(arguments: [
    "", " btc", "b tc", "$(x)", "`x`", "a;b", "a|b", "@btc", "a/b", "e\u{301}", "\u{435}th", "🤡",
    "\u{1B}[2J", String(repeating: "a", count: 25), "\u{3000}",
  ])
  func anythingElseIsNoSymbol(_ input: String) {
    #expect(UntrustedText.symbol(input) == nil)
  }

  /// The byte rule `isSymbol` spells out and the punctuation help and errors name are one list.
  @Test func aSymbolHoldsExactlyTheNamedPunctuation() {
    let punctuation = (0x21...0x7E).map { Character(UnicodeScalar($0)!) }.filter {
      !$0.isLetter && !$0.isNumber
    }
    let accepted = punctuation.filter { UntrustedText.isSymbol("A\($0)") }
    #expect(String(accepted).sorted() == UntrustedText.symbolPunctuation.sorted())
  }

  @Test func coinGeckoIdsAreLowerCaseWordsWithoutSlashes() {
    for id in ["bitcoin", "uniswap-wormhole", "_", "-6", "0x", "a.b"] {
      #expect(UntrustedText.isCoinGeckoID(id), "\(id)")
    }
    for id in ["", "1move token", "boringdao-[old]", "symbol/BTC", "Bitcoin", "../x", "é"] {
      #expect(!UntrustedText.isCoinGeckoID(id), "\(id)")
    }
  }

  @Test func namesLoseInvisibleCharactersAndSurroundingSpaces() {
    #expect(
      UntrustedText.cleanedName("Kangaroo the Jumping Co\u{200B}in") == "Kangaroo the Jumping Coin")
    #expect(UntrustedText.cleanedName("Solana Shib\u{A0}") == "Solana Shib")
    #expect(
      UntrustedText.cleanedName("\u{1B}]0;owned\u{7}\u{1B}[2JEvil\u{202E}\u{2066}Coin\u{E0041}")
        == "]0;owned[2JEvilCoin")
    #expect(UntrustedText.cleanedName("a\u{85}b\u{9B}c\u{7F}d\u{2028}e") == "abcde")
    #expect(UntrustedText.cleanedName("༼ つ ◕_◕ ༽つ") == "༼ つ ◕_◕ ༽つ")
    #expect(UntrustedText.cleanedName(" \u{200B} ") == "")
    #expect(UntrustedText.cleanedName(String(repeating: "n", count: 100))?.count == 100)
    #expect(UntrustedText.cleanedName(String(repeating: "n", count: 101)) == nil)
    #expect(UntrustedText.isCleanName("Bitcoin Cash"))
    for name in ["", " a", "a\u{200D}b", "a\u{9}b", "a\u{FEFF}"] {
      #expect(!UntrustedText.isCleanName(name), "\(name.debugDescription)")
    }
  }

  @Test func aTerminalIsShownInvisibleCharactersEscaped() {
    #expect(UntrustedText.terminalEscaped("Bitcoin") == "Bitcoin")
    #expect(UntrustedText.terminalEscaped("Café ◕") == "Café ◕")
    #expect(
      UntrustedText.terminalEscaped("a\u{1B}]0;x\u{7}b\u{9B}c\u{202E}d")
        == "a\\u{1b}]0;x\\u{7}b\\u{9b}c\\u{202e}d")
  }

  @Test func aTableNeverCarriesAControlCharacterFromItsCells() {
    let records = RecordSet(
      fields: [.init("symbol"), .init("name")],
      records: [
        [.text("EVIL"), .text("\u{1B}]0;owned\u{7}\u{1B}[2JEvil\u{202E}")],
        [.text("OK"), .text("Fine")],
      ])
    let plain = RecordFormat.table.render(records)
    #expect(
      plain == """
        SYMBOL  NAME
        EVIL    \\u{1b}]0;owned\\u{7}\\u{1b}[2JEvil\\u{202e}
        OK      Fine

        """)
    // Decorated, the only escape sequences are the header's bold and reset.
    let decorated = RecordFormat.table.render(records, tableStyle: .decorated)
    #expect(decorated.filter { $0 == "\u{1B}" }.count == 2)
  }
}
