/// Object keys known in advance, kept as UTF-8 to be found by their bytes.
struct JSONKeyTable: Sendable {
  let names: [String]
  private let utf8: [[UInt8]]
  /// Each name as a key is written with nothing escaped and no whitespace, quotes and colon
  /// included (`"name":`), as two little-endian words zero past its end, with the masks of its
  /// bytes and its length: compared with a document two words at a time. A length of 0 marks a
  /// name too long for two words (no key of the state file's objects is). Plain arrays of
  /// integers, as a table of a type of its own costs every start the instantiation of that
  /// type's metadata.
  private let writtenWords: [UInt64]
  private let writtenMasks: [UInt64]
  private let writtenLengths: [Int]

  init(_ names: [String]) {
    self.names = names
    utf8 = names.map { Array($0.utf8) }
    var words: [UInt64] = []
    var masks: [UInt64] = []
    var lengths: [Int] = []
    for name in utf8 {
      // `"name":`, built byte by byte: joining arrays would allocate three for each key of each
      // table at every start.
      let length = name.count + 3
      var (word, mask) = ((UInt64(0), UInt64(0)), (UInt64(0), UInt64(0)))
      if length <= 16 {
        for index in 0..<length {
          let byte =
            index == length - 1
            ? UInt8(ascii: ":")
            : index == 0 || index == length - 2 ? UInt8(ascii: "\"") : name[index - 1]
          let shift = UInt64(index % 8 * 8)
          if index < 8 {
            word.0 |= UInt64(byte) << shift
            mask.0 |= 0xFF << shift
          } else {
            word.1 |= UInt64(byte) << shift
            mask.1 |= 0xFF << shift
          }
        }
      }
      words.append(word.0)
      words.append(word.1)
      masks.append(mask.0)
      masks.append(mask.1)
      lengths.append(length <= 16 ? length : 0)
    }
    writtenWords = words
    writtenMasks = masks
    writtenLengths = lengths
  }

  /// The position of the name whose UTF-8 is `bytes`.
  @inline(__always)
  func position(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    utf8.firstIndex { name in name.withUnsafeBufferPointer { $0.hasSameBytes(as: bytes) } }
  }

  /// The length of the name at `position` written as a key, `"name":`, when `text` spells it
  /// that way from `start`; nil otherwise, and when there is no such position. Compares two
  /// words rather than a byte at a time, so it needs 16 bytes of `text` from `start`: nil too
  /// within 16 bytes of its end.
  @inline(__always)
  func writtenKeyLength(of position: Int, at start: Int, in text: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    guard position < writtenLengths.count, writtenLengths[position] > 0, text.count - start >= 16,
      let base = text.baseAddress
    else { return nil }
    let raw = UnsafeRawPointer(base + start)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    guard first & writtenMasks[2 * position] == writtenWords[2 * position],
      second & writtenMasks[2 * position + 1] == writtenWords[2 * position + 1]
    else { return nil }
    return writtenLengths[position]
  }
}
