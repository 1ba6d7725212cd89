/// What a command prints. Each kind declares its fields, with the value each shows, in one list
/// known before the command runs, so that `--fields` is checked before anything is read or
/// changed.
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
  /// `sync`.
  case syncOutcome
  /// `alerts add`, `alerts list` and `alerts remove`.
  case alert
  /// `alerts check`.
  case alertReading
  /// `portfolio buy`, `portfolio sell`, `portfolio trades` and `portfolio remove`.
  case trade
  /// `portfolio show`.
  case holding
  /// `portfolio history`.
  case portfolioDay
  /// `portfolio gains`.
  case gain
  /// `portfolio earnings`.
  case income

  public typealias Field = RecordSet.Field

  /// The fields of every record of this kind, in their default order: the names `--fields`
  /// takes, the header, the JSON keys and help's field lists.
  public var fields: [Field] { declaration.fields }

  /// One record rather than a list: JSON prints an object, not an array.
  public var isSingleRecord: Bool { declaration.isSingleRecord }

  /// The list that declares this kind's fields with their values.
  private var declaration: any FieldDeclaration {
    switch self {
    case .coinListing: return Self.coinListingFields
    case .trackedCoin: return Self.trackedCoinFields
    case .catalogueEntry: return Self.catalogueEntryFields
    case .priceRow: return Self.priceRowFields
    case .priceStatistics: return Self.priceStatisticsFields
    case .profile: return Self.profileFields
    case .syncOutcome: return Self.syncOutcomeFields
    case .alert: return Self.alertFields
    case .alertReading: return Self.alertReadingFields
    case .trade: return Self.tradeFields
    case .holding: return Self.holdingFields
    case .portfolioDay: return Self.portfolioDayFields
    case .gain: return Self.gainFields
    case .income: return Self.incomeFields
    }
  }
}

/// The fields of a record kind, without the data they are read from.
protocol FieldDeclaration: Sendable {
  var fields: [RecordSet.Field] { get }
  var isSingleRecord: Bool { get }
}

/// One field of a record kind: its column and how a record's value for it is read from the data
/// the records show, declared side by side so that a value cannot drift under another name.
struct RecordField<Source: Sendable>: Sendable {
  let column: RecordSet.Field
  /// The reader of this field's values from `source`, by record index. Made once per render:
  /// a reader over the data itself, rather than over a `Source` given with each record, is one
  /// call a cell, as a generic argument would be passed through a thunk for every cell.
  let reader: @Sendable (_ source: Source) -> @Sendable (_ record: Int) -> RecordSet.Value

  init(
    _ key: String, isNumeric: Bool = false, isShownInTables: Bool = true,
    reader: @escaping @Sendable (_ source: Source) -> @Sendable (_ record: Int) -> RecordSet.Value
  ) {
    column = RecordSet.Field(key, isNumeric: isNumeric, isShownInTables: isShownInTables)
    self.reader = reader
  }
}

/// The fields of one record kind in their default order, each with its value: the one list from
/// which the kind's columns and its records are both made.
struct RecordFields<Source: Sendable>: FieldDeclaration {
  let declared: [RecordField<Source>]
  /// The columns of `declared`, made once rather than for every render.
  let fields: [RecordSet.Field]
  let isSingleRecord: Bool

  init(isSingleRecord: Bool = false, _ declared: [RecordField<Source>]) {
    self.declared = declared
    self.fields = declared.map(\.column)
    self.isSingleRecord = isSingleRecord
  }

  /// `count` records of `source`. Each field's reader is bound to `source` here, once, so that
  /// renderers read a cell by its column's index with no lookup by name.
  func records(of source: Source, count: Int) -> RecordSet {
    RecordSet(
      fields: fields, count: count, isSingleRecord: isSingleRecord,
      cells: declared.map { RecordSet.Column($0.reader(source)) })
  }
}
