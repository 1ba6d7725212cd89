/// Renders records as aligned columns: text left-aligned, numbers right-aligned, "-" for none.
///
/// A numeric column shows its decimal numbers with one number of decimals from top to bottom:
/// as many as the number that needs the most (trailing zeros not counted), and at least as many
/// as the number that states the fewest. So a column of closes from two sources (`2129.44`
/// beside a fixed-width `24012.00000000`) shows `24012.00`, money rounded to cents keeps them,
/// and no value changes: only zeros are dropped or added. Machine formats print each value's
/// own text.
///
/// Given a width (a terminal's), a wider table is made to fit: first its names are shortened
/// with `…`, the widest first and none below `shortestShortened` characters or its title; when
/// that is not enough, columns are left out, those of `leftOutFirst` first, then the others from
/// the right, never the first column, and the names are shortened only as far as is still
/// needed. Only names are shortened: symbols, ids, numbers, days, currencies and sources are
/// shown whole or not at all. A table whose first column alone is wider than the width keeps
/// it, its lines longer than the width.
enum TableRenderer {
  /// Spaces between two columns.
  static let columnGap = 2
  /// The fields that may be shortened to fit: names, which stay recognisable by their start.
  static let shortenedKeys: Set<String> = ["name"]
  /// The narrowest a shortened column gets, its `…` included, unless its title is wider.
  static let shortestShortened = 10
  /// The fields left out first to fit, in this order: the coin id says again what the symbol
  /// says, and source and currency are mostly the same on every row.
  static let leftOutFirst = ["coin_id", "source", "currency"]

  /// Writes the table; returns the keys of the fields left out to fit `width` characters,
  /// in their order in the table. A nil `width` (pipes, files) leaves the table as it is.
  static func render(
    _ records: RecordSet, header: Bool, style: RecordFormat.TableStyle, width: Int? = nil,
    into output: inout TextBuffer, flush: (inout TextBuffer) throws -> Void
  ) rethrows -> [String] {
    // Every cell is read and written once, as it will be shown, while its column is measured,
    // and held compactly until the widths are known: no value is made or formatted twice.
    // Without a header the columns are only as wide as their values.
    var columns = records.fields.map { Layout.Column(isNumeric: $0.isNumeric) }
    var cells = HeldCells()
    if header {
      for column in columns.indices {
        columns[column].measure(.text(records.fields[column].title), holdingIn: &cells)
      }
    }
    records.withReaders { readers in
      for record in 0..<records.count {
        for column in columns.indices {
          columns[column].measure(readers[record, column], holdingIn: &cells)
        }
      }
    }
    let kept = width.map { fit(&columns, fields: records.fields, header: header, in: $0) }
    let shown = kept ?? Array(columns.indices)
    let layout = Layout(columns: columns, shown: shown)
    if header {
      if style == .decorated { output += "\u{1B}[1m" }
      layout.appendLine(of: &cells, to: &output)
      if style == .decorated { output += "\u{1B}[0m" }
      output += "\n"
    }
    for _ in 0..<records.count {
      layout.appendLine(of: &cells, to: &output)
      output.append("\n")
      if output.isFull { try flush(&output) }
    }
    return records.fields.indices.filter { !shown.contains($0) }.map { records.fields[$0].key }
  }

