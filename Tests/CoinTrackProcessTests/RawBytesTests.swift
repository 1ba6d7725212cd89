import CoinTrackTestSupport
import Foundation
import Testing

/// Arguments and environment paths that are not UTF-8 reach the real binary as raw bytes: they
/// are refused, quoted with `\xHH`, and never repaired into another name.
@Suite struct RawBytesTests {
  /// Runs the binary with the sandbox environment, `replaced` variables set to raw bytes (or
  /// removed when nil), and raw `arguments`.
  private func run(
    _ sandbox: Sandbox, _ arguments: [[UInt8]], replacing replaced: [String: [UInt8]?] = [:]
  ) throws -> ProcessResult {
    var environment = sandbox.environment.filter { replaced[$0.key] == nil }
      .map { Array("\($0.key)=\($0.value)".utf8) }
    for case (let name, let value?) in replaced {
      environment.append(Array(name.utf8) + [0x3D] + value)
    }
    return try SpawnedProcess(
      Sandbox.binary, rawArguments: arguments, rawEnvironment: environment
    ).finish()
  }

  private func words(_ text: String...) -> [[UInt8]] { text.map { Array($0.utf8) } }

  @Test(arguments: ["HOME", "XDG_DATA_HOME"])
  func aStatePathThatIsNotUTF8IsRefusedNotRepaired(variable: String) throws {
    let sandbox = try Sandbox()
    let path = Array(sandbox.root.appendingPathComponent("caf").path.utf8) + [0xE9]
    var replaced: [String: [UInt8]?] = [variable: path]
    if variable == "HOME" { replaced["XDG_DATA_HOME"] = .some(nil) }
    for command in [words("coins", "add", "ada"), words("coins", "list")] {
      let result = try run(sandbox, command, replacing: replaced)
      #expect(result.status == 78)
      #expect(
        result.standardError
          == "cointrack: cannot use \(variable) '\(sandbox.root.path)/caf\\xe9': it is not "
          + "valid UTF-8.\n")
      #expect(result.standardOutput == "")
    }
    // Nothing was written anywhere, under a repaired name or another.
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path) == [])
    // A command that needs no state does not read it.
    #expect(try run(sandbox, words("coins", "available"), replacing: replaced).status == 0)
  }

  @Test func aCachePathThatIsNotUTF8IsRefusedBeforeAnyRequest() throws {
    let sandbox = try Sandbox()
    let path = Array(sandbox.root.path.utf8) + [0x2F, 0xFF]
    let result = try run(
      sandbox, words("prices", "btc", "--source", "binance", "--currency", "USDT"),
      replacing: [
        "XDG_CACHE_HOME": path, "COINTRACK_BINANCE_URL": Array("http://127.0.0.1:9".utf8),
      ])
    #expect(result.status == 78)
    #expect(
      result.standardError
        == "cointrack: cannot use XDG_CACHE_HOME '\(sandbox.root.path)/\\xff': it is not valid "
        + "UTF-8.\n")
  }

  @Test func aUTF8PathIsUsedByteForByte() throws {
    let sandbox = try Sandbox()
    let dataHome = sandbox.root.appendingPathComponent("donn\u{E9}es \u{1F4C8}")
    let result = try run(
      sandbox, words("profile", "set", "alice"),
      replacing: ["XDG_DATA_HOME": Array(dataHome.path.utf8)])
    #expect(result.status == 0, "\(result)")
    #expect(
      FileManager.default.fileExists(
        atPath: dataHome.appendingPathComponent("cointrack/state.json").path))
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedAndNothingIsStored() throws {
    let sandbox = try Sandbox()
    for (arguments, usage) in [
      (words("profile", "set") + [[0x63, 0x61, 0x66, 0xE9]], "profile set [<USERNAME>]"),
      (words("coins", "add") + [[0xFF, 0xFE]], "coins add <COIN>..."),
    ] {
      let result = try run(sandbox, arguments)
      let quoted = arguments.last == [0xFF, 0xFE] ? "\\xff\\xfe" : "caf\\xe9"
      #expect(result.status == 64)
      #expect(
        result.standardError
          == "cointrack: the argument '\(quoted)' is not valid UTF-8; cointrack reads only UTF-8 "
          + "text.\nUsage: cointrack \(usage) [options]\nSee 'cointrack help "
          + "\(usage.split(separator: " ").prefix(2).joined(separator: " "))'.\n")
      #expect(sandbox.stateData() == nil)
    }
  }

  /// A long argument of invalid bytes is quoted shortened, in time linear in its length.
  @Test func aLongArgumentThatIsNotUTF8IsQuotedShortened() throws {
    let sandbox = try Sandbox()
    let result = try run(
      sandbox, words("profile", "set") + [Array(repeating: 0xFF, count: 100_000)])
    #expect(result.status == 64)
    let firstLine = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      firstLine
        == "cointrack: the argument '\(String(repeating: "\\xff", count: 24))\\...' is not "
        + "valid UTF-8; cointrack reads only UTF-8 text.")
  }
}
