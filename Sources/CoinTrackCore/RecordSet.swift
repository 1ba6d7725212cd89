/// Rows of named fields, the one shape every output format renders.
public struct RecordSet: Hashable, Sendable {
  /// One named column.
  public struct Field: Hashable, Sendable {
    /// The JSON key and CSV header, such as `first_date`.
    public var key: String
    /// Numbers are right-aligned in tables and unquoted in JSON.
    public var isNumeric: Bool

    public init(_ key: String, isNumeric: Bool = false) {
      self.key = key
      self.isNumeric = isNumeric
    }

    /// The table header: the key in capitals, words separated by spaces.
    public var title: String {
      key.uppercased().replacingUnderscores()
    }
  }

  /// One cell.
  public enum Value: Hashable, Sendable {
    case text(String)
    /// A number in JSON syntax, printed exactly as given.
    case number(String)
    case null
  }

  public var fields: [Field]
  public var records: [[Value]]
  /// A single record (a profile) rather than a list: JSON prints an object, not an array.
  public var isSingleRecord: Bool

  public init(fields: [Field], records: [[Value]], isSingleRecord: Bool = false) {
    self.fields = fields
    self.records = records
    self.isSingleRecord = isSingleRecord
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? " " : $0 })
  }
}

extension RecordSet.Value {
  /// A price, or null when there is none.
  static func price(_ price: Price?) -> Self { price.map { .number($0.text) } ?? .null }
  /// A day as YYYY-MM-DD, or null.
  static func day(_ day: Day?) -> Self { day.map { .text($0.description) } ?? .null }
  /// Optional text, or null.
  static func optional(_ text: String?) -> Self { text.map(Self.text) ?? .null }
}

extension RecordSet {
  /// `coins list`: each tracked coin with its latest price.
  public static func coinListings(_ listings: [Tracker.Listing]) -> RecordSet {
    RecordSet(
      fields: [
        Field("id", isNumeric: true), Field("symbol"), Field("name"),
        Field("price", isNumeric: true), Field("date"), Field("currency"), Field("source"),
      ],
      records: listings.map { listing in
        [
          .number(String(listing.tracked.id)), .text(listing.tracked.coin.symbol),
          .text(listing.tracked.coin.name), .price(listing.latest?.price),
          .day(listing.latest?.day), .optional(listing.latest?.currency),
          .optional(listing.latest?.source),
        ]
      })
  }

  /// `coins add` and `coins remove`: the coins added or removed.
  public static func trackedCoins(_ coins: [TrackedCoin]) -> RecordSet {
    RecordSet(
      fields: [Field("id", isNumeric: true), Field("symbol"), Field("name")],
      records: coins.map { [.number(String($0.id)), .text($0.coin.symbol), .text($0.coin.name)] })
  }

  /// `coins available`: the catalogue with the days held for each coin.
  public static func catalogue(_ entries: [Catalogue.Entry]) -> RecordSet {
    RecordSet(
      fields: [Field("symbol"), Field("name"), Field("first_date"), Field("last_date")],
      records: entries.map {
        [.text($0.coin.symbol), .text($0.coin.name), .day($0.held?.first), .day($0.held?.last)]
      })
  }

  /// `prices`: one row per day.
  public static func priceRows(_ rows: [PriceRow]) -> RecordSet {
    RecordSet(
      fields: [
        Field("date"), Field("symbol"), Field("price", isNumeric: true), Field("currency"),
        Field("source"),
      ],
      records: rows.map {
        [.day($0.day), .text($0.symbol), .price($0.price), .text($0.currency), .text($0.source)]
      })
  }

  /// `profile show` and `profile set`: the profile as one record.
  public static func profile(_ profile: Profile) -> RecordSet {
    RecordSet(
      fields: [Field("username"), Field("source"), Field("currency")],
      records: [
        [
          .text(profile.username),
          .text(profile.preferredSource ?? SnapshotPriceSource.sourceName),
          .optional(profile.preferredCurrency),
        ]
      ],
      isSingleRecord: true)
  }
}
