/// How the latest prices of many coins are asked in as few requests as a URL can carry.
///
/// Each API takes a list of coins in one query parameter; a list that makes the URL too long is
/// refused (CoinGecko has answered 414 "URI too long" to lists of about 8,000 characters), so a
/// list longer than `maximumEncodedLength` is split into as few runs as fit.
enum LatestBatch {
  /// The most characters a list of keys may take in a URL, percent-encoded: half of the length
  /// CoinGecko was seen to refuse, and well under the 8 KiB many servers allow a request line.
  static let maximumEncodedLength = 4_000

  /// `keys` in order, in runs whose list takes at most `maximumEncodedLength` characters once
  /// each key is percent-encoded and `overhead` characters (its separator, quotes) are added
  /// for each; a key longer than that on its own gets a run of its own.
  static func runs(of keys: [String], overhead: Int) -> [[String]] {
    var runs: [[String]] = []
    var run: [String] = []
    var length = 0
    for key in keys {
      let cost = LiveRequester.percentEncoded(key).count + overhead
      if !run.isEmpty, length + cost > maximumEncodedLength {
        runs.append(run)
        run = []
        length = 0
      }
      run.append(key)
      length += cost
    }
    if !run.isEmpty { runs.append(run) }
    return runs
  }

  /// The encoded length of `,` between two keys of a comma-separated list.
  static let commaOverhead = LiveRequester.percentEncoded(",").count
}
