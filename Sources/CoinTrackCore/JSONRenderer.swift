/// Renders records as JSON: an array with one object per line or a single object, or as JSON
/// Lines.
enum JSONRenderer {
  static func render(_ records: RecordSet) -> String {
    let objects = objects(of: records)
    if records.isSingleRecord, let object = objects.first { return object + "\n" }
    guard !objects.isEmpty else { return "[]\n" }
    return "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n"
  }

  /// One compact object per line; no rows print nothing at all.
  static func renderLines(_ records: RecordSet) -> String {
    objects(of: records).map { $0 + "\n" }.joined()
  }

  private static func objects(of records: RecordSet) -> [String] {
    records.records.map { record in
      JSONWriter.compact(
        .object(zip(records.fields, record).map { JSONMember($0.key, value(of: $1)) }))
    }
  }

  private static func value(of value: RecordSet.Value) -> JSONValue {
    switch value {
    case .text(let text): return .string(text)
    case .number(let text): return .number(text)
    case .bool(let flag): return .bool(flag)
    case .null: return .null
    }
  }
}
