/// SplitMix64 (Steele, Lea and Flood): a tiny generator whose whole output follows from its
/// seed, so that a test's random inputs are the same on every run and machine.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in 0..<bound (bound > 0), by the remainder: its slight bias does not matter to
  /// a test, and unlike `random(in:using:)` its values are fixed by this file alone.
  public mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}
