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

  /// Writes the text of the value whose units are `limbs`, `length` bytes, at `start`: a limb
  /// at a time from the last back, its digits split around the point when the point falls
  /// among them, then the sign.
  private func writeText(_ limbs: UnitLimbs, into start: UnsafeMutablePointer<UInt8>, length: Int) {
    // Indices into a buffer, not a pointer stepped back (see `DecimalDigits.write`).
    let text = UnsafeMutableBufferPointer(start: start, count: length)
    var end = length
    let count = writtenDigitCount(limbs)
    var written = 0
    var limbIndex = 0
    while written < count {
      var limb = limbs[limbIndex]
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
  /// significant first, from which its digits are counted and written.
  private struct UnitLimbs {
    /// The limbs of units held fixed (2^128 is below 10^54, so three suffice).
    private let fixed: (UInt64, UInt64, UInt64)
    private let general: DecimalMagnitude?
    /// How many digits the magnitude has, at least one: counted once, as the length of the
    /// text and the writing of it both need it.
    let digitCount: Int

    init(_ value: ExactDecimal) {
      switch value.storage {
      case .fixed(let units):
        let magnitude = units.magnitude
        let base = DecimalMagnitude.base
        // Units of 64 bits, as amounts mostly are, are split in 64 bits: quicker than 128.
        if let small = UInt64(exactly: magnitude) {
          fixed = (small % base, small / base, 0)
          general = nil
          digitCount = DecimalDigits.count(of: small)
          return
        } else {
          let wideBase = UInt128(base)
          fixed = (
            UInt64(magnitude % wideBase), UInt64(magnitude / wideBase % wideBase),
            UInt64(magnitude / wideBase / wideBase)
          )
        }
        general = nil
      case .general(_, let magnitude):
        fixed = (0, 0, 0)
        general = magnitude
      }
      var top = general.map { max(0, $0.limbCount - 1) } ?? 2
      while top > 0, Self.limb(top, fixed: fixed, general: general) == 0 { top -= 1 }
      digitCount =
        top * DecimalMagnitude.digitsPerLimb
        + DecimalDigits.count(of: Self.limb(top, fixed: fixed, general: general))
    }

    /// Limb `index`, 0 above the top one.
    subscript(index: Int) -> UInt64 { Self.limb(index, fixed: fixed, general: general) }

    /// Limb `index` of the fixed limbs or of `general`, 0 above the top one.
    private static func limb(
      _ index: Int, fixed: (UInt64, UInt64, UInt64), general: DecimalMagnitude?
    ) -> UInt64 {
      if let general { return general.limb(index) }
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
