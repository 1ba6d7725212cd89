/// The latest price of each coin of a list, by the coin's position in the list; nil where a coin
/// has none.
///
/// Only the rows there are take memory: most coins of a long list have no offline price, and a
/// slot for a row per coin cost as much memory as the coins themselves.
public struct LatestPrices: RandomAccessCollection, Sendable {
  /// The rows there are, in the order of their coins.
  public private(set) var rows: [PriceRow] = []
  /// For each coin, the position of its row in `rows`, or -1 where it has none.
  private var rowPositions: [Int32] = []

  /// The prices of as many coins as `latest` has elements, the i-th element that of the i-th
  /// coin.
  public init(_ latest: some Sequence<PriceRow?>) {
    rowPositions.reserveCapacity(latest.underestimatedCount)
    for row in latest { append(row) }
  }

  /// The prices of `count` coins, the i-th that `row(i)` gives.
  public init(count: Int, _ row: (Int) throws -> PriceRow?) rethrows {
    rowPositions.reserveCapacity(count)
    for coin in 0..<count { append(try row(coin)) }
  }

  private mutating func append(_ row: PriceRow?) {
    guard let row else { return rowPositions.append(-1) }
    rowPositions.append(Int32(rows.count))
    rows.append(row)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { rowPositions.count }

  /// The latest price of the coin at `coin`.
  public subscript(coin: Int) -> PriceRow? {
    let position = rowPositions[coin]
    return position < 0 ? nil : rows[Int(position)]
  }
}
