/// Rows of named fields, the one shape every output format renders.
public struct RecordSet: Hashable, Sendable {
  /// One named column.
  public struct Field: Hashable, Sendable {
    /// The JSON key and CSV header, such as `first_date`.
    public var key: String
    /// Numbers are right-aligned in tables and unquoted in JSON.
    public var isNumeric: Bool
    /// False for a flag that tables leave out unless --fields names it, because a note on
    /// stderr says the same to a person.
    public var isShownInTables: Bool

    public init(_ key: String, isNumeric: Bool = false, isShownInTables: Bool = true) {
      self.key = key
      self.isNumeric = isNumeric
      self.isShownInTables = isShownInTables
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
    /// `true` or `false`, in every format.
    case bool(Bool)
    case null
  }

  /// The fields shown, in order.
  public let fields: [Field]
  /// The records as built, with a value for every field of their kind.
  private let storedRecords: [[Value]]
  /// For each shown field, the position of its value in a stored record: choosing fields picks
  /// columns rather than copying every record.
  private let columns: [Int]
  /// A single record (a profile) rather than a list: JSON prints an object, not an array.
  public let isSingleRecord: Bool

  public init(fields: [Field], records: [[Value]], isSingleRecord: Bool = false) {
    self.init(
      fields: fields, storedRecords: records, columns: Array(fields.indices),
      isSingleRecord: isSingleRecord)
  }

  private init(fields: [Field], storedRecords: [[Value]], columns: [Int], isSingleRecord: Bool) {
    self.fields = fields
    self.storedRecords = storedRecords
    self.columns = columns
    self.isSingleRecord = isSingleRecord
  }

  /// One record's values, one for each of `fields`.
  public struct Record: RandomAccessCollection, Sendable {
    fileprivate let values: [Value]
    fileprivate let columns: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns.count }
    public subscript(position: Int) -> Value { values[columns[position]] }
  }

  /// The records, each with the values of `fields`.
  public var records: LazyMapSequence<[[Value]], Record> {
    storedRecords.lazy.map { [columns] in Record(values: $0, columns: columns) }
  }

  /// How many records there are.
  public var count: Int { storedRecords.count }

