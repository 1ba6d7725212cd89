extension HistoryFormat {
  /// A line that repeats the last line read in full but for its date and price, as years of
  /// closes of one coin do: the same bytes between the date and the price and after the price,
  /// checked by comparing them with that line's rather than finding four commas and looking at
  /// three fields. Any other line, and any damage, is left to `Line`, which names what is wrong.
  struct RepeatedLine {
    /// Reads the lines from `start` on into `builder` while each repeats `shape`, the first
    /// after the line whose date starts at `previousStart`, of `previousDay`. Returns where the
    /// first other line starts (or the bytes end), how many lines were read, and the day and
    /// start of the last.
    ///
    /// A loop of its own, so that what the full reading keeps is not carried through it.
    static func read(
      _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, repeating shape: Shape,
      after previousDay: Day, at previousStart: Int, into builder: inout CoinHistory.Builder
    ) -> (next: Int, count: Int, lastDay: Day, lastStart: Int) {
      var (next, count, lastDay, lastStart) = (start, 0, previousDay, previousStart)
      while let line = RepeatedLine(
        in: bytes, from: next, repeating: shape, after: lastDay, at: lastStart)
      {
        builder.append(line)
        (lastDay, lastStart) = (line.day, next)
        next = line.end &+ 1
        count &+= 1
      }
      return (next, count, lastDay, lastStart)
    }

    let day: Day
    /// The price's units and decimals, read as it was checked.
    let close: CompactClose
    let price: Range<Int>
    /// Where the line ends: its line break.
    let end: Int

    /// The line from `start` of `bytes` on when it repeats `shape` with a real day after
    /// `previousDay` (the line before's, whose date starts at `previousStart`) and a plain
    /// decimal above zero, and ends with a line break; nil for any other.
    ///
    /// The price is read up to its first byte that is neither a digit nor a point, which must
    /// start the shape's tail, followed by the line break: the line's end is found with it.
    @inline(__always)
    init?(
      in bytes: UnsafeBufferPointer<UInt8>, from start: Int, repeating shape: Shape,
      after previousDay: Day, at previousStart: Int
    ) {
      // `bytes` are not empty; every offset here lies in them or just past a line's, so the
      // arithmetic cannot overflow.
      let base = bytes.baseAddress!
      let priceStart = start &+ Day.isoLength &+ shape.middle.count
      let (found, priceEnd) = CompactClose.read(
        base, from: priceStart, limit: Swift.min(bytes.count, start &+ maximumLineLength))
      let lineEnd = priceEnd &+ shape.tail.count
      guard let close = found, lineEnd < bytes.count, lineEnd &- start <= maximumLineLength,
        base[lineEnd] == UInt8(ascii: "\n"),
        Self.sameBytes(
          before: base + shape.middle.upperBound, base + priceStart, count: shape.middle.count),
        Self.sameBytes(
          before: base + shape.tail.upperBound, base + lineEnd, count: shape.tail.count),
        let day = Self.day(at: base + start, after: previousDay, at: base + previousStart),
        previousDay < day
      else { return nil }
      self.day = day
      self.close = close
      price = priceStart..<priceEnd
      end = lineEnd
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
