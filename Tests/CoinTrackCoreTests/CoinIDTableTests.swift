import Testing

@testable import CoinTrackCore

/// The table of coin ids the oversell check and the cost basis find coins in: each id keeps the
/// position it was first given, however full the table and however the ids collide.
@Suite struct CoinIDTableTests {
  @Test(arguments: [1, 2, 3, 20, 1000])
  func eachIDKeepsItsFirstPosition(count: Int) {
    let ids = (0..<count).map { "coin-\($0)" } + ["symbol:BTC", "bitcoin", "", "ß"]
    var table = CoinIDTable(capacity: ids.count)
    #expect(ids.map { table.position(of: $0) } == Array(ids.indices))
    // Asked again, in another order, every id is found where it was put.
    #expect(ids.reversed().map { table.position(of: $0) } == ids.indices.reversed())
    #expect(table.position(of: "coin-new") == ids.count)
  }
}
