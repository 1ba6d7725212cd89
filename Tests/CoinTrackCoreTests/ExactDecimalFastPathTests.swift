import Testing

@testable import CoinTrackCore

/// The `Int128` fast path of `ExactDecimal` against its general path: every operation on the same
/// values computed both ways, held fixed and forced into the general storage, must give the same
/// text (so the same value and scale). The values sit where the fast path changes its mind:
/// around Int128.max units, the 10^18 and 10^36 limb boundaries, 10^38, with signs and scales
/// from 0 to 40, so that sums carry or borrow across them and products overflow 128 bits.
@Suite struct ExactDecimalFastPathTests {
  /// Unit digits around every boundary, and pseudo-random ones of several sizes.
  static let unitDigits: [String] = {
    var digits = ["0", "1", "5", "15", "25", "999999999"]
    for exponent in [18, 19, 36, 37, 38] {
      let power = ExactDecimalTests.power(of: exponent)
      digits += [
        String(power - 1), String(power), String(power + 1),
        "5" + String(repeating: "0", count: exponent),
      ]
    }
    let maximum = UInt128(Int128.max)
    digits += [String(maximum - 1), String(maximum), String(maximum + 1), String(UInt128.max)]
    digits += ["1" + String(repeating: "0", count: 39), String(repeating: "9", count: 45)]
    var generator = SplitMix64(seed: 128)
    for size in [3, 12, 19, 30, 38] {
      digits.append(String(generator.next() % ExactDecimalTests.power(of: size)))
    }
    return digits
  }()

  /// Each unit count at two scales taken in turn from 0 through 40, with both signs.
  static let values: [ExactDecimal] = {
    let scales = [0, 2, 8, 1, 18, 36, 17, 40, 3, 19, 38, 35]
    return unitDigits.enumerated().flatMap { index, digits in
      [scales[index % scales.count], scales[(index * 5 + 3) % scales.count]].flatMap { scale in
        [false, true].map { ExactDecimal(Price(decimalText: text(digits, scale, $0))!) }
      }
    }
  }()

  static func text(_ digits: String, _ scale: Int, _ isNegative: Bool) -> String {
    let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
    let point = padded.index(padded.endIndex, offsetBy: -scale)
    return (isNegative ? "-" : "") + padded[..<point] + (scale > 0 ? "." + padded[point...] : "")
  }

  static func general(_ value: ExactDecimal) -> ExactDecimal {
    ExactDecimal(general: value)
  }

  /// What a value shows: its digits and scale, and whether it is held fixed.
  static func shown(_ value: ExactDecimal?) -> String {
    guard let value else { return "nil" }
    let isFixed = if case .fixed = value.storage { true } else { false }
    return "\(value.price.text) \(isFixed ? "fixed" : "general")"
  }

