/// The checks every live API applies to the values of an answer, so that a hostile or broken
/// body fails as a whole (`SourceError.badResponse`, which caches nothing) instead of being
/// taken in part.
extension LivePriceAPI {
  /// The answer is unusable: `detail` says why.
  func badResponse(_ detail: String) -> SourceError {
    SourceError.badResponse(source: requester.source.rawValue, detail: detail)
  }

  /// The longest text of a quote taken: longer is no price anyone quotes, and would not fit a
  /// line of the local price history, so an answer holding one is refused before anything of
  /// it is cached or stored.
  static var longestQuote: Int { 256 }

  /// `price` when a real quote can be it: a negative price fails the answer, and so does zero
  /// unless `zeroMeansNoPrice` (CoinGecko marks missing data with 0), where it is no price; so
  /// does a price longer than `longestQuote`. Non-finite values never get this far: `Price`
  /// holds plain decimals only.
  func checkedQuote(_ price: Price, zeroMeansNoPrice: Bool = false) throws(SourceError) -> Price? {
    let length = price.text.utf8.count
    guard length <= Self.longestQuote else {
      throw badResponse(
        "a price is \(length) characters long, more than the \(Self.longestQuote) a quote may have")
    }
    if price.isAboveZero { return price }
    if price.text.hasPrefix("-") { throw badResponse("a price is negative (\(price.text))") }
    if zeroMeansNoPrice { return nil }
    throw badResponse("a price is zero (\(price.text))")
  }
}

/// The closes of one answer as they are read: a day given two different prices fails the answer.
struct CloseCollector {
  private(set) var closes: [Day: Price] = [:]

  /// Adds the close of `day`; the same value again (as "1.50" and "1.5") is harmless.
  mutating func add(_ price: Price, on day: Day, for api: some LivePriceAPI) throws(SourceError) {
    if let earlier = closes[day], earlier.normalisedText != price.normalisedText {
      throw api.badResponse("\(day) has two different prices, \(earlier.text) and \(price.text)")
    }
    closes[day] = price
  }
}

extension Price {
  /// Whether the price can be a real quote: not negative and not zero (as the local history's
  /// closes are checked, by the same `PlainDecimalScan`).
  var isAboveZero: Bool { text.withUTF8Bytes(Price.isAboveZero) }

  /// Whether `bytes` are plain decimal text of a value above zero.
  static func isAboveZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    PlainDecimalScan(bytes).isAboveZero
  }

  /// The same value without the zeros that do not change it: `1.50` is `1.5`, `2.000` is `2`.
  var normalised: Price {
    // What normalisedText leaves is plain decimal text still.
    Price(decimalText: normalisedText)!
  }

  /// The decimal without the zeros that do not change its value, to compare two texts: those
  /// after the point, as the text has none before it (it is canonical).
  var normalisedText: String {
    var text = Substring(text)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return String(text)
  }
}