  /// Narrows `columns`, measured, to fit a line of `width` characters as the type's summary
  /// says; returns the positions of the columns kept, in order.
  private static func fit(
    _ columns: inout [Layout.Column], fields: [RecordSet.Field], header: Bool, in width: Int
  ) -> [Int] {
    var kept = Array(columns.indices)
    func lineWidth(_ widths: (Int) -> Int) -> Int {
      kept.reduce(0) { $0 + widths($1) } + columnGap * max(0, kept.count - 1)
    }
    guard lineWidth({ columns[$0].shownWidth }) > width else { return kept }
    let shortest = columns.indices.map { column in
      guard shortenedKeys.contains(fields[column].key) else { return columns[column].shownWidth }
      let title = header ? fields[column].title.count : 0
      return min(columns[column].shownWidth, max(shortestShortened, title))
    }
    let byKey = leftOutFirst.compactMap { key in fields.firstIndex { $0.key == key } }
    let fromTheRight = columns.indices.reversed().filter { !byKey.contains($0) }
    for column in byKey + fromTheRight where column != 0 && lineWidth({ shortest[$0] }) > width {
      kept.removeAll { $0 == column }
    }
    var excess = lineWidth({ columns[$0].shownWidth }) - width
    for column in kept.sorted(by: { columns[$0].shownWidth > columns[$1].shownWidth })
    where excess > 0 {
      let cut = min(excess, columns[column].shownWidth - shortest[column])
      columns[column].width -= cut
      excess -= cut
    }
    return kept
  }

  /// `shown` cut to `width` characters, the last of them `…`. It is cut between characters,
  /// never inside one, and an escape such as `\u{1b}` is kept whole or left out.
  static func shortened(_ shown: String, to width: Int) -> String {
    var end = shown.startIndex
    var length = 0
    while end < shown.endIndex {
      let next = endOfEscape(in: shown, from: end) ?? shown.index(after: end)
      let characters = shown.distance(from: end, to: next)
      guard length + characters < width else { break }
      length += characters
      end = next
    }
    return shown[..<end] + "…"
  }

  /// The end of the escape `\u{…}` of 1 to 6 hex digits that starts at `start`, if one does.
  private static func endOfEscape(in text: String, from start: String.Index) -> String.Index? {
    guard text[start...].hasPrefix("\\u{") else { return nil }
    let digits = text[text.index(start, offsetBy: 3)...].prefix { $0.isHexDigit }
    guard (1...6).contains(digits.count), digits.endIndex < text.endIndex,
      text[digits.endIndex].unicodeScalars.first == "}"
    else { return nil }
    return text.index(after: digits.endIndex)
  }

  /// Where a decimal number's text has its point and its last digit that is not a trailing zero.
  struct DecimalText {
    /// The characters before the point (all of them without one).
    let integerLength: Int
    /// The digits after the point.
    let statedDecimals: Int
    /// The digits after the point up to the last that is not zero.
    let significantDecimals: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else {
        (integerLength, statedDecimals, significantDecimals) = (bytes.count, 0, 0)
        return
      }
      var last = bytes.count - 1
      while last > point, bytes[last] == UInt8(ascii: "0") { last -= 1 }
      (integerLength, statedDecimals, significantDecimals) = (
        point, bytes.count - point - 1, last - point
      )
    }

    /// The width of the text with `decimals` digits after the point.
    func width(decimals: Int) -> Int { integerLength + (decimals > 0 ? decimals + 1 : 0) }

