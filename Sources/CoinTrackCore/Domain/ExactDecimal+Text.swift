extension ExactDecimal {
  /// The value as decimal text, with exactly `scale` digits after the point.
  var price: Price {
    let limbs = UnitLimbs(self)
    let length = textLength(limbs)
    let text = String(unsafeUninitializedCapacity: length) { bytes in
      writeText(limbs, into: bytes.baseAddress!, length: length)
      return length
    }
    return Price(writtenDecimalText: text)
  }

  /// Appends the text `price` has to `output`, written where it is shown without a string of
  /// its own: a renderer writes thousands of amounts.
  func write(to output: inout TextBuffer) {
    let limbs = UnitLimbs(self)
    let length = textLength(limbs)
    output.append(count: length) { writeText(limbs, into: $0, length: length) }
  }

  /// The length in bytes of the value's text.
  var textLength: Int { textLength(UnitLimbs(self)) }

  /// The length in bytes of the text of the value whose units are `limbs`.
  private func textLength(_ limbs: UnitLimbs) -> Int {
    (isNegative ? 1 : 0) + writtenDigitCount(limbs) + (scale > 0 ? 1 : 0)
  }

  /// Whether the value is below zero (zero held as a magnitude is never negative).
  private var isNegative: Bool {
    switch storage {
    case .fixed(let units): units < 0
    case .general(let isNegative, _): isNegative
    }
  }

  /// The digits the text has: the units' own, or `scale + 1` when they are fewer, as a value
  /// below one is written with a zero before the point and zeros after it.
  private func writtenDigitCount(_ limbs: UnitLimbs) -> Int {
    max(limbs.digitCount, scale + 1)
  }

  /// Writes the text of the value whose units are `limbs`, `length` bytes, at `start`: the
  /// digits after the point and before it, when all are in the lowest limb; otherwise a limb at
  /// a time from the last back, its digits split around the point when the point falls among
  /// them; then the sign.
  private func writeText(_ limbs: UnitLimbs, into start: UnsafeMutablePointer<UInt8>, length: Int) {
    // Indices into a buffer, not a pointer stepped back (see `DecimalDigits.write`).
    let text = UnsafeMutableBufferPointer(start: start, count: length)
    var end = length
    let count = writtenDigitCount(limbs)
    // Every digit in the lowest limb, as an amount's mostly are: the digits after the point and
    // those before it are the limb's remainder and quotient by a power of ten.
    if count <= DecimalMagnitude.digitsPerLimb {
      let units = limbs.limb(0, of: self)
      if scale == 0 {
        DecimalDigits.write(units, count: count, endingAt: start + end)
      } else {
        let power = DecimalDigits.powersOfTen[scale]
        DecimalDigits.write(units % power, count: scale, endingAt: start + end)
        end &-= scale &+ 1
        text[end] = UInt8(ascii: ".")
        DecimalDigits.write(units / power, count: count &- scale, endingAt: start + end)
      }
      if isNegative { text[0] = UInt8(ascii: "-") }
      return
    }
    var written = 0
    var limbIndex = 0
    while written < count {
      var limb = limbs.limb(limbIndex, of: self)
      var digits = min(count - written, DecimalMagnitude.digitsPerLimb)
      let beforePoint = scale - written
      if beforePoint > 0, beforePoint < digits {
        let power = DecimalDigits.powersOfTen[beforePoint]
        DecimalDigits.write(limb % power, count: beforePoint, endingAt: start + end)
        end -= beforePoint
        limb /= power
        written += beforePoint
        digits -= beforePoint
      }
      if written == scale, scale > 0 {
        end -= 1
        text[end] = UInt8(ascii: ".")
      }
      DecimalDigits.write(limb, count: digits, endingAt: start + end)
      end -= digits
      written += digits
      limbIndex += 1
    }
    if isNegative { text[0] = UInt8(ascii: "-") }
  }

  /// The magnitude of a value's units in `DecimalMagnitude`'s base-10^18 limbs, least
  /// significant first, from which its digits are counted and written. Holds no reference, so
  /// that making one for each number written retains and releases nothing: a general value's
  /// limbs are read from the value itself.
  private struct UnitLimbs {
    /// The limbs of units held fixed (2^128 is below 10^54, so three suffice); zeros for units
    /// held general.
    private let fixed: (UInt64, UInt64, UInt64)
    /// How many digits the magnitude has, at least one: counted once, as the length of the
    /// text and the writing of it both need it.
    let digitCount: Int

    // Inlined into the writers, where the value's storage has just been read.
    @inline(__always)
    init(_ value: ExactDecimal) {
      switch value.storage {
      case .fixed(let units):
        let magnitude = units.magnitude
        let base = DecimalMagnitude.base
        // Units of 64 bits, as amounts mostly are, are split in 64 bits: quicker than 128.
        if let small = UInt64(exactly: magnitude) {
          fixed = (small % base, small / base, 0)
          digitCount = DecimalDigits.count(of: small)
          return
        }
        let wideBase = UInt128(base)
        fixed = (
          UInt64(magnitude % wideBase), UInt64(magnitude / wideBase % wideBase),
          UInt64(magnitude / wideBase / wideBase)
        )
        let top = fixed.2 != 0 ? 2 : 1
        digitCount =
          top * DecimalMagnitude.digitsPerLimb
          + DecimalDigits.count(of: top == 2 ? fixed.2 : fixed.1)
      case .general(_, let magnitude):
        fixed = (0, 0, 0)
        digitCount = max(1, magnitude.digitCount)
      }
    }

    /// Limb `index` of the units of `value`, the value these limbs were made of; 0 above the
    /// top one.
    func limb(_ index: Int, of value: ExactDecimal) -> UInt64 {
      if case .general(_, let magnitude) = value.storage { return magnitude.limb(index) }
      switch index {
      case 0: return fixed.0
      case 1: return fixed.1
      case 2: return fixed.2
      default: return 0
      }
    }
  }
}

extension Price {
  /// Text `ExactDecimal` wrote: digits, an optional point and digits after it, always plain
  /// decimal notation, so not scanned again as `init(decimalText:)` would.
  fileprivate init(writtenDecimalText text: String) {
    self.text = text
  }
}
