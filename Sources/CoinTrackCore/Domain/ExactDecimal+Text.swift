extension ExactDecimal {
  /// The value as decimal text, with exactly `scale` digits after the point.
  var price: Price {
    let layout = TextLayout(self)
    let text = String(unsafeUninitializedCapacity: layout.length) { bytes in
      layout.write(into: bytes.baseAddress!)
      return layout.length
    }
    return Price(writtenDecimalText: text)
  }

  /// Appends the value as `price` writes it, without making a String.
  func write(into buffer: inout TextBuffer) {
    let layout = TextLayout(self)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: layout.length) { bytes in
      layout.write(into: bytes.baseAddress!)
      buffer.append(UnsafeBufferPointer(bytes))
    }
  }

  /// Where the sign, digits and point of a value's text go: the text is written once, from its
  /// last digit back, into bytes of exactly its length.
  private struct TextLayout {
    let isNegative: Bool
    let scale: Int
    /// The units in base-10^18 limbs, least significant first: the fixed path's three, or the
    /// magnitude's.
    let fixedLimbs: (UInt64, UInt64, UInt64)
    let magnitude: DecimalMagnitude?
    /// The digits written: the units' own, or `scale + 1` when there are fewer (a leading zero).
    let digitCount: Int

    init(_ value: ExactDecimal) {
      scale = value.scale
      let topLimbIndex: Int
      switch value.storage {
      case .fixed(let units):
        isNegative = units < 0
        fixedLimbs = FixedPoint.limbs(of: units.magnitude)
        magnitude = nil
        topLimbIndex = fixedLimbs.2 != 0 ? 2 : fixedLimbs.1 != 0 ? 1 : 0
      case .general(let negative, let general):
        isNegative = negative
        fixedLimbs = (0, 0, 0)
        magnitude = general
        topLimbIndex = max(0, general.limbCount - 1)
      }
      var topDigits = 1
      var top = magnitude?.limb(topLimbIndex) ?? Self.limb(topLimbIndex, of: fixedLimbs)
      while top >= 10 {
        top /= 10
        topDigits += 1
      }
      digitCount = max(topLimbIndex * 18 + topDigits, scale + 1)
    }

    private static func limb(_ index: Int, of limbs: (UInt64, UInt64, UInt64)) -> UInt64 {
      index == 0 ? limbs.0 : index == 1 ? limbs.1 : limbs.2
    }

    /// The text's length in bytes.
    var length: Int { (isNegative ? 1 : 0) + digitCount + (scale > 0 ? 1 : 0) }

    /// Two ASCII digits for each number below 100, at twice the number.
    private static let digitPairs: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """

    /// Writes the text to `length` bytes at `start`, two digits a step wherever neither a
    /// limb's end nor the point falls between them: a day's row of `portfolio history` writes
    /// a few dozen digits, and a division by 10 costs as much as one by 100.
    func write(into start: UnsafeMutablePointer<UInt8>) {
      let pairs = Self.digitPairs.utf8Start
      var position = length
      var index = 0
      while index < digitCount {
        var limb = magnitude?.limb(index / 18) ?? Self.limb(index / 18, of: fixedLimbs)
        let limbEnd = min(index + 18, digitCount)
        while index < limbEnd {
          if index == scale, scale > 0 {
            position -= 1
            start[position] = UInt8(ascii: ".")
          }
          if index + 1 < limbEnd, index + 1 != scale {
            let pair = Int(limb % 100) * 2
            limb /= 100
            position -= 2
            start[position] = pairs[pair]
            start[position + 1] = pairs[pair + 1]
            index += 2
          } else {
            position -= 1
            start[position] = UInt8(ascii: "0") + UInt8(limb % 10)
            limb /= 10
            index += 1
          }
        }
      }
      if isNegative { start[0] = UInt8(ascii: "-") }
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
