/// Object keys known in advance, kept as UTF-8 to be found by their bytes.
struct JSONKeyTable: Sendable {
  let names: [String]
  private let utf8: [[UInt8]]
  /// Each name as a plain JSON string spells it, quotes included, when that is at most 16
  /// bytes (every key of the state file): compared with a document two words at a time.
  private let quoted: [QuotedName?]

  /// A name with its quotes, as two words of its bytes in memory order, zero past its end.
  private struct QuotedName: Sendable {
    let words: (UInt64, UInt64)
    /// All ones over the name's bytes, zero past its end.
    let masks: (UInt64, UInt64)
    let length: Int

    init?(_ name: String) {
      let bytes = [UInt8(ascii: "\"")] + Array(name.utf8) + [UInt8(ascii: "\"")]
      guard bytes.count <= 16 else { return nil }
      let padding = [UInt8](repeating: 0, count: 16 - bytes.count)
      words = QuotedName.words(of: bytes + padding)
      masks = QuotedName.words(of: [UInt8](repeating: 0xFF, count: bytes.count) + padding)
      length = bytes.count
    }

    /// The two words the 16 `bytes` make, loaded as a document's bytes are.
    private static func words(of bytes: [UInt8]) -> (UInt64, UInt64) {
      bytes.withUnsafeBytes { raw in
        (
          raw.loadUnaligned(as: UInt64.self),
          raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        )
      }
    }
  }

  init(_ names: [String]) {
    self.names = names
    utf8 = names.map { Array($0.utf8) }
    quoted = names.map(QuotedName.init)
  }

  /// The position of the name whose UTF-8 is `bytes`.
  @inline(__always)
  func position(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    utf8.firstIndex { name in name.withUnsafeBufferPointer { $0.hasSameBytes(as: bytes) } }
  }

  /// The length of the name at `position` with its quotes when `text` spells it that way from
  /// `start`, a plain string with nothing escaped; nil otherwise, and when there is no such
  /// position. Compares two words rather than a byte at a time, so it needs 16 bytes of `text`
  /// from `start`: nil too within 16 bytes of its end.
  @inline(__always)
  func quotedLength(of position: Int, at start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard position < quoted.count, let name = quoted[position], text.count - start >= 16,
      let base = text.baseAddress
    else { return nil }
    let raw = UnsafeRawPointer(base + start)
    guard raw.loadUnaligned(as: UInt64.self) & name.masks.0 == name.words.0,
      raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & name.masks.1 == name.words.1
    else { return nil }
    return name.length
  }
}
