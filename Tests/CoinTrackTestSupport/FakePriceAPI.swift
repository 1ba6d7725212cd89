import Foundation

/// A real HTTP server on 127.0.0.1 with scripted answers, standing in for a price API.
///
/// Routes are matched in order by path and query values; every request is logged, so tests can
/// count requests and read their headers.
public final class FakePriceAPI: @unchecked Sendable {
  /// One scripted answer.
  public struct Route: Sendable {
    public var path: String
    public var query: [String: String]
    public var status: Int
    public var headers: [String: String]
    public var body: String
    public var delay: Double
    public var times: Int?
    /// How the body is sent: once, as is (the default), or as a huge or endless stream.
    public var stream: Stream = .once

    /// How a route's body is sent.
    public enum Stream: Equatable, Sendable {
      /// The body once, with its length.
      case once
      /// The body this many times over, with the total length: a huge answer.
      case repeated(Int)
      /// The body again and again without a length until the client hangs up: an endless answer.
      case endless
    }

    public init(
      path: String, query: [String: String] = [:], status: Int = 200,
      headers: [String: String] = [:], body: String, delay: Double = 0, times: Int? = nil,
      stream: Stream = .once
    ) {
      self.path = path
      self.query = query
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.times = times
      self.stream = stream
    }

    var json: [String: Any] {
      var object: [String: Any] = [
        "path": path, "query": query, "status": status, "headers": headers, "body": body,
        "delay": delay,
      ]
      if let times { object["times"] = times }
      switch stream {
      case .once: break
      case .repeated(let count): object["repeat"] = count
      case .endless: object["endless"] = true
      }
      return object
    }
  }

  /// One request the server received.
  public struct Request {
    public let path: String
    public let query: [String: String]
    public let headers: [String: String]
  }

  /// The server; it exits when its stdin, held open by this object, closes.
  private let server: SpawnedProcess
  private let directory: URL
  /// `http://127.0.0.1:PORT`.
  public let baseURL: String

  public init(_ routes: [Route]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let routesFile = directory.appendingPathComponent("routes.json")
    try JSONSerialization.data(withJSONObject: routes.map(\.json)).write(to: routesFile)
    let logFile = directory.appendingPathComponent("requests.jsonl")
    try Data().write(to: logFile)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/price_api_server.py")
    server = try SpawnedProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", script.path, routesFile.path, logFile.path],
      environment: ProcessInfo.processInfo.environment, lifeline: true)
    // The server prints its port once it listens.
    guard let line = server.firstLineOfStandardOutput(), let port = Int(line) else {
      server.kill()
      _ = server.finish()
      throw StartFailure()
    }
    baseURL = "http://127.0.0.1:\(port)"
  }

  deinit {
    // SIGKILL, because children of the test runner inherit a signal mask that blocks SIGTERM.
    server.kill()
    _ = server.finish()
    try? FileManager.default.removeItem(at: directory)
  }

  private struct StartFailure: Error {}

  private var logFile: URL { directory.appendingPathComponent("requests.jsonl") }

  /// Every request received so far, in order.
  public func requests() throws -> [Request] {
    let text = try String(contentsOf: logFile, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      return Request(
        path: object["path"] as? String ?? "", query: object["query"] as? [String: String] ?? [:],
        headers: object["headers"] as? [String: String] ?? [:])
    }
  }

  /// A port on 127.0.0.1 where nothing listens, for refused connections.
  public static func closedPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    // Closed right after: nothing listens there for the test's lifetime, in practice.
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
