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
  /// How many records there are.
  public let count: Int
  /// The value of a record, by its index, for a field, by its position among the fields the
  /// records were made with. Values are made when a renderer asks, from the data the records
  /// show: a thousand rows then take no memory of their own, and touching fresh memory is what
  /// a large listing cost most.
  private let value: @Sendable (_ record: Int, _ field: Int) -> Value
  /// For each shown field, its position among the fields the records were made with: choosing
  /// fields picks columns rather than copying records.
  private let columns: [Int]
  /// A single record (a profile) rather than a list: JSON prints an object, not an array.
  public let isSingleRecord: Bool

  /// Records with one value for each of `fields`, in order.
  public init(fields: [Field], records: [[Value]], isSingleRecord: Bool = false) {
    precondition(
      records.allSatisfy { $0.count == fields.count }, "a record needs a value for each field")
    self.init(fields: fields, count: records.count, isSingleRecord: isSingleRecord) {
      records[$0][$1]
    }
  }

  /// `count` records with a value for each of `fields`, made by `value(record, field)` when
  /// they are read.
  init(
    fields: [Field], count: Int, isSingleRecord: Bool,
    value: @escaping @Sendable (_ record: Int, _ field: Int) -> Value
  ) {
    self.init(
      fields: fields, count: count, value: value, columns: Array(fields.indices),
      isSingleRecord: isSingleRecord)
  }

  private init(
    fields: [Field], count: Int, value: @escaping @Sendable (Int, Int) -> Value, columns: [Int],
    isSingleRecord: Bool
  ) {
    self.fields = fields
    self.count = count
    self.value = value
    self.columns = columns
    self.isSingleRecord = isSingleRecord
  }

  /// One record's values, one for each of `fields`.
  public struct Record: RandomAccessCollection, Sendable {
    fileprivate let value: @Sendable (Int, Int) -> Value
    fileprivate let record: Int
    fileprivate let columns: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns.count }
    public subscript(position: Int) -> Value { value(record, columns[position]) }
  }

  /// The value of record `record` for `fields[field]`. Renderers read cells through this rather
  /// than `records`, whose views would each retain the record set's storage.
  public subscript(record: Int, field: Int) -> Value {
    value(record, columns[field])
  }

  /// The records, each with the values of `fields`.
  public var records: LazyMapSequence<Range<Int>, Record> {
    (0..<count).lazy.map { [value, columns] in Record(value: value, record: $0, columns: columns) }
  }

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
    String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
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
        Field("closed", isShownInTables: false), Field("coin_id"),
      ]
    case .trackedCoin:
      return [Field("id", isNumeric: true), Field("symbol"), Field("name"), Field("coin_id")]
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

  /// `count` records of `kind`, made by `value(record, field)` when they are read; `field` is a
  /// position in the kind's fields.
  init(
    kind: RecordKind, count: Int,
    value: @escaping @Sendable (_ record: Int, _ field: Int) -> Value
  ) {
    self.init(
      fields: kind.fields, count: count, isSingleRecord: kind.isSingleRecord, value: value)
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
      fields: positions.map { fields[$0] }, count: count, value: value,
      columns: positions.map { columns[$0] }, isSingleRecord: isSingleRecord)
  }

  /// `coins list`: each tracked coin with its latest price, `latestPrices[i]` that of `coins[i]`.
  public static func coinListings(_ coins: [TrackedCoin], latestPrices: LatestPrices) -> RecordSet {
    precondition(coins.count == latestPrices.count, "one latest price for each coin")
    return RecordSet(kind: .coinListing, count: coins.count) { record, field in
      switch field {
      case 0: return .number(String(coins[record].id))
      case 1: return .text(coins[record].coin.symbol)
      case 2: return .text(coins[record].coin.name)
      case 3: return .price(latestPrices[record]?.price)
      case 4: return .day(latestPrices[record]?.day)
      case 5: return .optional(latestPrices[record]?.currency)
      case 6: return .optional(latestPrices[record]?.source)
      case 7: return latestPrices[record].map { .bool($0.isClosed) } ?? .null
      default: return .text(coins[record].coin.id)
      }
    }
  }

  /// `coins add` and `coins remove`: the coins added or removed.
  public static func trackedCoins(_ coins: [TrackedCoin]) -> RecordSet {
    RecordSet(kind: .trackedCoin, count: coins.count) { record, field in
      switch field {
      case 0: return .number(String(coins[record].id))
      case 1: return .text(coins[record].coin.symbol)
      case 2: return .text(coins[record].coin.name)
      default: return .text(coins[record].coin.id)
      }
    }
  }

  /// `coins available`: the catalogue with the days held for each coin.
  public static func catalogue(_ entries: [Catalogue.Entry]) -> RecordSet {
    RecordSet(kind: .catalogueEntry, count: entries.count) { record, field in
      switch field {
      case 0: return .text(entries[record].coin.symbol)
      case 1: return .text(entries[record].coin.name)
      case 2: return .day(entries[record].held?.first)
      default: return .day(entries[record].held?.last)
      }
    }
  }

  /// `prices`: one row per day, each read from `rows` when it is written, never held.
  public static func priceRows(_ rows: PriceRows) -> RecordSet {
    RecordSet(kind: .priceRow, count: rows.count) { record, field in
      switch field {
      case 0: return .day(rows.day(at: record))
      case 1: return .text(rows.symbol(at: record))
      case 2: return .price(rows.price(at: record))
      case 3: return .text(rows.currency(at: record))
      case 4: return .text(rows.source(at: record))
      default: return .bool(rows.isClosed(at: record))
      }
    }
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