  public static func == (lhs: RecordSet, rhs: RecordSet) -> Bool {
    lhs.fields == rhs.fields && lhs.isSingleRecord == rhs.isSingleRecord
      && lhs.records.elementsEqual(rhs.records) { $0.elementsEqual($1) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fields)
    hasher.combine(isSingleRecord)
    for record in records { for value in record { hasher.combine(value) } }
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

/// What a command prints. Each kind has a fixed list of fields, known before the command runs,
/// so that `--fields` is checked before anything is read or changed.
public enum RecordKind: CaseIterable, Sendable {
  /// `coins list`.
  case coinListing
  /// `coins add` and `coins remove`.
  case trackedCoin
  /// `coins available`.
  case catalogueEntry
  /// `prices`.
  case priceRow
  /// `prices --stats`.
  case priceStatistics
  /// `profile show` and `profile set`.
  case profile

  public typealias Field = RecordSet.Field

  /// The fields of every record of this kind, in their default order.
  public var fields: [Field] {
    switch self {
    case .coinListing:
      return [
        Field("id", isNumeric: true), Field("symbol"), Field("name"),
        Field("price", isNumeric: true), Field("date"), Field("currency"), Field("source"),
        Field("closed", isShownInTables: false),
      ]
    case .trackedCoin:
      return [Field("id", isNumeric: true), Field("symbol"), Field("name")]
    case .catalogueEntry:
      return [Field("symbol"), Field("name"), Field("first_date"), Field("last_date")]
    case .priceRow:
      return [
        Field("date"), Field("symbol"), Field("price", isNumeric: true), Field("currency"),
        Field("source"), Field("closed", isShownInTables: false),
      ]
    case .priceStatistics:
      return [
        Field("symbol"), Field("currency"), Field("source"), Field("first_date"),
        Field("last_date"), Field("first_price", isNumeric: true),
        Field("last_price", isNumeric: true), Field("min_price", isNumeric: true),
        Field("min_date"), Field("max_price", isNumeric: true), Field("max_date"),
        Field("mean_price", isNumeric: true), Field("change", isNumeric: true),
        Field("change_percent", isNumeric: true), Field("days_with_data", isNumeric: true),
        Field("days_without_data", isNumeric: true),
      ]
    case .profile:
      return [Field("username"), Field("source"), Field("currency")]
    }
  }

  /// One record rather than a list: JSON prints an object, not an array.
  public var isSingleRecord: Bool {
    switch self {
    case .profile, .priceStatistics: return true
    case .coinListing, .trackedCoin, .catalogueEntry, .priceRow: return false
    }
  }
}

extension RecordSet {
  /// Records of `kind`, each with one value per field of the kind.
  init(kind: RecordKind, records: [[Value]]) {
    self.init(fields: kind.fields, records: records, isSingleRecord: kind.isSingleRecord)
  }

  /// The records without the fields that tables leave out.
  public var forTables: RecordSet {
    selecting(fields.filter(\.isShownInTables).map(\.key))
  }

  /// The records with only the fields named by `keys`, in that order.
  ///
  /// Every key must name a field; the caller checks them against `RecordKind.fields` first.
  public func selecting(_ keys: [String]) -> RecordSet {
    let positions = keys.map { key in fields.firstIndex { $0.key == key }! }
    return RecordSet(
      fields: positions.map { fields[$0] }, storedRecords: storedRecords,
      columns: positions.map { columns[$0] }, isSingleRecord: isSingleRecord)
  }

  /// `coins list`: each tracked coin with its latest price, `latestPrices[i]` that of `coins[i]`.
  public static func coinListings(_ coins: [TrackedCoin], latestPrices: [PriceRow?]) -> RecordSet {
    precondition(coins.count == latestPrices.count, "one latest price for each coin")
    return RecordSet(kind: .coinListing, records: zip(coins, latestPrices).map(coinListing))
  }

  /// One record of `coins list`.
  private static func coinListing(_ tracked: TrackedCoin, latest: PriceRow?) -> [Value] {
    let closed: Value = latest.map { .bool($0.isClosed) } ?? .null
    return [
      .number(String(tracked.id)), .text(tracked.coin.symbol), .text(tracked.coin.name),
      .price(latest?.price), .day(latest?.day), .optional(latest?.currency),
      .optional(latest?.source), closed,
    ]
  }

  /// `coins add` and `coins remove`: the coins added or removed.
  public static func trackedCoins(_ coins: [TrackedCoin]) -> RecordSet {
    RecordSet(
      kind: .trackedCoin,
      records: coins.map { [.number(String($0.id)), .text($0.coin.symbol), .text($0.coin.name)] })
  }

  /// `coins available`: the catalogue with the days held for each coin.
  public static func catalogue(_ entries: [Catalogue.Entry]) -> RecordSet {
    RecordSet(
      kind: .catalogueEntry,
      records: entries.map {
        [.text($0.coin.symbol), .text($0.coin.name), .day($0.held?.first), .day($0.held?.last)]
      })
  }

  /// `prices`: one row per day.
  public static func priceRows(_ rows: [PriceRow]) -> RecordSet {
    RecordSet(
      kind: .priceRow,
      records: rows.map {
        [
          .day($0.day), .text($0.symbol), .price($0.price), .text($0.currency), .text($0.source),
          .bool($0.isClosed),
        ]
      })
  }

  /// `prices --stats`: the statistics of a range as one record.
  public static func priceStatistics(_ statistics: PriceStatistics) -> RecordSet {
    let integer: (Int) -> Value = { .number(String($0)) }
    return RecordSet(
      kind: .priceStatistics,
      records: [
        [
          .text(statistics.symbol), .text(statistics.currency), .text(statistics.source),
          .day(statistics.first?.day), .day(statistics.last?.day), .price(statistics.first?.price),
          .price(statistics.last?.price), .price(statistics.minimum?.price),
          .day(statistics.minimum?.day), .price(statistics.maximum?.price),
          .day(statistics.maximum?.day), .price(statistics.mean), .price(statistics.change),
          .price(statistics.changePercent), integer(statistics.daysWithData),
          integer(statistics.daysWithoutData),
        ]
      ])
  }

  /// `profile show` and `profile set`: the profile as one record.
  public static func profile(_ profile: Profile) -> RecordSet {
    RecordSet(
      kind: .profile,
      records: [
        [
          .text(profile.username),
          .text(profile.preferredSource ?? SnapshotPriceSource.sourceName),
          .optional(profile.preferredCurrency),
        ]
      ])
  }
}
