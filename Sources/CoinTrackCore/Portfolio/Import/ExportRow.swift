/// One row of an export, read field by field with errors that name its line and column.
struct ExportRow {
  let line: Int
  let fields: [String]
  /// The column names, in header order; a repeated name is reached by its position.
  let columns: [String]
  /// The first position of each column name.
  let positions: [String: Int]

  /// The text of the column `name`, empty when the row is shorter.
  func text(_ name: String) -> String {
    positions[name].map { at($0) } ?? ""
  }

  /// The position of the column `name`; refused when the header lacks it (a layout is told by
  /// some of its columns, and a renamed other one is found only when it is read).
  func position(_ name: String) throws(ImportError) -> Int {
    guard let position = positions[name] else { throw .missingColumn(name, columns: columns) }
    return position
  }

  /// The text at `position`, empty when the row is shorter.
  func at(_ position: Int) -> String {
    guard position < fields.count else { return "" }
    let field = fields[position]
    // Most fields have no space around them: trimming only those that do saves a copy each.
    guard
      field.first == " " || field.last == " " || field.first == "\u{A0}"
        || field.last == "\u{A0}"
    else { return field }
    return field.trimmingSpaces()
  }

  /// The number in the column at `position`.
  func number(at position: Int) throws(ImportError) -> ExportNumber {
    let value = at(position)
    guard let number = ExportNumber(value) else {
      throw .invalidField(line: line, column: columns[position], value: value, .number)
    }
    return number
  }

  /// The number in the column `name`.
  func number(_ name: String) throws(ImportError) -> ExportNumber {
    try number(at: try position(name))
  }

  /// The magnitude of the number in column `name`, checked as a trade's quantity, price or fee.
  func amount(_ name: String, _ what: TradeError.NumberKind) throws(ImportError) -> Price {
    try amount(at: try position(name), what)
  }

  /// The magnitude of the number at `position`, checked as a trade's quantity, price or fee.
  func amount(at position: Int, _ what: TradeError.NumberKind) throws(ImportError) -> Price {
    try checked(try number(at: position).magnitude, column: columns[position], what)
  }

  /// `value`, the text of `column`, checked as a trade's `what`.
  func checked(_ value: Price, column: String, _ what: TradeError.NumberKind) throws(ImportError)
    -> Price
  {
    do {
      return try Trade.checkedAmount(value.text, what: what)
    } catch {
      throw .invalidField(line: line, column: column, value: value.text, .trade(error))
    }
  }

  /// The day of the date or time in column `name`, not after `today`: `YYYY-MM-DD` first
  /// (any time after it is of that UTC day) or `DD.MM.YYYY` first.
  func day(_ name: String, today: Day) throws(ImportError) -> Day {
    let value = text(name)
    var day = Day(iso: String(value.prefix(Day.isoLength)))
    if day == nil, value.count >= 10 {
      let parts = value.prefix(10).split(separator: ".", omittingEmptySubsequences: false)
      if parts.count == 3 { day = Day(iso: "\(parts[2])-\(parts[1])-\(parts[0])") }
    }
    guard let day, value.count == 10 || !value.dropFirst(10).first!.isNumber else {
      throw .invalidField(line: line, column: name, value: value, .date)
    }
    guard day <= today else {
      throw .invalidField(line: line, column: name, value: value, .afterToday(today))
    }
    return day
  }

  /// `key:id`, the origin of a row with an id of the export's own, checked.
  func origin(_ key: String, id column: String) throws(ImportError) -> String {
    let id = text(column)
    let origin = key + ":" + id
    guard !id.isEmpty, origin.withUTF8Bytes(Trade.isOrigin),
      origin.count <= Trade.maximumOriginLength - 8
    else { throw .invalidField(line: line, column: column, value: id, .origin) }
    return origin
  }

  /// The value of column `name`, one of `expected` (compared ignoring case).
  func choice(_ name: String, _ expected: [String]) throws(ImportError) -> String {
    let value = text(name)
    guard let match = expected.first(where: { $0.lowercased() == value.lowercased() }) else {
      throw .invalidField(line: line, column: name, value: value, .value(expected: expected))
    }
    return match
  }
}

/// Origins for rows without an id of their own: the format's key, 16 hex digits of a hash of
/// the row's fields, and the row's occurrence among identical rows of the file (`-1`, `-2`),
/// so that two identical rows stay two trades and a second import of either adds nothing.
struct RowHashes {
  let key: String
  private var occurrences: [UInt64: Int] = [:]

  init(key: String) { self.key = key }

  /// The origin of the next row with `fields`.
  mutating func origin(of fields: [String]) -> String {
    // FNV-1a: stable across runs and platforms, unlike Swift's seeded Hasher.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for field in fields {
      for byte in field.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      hash = (hash ^ 0x1F) &* 0x100_0000_01b3
    }
    let occurrence = occurrences[hash, default: 0] + 1
    occurrences[hash] = occurrence
    let hex = String(hash, radix: 16)
    return key + ":" + String(repeating: "0", count: 16 - hex.count) + hex + "-\(occurrence)"
  }
}

extension ExportTable {
  /// Each row with its column positions, its field count checked against the header's (a row
  /// may omit trailing empty fields, as Binance's statement does, but never add any).
  func exportRows(minimumFields: Int? = nil) throws(ImportError) -> [ExportRow] {
    var positions: [String: Int] = [:]
    for (index, name) in columns.enumerated() where positions[name] == nil {
      positions[name] = index
    }
    let minimum = minimumFields ?? columns.count
    return try rows.map { row throws(ImportError) in
      guard (minimum...columns.count).contains(row.fields.count) else {
        throw .wrongFieldCount(line: row.line, found: row.fields.count, expected: columns.count)
      }
      return ExportRow(line: row.line, fields: row.fields, columns: columns, positions: positions)
    }
  }
}
