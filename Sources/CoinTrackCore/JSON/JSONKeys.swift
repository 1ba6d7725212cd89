/// The keys an object's members may have, in the order they are written: each key's name, and
/// its UTF-8 beside it, with which a key read from a document is compared where it lies (see
/// `JSONReader.nextKey(among:expected:)`).
struct JSONKeys: ExpressibleByArrayLiteral, Sendable {
  /// The keys' names, in order.
  let names: [String]
  /// Each key as cointrack writes it before a value, `"name":`, one after another: a member
  /// written so is recognised, key and colon, by one comparison.
  private let utf8: [UInt8]
  /// Where each key's `"name":` begins in `utf8`, and after the last, where it ends.
  private let bounds: [Int]

  init(arrayLiteral names: String...) {
    self.init(names)
  }

  /// The keys `names`, in buffers of their own.
  init(_ names: [String]) {
    self.names = names
    var utf8: [UInt8] = []
    var bounds = [0]
    for name in names {
      utf8 += "\"\(name)\":".utf8
      bounds.append(utf8.count)
    }
    self.utf8 = utf8
    self.bounds = bounds
  }

  /// The same keys in buffers of their own: threads that read with their own copies never
  /// count references on one buffer, which would make every use wait for the other threads.
  var unshared: JSONKeys { JSONKeys(names.map { $0 }) }

  /// How many keys there are.
  var count: Int { names.count }

  /// The name of the key at `position`.
  subscript(position: Int) -> String { names[position] }

  /// The position of the key whose UTF-8 is `key`, tried from `first` on (where the next member
  /// usually is), then from the start; nil when it is none of the keys.
  func position(ofUTF8 key: UnsafeBufferPointer<UInt8>, from first: Int) -> Int? {
    utf8.withUnsafeBufferPointer { all in
      /// Whether the key at `position` is `key`.
      func matches(_ position: Int) -> Bool {
        UnsafeBufferPointer(rebasing: all[bounds[position] + 1..<bounds[position + 1] - 2])
          .hasSameBytes(as: key)
      }
      let first = min(first, count)
      return (first..<count).first(where: matches) ?? (0..<first).first(where: matches)
    }
  }

  /// Calls `body` with the UTF-8 of the key at `position` as it is written before a value,
  /// `"name":`.
  func withMemberUTF8<Result>(
    ofKey position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    utf8.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[bounds[position]..<bounds[position + 1]]))
    }
  }

  /// The position of the key named `name`; nil when it is none of the keys.
  func position(of name: String) -> Int? {
    names.firstIndex(of: name)
  }
}
