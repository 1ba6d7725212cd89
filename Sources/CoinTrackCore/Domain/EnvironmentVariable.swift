/// A variable of the environment that cointrack reads, declared once beside the code that owns
/// its value: the reader takes its range and default from here, and help lists it from here.
public struct EnvironmentVariable: Hashable, Sendable {
  public let name: String
  /// What the variable does, for help: a sentence without the range or default, which help adds.
  public let meaning: String
  public let value: Value

  /// What the variable holds.
  public enum Value: Hashable, Sendable {
    /// Seconds within `allowed`: with a fraction of up to three digits, or `whole` seconds only.
    case seconds(allowed: ClosedRange<Double>, default: Double, whole: Bool)
    /// A whole number within `allowed`.
    case count(allowed: ClosedRange<Int>, default: Int)
    /// Text the reader checks itself: a date, a URL, a key, a path, a word.
    case text
  }

  public init(_ name: String, _ value: Value = .text, meaning: String) {
    self.name = name
    self.value = value
    self.meaning = meaning
  }

  /// The range and default, for help: `From 0 to 86400 seconds; default 5.`; empty for text.
  public var bounds: String {
    switch value {
    case .seconds(let allowed, let defaultValue, let whole):
      return "From \(Self.number(allowed.lowerBound)) to \(Self.number(allowed.upperBound)) "
        + (whole ? "whole seconds" : "seconds") + "; default \(Self.number(defaultValue))."
    case .count(let allowed, let defaultValue):
      return "From \(allowed.lowerBound) to \(allowed.upperBound); default \(defaultValue)."
    case .text:
      return ""
    }
  }

  /// `5`, `0.001`: a number of seconds as it would be typed.
  public static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

extension Environment {
  /// The seconds `variable` holds within its declared range, or its default when it is unset
  /// or empty.
  public func seconds(_ variable: EnvironmentVariable) throws(EnvironmentError) -> Double {
    guard case .seconds(let allowed, let defaultValue, let whole) = variable.value else {
      preconditionFailure("\(variable.name) is not declared as seconds")
    }
    return try seconds(variable.name, allowed: allowed, wholeSeconds: whole) ?? defaultValue
  }

  /// The whole number `variable` holds within its declared range, or its default when it is
  /// unset or empty.
  public func count(_ variable: EnvironmentVariable) throws(EnvironmentError) -> Int {
    guard case .count(let allowed, let defaultValue) = variable.value else {
      preconditionFailure("\(variable.name) is not declared as a count")
    }
    return try count(variable.name, allowed: allowed) ?? defaultValue
  }
}
