/// Text built as UTF-8 bytes, turned into a String once at the end.
///
/// Appending bytes is a copy; appending small strings to a String costs several times more,
/// which showed as most of the time `prices` spends writing thousands of rows.
public struct TextBuffer: Sendable {
  private var bytes: [UInt8] = []

  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The text so far.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  public var isEmpty: Bool { bytes.isEmpty }

  /// How many bytes a renderer collects before handing them on, so that a large result is never
  /// held whole.
  public static let chunkSize = 64 * 1024

  /// Whether the buffer holds a chunk's worth and should be handed on.
  public var isFull: Bool { bytes.count >= TextBuffer.chunkSize }

  /// The text so far, leaving the buffer empty (and its capacity in place) for more.
  public mutating func takeText() -> String {
    defer { bytes.removeAll(keepingCapacity: true) }
    return text
  }

  public static func += (buffer: inout TextBuffer, text: String) {
    // One copy from the string's own bytes; appending the UTF-8 view goes element by element.
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable {
      buffer.bytes.append(contentsOf: $0)
    }
    if copied == nil { buffer.bytes.append(contentsOf: text.utf8) }
  }

  /// Appends one ASCII character.
  public mutating func append(ascii: Unicode.Scalar) {
    bytes.append(UInt8(ascii: ascii))
  }

  /// Appends `count` spaces.
  public mutating func appendSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, count)))
  }
}
