extension ExactDecimal {
  /// A fixed number of places, each holding an exact decimal or none: a table of years of
  /// daily closes of many coins, mostly written once and read once.
  ///
  /// A value whose units fit 56 bits and whose scale is below 255 (every close a source gives)
  /// is held in the place itself, its units and scale in one 64-bit word; any other value is
  /// held aside, whole, by its place. A table of optional decimals would take four times the
  /// memory, all of it written when the table is made.
  struct Slots {
    /// Per place: the units shifted left by 8 and the scale plus one in the low byte; a low
    /// byte of 0 for a place without a value or with one held in `others`.
    private var words: [UInt64]
    /// The values that do not fit a word, by place.
    private var others: [Int: ExactDecimal] = [:]

    /// `count` places without a value.
    init(count: Int) {
      words = Array(repeating: 0, count: count)
    }

    subscript(place: Int) -> ExactDecimal? {
      get {
        let word = words[place]
        let scalePlusOne = Int(word & 0xFF)
        guard scalePlusOne != 0 else { return others.isEmpty ? nil : others[place] }
        return ExactDecimal(units: Int128(Int64(bitPattern: word) >> 8), scale: scalePlusOne - 1)
      }
      set {
        guard let newValue else {
          if !others.isEmpty { others[place] = nil }
          words[place] = 0
          return
        }
        store(newValue, at: place)
      }
    }

    /// Puts `value` in `place`: what the setter does with a value, without making an optional
    /// of it, as a table of years of closes is filled a close at a time.
    mutating func store(_ value: ExactDecimal, at place: Int) {
      if !others.isEmpty { others[place] = nil }
      if let word = Self.word(of: value) {
        words[place] = word
      } else {
        words[place] = 0
        others[place] = value
      }
    }

    /// The word holding `value`, when its units fit 56 bits and its scale a byte below 255.
    // Inlined into `store`, which fills a table of years of closes one at a time.
    @inline(__always)
    private static func word(of value: ExactDecimal) -> UInt64? {
      guard case .fixed(let units) = value.storage, value.scale < 255,
        let small = ExactDecimal.small(units), small >> 55 == 0 || small >> 55 == -1
      else { return nil }
      return UInt64(bitPattern: small << 8) | UInt64(value.scale + 1)
    }
  }
}
