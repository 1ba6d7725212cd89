/// What one scan of bytes finds when they are read as plain decimal text (`-?digits[.digits]`):
/// whether they are such text, whether it writes a value above zero, and its value.
///
/// The one reading of plain decimal text: `Price.isPlainDecimal`, `Price.isAboveZero` and
/// `ExactDecimal(plainDecimalBytes:)` each take their answer from it, and the local history
/// keeps the value of every close it checks, so that years of closes are read once.
struct PlainDecimalScan {
  /// Whether the bytes are plain decimal notation: an optional '-', digits, and optionally a
  /// point followed by digits.
  let isPlainDecimal: Bool
  /// Whether the bytes start with '-'.
  let isNegative: Bool
  /// Whether a digit other than 0 was read.
  let hasNonzeroDigit: Bool
  /// How many digits were read, without the sign and the point.
  let digitCount: Int
  /// How many digits follow the point; 0 without one.
  let scale: Int
  /// The digits read as one whole number, without the point, when there are at most 19 of them
  /// (what 64 bits hold); meaningless beyond.
  private let smallMagnitude: UInt64
  /// How many bytes were read: all of them, or those before the first byte that does not
  /// continue the text's shape when only the text that starts the bytes was read.
  let length: Int
  /// The bytes read, read again only for more digits than 64 bits hold.
  private let bytes: UnsafeBufferPointer<UInt8>

