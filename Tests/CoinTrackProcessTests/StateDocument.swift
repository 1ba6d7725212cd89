import Foundation

/// The parts of a state file that the process tests check, read with Foundation's own parser so
/// that the tests do not trust the code they test.
struct StateDocument: Equatable {
  struct Coin: Equatable {
    let id: Int
    let symbol: String
  }

  let coins: [Coin]
  let nextID: Int
  let revision: Int
  let username: String

  init(coins: [Coin], nextID: Int, revision: Int, username: String) {
    self.coins = coins
    self.nextID = nextID
    self.revision = revision
    self.username = username
  }

  /// Parses a state file; throws when it is not valid JSON of the expected shape.
  init(_ data: Data) throws {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      root["schema_version"] as? Int == 6,
      let coins = root["coins"] as? [[String: Any]],
      let nextID = root["next_id"] as? Int, let revision = root["revision"] as? Int,
      let profile = root["profile"] as? [String: Any],
      let username = profile["username"] as? String
    else { throw Malformed(text: String(decoding: data, as: UTF8.self)) }
    self.coins = try coins.map { coin in
      guard let id = coin["id"] as? Int, let symbol = coin["symbol"] as? String else {
        throw Malformed(text: String(decoding: data, as: UTF8.self))
      }
      return Coin(id: id, symbol: symbol)
    }
    self.nextID = nextID
    self.revision = revision
    self.username = username
  }

  struct Malformed: Error {
    let text: String
  }
}

/// The catalogue's symbols, as `cointrack coins available` lists them.
let catalogueSymbols = ["ADA", "BCH", "BNB", "BTC", "DOGE", "ETH", "SOL", "TRX", "XRP"]
