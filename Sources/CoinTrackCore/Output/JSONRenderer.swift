/// Renders records as JSON: an array with one object per line or a single object, or as JSON
/// Lines.
enum JSONRenderer {
  /// Appends the records to `output`, calling `flush` whenever it holds a chunk.
  static func render(
    _ records: RecordSet, into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    let keys = quotedKeys(records.fields)
    if records.isSingleRecord, records.count > 0 {
      records.withReaders { appendObject(0, of: $0, keys: keys, to: &output) }
      output += "\n"
      return
    }
    guard records.count > 0 else {
      output += "[]\n"
      return
    }
    output += "[\n"
    try records.withReaders { readers in
      for record in 0..<records.count {
        output.append("  ")
        appendObject(record, of: readers, keys: keys, to: &output)
        output.append(record == records.count - 1 ? "\n" : ",\n")
        if output.isFull { try flush(&output) }
      }
    }
    output += "]\n"
  }

  /// One compact object per line; no rows print nothing at all.
  static func renderLines(
    _ records: RecordSet, into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows {
    let keys = quotedKeys(records.fields)
    try records.withReaders { readers in
      for record in 0..<records.count {
        appendObject(record, of: readers, keys: keys, to: &output)
        output.append("\n")
        if output.isFull { try flush(&output) }
      }
    }
  }

  /// `"key":` for each field, escaped once rather than once a row.
  private static func quotedKeys(_ fields: [RecordSet.Field]) -> [String] {
    fields.map { field in
      var key = TextBuffer()
      JSONWriter.appendString(field.key, to: &key)
      key += ":"
      return key.text
    }
  }

  /// Appends `{"key":value,...}` for the record at `record`, written straight into `output`
  /// rather than through `JSONValue`, because `prices` writes thousands of them.
  private static func appendObject(
    _ record: Int, of readers: RecordSet.Readers, keys: [String], to output: inout TextBuffer
  ) {
    output.append("{")
    for column in keys.indices {
      if column > 0 { output.append(",") }
      output += keys[column]
      switch readers[record, column] {
      case .text(let text): JSONWriter.appendString(text, to: &output)
      case .number(let text): output += text
      case .decimal(let amount): amount.write(to: &output)
      case .integer(let value): output.append(value)
      case .date(let day):
        output.append("\"")
        output.append(day)
        output.append("\"")
      case .bool(let flag): output.append(flag ? "true" : "false")
      case .null: output.append("null")
      }
    }
    output.append("}")
  }
}
