/// Strings and numbers handed over as the UTF-8 they are written with, where it lies in the
/// document: the state file's fields are checked and converted from their bytes, and made into
/// text only when they are kept as text.
extension JSONReader {
  /// Reads a string and returns what `convert` makes of its UTF-8: the bytes where they lie
  /// when the string is ASCII without escapes, else the decoded text's.
  mutating func readString<Value>(_ convert: (UnsafeBufferPointer<UInt8>) -> Value)
    throws(JSONSyntaxError) -> Value
  {
    if let piece = readPlainASCIIString() { return convert(piece) }
    return try readString().withUTF8Bytes(convert)
  }

  /// The content of the string whose opening quote is at `quote`, and whether it is ASCII,
  /// when it has no escapes and no control characters; nil otherwise.
  func plainString(at quote: Int) -> (content: Range<Int>, isASCII: Bool)? {
    var end = quote + 1
    // Every byte's bits together: the text is ASCII when the high bit is never set.
    var allBits: UInt8 = 0
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      allBits |= byte
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    return (quote + 1..<end, allBits < 0x80)
  }

  /// The UTF-8 of the next value where it lies, when it is a string of ASCII without escapes
  /// (valid UTF-8 as it is); nil, having read nothing but whitespace, for any other value.
  /// Valid while the document is.
  mutating func readPlainASCIIString() -> UnsafeBufferPointer<UInt8>? {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
      let (content, isASCII) = plainString(at: position), isASCII
    else { return nil }
    position = content.upperBound + 1
    return UnsafeBufferPointer(rebasing: bytes[content])
  }

  /// Reads the next value when it is the string whose content is exactly `utf8`, which holds no
  /// quote, backslash or control character (the content of a plain string); else reads nothing
  /// and returns false, having read nothing but whitespace. A value known beforehand (a key, a
  /// text read before) is so recognised by comparing its bytes, without scanning for its end.
  mutating func readString(spelled utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    skipWhitespace()
    let contentStart = position + 1
    let closingQuote = contentStart + utf8.count
    guard closingQuote < bytes.count, bytes[position] == UInt8(ascii: "\""),
      bytes[closingQuote] == UInt8(ascii: "\""),
      UnsafeBufferPointer(rebasing: bytes[contentStart..<closingQuote]).hasSameBytes(as: utf8)
    else { return false }
    position = closingQuote + 1
    return true
  }

  /// Reads `utf8` when the bytes from the current position on are exactly those; else reads
  /// nothing and returns false.
  @inline(__always)
  mutating func readBytes(spelled utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !utf8.isEmpty, bytes.count - position >= utf8.count,
      UnsafeBufferPointer(rebasing: bytes[position..<(position + utf8.count)]).hasSameBytes(
        as: utf8)
    else { return false }
    position += utf8.count
    return true
  }

  /// Reads `null` when it is the next value and returns true; else reads nothing but whitespace
  /// and returns false.
  mutating func readNullIfPresent() -> Bool {
    skipWhitespace()
    guard bytes.count - position >= 4, bytes[position] == UInt8(ascii: "n"),
      bytes[position + 1] == UInt8(ascii: "u"), bytes[position + 2] == UInt8(ascii: "l"),
      bytes[position + 3] == UInt8(ascii: "l")
    else { return false }
    position += 4
    return true
  }

  /// The UTF-8 of the next value where it lies, and its scan, when it is a number written as
  /// plain decimal text (`-?digits[.digits]`, as cointrack writes amounts): the bytes
  /// `scanNumber` would read, found by the one scan that also reads their value. Nil, having
  /// read nothing but whitespace, for any other value, which `scanNumber` then reads (or
  /// refuses) as before: an exponent, a zero before another digit, a point without digits.
  @inline(__always)
  mutating func readPlainDecimalNumber() -> (
    utf8: UnsafeBufferPointer<UInt8>, scan: PlainDecimalScan
  )? {
    skipWhitespace()
    let start = position
    let scan = PlainDecimalScan(leadingTextOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    guard scan.isPlainDecimal else { return nil }
    let end = start + scan.length
    // An exponent would continue the number: its digits are read only by `scanNumber`.
    if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") { return nil }
    // A zero before another digit ends a JSON number there (`01` is refused after the `0`).
    let integerDigits = scan.digitCount - scan.scale
    if integerDigits > 1, bytes[scan.isNegative ? start + 1 : start] == UInt8(ascii: "0") {
      return nil
    }
    position = end
    return (UnsafeBufferPointer(rebasing: bytes[start..<end]), scan)
  }

  /// Reads a number and returns what `convert` makes of its text's bytes, where they lie.
  mutating func readNumber<Value>(_ convert: (UnsafeBufferPointer<UInt8>) -> Value)
    throws(JSONSyntaxError) -> Value
  {
    convert(UnsafeBufferPointer(rebasing: bytes[try scanNumber()]))
  }
}

extension String {
  /// The text whose UTF-8 is `bytes`, which must be valid UTF-8 (checked where it was read).
  init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    // Copied in and checked by String in one pass, which measured quicker than decoding for the
    // journal's short texts (numbers, codes, symbols).
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      guard let base = bytes.baseAddress else { return 0 }
      buffer.baseAddress!.initialize(from: base, count: bytes.count)
      return bytes.count
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly those of `word`.
  func spells(_ word: StaticString) -> Bool {
    hasSameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }
}