  @Test func valuesThatFitAreHeldFixedAndWriteAsTheGeneralPathWrites() {
    for value in Self.values {
      let general = Self.general(value)
      guard case .general = general.storage else {
        Issue.record("\(value.price.text) not forced into the general storage")
        continue
      }
      #expect(value.price.text == general.price.text)
      let isFixed = if case .fixed = value.storage { true } else { false }
      #expect(isFixed == Self.fitsInt128(value), "\(value.price.text)")
      #expect(Self.shown(value.units) == Self.shown(general.units))
      #expect(value.integer == general.integer, "\(value.price.text)")
      #expect(value.isZero == general.isZero)
      #expect(Self.shown(-value) == Self.shown(-general), "-\(value.price.text)")
      for factor in [0, 1, -1, 100, -7, Int.max, Int.min] {
        #expect(
          Self.shown(value.multiplied(by: factor)) == Self.shown(general.multiplied(by: factor)),
          "\(value.price.text) × \(factor)")
      }
      for scale in 0...42 {
        #expect(
          Self.shown(value.rounded(toScale: scale)) == Self.shown(general.rounded(toScale: scale)),
          "\(value.price.text) rounded to \(scale)")
        // Rounding drops digits; a division by one, the way it was done before, is the oracle.
        #expect(
          Self.shown(general.rounded(toScale: scale))
            == Self.shown(general.divided(by: ExactDecimal(1), scale: scale)),
          "\(value.price.text) rounded to \(scale) as a quotient")
        guard scale >= value.scale else { continue }
        #expect(
          Self.shown(value.rescaled(to: scale)) == Self.shown(general.rescaled(to: scale)),
          "\(value.price.text) to scale \(scale)")
      }
    }
  }

  static func fitsInt128(_ value: ExactDecimal) -> Bool {
    let digits = value.units.price.text.filter { $0 != "-" }
    return UInt128(digits).map { $0 <= UInt128(Int128.max) } ?? false
  }

  @Test func sumsProductsAndComparisonsAgreeWithTheGeneralPath() {
    for left in Self.values {
      for right in Self.values {
        let pair = "\(left.price.text) and \(right.price.text)"
        // Fast with fast, general with general, and one of each.
        for (a, b) in [(Self.general(left), Self.general(right)), (left, Self.general(right))] {
          #expect((left < right) == (a < b), "\(pair) <")
          #expect((left == right) == (a == b), "\(pair) ==")
          #expect(Self.shown(left + right) == Self.shown(a + b), "\(pair) +")
          // In place: units and scale written alone, or the sum made anew, as `+` makes it.
          var added = left
          added += right
          #expect(Self.shown(added) == Self.shown(a + b), "\(pair) +=")
          var generalAdded = left
          generalAdded += b
          #expect(Self.shown(generalAdded) == Self.shown(a + b), "\(pair) += a general value")
          var addedToGeneral = a
          addedToGeneral += b
          #expect(Self.shown(addedToGeneral) == Self.shown(a + b), "\(pair) += general")
          #expect(Self.shown(left - right) == Self.shown(a - b), "\(pair) -")
          #expect(Self.shown(left * right) == Self.shown(a * b), "\(pair) ×")
        }
      }
    }
  }

  /// Int128.min units, which only arithmetic makes (its magnitude does not fit `Int128`), held
  /// fixed and used on: each operation with every value gives the general path's value (held
  /// either way: the general path holds Int128.min units as a magnitude).
  @Test func theSmallestFixedUnitsAgreeWithTheGeneralPath() {
    func written(_ value: ExactDecimal) -> String { value.price.text }
    for scale in [0, 2, 18, 38] {
      let largest = ExactDecimal(
        Price(decimalText: Self.text(String(Int128.max), scale, true))!)
      let smallest = largest - ExactDecimal(Price(decimalText: Self.text("1", scale, false))!)
      guard case .fixed(Int128.min) = smallest.storage else {
        Issue.record("\(smallest.price.text) not held fixed as Int128.min units")
        continue
      }
      let general = Self.general(smallest)
      for scale in [0, 2, 19, 40] {
        #expect(
          written(smallest.rounded(toScale: scale))
            == written(general.rounded(toScale: scale)))
        guard scale >= smallest.scale else { continue }
        #expect(written(smallest.rescaled(to: scale)) == written(general.rescaled(to: scale)))
      }
      for other in Self.values {
        let pair = "\(smallest.price.text) and \(other.price.text)"
        #expect((smallest < other) == (general < other), "\(pair) <")
        #expect((other < smallest) == (other < general), "\(pair) >")
        #expect(written(smallest + other) == written(general + other), "\(pair) +")
        #expect(written(smallest - other) == written(general - other), "\(pair) -")
        #expect(written(other - smallest) == written(other - general), "\(pair) − it")
        #expect(written(smallest * other) == written(general * other), "\(pair) ×")
      }
    }
  }

  @Test func quotientsAgreeWithTheGeneralPath() {
    // One scale for each pair, in turn: every pair at every scale takes a minute in a debug build.
    let scales = [0, 2, 19, 36, 40, 1, 37]
    for (leftIndex, left) in Self.values.enumerated() {
      for (rightIndex, right) in Self.values.enumerated() {
        for scale in [scales[(leftIndex + rightIndex) % scales.count]] {
          #expect(
            Self.shown(left.divided(by: right, scale: scale))
              == Self.shown(Self.general(left).divided(by: Self.general(right), scale: scale)),
            "\(left.price.text) / \(right.price.text) to \(scale)")
        }
      }
    }
  }

  /// Quotients of units that fit 64 bits, as a percentage of amounts of money mostly is,
  /// against the general path: pseudo-random units of every length to 19 digits at scales to
  /// 10, and small divisors, so that ties and both signs come up often.
  @Test func quotientsOfSixtyFourBitUnitsAgreeWithTheGeneralPath() {
    var generator = SplitMix64(seed: 64)
    func units() -> Int128 {
      let magnitude = generator.next() % ExactDecimalTests.power(of: Int(generator.next() % 20))
      return generator.next() % 2 == 0 ? Int128(magnitude) : -Int128(magnitude)
    }
    for _ in 0..<20_000 {
      let left = ExactDecimal(units: units(), scale: Int(generator.next() % 11))
      let divisorUnits = generator.next() % 3 == 0 ? Int128(generator.next() % 9) - 4 : units()
      let right = ExactDecimal(units: divisorUnits, scale: Int(generator.next() % 11))
      let scale = Int(generator.next() % 11)
      let quotient = left.divided(by: right, scale: scale)
      #expect(
        Self.shown(quotient)
          == Self.shown(Self.general(left).divided(by: Self.general(right), scale: scale)),
        "\(left.price.text) / \(right.price.text) to \(scale)")
    }
  }

  /// A unit count ending in 5 one place beyond the scale rounds to the even neighbour, at
  /// every scale and with either sign: 0.5 to 0, 1.5 to 2, -2.5 to -2.
  @Test func tiesRoundToEvenAtEveryScale() {
    for scale in 0...37 {
      for whole in [0, 1, 2, 3, 1_000_000_000_000_000_001] {
        for isNegative in [false, true] {
          let digits = String(whole) + "5"
          let value = ExactDecimal(Price(decimalText: Self.text(digits, scale + 1, isNegative))!)
          let expected = whole % 2 == 0 ? whole : whole + 1
          let rounded = value.rounded(toScale: scale)
          #expect(
            rounded.units.integer == (isNegative ? -expected : expected),
            "\(value.price.text) rounded to \(scale)")
          #expect(rounded.scale == scale)
        }
      }
    }
  }

  @Test func negativeZeroIsZero() {
    let negativeZero = ExactDecimal(Price(decimalText: "-0.000")!)
    #expect(negativeZero == .zero && !(negativeZero < .zero) && !(ExactDecimal.zero < negativeZero))
    #expect(negativeZero.price.text == "0.000")
    #expect((-ExactDecimal.zero).price.text == "0")
    #expect(Self.general(negativeZero).price.text == "0.000")
    let cents = ExactDecimal(Price(decimalText: "0.01")!)
    #expect((cents - cents).price.text == "0.00")
  }

  /// Every value, those held in a word and those held aside (units beyond 56 bits, a scale of
  /// 255 or more, the general storage), comes back from a place of `Slots` with its digits and
  /// scale, as does a place without one; writing a place again replaces what it held either way.
  @Test func slotsGiveBackEveryValueAsWritten() {
    let near56Bits: [Int64] = [1 << 55 - 1, 1 << 55, -(1 << 55), -(1 << 55) - 1, .max, .min]
    let edges =
      near56Bits.map { ExactDecimal(units: Int128($0), scale: 8) }
      + [254, 255, 300].map { ExactDecimal(units: 12, scale: $0) }
    let values = Self.values + Self.values.map(Self.general) + edges
    var slots = ExactDecimal.Slots(count: values.count + 1)
    for (place, value) in values.enumerated() { slots[place] = value }
    for (place, value) in values.enumerated() {
      #expect(
        slots[place].map { "\($0.price.text) \($0.scale)" } == "\(value.price.text) \(value.scale)")
    }
    #expect(slots[values.count] == nil)
    // Read as a value and a flag, as the walk of `portfolio history` reads its closes: the same
    // values, and zero without a flag for the place without one.
    for (place, value) in values.enumerated() {
      let (read, hasValue) = slots.value(at: place)
      #expect(
        hasValue && "\(read.price.text) \(read.scale)" == "\(value.price.text) \(value.scale)")
    }
    let empty = slots.value(at: values.count)
    #expect(!empty.hasValue && empty.value == .zero)
    // Each place written again with the value of another way of holding, then emptied.
    let last = values.count - 1
    for place in values.indices {
      slots[place] = values[last - place]
      #expect(slots[place].map(\.price.text) == values[last - place].price.text)
      slots[place] = nil
      #expect(slots[place] == nil)
    }
  }

  /// Values put in places in one fill, as a table of closes is filled, come back as written;
  /// a second fill replaces what the places held, words and values held aside alike.
  @Test func slotsFilledAtOnceGiveBackEveryValueAsWritten() {
    let values = Self.values + Self.values.map(Self.general)
    var slots = ExactDecimal.Slots(count: values.count + 1)
    slots.fill { places in
      for (place, value) in values.enumerated() {
        places.store(ExactDecimal.Packed(value), at: place)
      }
    }
    #expect(values.indices.map { slots[$0]?.price.text } == values.map(\.price.text))
    #expect(slots[values.count] == nil)
    let reversed = Array(values.reversed())
    slots.fill { places in
      for (place, value) in reversed.enumerated() {
        places.store(ExactDecimal.Packed(value), at: place)
      }
    }
    #expect(values.indices.map { slots[$0]?.price.text } == reversed.map(\.price.text))
  }

  /// A table made for many places holds no value in any of them, its words never written; a
  /// copy of a table keeps what it held when either is written afterwards, by place, by fill
  /// and by emptying a place.
  @Test func slotsStartEmptyAndCopiesKeepTheirValues() {
    let count = 100_000
    var slots = ExactDecimal.Slots(count: count)
    #expect((0..<count).allSatisfy { slots[$0] == nil })
    let one = ExactDecimal(units: 1, scale: 0)
    let two = ExactDecimal(units: 2, scale: 0)
    slots[7] = one
    let copy = slots
    slots[7] = two
    slots.fill { places in places.store(ExactDecimal.Packed(two), at: 8) }
    #expect(copy[7]?.price.text == "1")
    #expect(copy[8] == nil)
    #expect(slots[7]?.price.text == "2")
    #expect(slots[8]?.price.text == "2")
    let second = slots
    slots[7] = nil
    #expect(second[7]?.price.text == "2")
    #expect(slots[7] == nil)
  }

  /// A close stored as the history lends it, its word or (for `none`) its text, comes back as
  /// written, over places that held a word, a value held aside or nothing.
  @Test func slotsStoreALentCloseByItsWordOrItsText() {
    let values = Self.values + Self.values.map(Self.general)
    let texts = values.map(\.price.text)
    var slots = ExactDecimal.Slots(count: values.count)
    for round in 0..<2 {
      // The second round writes each place over the value the first left there.
      let order = round == 0 ? Array(values.indices) : values.indices.reversed()
      slots.fill { places in
        for (place, source) in zip(values.indices, order) {
          let value = values[source]
          let word = ExactDecimal.Word(value)
          value.price.text.withUTF8Bytes { places.store(word, orPlainDecimal: $0, at: place) }
        }
      }
      #expect(values.indices.map { slots[$0]?.price.text } == order.map { texts[$0] })
    }
    slots.fill { places in
      "12.5".withUTF8Bytes { places.store(.none, orPlainDecimal: $0, at: 0) }
    }
    #expect(slots[0]?.price.text == "12.5")
  }
}
