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
  /// digits from the last back, the point before the last `scale` of them, then the sign.
  private func writeText(_ limbs: UnitLimbs, into start: UnsafeMutablePointer<UInt8>, length: Int) {
    // Indices into a buffer, not a pointer stepped back (see `DecimalDigits.write`).
    let text = UnsafeMutableBufferPointer(start: start, count: length)
    var position = length
    let count = writtenDigitCount(limbs)
    var written = 0
    var limbIndex = 0
    // A limb at a time, its digits from the last back, the point before the last `scale`.
    while written < count {
      var limb = limbs[limbIndex]
      let end = min(count, written + DecimalMagnitude.digitsPerLimb)
      while written < end {
        if written == scale, scale > 0 {
          position -= 1
          text[position] = UInt8(ascii: ".")
        }
        position -= 1
        text[position] = UInt8(ascii: "0") + UInt8(limb % 10)
        limb /= 10
        written += 1
      }
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

    init(_ value: ExactDecimal) {
      switch value.storage {
      case .fixed(let units):
        let base = UInt128(DecimalMagnitude.base)
        let magnitude = units.magnitude
        fixed = (
          UInt64(magnitude % base), UInt64(magnitude / base % base),
          UInt64(magnitude / base / base)
        )
        general = nil
      case .general(_, let magnitude):
        fixed = (0, 0, 0)
        general = magnitude
      }
    }

    /// Limb `index`, 0 above the top one.
    subscript(index: Int) -> UInt64 {
      if let general { return general.limb(index) }
      switch index {
      case 0: return fixed.0
      case 1: return fixed.1
      case 2: return fixed.2
      default: return 0
      }
    }

    /// How many digits the magnitude has, at least one.
    var digitCount: Int {
      var top = general.map { max(0, $0.limbCount - 1) } ?? 2
      while top > 0, self[top] == 0 { top -= 1 }
      return top * DecimalMagnitude.digitsPerLimb + DecimalDigits.count(of: self[top])
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
