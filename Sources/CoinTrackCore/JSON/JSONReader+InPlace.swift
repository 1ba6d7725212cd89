/// Values handed over as the UTF-8 they are written with, where it lies in the document: the
/// state file's fields are checked and converted from their bytes, with no string made first
/// only to be checked and taken apart again.
extension JSONReader {
  /// Reads a string and returns what `convert` makes of its UTF-8: the bytes where they lie
  /// when the string is ASCII without escapes, as nearly every string of a state file is, else
  /// the decoded text's.
  @inline(__always)
  mutating func readString<Value>(_ convert: (UnsafeBufferPointer<UInt8>) -> Value)
    throws(JSONSyntaxError) -> Value
  {
    if let piece = readPlainASCIIString() { return convert(piece) }
    return try readString().withUTF8Bytes(convert)
  }

  /// The content of the string whose opening quote is at `quote`, and whether it is ASCII,
  /// when it has no escapes and no control characters; nil otherwise.
  @inline(__always)
  func plainString(at quote: Int) -> (content: Range<Int>, isASCII: Bool)? {
    var end = quote + 1
    var isASCII = true
    // Eight bytes at a time: a quote, a backslash or a control character sets the high bit of
    // its byte in `stops`, and may set others above it but none below, so the lowest set is the
    // first byte that ends the scan. Short strings end in their first eight bytes, without a
    // byte loop.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits = ones &* 0x80
    if let base = bytes.baseAddress {
      while bytes.count - end >= 8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let stops =
          ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes
            | (word &- ones &* 0x20) & ~word) & highBits
        guard stops == 0 else {
          let scanned = stops.trailingZeroBitCount / 8
          // The high bits of the bytes before the stop: set for a byte beyond ASCII.
          let scannedHighBits = highBits & ((1 << (scanned * 8)) &- 1)
          isASCII = isASCII && word & scannedHighBits == 0
          end += scanned
          guard bytes[end] == UInt8(ascii: "\"") else { return nil }
          return (quote + 1..<end, isASCII)
        }
        isASCII = isASCII && word & highBits == 0
        end += 8
      }
    }
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      isASCII = isASCII && bytes[end] < 0x80
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    return (quote + 1..<end, isASCII)
  }

  /// The UTF-8 of the next value where it lies, when it is a string of ASCII without escapes;
  /// nil, having read nothing but whitespace, for any other value. Valid while the document is.
  @inline(__always)
  mutating func readPlainASCIIString() -> UnsafeBufferPointer<UInt8>? {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
      let (content, isASCII) = plainString(at: position), isASCII
    else { return nil }
    position = content.upperBound + 1
    return UnsafeBufferPointer(rebasing: bytes[content])
  }

  /// The next value's bytes where they lie and what they hold, when it is a number in plain
  /// decimal notation (`-?digits[.digits]`, no zero before another digit), read in one pass
  /// for its syntax and its value; nil, having read nothing but whitespace, for any other value.
  @inline(__always)
  mutating func readPlainDecimal() -> (UnsafeBufferPointer<UInt8>, PlainDecimal)? {
    skipWhitespace()
    // A number's end is for the container to check, but an exponent is read as usual.
    guard let (decimal, end) = PlainDecimal.prefix(of: bytes, from: position),
      end == bytes.count || !Self.mayBeInNumber(bytes[end])
    else { return nil }
    let piece = UnsafeBufferPointer(rebasing: bytes[position..<end])
    // JSON has no zero before another digit (`01`): left for `scanNumber` to refuse.
    let first = decimal.isNegative ? 1 : 0
    if piece[first] == UInt8(ascii: "0"), piece.count > first + 1,
      piece[first + 1] != UInt8(ascii: ".")
    {
      return nil
    }
    position = end
    return (piece, decimal)
  }

  /// The next value when it is a whole number of one to nine digits, without a sign or a
  /// leading zero, as ids are written: read in one pass for its syntax and its value; nil,
  /// having read nothing but whitespace, for any other value.
  mutating func readShortWholeNumber() -> Int? {
    skipWhitespace()
    var end = position
    var value = 0
    while end < bytes.count, end - position < 10 {
      let digit = bytes[end] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      end += 1
    }
    guard (1...9).contains(end - position), bytes[position] != UInt8(ascii: "0"),
      end == bytes.count || !Self.mayBeInNumber(bytes[end])
    else { return nil }
    position = end
    return value
  }

  /// Whether `byte` may be part of a JSON number.
  private static func mayBeInNumber(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// Reads a number and returns what `convert` makes of its text's bytes, where they lie.
  @inline(__always)
  mutating func readNumber<Value>(_ convert: (UnsafeBufferPointer<UInt8>) -> Value)
    throws(JSONSyntaxError) -> Value
  {
    convert(UnsafeBufferPointer(rebasing: bytes[try scanNumber()]))
  }
}

extension String {
  /// The text whose UTF-8 is `bytes`, which must be valid UTF-8.
  ///
  /// Text of up to 15 bytes is copied into a string that needs no memory of its own, and when
  /// it is ASCII that is all: `String(decoding:as:)` checks every byte again first, which was
  /// half of what each field of a trade cost to read.
  init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count <= 15 else {
      self.init(decoding: bytes, as: UTF8.self)
      return
    }
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      buffer.baseAddress!.initialize(from: source, count: bytes.count)
      return bytes.count
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly those of `word`.
  @inline(__always)
  func spells(_ word: StaticString) -> Bool {
    hasSameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }
}