  /// Reads `bytes` once. For bytes that are not plain decimal text every field but
  /// `isPlainDecimal` is meaningless, and nothing traps.
  // Inlined where the local history checks each close, which reads only some of the fields.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.init(bytes, wholly: true)
  }

  /// Reads the text that starts `bytes`, up to the first byte that does not continue its shape
  /// (a sign first, digits, one point among them): the close of a history line, read up to the
  /// comma after it, where that line's end is yet to be found. Plain decimal text when those
  /// bytes, the first `length`, are.
  // Inlined where the local history reads the close of a line like the one before it.
  @inline(__always)
  init(leadingTextOf bytes: UnsafeBufferPointer<UInt8>) {
    self.init(bytes, wholly: false)
  }

  /// Reads `bytes`, all of them or (unless `wholly`) the text that starts them.
  @inline(__always)
  private init(_ bytes: UnsafeBufferPointer<UInt8>, wholly: Bool) {
    let count = bytes.count
    isNegative = count > 0 && bytes[0] == UInt8(ascii: "-")
    let first = isNegative ? 1 : 0
    // The digits gathered in 64 bits, wrapping: past 19 digits `magnitude` reads them again.
    var magnitude: UInt64 = 0
    var index = first
    /// Reads the digits from `index` on, up to the first byte that is no digit.
    func readDigits() {
      while index < count {
        // A byte below "0" wraps around to far above 9.
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return }
        magnitude = magnitude &* 10 &+ UInt64(digit)
        index &+= 1
      }
    }
    // Counts of bytes read, far from overflowing, so computed wrapping.
    let integerDigits: Int
    let hasPoint: Bool
    var fractionDigits = 0
    if let base = bytes.baseAddress, count &- first >= 8,
      let read = PlainDecimalScan.pointedDigits(
        startingWith: UInt64(
          littleEndian: UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self)))
    {
      // Most closes, such as `1005.00` before a comma, read in one step.
      (integerDigits, fractionDigits, magnitude) = read
      hasPoint = true
      index &+= integerDigits &+ 1 &+ fractionDigits
    } else {
      readDigits()
      integerDigits = index &- first
      hasPoint = index < count && bytes[index] == UInt8(ascii: ".")
      if hasPoint {
        index &+= 1
        let fractionStart = index
        readDigits()
        fractionDigits = index &- fractionStart
      }
    }
    let read = wholly ? bytes : UnsafeBufferPointer(rebasing: bytes[..<index])
    self.bytes = read
    length = index
    isPlainDecimal =
      integerDigits > 0 && (!hasPoint || fractionDigits > 0) && index == read.count
    digitCount = integerDigits &+ fractionDigits
    scale = fractionDigits
    smallMagnitude = magnitude
    hasNonzeroDigit =
      digitCount <= 19
      ? magnitude != 0 : read.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
  }

  /// What the text that starts the eight bytes of `eight` (the first in its lowest byte)
  /// holds when it is digits, a point and digits followed by a byte that is no digit, all
  /// within them: how many digits come before and after the point, and their value as one
  /// whole number. Nil for any other bytes, which are then read a byte a step.
  @inline(__always)
  static func pointedDigits(startingWith eight: UInt64)
    -> (integerDigits: Int, fractionDigits: Int, magnitude: UInt64)?
  {
    let highHalves: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let zeros: UInt64 = 0x3030_3030_3030_3030
    // A digit's high half is 3, and stays 3 when 6 is added to it. Adding 6 to a byte from
    // 0xFA carries into the byte after it, past one that is no digit: the flags of the bytes
    // up to the first that is no digit stand.
    let notDigits =
      ((eight & highHalves) ^ zeros) | (((eight &+ 0x0606_0606_0606_0606) & highHalves) ^ zeros)
    let integerDigits = notDigits.trailingZeroBitCount &>> 3
    guard integerDigits < 7,
      (eight &>> (integerDigits &* 8)) & 0xFF == UInt64(UInt8(ascii: "."))
    else { return nil }
    // The point adds 6 without carrying, so the flags of the digits after it stand too; all
    // zero when they run to the last byte, which is then read a byte a step.
    let fractionDigits = (notDigits &>> (integerDigits &* 8 &+ 8)).trailingZeroBitCount &>> 3
    let digitCount = integerDigits &+ fractionDigits
    guard digitCount &+ 1 < 8 else { return nil }
    guard digitCount > 0 else { return (integerDigits, fractionDigits, 0) }
    // The digits' values, the point taken out from between them.
    let values = eight & 0x0F0F_0F0F_0F0F_0F0F
    let beforePoint: UInt64 = (1 &<< (integerDigits &* 8)) &- 1
    var digits = (values & beforePoint) | ((values &>> 8) & ~beforePoint)
    // Moved to the high bytes, zeros before them in the low: eight digits, the first the
    // highest, combined in pairs, fours, then all eight by multiplying (Lemire's parse).
    digits &<<= 64 &- 8 &* digitCount
    digits = digits &* 10 &+ (digits &>> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    digits =
      ((digits & mask) &* (100 &+ (1_000_000 &<< 32))
        &+ ((digits &>> 16) & mask) &* (1 &+ (10_000 &<< 32))) &>> 32
    return (integerDigits, fractionDigits, digits)
  }

  /// Whether the bytes are plain decimal text of a value above zero: no sign, and a digit other
  /// than 0.
  var isAboveZero: Bool { isPlainDecimal && !isNegative && hasNonzeroDigit }

  /// The magnitude of the value's units, when they fit an `Int128` (at most 38 digits).
  var magnitude: Int128? {
    // Inlined where the local history keeps each close's value: most closes take this path.
    @inline(__always) get {
      digitCount <= 19
        ? Int128(smallMagnitude)
        : PlainDecimalScan.largeMagnitude(of: bytes, digitCount: digitCount)
    }
  }

  /// The magnitude of the `digitCount` digits of `bytes`, more than 64 bits hold, when they fit
  /// an `Int128`. Given the bytes alone, so that the scan need not be kept whole in memory for
  /// it.
  private static func largeMagnitude(of bytes: UnsafeBufferPointer<UInt8>, digitCount: Int)
    -> Int128?
  {
    guard digitCount <= 38 else { return nil }
    // The digits again, 18 at a time in 64 bits, each group then added in 128 bits.
    var magnitude: Int128 = 0
    var group: UInt64 = 0
    var groupDigits = 0
    for byte in bytes {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { continue }
      group = group &* 10 &+ UInt64(digit)
      groupDigits &+= 1
      if groupDigits == 18 {
        magnitude = magnitude &* Int128(DecimalDigits.powersOfTen[18]) &+ Int128(group)
        (group, groupDigits) = (0, 0)
      }
    }
    return magnitude &* Int128(DecimalDigits.powersOfTen[groupDigits]) &+ Int128(group)
  }

  /// The value of plain decimal text in a word; `none` for other text, for a value that does
  /// not fit one and for one written in more than 38 digits (its text is read again).
  var word: ExactDecimal.Word {
    // Inlined where the local history keeps each close's value.
    @inline(__always) get {
      guard isPlainDecimal, let magnitude else { return .none }
      return ExactDecimal.Word(units: isNegative ? -magnitude : magnitude, scale: scale)
    }
  }
}
