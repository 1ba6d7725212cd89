/// The coins that can be added, each with the days its price source holds.
public struct Catalogue: Sendable {
  /// One coin of the catalogue.
  public struct Entry: Hashable, Sendable {
    public var coin: Coin
    /// The first and last day with a price; nil when the source does not say.
    public var held: DayRange?

    public init(coin: Coin, held: DayRange?) {
      self.coin = coin
      self.held = held
    }
  }

  public let entries: [Entry]

  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// The entry that `input` names: by id after `@`, else by symbol or full name, ignoring case.
  /// The snapshot's coins share no symbol or name, so at most one entry matches.
  public func entry(named input: String) -> Entry? {
    guard let coin = Coin.matches(of: input, among: entries.lazy.map(\.coin)).first else {
      return nil
    }
    return entries.first { $0.coin == coin }
  }

  /// The coins whose symbol or name is close to `input`, closest first.
  public func suggestions(for input: String) -> [Coin] {
    let labels = entries.flatMap { [$0.coin.symbol, $0.coin.name] }
    var seen: Set<String> = []
    return EditDistance.closest(to: input.trimmingSpaces(), among: labels, limit: 6)
      .compactMap { label in entries.first { $0.coin.isNamed(by: label) }?.coin }
      .filter { seen.insert($0.symbol).inserted }
      .prefix(3).map { $0 }
  }
}
