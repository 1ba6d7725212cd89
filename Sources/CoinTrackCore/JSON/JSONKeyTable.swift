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
    utf8.firstIndex { name in name.withUnsafeBufferPointer { $0.hasSameBytes(as: bytes) } }
  }
}
