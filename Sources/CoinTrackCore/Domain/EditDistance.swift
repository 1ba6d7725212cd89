/// Closeness of words, for "did you mean" suggestions.
public enum EditDistance {
  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbouring characters each cost one, so `lsit` is one step from `list`.
  public static func between(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var twoRowsBack = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let substitution = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          current[j] = min(current[j], twoRowsBack[j - 2] + 1)
        }
      }
      (twoRowsBack, previous, current) = (previous, current, twoRowsBack)
    }
    return previous[right.count]
  }

  /// The candidates close enough to `input` to suggest, closest first, compared case-insensitively.
  ///
  /// Close enough means fewer edits than half the input's length (at most three), so that a
  /// one-letter flag is not "close" to every other one-letter flag, or a candidate that starts
  /// with the input.
  public static func closest(to input: String, among candidates: [String], limit: Int = 3)
    -> [String]
  {
    let needle = input.lowercased()
    let allowed = min(3, (needle.count - 1) / 2)
    let scored = candidates.compactMap { candidate -> (String, Int)? in
      let hay = candidate.lowercased()
      let distance = between(needle, hay)
      if distance <= allowed { return (candidate, distance) }
      if needle.count >= 2, hay.hasPrefix(needle) { return (candidate, allowed + 1) }
      return nil
    }
    return scored.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
  }
}
