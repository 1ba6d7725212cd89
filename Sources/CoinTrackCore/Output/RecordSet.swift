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

  /// One cell. Two cells are equal when they are written the same: a `decimal` 1.50 equals a
  /// `number` "1.50", not a `decimal` 1.5.
  public enum Value: Hashable, Sendable {
    case text(String)
    /// A number in JSON syntax, printed exactly as given.
    case number(String)
    /// An exact amount, written as its decimal text (`ExactDecimal.price`) in every format:
    /// kept as a number so that a renderer writes its digits without making a string of them.
    case decimal(ExactDecimal)
    /// A whole number, written in decimal digits in every format: kept as a number so that a
    /// renderer writes its digits without making a string of them.
    case integer(Int)
    /// A day, written `YYYY-MM-DD` as text in every format: kept as a day so that a renderer
    /// writes its ten bytes without making a string of them.
    case date(Day)
    /// `true` or `false`, in every format.
    case bool(Bool)
    case null
  }

  /// The fields shown, in order.
  public let fields: [Field]
  /// How many records there are.
  public let count: Int
  /// For each of `fields`, the value of a record, by its index. Values are made when a renderer
  /// asks, from the data the records show, so that a thousand rows take no memory of their own.
  /// Choosing fields picks these readers rather than copying records.
  private let cells: [Column]
  /// A single record (a profile) rather than a list: JSON prints an object, not an array.
  public let isSingleRecord: Bool

  /// Records with one value for each of `fields`, in order.
  public init(fields: [Field], records: [[Value]], isSingleRecord: Bool = false) {
    precondition(
      records.allSatisfy { $0.count == fields.count }, "a record needs a value for each field")
    self.init(
      fields: fields, count: records.count, isSingleRecord: isSingleRecord,
      cells: fields.indices.map { field in Column { records[$0][field] } })
  }

  /// `count` records, the value of each for `fields[i]` made by `cells[i](record)` when it is
  /// read.
  init(
    fields: [Field], count: Int, isSingleRecord: Bool,
    cells: [Column]
  ) {
    precondition(cells.count == fields.count, "a reader for each field")
    self.fields = fields
    self.count = count
    self.cells = cells
    self.isSingleRecord = isSingleRecord
  }

  /// One record's values, one for each of `fields`.
  public struct Record: RandomAccessCollection, Sendable {
    fileprivate let cells: [Column]
    fileprivate let record: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { cells.count }
    public subscript(position: Int) -> Value { cells[position](record) }
  }

  /// The reader of a field's value for each record, by its index: an object, so that a
  /// renderer can call it without retaining it (see `Readers`). A closure held in a struct or
  /// an array is retained and released around each call, for every cell of every render.
  final class Column: Sendable {
    let read: @Sendable (_ record: Int) -> Value

    init(_ read: @escaping @Sendable (_ record: Int) -> Value) {
      self.read = read
    }

    func callAsFunction(_ record: Int) -> Value { read(record) }
  }

  /// Calls `body` with the readers of every field, lent for as long as it runs: how renderers
  /// read every cell, with no retain and release of its reader.
  func withReaders<Result>(_ body: (Readers) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(cells) {
      try body(Readers(columns: cells.map(Unmanaged.passUnretained)))
    }
  }

  /// The readers of every field, valid only inside `withReaders`, where the record set keeps
  /// them.
  struct Readers {
    fileprivate let columns: [Unmanaged<Column>]

    /// The value of record `record` for `fields[field]`.
    @inline(__always)
    subscript(record: Int, field: Int) -> Value {
      columns[field]._withUnsafeGuaranteedRef { $0.read(record) }
    }
  }

  /// The records, each with the values of `fields`.
  public var records: LazyMapSequence<Range<Int>, Record> {
    (0..<count).lazy.map { [cells] in Record(cells: cells, record: $0) }
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
      fields: positions.map { fields[$0] }, count: count, isSingleRecord: isSingleRecord,
      cells: positions.map { cells[$0] })
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
  /// The cell as it is written: a decimal as the number of its text.
  private enum Written: Hashable {
    case text(String)
    case number(String)
    case integer(Int)
    case date(Day)
    case bool(Bool)
    case null
  }

  private var written: Written {
    switch self {
    case .text(let text): .text(text)
    case .number(let text): .number(text)
    case .decimal(let amount): .number(amount.price.text)
    case .integer(let value): .integer(value)
    case .date(let day): .date(day)
    case .bool(let flag): .bool(flag)
    case .null: .null
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    // One scale and one value: one text, compared without making it.
    if case .decimal(let left) = lhs, case .decimal(let right) = rhs {
      return left.scale == right.scale && left == right
    }
    return lhs.written == rhs.written
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(written)
  }

  /// A price, or null when there is none.
  static func price(_ price: Price?) -> Self { price.map { .number($0.text) } ?? .null }
  /// An exact amount, or null when there is none.
  static func amount(_ amount: ExactDecimal?) -> Self { amount.map(Self.decimal) ?? .null }
  /// A day as YYYY-MM-DD, or null.
  static func day(_ day: Day?) -> Self { day.map(Self.date) ?? .null }
  /// Optional text, or null.
  static func optional(_ text: String?) -> Self { text.map(Self.text) ?? .null }
}
