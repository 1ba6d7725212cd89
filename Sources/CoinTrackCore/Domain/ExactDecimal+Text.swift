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

  /// Appends the value as `price` writes it, without making a String. Units that fit 64 bits
  /// with at most 16 digits on either side of the point, as every amount of a day's row has,
  /// are written straight from them, without a layout.
  @inline(__always)
  func write(into buffer: inout TextBuffer) {
    if case .fixed(let units) = storage, let small = UInt64(exactly: units.magnitude),
      Self.write(units: small, isNegative: units < 0, scale: scale, into: &buffer)
    {
      return
    }
    buffer.append(TextLayout(self))
  }

  /// Appends the text of `units` units of 10^-`scale` as `TextLayout` writes it, and answers
  /// true, when it has at most 16 digits on either side of the point: the whole part and the
  /// decimals from one division of the units, each written from the left in whole words of
  /// eight digits. False, with nothing appended, for more digits.
  static func write(
    units: UInt64, isNegative: Bool, scale: Int, into buffer: inout TextBuffer
  ) -> Bool {
    let digitCount = TextLayout.writtenDigits(
      unitDigits: DecimalDigits.count(of: units), scale: scale)
    let wholeDigits = digitCount &- scale
    guard scale <= DecimalDigits.maximumForward, wholeDigits <= DecimalDigits.maximumForward
    else { return false }
    let length = TextLayout.length(isNegative: isNegative, digitCount: digitCount, scale: scale)
    buffer.append(count: length, spare: DecimalDigits.forwardSpill) { start in
      var next = start
      if isNegative {
        next.pointee = UInt8(ascii: "-")
        next += 1
      }
      guard scale > 0 else {
        DecimalDigits.writeForward(units, count: wholeDigits, at: next)
        return
      }
      let (whole, decimals) = units.quotientAndRemainder(
        dividingBy: DecimalDigits.powersOfTen[scale])
      // Each part's spill past its digits is written over by the next, or lies past the end.
      next += wholeDigits
      DecimalDigits.writeForward(whole, count: wholeDigits, at: next - wholeDigits)
      next.pointee = UInt8(ascii: ".")
      DecimalDigits.writeForward(decimals, count: scale, at: next + 1)
    }
    return true
  }

  /// The length in bytes of the text `price` writes: a table's column is as wide as its
  /// longest. Units that fit 64 bits, as every amount of a day's row does, are measured
  /// without a layout: a table measures each cell before writing it.
  var textLength: Int {
    guard case .fixed(let units) = storage, let small = UInt64(exactly: units.magnitude) else {
      return TextLayout(self).length
    }
    let digits = TextLayout.writtenDigits(
      unitDigits: DecimalDigits.count(of: small), scale: scale)
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
      let topDigits = DecimalDigits.count(of: Self.limb(topLimbIndex, of: fixedLimbs, magnitude))
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

    /// The text's length in bytes.
    var length: Int { Self.length(isNegative: isNegative, digitCount: digitCount, scale: scale) }

    /// The digits written of units with `unitDigits` digits: theirs, or a zero before the
    /// point when they are all after it.
    static func writtenDigits(unitDigits: Int, scale: Int) -> Int {
      max(unitDigits, scale &+ 1)
    }

    /// The length of a text of `digitCount` digits, as `writtenDigits` counts them.
    static func length(isNegative: Bool, digitCount: Int, scale: Int) -> Int {
      (isNegative ? 1 : 0) &+ digitCount &+ (scale > 0 ? 1 : 0)
    }

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
          let divisor = DecimalDigits.powersOfTen[afterPoint]
          end = DecimalDigits.write(limb % divisor, count: afterPoint, endingAt: end) - 1
          end.pointee = UInt8(ascii: ".")
          end = DecimalDigits.write(limb / divisor, count: count - afterPoint, endingAt: end)
        } else {
          end = DecimalDigits.write(limb, count: count, endingAt: end)
        }
        index += count
      }
      if isNegative { start.pointee = UInt8(ascii: "-") }
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
