/// Byte-level text helpers that avoid the regex library, which String's own substring search
/// would link into the binary.
extension String {
  /// Calls `body` with the text's UTF-8 bytes where they lie, rather than stepping through
  /// `utf8` an index at a time: renderers and checks read every byte of every field.
  public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
    rethrows -> Result
  {
    var text = self
    return try text.withUTF8(body)
  }

  /// Whether the text's UTF-8 is exactly `bytes`, compared where both lie.
  func hasUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    withUTF8Bytes { $0.hasSameBytes(as: bytes) }
  }

  /// Whether the text is one or more ASCII decimal digits and nothing else: what an id or a
  /// count typed on the command line must be, so that `+1`, `01e0` or `１` are not read as one.
  public var isDecimalDigits: Bool {
    withUTF8Bytes { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
  }

  /// Whether `needle` occurs in the text, compared byte by byte.
  ///
  /// A plain scan on purpose: String's own substring search comes from the regex library, which
  /// would add megabytes to the binary and time to every start.
  public func includes(_ needle: String) -> Bool {
    let haystack = Array(utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty else { return true }
    guard haystack.count >= pattern.count else { return false }
    return (0...(haystack.count - pattern.count)).contains { start in
      haystack[start..<start + pattern.count].elementsEqual(pattern)
    }
  }

  /// The text cut at every occurrence of `separator`, compared byte by byte (see `includes`).
  public func pieces(separatedBy separator: String) -> [String] {
    var pieces: [String] = []
    var current: [UInt8] = []
    let pattern = Array(separator.utf8)
    var bytes = Array(utf8)[...]
    while !bytes.isEmpty {
      if !pattern.isEmpty, bytes.starts(with: pattern) {
        pieces.append(String(decoding: current, as: UTF8.self))
        current = []
        bytes = bytes.dropFirst(pattern.count)
      } else {
        current.append(bytes.removeFirst())
      }
    }
    pieces.append(String(decoding: current, as: UTF8.self))
    return pieces
  }

  /// The text without leading and trailing space characters (not control characters).
  public func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{A0}" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether both hold the same bytes, compared a word at a time, the last word overlapping the
  /// one before when the count is not a multiple of its size: the keys and fields compared
  /// (every key of the state file, the fields of every history row) are short, too short for a
  /// call to memcmp to pay.
  @inline(__always)
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    // Both empty, or both with bytes where they lie.
    guard count > 0 else { return true }
    guard let start = baseAddress.map(UnsafeRawPointer.init),
      let otherStart = other.baseAddress.map(UnsafeRawPointer.init)
    else { return false }
    /// Whether the `Word`s at `offset` of both are the same.
    func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      start.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == otherStart.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    switch count {
    case 1: return same(UInt8.self, at: 0)
    case 2...3: return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2)
    case 4...7: return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4)
    default:
      var offset = 0
      while offset < count - 8 {
        guard same(UInt64.self, at: offset) else { return false }
        offset += 8
      }
      return same(UInt64.self, at: count - 8)
    }
  }
}

extension [String] {
  /// The texts with `separator` between them, as `joined(separator:)` gives them, but through a
  /// plain loop: the standard library's is not specialised for them, and the command table
  /// joins words when it is built, at every start.
  public func joinedText(separator: String) -> String {
    guard var text = first else { return "" }
    for item in dropFirst() {
      text += separator
      text += item
    }
    return text
  }
}
