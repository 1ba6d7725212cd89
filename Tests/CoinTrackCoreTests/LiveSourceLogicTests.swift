import Testing

@testable import CoinTrackCore

/// The parts of the live sources that need no network: number conversion, cache planning,
/// URL and file-name encoding.
@Suite struct LiveSourceLogicTests {
  private func range(_ first: String, _ last: String) -> DayRange {
    DayRange(from: Day(iso: first)!, to: Day(iso: last)!)!
  }

  @Test(arguments: [
    ("42280.23", "42280.23"), ("1.234e-05", "0.00001234"), ("1.234E-5", "0.00001234"),
    ("5e3", "5000"), ("1.5E+2", "150"), ("-2.5e-1", "-0.25"), ("0.5e1", "5"),
    ("12.345e1", "123.45"), ("7e0", "7"),
  ])
  func jsonNumbersBecomeExactPlainDecimals(number: String, plain: String) {
    #expect(Price(jsonNumber: number)?.text == plain)
  }

  /// Every constructor gives the canonical text: no zero before another digit of the whole
  /// part, no sign on zero, the digits after the point as given.
  @Test(arguments: [
    ("01", "1"), ("042000.10", "42000.10"), ("00.5", "0.5"), ("-00.5", "-0.5"), ("-0", "0"),
    ("-0.00", "0.00"), ("-000", "0"), ("000", "0"), ("0", "0"), ("0.0", "0.0"), ("-1", "-1"),
    ("-0.5", "-0.5"), ("-010.0", "-10.0"), ("42000.10", "42000.10"), ("100", "100"),
  ])
  func decimalTextIsMadeCanonical(text: String, canonical: String) {
    #expect(Price(decimalText: text)?.text == canonical)
    let made = text.withUTF8Bytes(Price.init(plainDecimalUTF8:))
    #expect(made.text == canonical)
    #expect(Price(jsonNumber: text)?.text == canonical)
  }

  @Test(arguments: [
    ("00.5e1", "5"), ("-0.0e3", "0"), ("-00.00e-2", "0.0000"), ("0012.5E-1", "1.25"),
  ])
  func jsonNumbersWithLeadingZerosBecomeCanonical(number: String, plain: String) {
    #expect(Price(jsonNumber: number)?.text == plain)
  }

  @Test(arguments: ["", "e5", "1e", "1.e5", "abc", "1e999"])
  func malformedJSONNumbersAreRefused(number: String) {
    #expect(Price(jsonNumber: number) == nil)
  }

  @Test func uncoveredDaysAreTheGapsBetweenCoveredRanges() {
    var cached = CachedCloses()
    #expect(
      cached.uncovered(in: range("2024-01-01", "2024-01-10")) == [range("2024-01-01", "2024-01-10")]
    )
    cached.record([:], covering: range("2024-01-03", "2024-01-04"))
    cached.record([:], covering: range("2024-01-08", "2024-01-20"))
    #expect(
      cached.uncovered(in: range("2024-01-01", "2024-01-10"))
        == [range("2024-01-01", "2024-01-02"), range("2024-01-05", "2024-01-07")])
    #expect(cached.uncovered(in: range("2024-01-09", "2024-01-12")).isEmpty)
    #expect(
      cached.uncovered(in: range("2024-01-15", "2024-01-25")) == [range("2024-01-21", "2024-01-25")]
    )
  }

  @Test func recordingMergesAdjacentRangesAndKeepsCloses() throws {
    var cached = CachedCloses()
    let price = try #require(Price(decimalText: "1.5"))
    cached.record([Day(iso: "2024-01-02")!: price], covering: range("2024-01-01", "2024-01-03"))
    cached.record([:], covering: range("2024-01-04", "2024-01-05"))
    cached.record([:], covering: range("2024-01-10", "2024-01-11"))
    #expect(
      cached.covered == [range("2024-01-01", "2024-01-05"), range("2024-01-10", "2024-01-11")])
    let reread = try #require(
      CachedCloses(json: try JSONParser.parse(JSONWriter.compact(cached.json))))
    #expect(reread == cached)
    #expect(reread.closes[Day(iso: "2024-01-02")!]?.text == "1.5")
  }

  @Test func damagedCacheDocumentsAreNotRead() throws {
    for text in [
      #"{"closes":{"2024-02-30":"1"},"covered":[]}"#, #"{"closes":{"2024-01-01":1},"covered":[]}"#,
      #"{"closes":{},"covered":[["2024-01-05","2024-01-01"]]}"#, #"{"covered":[]}"#, "[]",
    ] {
      #expect(CachedCloses(json: try JSONParser.parse(text)) == nil, "\(text)")
    }
  }

  @Test func queryValuesArePercentEncoded() {
    #expect(LiveRequester.queryString([]) == "")
    #expect(
      LiveRequester.queryString([("symbol", "BTC/USD"), ("ids", "a,b"), ("x", "é ~")])
        == "?symbol=BTC%2FUSD&ids=a%2Cb&x=%C3%A9%20~")
  }

  @Test func cacheFileNamesCannotEscapeTheDirectory() {
    #expect(PriceCache.fileName("closes-BTC/USD-USD") == "closes-BTC%2FUSD-USD")
    #expect(PriceCache.fileName("..") == "%2E.")
    #expect(PriceCache.fileName("a b") == "a%20b")
  }

  @Test func eachSourceQuotesAFixedSetOfCurrencies() throws {
    #expect(try PriceSourceKind.coingecko.checkedCurrency("eur") == "EUR")
    #expect(
      throws: SourceError.unsupportedCurrency(source: "offline", input: "usd", supported: ["USDT"])
    ) { try PriceSourceKind.offline.checkedCurrency("usd") }
    #expect(throws: SourceError.missingKey(source: "twelvedata", variable: "TWELVEDATA_API_KEY")) {
      try PriceSourceKind.twelvedata.makeSource(
        currency: nil, configuration: LiveSourceConfiguration(currentDay: Day(iso: "2026-01-01")!))
    }
  }
}

/// What goes into a URL or a file name is percent-encoded byte by byte, and only then.
@Suite struct PercentEncodingTests {
  @Test(arguments: [
    ("bitcoin", "bitcoin"), ("usd-coin.e_x~", "usd-coin.e_x~"), ("symbol/FOO", "symbol%2FFOO"),
    ("a b+c", "a%20b%2Bc"), ("é", "%C3%A9"), ("\n%", "%0A%25"), ("", ""),
  ])
  func encodesAllButUnreservedBytes(_ text: String, _ encoded: String) {
    #expect(LiveRequester.percentEncoded(text) == encoded)
  }

  @Test func aFileNameOfDotsAloneCannotWalkTheTree() {
    #expect(PriceCache.fileName("..") == "%2E.")
    #expect(PriceCache.fileName(".") == "%2E")
    #expect(PriceCache.fileName("a..b") == "a..b")
  }
}