    /// Appends `bytes`, the number's text, with `decimals` (at least `significantDecimals`)
    /// digits after the point.
    func append(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int, to output: inout TextBuffer) {
      output.append(UnsafeBufferPointer(rebasing: bytes[..<integerLength]))
      guard decimals > 0 else { return }
      output.append(ascii: ".")
      if significantDecimals > 0 {
        let fraction = integerLength + 1
        output.append(
          UnsafeBufferPointer(rebasing: bytes[fraction..<fraction + significantDecimals]))
      }
      for _ in significantDecimals..<decimals { output.append(ascii: "0") }
    }
  }

  /// The cells of a table as they will be shown, from measuring to writing, in the order
  /// written: row by row, each row's cells in the order of the fields.
  ///
  /// A cell's text is written once, into chunks of memory that never move, with a byte for
  /// its length and whether it is a decimal number; a million rows take little more than
  /// their text. Reading gives each chunk back once it has been read.
  struct HeldCells: ~Copyable {
    /// The bytes of a chunk; a cell longer than that has a chunk of its own.
    static let chunkCapacity = 1 << 20
    /// The flag of a decimal number in a cell's byte.
    private static let decimalFlag: UInt8 = 0x80
    /// A cell's byte that says its length is the next of `longLengths`.
    private static let longLength: UInt8 = 0x7F

    private var chunks: [UnsafeMutableBufferPointer<UInt8>] = []
    /// The bytes written in the last chunk.
    private var used = 0
    /// For each cell, its length (or `longLength`), with `decimalFlag` for a decimal number.
    private var cellBytes: [UInt8] = []
    private var longLengths: [Int] = []
    /// Where reading is: the chunk, the offset in it, the cell and the next long length.
    /// Chunks before `chunk` have been given back.
    private var chunk = 0
    private var offset = 0
    private var cell = 0
    private var long = 0

    init() {}

    deinit {
      for index in chunk..<chunks.count { chunks[index].deallocate() }
    }

    /// Holds `length` bytes, written by `write` where they will stay; returns them.
    @discardableResult
    mutating func append(
      count length: Int, isDecimal: Bool = false,
      writtenBy write: (_ start: UnsafeMutablePointer<UInt8>) -> Void
    ) -> UnsafeBufferPointer<UInt8> {
      if chunks.isEmpty || used + length > chunks[chunks.count - 1].count {
        chunks.append(.allocate(capacity: max(HeldCells.chunkCapacity, length)))
        used = 0
      }
      let start = chunks[chunks.count - 1].baseAddress! + used
      write(start)
      used += length
      let flag = isDecimal ? HeldCells.decimalFlag : 0
      if length < Int(HeldCells.longLength) {
        cellBytes.append(UInt8(length) | flag)
      } else {
        cellBytes.append(HeldCells.longLength | flag)
        longLengths.append(length)
      }
      return UnsafeBufferPointer(start: start, count: length)
    }

    /// Holds `text`; returns its bytes as held.
    @discardableResult
    mutating func append(_ text: String, isDecimal: Bool = false) -> UnsafeBufferPointer<UInt8> {
      var text = text
      return text.withUTF8 { bytes in
        append(count: bytes.count, isDecimal: isDecimal) { start in
          guard let source = bytes.baseAddress else { return }
          start.initialize(from: source, count: bytes.count)
        }
      }
    }

    /// Lends the next cell's bytes to `body`, with whether it is a decimal number.
    @inline(__always)
    mutating func next<Result>(
      _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ isDecimal: Bool) -> Result
    ) -> Result {
      let byte = cellBytes[cell]
      cell += 1
      var length = Int(byte & ~HeldCells.decimalFlag)
      if length == Int(HeldCells.longLength) {
        length = longLengths[long]
        long += 1
      }
      // The writer started a new chunk where this cell did not fit the one before.
      if offset + length > chunks[chunk].count {
        chunks[chunk].deallocate()
        chunk += 1
        offset = 0
      }
      let start = chunks[chunk].baseAddress! + offset
      offset += length
      return body(
        UnsafeBufferPointer(start: start, count: length), byte & HeldCells.decimalFlag != 0)
    }
  }

  /// The columns' widths and alignments.
  private struct Layout {
    /// What measuring a column's cells found.
    struct Column {
      /// Numbers are right-aligned.
      let isNumeric: Bool
      var width = 0
      /// Whether every text cell is printable ASCII, shown as it is.
      var isPlain = true
      /// In a numeric column, the most characters before the point of a decimal number, the
      /// most decimals one needs and the fewest one states.
      var integerWidth = 0
      var mostSignificantDecimals = 0
      var fewestStatedDecimals = Int.max

      /// The decimals every decimal number of a numeric column is shown with; nil for others.
      var decimals: Int? {
        guard isNumeric, fewestStatedDecimals != .max else { return nil }
        return max(mostSignificantDecimals, fewestStatedDecimals)
      }

      /// The column's width once every cell is measured.
      var shownWidth: Int { max(width, decimals.map { integerWidth + ($0 > 0 ? $0 + 1 : 0) } ?? 0) }

      /// Measures a cell, and holds it in `cells` as it will be shown: text, or a number or
      /// day written in place without a string of its own. Invisible characters (escape
      /// sequences, direction overrides) are shown escaped, as `\u{1b}`: a table goes to a
      /// terminal. Printable ASCII, the usual case, is one character a byte; only other text
      /// needs grapheme counting.
      mutating func measure(_ value: RecordSet.Value, holdingIn cells: inout HeldCells) {
        let shownWidth: Int
        switch value {
        case .number(let text) where isNumeric:
          let number = DecimalText(cells.append(text, isDecimal: true))
          integerWidth = max(integerWidth, number.integerLength)
          mostSignificantDecimals = max(mostSignificantDecimals, number.significantDecimals)
          fewestStatedDecimals = min(fewestStatedDecimals, number.statedDecimals)
          return
        case .text(let text) where !UntrustedText.isPrintableASCII(text):
          let shown = UntrustedText.terminalEscaped(text)
          cells.append(shown)
          shownWidth = shown.count
          isPlain = false
        // Numbers are ASCII digits, signs and points.
        case .text(let text), .number(let text): shownWidth = cells.append(text).count
        case .integer(let value):
          shownWidth = TextBuffer.decimalLength(of: value)
          cells.append(count: shownWidth) { TextBuffer.write(value, length: shownWidth, at: $0) }
        case .date(let day):
          shownWidth = cells.append(count: Day.isoLength, writtenBy: day.writeISO).count
        case .bool(let flag): shownWidth = cells.append(flag ? "true" : "false").count
        case .null: shownWidth = cells.append("-").count
        }
        width = max(width, shownWidth)
      }
    }

    /// Each column as measured, and whether it is shown.
    let columns: [Column]
    let isShown: [Bool]
    /// Each column's `shownWidth` and `decimals`, worked out once.
    private let shownWidths: [Int]
    private let decimals: [Int?]

    init(columns: [Column], shown: [Int]) {
      self.columns = columns
      isShown = columns.indices.map(shown.contains)
      shownWidths = columns.map(\.shownWidth)
      decimals = columns.map(\.decimals)
    }

    /// Appends the next row of `cells`, without the line end.
    @inline(__always)
    func appendLine(of cells: inout HeldCells, to output: inout TextBuffer) {
      // Spaces owed before the next cell: the padding of a left-aligned cell, the gap and the
      // padding of a right-aligned one, written at once. Those still owed at the end of the
      // line are dropped, so that no line ends in spaces.
      var spaces = 0
      var isFirst = true
      for column in columns.indices {
        cells.next { bytes, isDecimal in
          guard isShown[column] else { return }
          if !isFirst { spaces += TableRenderer.columnGap }
          isFirst = false
          let isNumeric = columns[column].isNumeric
          if isDecimal, let decimals = decimals[column] {
            let number = DecimalText(bytes)
            let shownDecimals = max(decimals, number.significantDecimals)
            spaces += max(0, shownWidths[column] - number.width(decimals: shownDecimals))
            output.appendSpaces(spaces)
            number.append(bytes, decimals: shownDecimals, to: &output)
            spaces = 0
            return
          }
          let width =
            columns[column].isPlain ? bytes.count : String(decoding: bytes, as: UTF8.self).count
          // Only a shortened column is narrower than a cell of it.
          let padding = max(0, shownWidths[column] - width)
          if isNumeric { spaces += padding }
          output.appendSpaces(spaces)
          if width > columns[column].width {
            output += TableRenderer.shortened(
              String(decoding: bytes, as: UTF8.self), to: columns[column].width)
          } else {
            output.append(bytes)
          }
          spaces = isNumeric ? 0 : padding
        }
      }
    }
  }
}
