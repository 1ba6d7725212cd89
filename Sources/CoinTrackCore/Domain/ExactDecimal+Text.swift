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
    buffer.append(TextLayout(self))
  }

  /// The length in bytes of the text `price` writes: a table's column is as wide as its
  /// longest. Units that fit 64 bits, as every amount of a day's row does, are measured
  /// without a layout: a table measures each cell before writing it.
  var textLength: Int {
    guard case .fixed(let units) = storage, let small = UInt64(exactly: units.magnitude) else {
      return TextLayout(self).length
    }
    let digits = TextLayout.writtenDigits(
      unitDigits: TextLayout.digitCount(of: small), scale: scale)
    return TextLayout.length(isNegative: units < 0, digitCount: digits, scale: scale)
  }

  /// Where the sign, digits and point of a value's text go: the text is written once, from its
  /// last digit back, into bytes of exactly its length.
  struct TextLayout {
    let isNegative: Bool
    let scale: Int
    /// The units in base-10^18 limbs, least significant first: the fixed path's three, or the
    /// magnitude's.
    let fixedLimbs: (UInt64, UInt64, UInt64)
    let magnitude: DecimalMagnitude?
    /// The digits written: the units' own, or `scale + 1` when there are fewer (a leading zero).
    let digitCount: Int

    // Inlined: a layout made in a call is copied out of it whole, for every number written.
    @inline(__always)
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
      let topDigits = Self.digitCount(of: Self.limb(topLimbIndex, of: fixedLimbs, magnitude))
      digitCount = Self.writtenDigits(unitDigits: topLimbIndex * 18 + topDigits, scale: scale)
    }

    /// Limb `index` of the units, 0 above the top one: a value with more decimals than digits
    /// is written with zeros up to its point.
    @inline(__always)
    private static func limb(
      _ index: Int, of fixedLimbs: (UInt64, UInt64, UInt64), _ magnitude: DecimalMagnitude?
    ) -> UInt64 {
      if let magnitude { return magnitude.limb(index) }
      switch index {
      case 0: return fixedLimbs.0
      case 1: return fixedLimbs.1
      case 2: return fixedLimbs.2
      default: return 0
      }
    }

    /// 10^0 through 10^19, every power of ten a `UInt64` holds.
    private static let powersOfTen: InlineArray<20, UInt64> = [
      1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
      10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
      100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
      100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// How many digits `value` has, at least one: from its bits rather than a division a digit.
    static func digitCount(of value: UInt64) -> Int {
      // The bits × log10(2) (1233 / 4096, from below): the count, or one less.
      let estimate = ((64 - value.leadingZeroBitCount) * 1233) >> 12
      return value >= powersOfTen[estimate] ? estimate + 1 : max(estimate, 1)
    }

    /// The text's length in bytes.
    var length: Int { Self.length(isNegative: isNegative, digitCount: digitCount, scale: scale) }

    /// The digits written of units with `unitDigits` digits: theirs, or a zero before the
    /// point when they are all after it.
    static func writtenDigits(unitDigits: Int, scale: Int) -> Int {
      max(unitDigits, scale + 1)
    }

    /// The length of a text of `digitCount` digits, as `writtenDigits` counts them.
    static func length(isNegative: Bool, digitCount: Int, scale: Int) -> Int {
      (isNegative ? 1 : 0) + digitCount + (scale > 0 ? 1 : 0)
    }

    /// Two ASCII digits for each number below 100, at twice the number.
    private static let digitPairs: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """

    /// Writes the text to `length` bytes at `start`, a limb at a time, split at the point when
    /// it falls inside one: a day's row of `portfolio history` writes a few dozen digits.
    func write(into start: UnsafeMutablePointer<UInt8>) {
      var end = start + length
      var index = 0
      while index < digitCount {
        let limb = Self.limb(index / 18, of: fixedLimbs, magnitude)
        let count = min(18, digitCount - index)
        if index == scale, scale > 0 {
          end -= 1
          end.pointee = UInt8(ascii: ".")
        }
        // The digits of this limb after the point, when it falls between two of them.
        let afterPoint = scale - index
        if afterPoint > 0, afterPoint < count {
          let divisor = Self.powersOfTen[afterPoint]
          end = Self.writeDigits(of: limb % divisor, count: afterPoint, endingAt: end) - 1
          end.pointee = UInt8(ascii: ".")
          end = Self.writeDigits(of: limb / divisor, count: count - afterPoint, endingAt: end)
        } else {
          end = Self.writeDigits(of: limb, count: count, endingAt: end)
        }
        index += count
      }
      if isNegative { start.pointee = UInt8(ascii: "-") }
    }

    /// Writes the last `count` digits of `value` (zeros first when it has fewer) to the bytes
    /// before `end`, two at a step, and answers where they start.
    @inline(__always)
    private static func writeDigits(
      of value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
      let pairs = digitPairs.utf8Start
      var rest = value
      var position = end
      for _ in 0..<count / 2 {
        let pair = Int(rest % 100) * 2
        rest /= 100
        position -= 2
        position[0] = pairs[pair]
        position[1] = pairs[pair + 1]
      }
      if count % 2 == 1 {
        position -= 1
        position.pointee = UInt8(ascii: "0") + UInt8(rest % 10)
      }
      return position
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
