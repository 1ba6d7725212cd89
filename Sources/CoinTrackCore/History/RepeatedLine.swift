extension HistoryFormat {
  /// A line that repeats the last line read in full but for its date and price, as years of
  /// closes of one coin do: the same bytes between the date and the price and after the price,
  /// checked by comparing them with that line's rather than finding four commas and looking at
  /// three fields. Any other line, and any damage, is left to `Line`, which names what is wrong.
  struct RepeatedLine {
    let day: Day
    /// The price's units and decimals, read as it was checked.
    let close: CompactClose
    let price: Range<Int>

    /// The line at `range` of `bytes` when it repeats `shape` with a real day after
    /// `previousDay` (the line before's, whose date starts at `previousStart`) and a plain
    /// decimal above zero; nil for any other.
    @inline(__always)
    init?(
      in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, repeating shape: Shape,
      after previousDay: Day, at previousStart: Int
    ) {
      // Lines lie in `bytes`, which are not empty; every offset here lies in one of them, so
      // the arithmetic cannot overflow.
      let base = bytes.baseAddress!
      let priceStart = range.lowerBound &+ Day.isoLength &+ shape.middle.count
      let priceEnd = range.upperBound &- shape.tail.count
      guard range.count <= maximumLineLength, priceStart < priceEnd,
        Self.sameBytes(
          before: base + shape.middle.upperBound, base + priceStart, count: shape.middle.count),
        Self.sameBytes(
          before: base + shape.tail.upperBound, base + range.upperBound, count: shape.tail.count),
        // A plain decimal holds no comma, so the line has the shape's five fields.
        let close = CompactClose(
          closeText: UnsafeBufferPointer(start: base + priceStart, count: priceEnd &- priceStart)),
        let day = Self.day(
          at: base + range.lowerBound, after: previousDay, at: base + previousStart),
        previousDay < day
      else { return nil }
      self.day = day
      self.close = close
      price = priceStart..<priceEnd
    }

    /// Where a line read in full has the bytes that a line repeating it repeats: from the comma
    /// after the date through the comma after the symbol, and from the comma after the price
    /// through the line's end.
    struct Shape {
      let middle: Range<Int>
      let tail: Range<Int>
    }

    /// The day of the date at `date`: the day after `previous`, whose date is at
    /// `previousDate`, when it is written as that date with the day of the month one higher and
    /// below 29 (which every month has), as most days of a file are; else the date read whole.
    @inline(__always)
    private static func day(
      at date: UnsafePointer<UInt8>, after previous: Day, at previousDate: UnsafePointer<UInt8>
    ) -> Day? {
      // `YYYY-MM-`, eight bytes, compared at once.
      if UnsafeRawPointer(date).loadUnaligned(as: UInt64.self)
        == UnsafeRawPointer(previousDate).loadUnaligned(as: UInt64.self)
      {
        let tens = date[8] &- UInt8(ascii: "0")
        let ones = date[9] &- UInt8(ascii: "0")
        // The previous date was read as a real day: its digits are digits.
        let previousDayOfMonth =
          (previousDate[8] &- UInt8(ascii: "0")) &* 10 &+ (previousDate[9] &- UInt8(ascii: "0"))
        if tens < 10, ones < 10, tens &* 10 &+ ones == previousDayOfMonth &+ 1,
          previousDayOfMonth < 28
        {
          return previous.adding(days: 1)
        }
      }
      return Day(isoBytes: UnsafeBufferPointer(start: date, count: Day.isoLength))
    }

    /// Whether the `count` bytes before `leftEnd` and before `rightEnd` are the same, compared
    /// eight at a time from the end: the fields after a date, and after a price, are a dozen
    /// bytes. Reads up to seven bytes before each span, which the date before it holds.
    @inline(__always)
    private static func sameBytes(
      before leftEnd: UnsafePointer<UInt8>, _ rightEnd: UnsafePointer<UInt8>, count: Int
    ) -> Bool {
      func word(_ end: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UnsafeRawPointer(end - offset).loadUnaligned(as: UInt64.self)
      }
      var offset = 8
      var remaining = count
      while remaining >= 8 {
        guard word(leftEnd, offset) == word(rightEnd, offset) else { return false }
        offset &+= 8
        remaining &-= 8
      }
      guard remaining > 0 else { return true }
      // The last bytes compared are the top `remaining` bytes of the word that ends with them.
      let difference = word(leftEnd, offset) ^ word(rightEnd, offset)
      return difference >> UInt64(8 &* (8 &- remaining)) == 0
    }
  }
}
