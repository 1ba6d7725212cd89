/// A setting from an environment variable that is not a number cointrack accepts there.
public struct EnvironmentValueError: Error, Hashable, Sendable {
  /// The variable's name, such as `COINTRACK_MAX_REQUESTS`.
  public let variable: String
  /// The value as set.
  public let input: String
  /// What the variable takes, to follow "use ": "a whole number from 0 to 10000".
  public let expected: String
}

/// Strict reading of numeric settings from environment variables.
public enum EnvironmentValue {
  /// `input` read as a plain decimal number (digits, at most one '.' followed by at most
  /// `fractionDigits` digits) and scaled by 10^`fractionDigits`, so that seconds with
  /// `fractionDigits` 3 come back as milliseconds; nil for anything else.
  ///
  /// No sign, exponent, hexadecimal, space or underscore: `0x10`, `1e3`, `+5` and ` 5` are refused
  /// rather than read as something the user may not have meant.
  public static func scaledDecimal(_ input: String, fractionDigits: Int) -> Int? {
    let parts = input.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty else { return nil }
    let fraction = parts.count == 2 ? Array(parts[1]) : []
    guard parts.count == 1 || (!fraction.isEmpty && fraction.count <= fractionDigits) else {
      return nil
    }
    let padding = [UInt8](repeating: UInt8(ascii: "0"), count: fractionDigits - fraction.count)
    var value = 0
    for byte in Array(parts[0]) + fraction + padding {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// The value of `variable` in `environment` read by `scaledDecimal`, nil when unset or empty;
  /// a value outside `range` (scaled) or not a plain decimal is an `EnvironmentValueError`.
  public static func scaledDecimal(
    _ variable: String, in environment: Environment, fractionDigits: Int, range: ClosedRange<Int>,
    expected: String
  ) throws(EnvironmentValueError) -> Int? {
    guard let input = environment[variable], !input.isEmpty else { return nil }
    guard let value = scaledDecimal(input, fractionDigits: fractionDigits), range.contains(value)
    else { throw EnvironmentValueError(variable: variable, input: input, expected: expected) }
    return value
  }
}
