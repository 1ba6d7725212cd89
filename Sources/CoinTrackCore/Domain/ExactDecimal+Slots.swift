#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ExactDecimal {
  /// A value whose units fit 56 bits and whose scale is below 255 (every close a source gives),
  /// held in one 64-bit word, or no value: how a table of years of closes holds them, and how
  /// the local history keeps the value it found when it checked each close.
  struct Word: Sendable, Equatable {
    /// The units shifted left by 8 and the scale plus one in the low byte; 0 for no value.
    private let bits: UInt64

    /// No value: what a place without one holds, and a value that does not fit a word.
    static let none = Word(bits: 0)

    private init(bits: UInt64) {
      self.bits = bits
    }

    /// `units` × 10^-`scale` in a word; `none` when the units do not fit 56 bits or the scale is
    /// 255 or more.
    // Inlined into the reading of every close of the local history.
    @inline(__always)
    init(units: Int128, scale: Int) {
      guard scale < 255, let small = ExactDecimal.small(units),
        small >> 55 == 0 || small >> 55 == -1
      else {
        self = .none
        return
      }
      bits = UInt64(bitPattern: small << 8) | UInt64(scale + 1)
    }

    /// `value` in a word; `none` when it does not fit one.
    @inline(__always)
    init(_ value: ExactDecimal) {
      guard case .fixed(let units) = value.storage else {
        self = .none
        return
      }
      self.init(units: units, scale: value.scale)
    }

    /// The value the word holds; nil for `none`.
    var value: ExactDecimal? {
      let (value, hasValue) = valueIfAny
      return hasValue ? value : nil
    }

    /// The value the word holds and whether it holds one: zero for `none`.
    var valueIfAny: (value: ExactDecimal, hasValue: Bool) {
      let scalePlusOne = Int(bits & 0xFF)
      // `none` is all zero bits: its units are 0, its scale 0 rather than -1.
      let value = ExactDecimal(
        units: Int128(Int64(bitPattern: bits) >> 8), scale: Swift.max(scalePlusOne - 1, 0))
      return (value, scalePlusOne != 0)
    }
  }

  /// A value in a word when it fits one, as closes do, else whole: what a table of closes is
  /// filled with, so that a close the local history holds in a word is copied, not rebuilt.
  enum Packed {
    /// A word holding a value, never `none`.
    case word(Word)
    case whole(ExactDecimal)

    /// `value` in a word when it fits one.
    init(_ value: ExactDecimal) {
      let word = Word(value)
      self = word == .none ? .whole(value) : .word(word)
    }

    /// The value of plain decimal text `text` (as `Price.isPlainDecimal` accepts): `word` when
    /// it holds one, found when the text was checked, else read from the text.
    init(_ word: Word, orPlainDecimal text: UnsafeBufferPointer<UInt8>) {
      self = word == .none ? .whole(ExactDecimal(plainDecimalBytes: text)) : .word(word)
    }

    /// The value, unpacked.
    var value: ExactDecimal {
      switch self {
      case .word(let word):
        // The initialisers pack only a word that holds a value.
        guard let value = word.value else { preconditionFailure("a packed word holds a value") }
        return value
      case .whole(let value): return value
      }
    }
  }

  /// A fixed number of places, each holding an exact decimal or none: a table of years of
  /// daily closes of many coins, mostly written once and read once.
  ///
  /// A value that fits a `Word` is held in the place itself; any other value is held aside,
  /// whole, by its place. A table of optional decimals would take four times the memory, all of
  /// it written when the table is made.
  struct Slots {
    /// Per place: its value, or `none` for a place without a value or with one held in
    /// `others`.
    private var words: Words
    /// The values that do not fit a word, by place.
    private var others: [Int: ExactDecimal] = [:]

    /// `count` places without a value.
    init(count: Int) {
      words = Words(count: count)
    }

    subscript(place: Int) -> ExactDecimal? {
      get {
        let (value, hasValue) = self.value(at: place)
        return hasValue ? value : nil
      }
      set {
        guard let newValue else {
          fill { places in
            precondition(places.words.indices.contains(place), "a place of the table")
            if !places.others.isEmpty { places.others[place] = nil }
            places.words[place] = .none
          }
          return
        }
        store(newValue, at: place)
      }
    }

    /// The value in `place` and whether it has one (zero when not): what the subscript reads,
    /// without making an optional of it, as a walk over years of closes reads one a coin-day.
    func value(at place: Int) -> (value: ExactDecimal, hasValue: Bool) {
      // The words are read where they lie, so a place outside them is refused here.
      precondition(words.places.indices.contains(place), "a place of the table")
      let inWord = words.places[place].valueIfAny
      guard !inWord.hasValue, !others.isEmpty, let other = others[place] else { return inWord }
      return (other, true)
    }

    /// Puts `value` in `place`: what the setter does with a value, without making an optional
    /// of it, as a table of years of closes is filled a close at a time.
    mutating func store(_ value: ExactDecimal, at place: Int) {
      store(Packed(value), at: place)
    }

    /// Puts `value` in `place`, its word copied when it has one.
    mutating func store(_ value: Packed, at place: Int) {
      fill { $0.store(value, at: place) }
    }

    /// Calls `body` with the places, to put values in as many of them as it will: the table
    /// is made its own once for all of them rather than at every value, as a table of years of
    /// closes is filled a close at a time.
    mutating func fill(_ body: (inout Filling) -> Void) {
      // The words made the table's own, and the values held aside moved into the filling
      // and back, so that it holds the only reference to them.
      if !isKnownUniquelyReferenced(&words) { words = Words(copying: words) }
      var filling = Filling(words: words.places, others: others)
      others = [:]
      body(&filling)
      others = filling.others
    }

    /// The words of a table's places, in memory that comes zeroed from the system, as `none`
    /// is all zero bits: a table of years of closes is written once, with its closes, rather
    /// than first with nothing.
    private final class Words {
      let places: UnsafeMutableBufferPointer<Word>

      init(count: Int) {
        // calloc takes fresh memory from the system already zeroed, without writing it.
        guard let memory = calloc(Swift.max(count, 1), MemoryLayout<Word>.stride) else {
          fatalError("out of memory for a table of \(count) places")
        }
        places = UnsafeMutableBufferPointer(
          start: memory.bindMemory(to: Word.self, capacity: count), count: count)
      }

      /// A copy of `other`'s words, for a table written while another shares them.
      convenience init(copying other: Words) {
        self.init(count: other.places.count)
        _ = places.initialize(fromContentsOf: other.places)
      }

      deinit {
        free(places.baseAddress)
      }
    }

    /// The places of a table being filled.
    struct Filling {
      fileprivate let words: UnsafeMutableBufferPointer<Word>
      fileprivate var others: [Int: ExactDecimal]

      /// Puts `value` in `place`, its word copied when it has one.
      // Inlined where a table of years of closes is filled.
      @inline(__always)
      mutating func store(_ value: Packed, at place: Int) {
        // The words are written where they lie, so a place outside them is refused here.
        precondition(words.indices.contains(place), "a place of the table")
        storeAnywhere(value, at: place)
      }

      /// Puts the value of plain decimal text `text` in `place`, as `Packed(word, orPlainDecimal:
      /// text)` holds it: `word` when it holds one, found when the text was checked.
      // Inlined where a table of years of closes is filled.
      @inline(__always)
      mutating func store(
        _ word: Word, orPlainDecimal text: UnsafeBufferPointer<UInt8>, at place: Int
      ) {
        precondition(words.indices.contains(place), "a place of the table")
        // A word, with no value held aside anywhere to clear: the common case, kept apart from
        // the rest so that storing it takes no more than writing it.
        guard word != .none, others.isEmpty else {
          storeAnywhere(word, orPlainDecimal: text, at: place)
          return
        }
        words[place] = word
      }

      /// Puts the value of `text` in `place` as `store(_:orPlainDecimal:at:)` does, whatever
      /// held it before: kept out of line, so that the common case saves nothing for a call it
      /// does not make.
      @inline(never)
      private mutating func storeAnywhere(
        _ word: Word, orPlainDecimal text: UnsafeBufferPointer<UInt8>, at place: Int
      ) {
        storeAnywhere(Packed(word, orPlainDecimal: text), at: place)
      }

      /// Puts `value` in `place`, which lies in the table, whatever held it before.
      @inline(never)
      private mutating func storeAnywhere(_ value: Packed, at place: Int) {
        if !others.isEmpty { others[place] = nil }
        switch value {
        case .word(let word):
          words[place] = word
        case .whole(let whole):
          words[place] = .none
          others[place] = whole
        }
      }
    }
  }
}
