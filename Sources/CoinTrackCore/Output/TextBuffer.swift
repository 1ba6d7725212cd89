/// Text built as UTF-8 bytes in memory of its own, turned into a String once at the end.
///
/// Appending is a capacity check and a copy, and numbers and days are written straight into it
/// rather than made into strings first: a renderer writes thousands of rows. Not copyable, as it
/// owns its memory.
public struct TextBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  public init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// The text so far.
  public var text: String {
    String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }

  public var isEmpty: Bool { count == 0 }

  /// How many bytes a renderer collects before handing them on, so that a large result is never
  /// held whole.
  public static let chunkSize = 16 * 1024

  /// Whether the buffer holds a chunk's worth and should be handed on.
  public var isFull: Bool { count >= TextBuffer.chunkSize }

  /// The text so far, leaving the buffer empty (and its capacity in place) for more.
  public mutating func takeText() -> String {
    defer { count = 0 }
    return text
  }

  /// Lends the text so far, as UTF-8 bytes, to `body`, and leaves the buffer empty (and its
  /// capacity in place) for more.
  public mutating func takeBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    defer { count = 0 }
    return try body(UnsafeBufferPointer(start: base, count: count))
  }

  @inline(__always)
  public static func += (buffer: inout TextBuffer, text: String) {
    // Native and small strings, all there are on Linux, lend their bytes without a copy.
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable { buffer.append($0) }
    if appended == nil {
      var contiguous = text
      contiguous.withUTF8 { buffer.append($0) }
    }
  }

  /// Appends text known when compiled, such as a line end or `true`, without a String's checks.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends `text` and answers true; or, when one of its bytes is one that `isSpecial` picks,
  /// appends nothing and answers false. A field is looked at where it is written, once: most
  /// need no quotes or escapes.
  @inline(__always)
  mutating func appendUnlessAny(of text: String, where isSpecial: (UInt8) -> Bool) -> Bool {
    let start = count
    self += text
    var position = base + start
    while position < base + count {
      if isSpecial(position.pointee) {
        count = start
        return false
      }
      position += 1
    }
    return true
  }

  /// Appends bytes that are UTF-8 text.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).initialize(from: source, count: bytes.count)
    count &+= bytes.count
  }

  /// How many bytes `value` takes in decimal digits, with its sign.
  static func decimalLength(of value: Int) -> Int {
    (value < 0 ? 1 : 0) + DecimalDigits.count(of: UInt64(value.magnitude))
  }

  /// Appends `value` in decimal digits.
  mutating func append(_ value: Int) {
    let length = TextBuffer.decimalLength(of: value)
    append(count: length) { start in
      if value < 0 { start.pointee = UInt8(ascii: "-") }
      DecimalDigits.write(
        UInt64(value.magnitude), count: length - (value < 0 ? 1 : 0), endingAt: start + length)
    }
  }

  /// Appends a day as `YYYY-MM-DD`.
  mutating func append(_ day: Day) {
    append(count: Day.isoLength, writtenBy: day.writeISO)
  }

  /// Appends `length` bytes, written by `write` to the memory it is given: a number or a day
  /// goes straight where it is shown.
  @inline(__always)
  mutating func append(
    count length: Int, writtenBy write: (_ start: UnsafeMutablePointer<UInt8>) -> Void
  ) {
    reserve(length)
    write(base + count)
    count &+= length
  }

  /// Appends one ASCII character.
  public mutating func append(ascii: Unicode.Scalar) {
    reserve(1)
    base[count] = UInt8(ascii: ascii)
    count += 1
  }

  /// Appends `count` spaces.
  @inline(__always)
  public mutating func appendSpaces(_ spaces: Int) {
    guard spaces > 0 else { return }
    reserve(spaces)
    (base + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
    count += spaces
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    // Wrapping: no text comes near Int.max bytes.
    if count &+ extra > capacity { grow(toHold: extra) }
  }

  /// Moves the text to memory with room for `extra` more bytes.
  @inline(never)
  private mutating func grow(toHold extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
