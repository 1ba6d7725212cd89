/// Object keys known in advance, kept as UTF-8 to be found by their bytes.
struct JSONKeyTable: Sendable {
  let names: [String]
  private let utf8: [[UInt8]]

  init(_ names: [String]) {
    self.names = names
    utf8 = names.map { Array($0.utf8) }
  }

  /// The position of the name whose UTF-8 is `bytes`.
  @inline(__always)
  func position(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // A loop of our own rather than `elementsEqual`, which steps through both sides by
    // iterators, or memcmp, a call that costs more than comparing a key this short: this runs
    // for every key of every coin in the state file.
    utf8.firstIndex { name in
      guard name.count == bytes.count else { return false }
      return name.withUnsafeBufferPointer { name in
        var index = 0
        while index < name.count, name[index] == bytes[index] { index += 1 }
        return index == name.count
      }
    }
  }
}
