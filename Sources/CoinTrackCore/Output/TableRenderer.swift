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
    let titles = records.fields.map { RecordSet.Value.text($0.title) }
    // Without a header the columns are only as wide as their values. Widths are measured again
    // while writing rather than kept for every row; what is kept is whether a column's text is
    // all plain, so that it is not checked twice.
    var columns = records.fields.map { Layout.Column(isNumeric: $0.isNumeric) }
    if header {
      for column in columns.indices { columns[column].measure(titles[column]) }
    }
    return try records.withReaders { readers in
      for column in columns.indices {
        var measured = columns[column]
        for record in 0..<records.count { measured.measure(readers[record, column]) }
        columns[column] = measured
      }
      let kept = width.map { fit(&columns, fields: records.fields, header: header, in: $0) }
      let shown = kept ?? Array(columns.indices)
      let layout = Layout(columns: shown.map { columns[$0] })
      if header {
        if style == .decorated { output += "\u{1B}[1m" }
        layout.appendLine(to: &output) { titles[shown[$0]] }
        if style == .decorated { output += "\u{1B}[0m" }
        output += "\n"
      }
      for record in 0..<records.count {
        layout.appendLine(to: &output) { readers[record, shown[$0]] }
        output.append("\n")
        if output.isFull { try flush(&output) }
      }
      return records.fields.indices.filter { !shown.contains($0) }.map { records.fields[$0].key }
    }
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

  /// A cell as a table shows it: text, or a number or day written in place without a string
  /// of its own.
  private enum Shown {
    case text(String)
    case integer(Int)
    case date(Day)
    /// A decimal number's text shown with exactly `decimals` digits after the point.
    case decimal(DecimalText, decimals: Int)
  }

  /// Where a decimal number's text has its point and its last digit that is not a trailing zero.
  struct DecimalText {
    /// The number: its text as given, or an exact amount written as `ExactDecimal.price`.
    enum Digits {
      case text(String)
      case amount(ExactDecimal)
    }

    let digits: Digits
    /// The characters before the point (all of them without one).
    let integerLength: Int
    /// The digits after the point.
    let statedDecimals: Int
    /// The digits after the point up to the last that is not zero.
    let significantDecimals: Int

    /// The number of a `number` or `decimal` cell; nil for any other.
    init?(_ value: RecordSet.Value) {
      switch value {
      case .number(let text): self.init(text)
      case .decimal(let amount): self.init(amount)
      default: return nil
      }
    }

    init(_ amount: ExactDecimal) {
      digits = .amount(amount)
      statedDecimals = amount.scale
      significantDecimals = amount.significantScale
      integerLength = amount.textLength - (amount.scale > 0 ? amount.scale + 1 : 0)
    }

    init(_ text: String) {
      digits = .text(text)
      var contiguous = text
      // The bytes lent where they lie: a table measures every number of its columns.
      (integerLength, statedDecimals, significantDecimals) = contiguous.withUTF8 { bytes in
        guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else {
          return (bytes.count, 0, 0)
        }
        var last = bytes.count - 1
        while last > point, bytes[last] == UInt8(ascii: "0") { last -= 1 }
        return (point, bytes.count - point - 1, last - point)
      }
    }

    /// The width of the text with `decimals` digits after the point.
    func width(decimals: Int) -> Int { integerLength + (decimals > 0 ? decimals + 1 : 0) }

    /// Appends the text with `decimals` (at least `significantDecimals`) digits after the point.
    func append(decimals: Int, to output: inout TextBuffer) {
      switch digits {
      case .amount(let amount):
        // Only zeros are dropped or added, so the rounding is exact.
        amount.rounded(toScale: decimals).write(to: &output)
      case .text(var text):
        text.withUTF8 { bytes in
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
    }
  }

  /// Calls `body` with a cell as shown, its width in characters and whether it is shown as it
  /// is, the text lent rather than copied. Invisible characters (escape sequences, direction
  /// overrides) are shown escaped, as `\u{1b}`: a table goes to a terminal. Printable ASCII,
  /// the usual case, is one character a byte; only other text needs grapheme counting.
  /// `isKnownPlain` says the text was found printable ASCII before and need not be checked.
  private static func withShown<Result>(
    of value: RecordSet.Value, isKnownPlain: Bool = false, decimals: Int? = nil,
    _ body: (_ shown: Shown, _ width: Int, _ isPlain: Bool) -> Result
  ) -> Result {
    switch value {
    case .number(let text) where decimals != nil:
      let number = DecimalText(text)
      let shown = max(decimals ?? 0, number.significantDecimals)
      return body(.decimal(number, decimals: shown), number.width(decimals: shown), true)
    // An amount outside a numeric column is shown with its own decimals.
    case .decimal(let amount):
      let number = DecimalText(amount)
      let shown = max(decimals ?? number.statedDecimals, number.significantDecimals)
      return body(.decimal(number, decimals: shown), number.width(decimals: shown), true)
    case .text(let text):
      if isKnownPlain || UntrustedText.isPrintableASCII(text) {
        return body(.text(text), text.utf8.count, true)
      }
      let shown = UntrustedText.terminalEscaped(text)
      return body(.text(shown), shown.count, false)
    // Numbers are ASCII digits, signs and points.
    case .number(let text): return body(.text(text), text.utf8.count, true)
    case .integer(let value):
      return body(.integer(value), TextBuffer.decimalLength(of: value), true)
    case .date(let day): return body(.date(day), Day.isoLength, true)
    case .bool(let flag): return flag ? body(.text("true"), 4, true) : body(.text("false"), 5, true)
    case .null: return body(.text("-"), 1, true)
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

      mutating func measure(_ value: RecordSet.Value) {
        if isNumeric, let number = DecimalText(value) {
          integerWidth = max(integerWidth, number.integerLength)
          mostSignificantDecimals = max(mostSignificantDecimals, number.significantDecimals)
          fewestStatedDecimals = min(fewestStatedDecimals, number.statedDecimals)
          return
        }
        TableRenderer.withShown(of: value) { _, width, isPlain in
          self.width = max(self.width, width)
          self.isPlain = self.isPlain && isPlain
        }
      }
    }

    let columns: [Column]

    /// Appends one line, the cell of each column given by `cell`, without the line end.
    @inline(__always)
    func appendLine(to output: inout TextBuffer, cell: (_ column: Int) -> RecordSet.Value) {
      // Spaces owed before the next cell: the padding of a left-aligned cell, the gap and the
      // padding of a right-aligned one, written at once. Those still owed at the end of the
      // line are dropped, so that no line ends in spaces.
      var spaces = 0
      for column in columns.indices {
        if column > 0 { spaces += TableRenderer.columnGap }
        let isNumeric = columns[column].isNumeric
        TableRenderer.withShown(
          of: cell(column), isKnownPlain: columns[column].isPlain,
          decimals: columns[column].decimals
        ) {
          shown, width, _ in
          // Only a shortened column is narrower than a cell of it.
          let padding = max(0, columns[column].shownWidth - width)
          if isNumeric { spaces += padding }
          output.appendSpaces(spaces)
          switch shown {
          case .text(let text) where width > columns[column].width:
            output += TableRenderer.shortened(text, to: columns[column].width)
          case .text(let text): output += text
          case .integer(let value): output.append(value)
          case .date(let day): output.append(day)
          case .decimal(let number, let decimals): number.append(decimals: decimals, to: &output)
          }
          spaces = isNumeric ? 0 : padding
        }
      }
    }
  }
}
