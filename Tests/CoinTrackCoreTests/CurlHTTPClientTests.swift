import CoinTrackTestSupport
import Foundation
import Synchronization
import Testing

@testable import CoinTrackCore

/// The test server: answers fixed routes on 127.0.0.1 and prints "<port> <closed port>" once it
/// listens. The closed port is bound but never listened on, so connecting to it is refused and no
/// other process can take it meanwhile.
private let serverScript = #"""
  import gzip, http.server, os, socket, sys, threading, time

  PAYLOAD = bytes(range(256)) * 3 + b"end"
  RETRY_AFTER = {
      429: ("Retry-After", "120"),
      500: ("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"),
      503: ("RETRY-AFTER", "   7  "),
  }

  class Handler(http.server.BaseHTTPRequestHandler):
      protocol_version = "HTTP/1.1"

      def log_message(self, *args):
          pass

      def answer(self, status, body, headers=()):
          self.send_response(status)
          for name, value in headers:
              self.send_header(name, value)
          self.send_header("Content-Length", str(len(body)))
          self.end_headers()
          self.wfile.write(body)

      def do_GET(self):
          path = self.path.split("?")[0]
          if path == "/bytes":
              self.answer(200, PAYLOAD)
          elif path == "/echo":
              lines = [name.lower() + "=" + value for name, value in self.headers.items()]
              self.answer(200, "\n".join(lines).encode())
          elif path.startswith("/status/"):
              status = int(path.split("/")[2])
              extra = [RETRY_AFTER[status]] if status in RETRY_AFTER else []
              self.answer(status, b"status body", extra)
          elif path == "/redirect":
              self.answer(302, b"moved", [("Location", "/bytes")])
          elif path == "/gzip":
              if "gzip" in self.headers.get("Accept-Encoding", ""):
                  self.answer(200, gzip.compress(PAYLOAD), [("Content-Encoding", "gzip")])
              else:
                  self.answer(200, PAYLOAD)
          elif path.startswith("/size/"):
              self.answer(200, b"x" * int(path.split("/")[2]))
          elif path == "/sleep":
              time.sleep(2)
              self.answer(200, b"late")
          else:
              self.answer(404, b"no route")

  def exit_when_parent_goes():
      sys.stdin.read()  # EOF once the test process closes the pipe or dies
      os._exit(0)

  closed = socket.socket()
  closed.bind(("127.0.0.1", 0))
  server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
  server.daemon_threads = True
  threading.Thread(target=exit_when_parent_goes, daemon=True).start()
  threading.Timer(120, lambda: os._exit(0)).start()  # never outlive a stuck test run
  print(server.server_address[1], closed.getsockname()[1], flush=True)
  server.serve_forever()
  """#

/// Why the test server could not be started.
private struct ServerStartError: Error, CustomStringConvertible {
  var description: String
}

/// A Python http.server subprocess on 127.0.0.1; stop() (or deinit) ends it.
private final class TestServer {
  /// The server; it exits when its stdin, held open by this object, closes.
  private let server: SpawnedProcess
  private var isStopped = false
  /// The port the server listens on.
  let port: Int
  /// A port that is bound but not listening: connections to it are refused.
  let closedPort: Int

  init() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-http-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("server.py")
    try serverScript.write(to: script, atomically: true, encoding: .utf8)

    server = try SpawnedProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path],
      environment: ProcessInfo.processInfo.environment, lifeline: true)

    // Python has read the script by the time it prints, so the directory can go right after.
    let line = server.firstLineOfStandardOutput() ?? ""
    let ports = line.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard ports.count == 2 else {
      server.kill()
      let ended = server.finish()
      throw ServerStartError(description: "test server did not start: \(ended.standardError)")
    }
    port = ports[0]
    closedPort = ports[1]
  }

  /// The URL of a path on this server.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Ends the server process and waits for it.
  func stop() {
    guard !isStopped else { return }
    isStopped = true
    // SIGKILL, because children of the test runner inherit a signal mask that blocks SIGTERM.
    server.kill()
    _ = server.finish()
  }

  deinit { stop() }
}

/// A request with timeouts short enough to keep the suite fast.
private func request(
  _ url: String, headers: [(name: String, value: String)] = [], totalMilliseconds: Int = 5000
) -> HTTPRequest {
  HTTPRequest(
    url: url, headers: headers, connectTimeoutMilliseconds: 2000,
    totalTimeoutMilliseconds: totalMilliseconds)
}

/// The error a request threw, or nil if it got a response.
private func transportError(
  _ client: CurlHTTPClient, _ request: HTTPRequest
) -> HTTPTransportError? {
  do {
    _ = try client.get(request)
    return nil
  } catch {
    return error
  }
}

@Suite(.timeLimit(.minutes(1)))
struct CurlHTTPClientTests {
  /// What /bytes and /gzip send: every byte value three times, then "end".
  static let payload = (0..<3).flatMap { _ in (0...255).map(UInt8.init) } + Array("end".utf8)

  @Test func okResponseHasExactBodyBytes() throws {
    let server = try TestServer()
    defer { server.stop() }
    let response = try CurlHTTPClient().get(request(server.url("/bytes")))
    #expect(response.status == 200)
    #expect(response.body == Self.payload)
    #expect(response.retryAfter == nil)
  }

  @Test func requestHeadersArriveWithUserAgent() throws {
    let server = try TestServer()
    defer { server.stop() }
    let headers = [(name: "X-Api-Key", value: "k-123 value"), (name: "X-Empty", value: "")]
    let response = try CurlHTTPClient().get(request(server.url("/echo"), headers: headers))
    let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
    #expect(lines.contains("x-api-key=k-123 value"))
    #expect(lines.contains("x-empty="))
    #expect(lines.contains("user-agent=cointrack"))
  }

  @Test(
    arguments: [
      (404, nil),
      (429, "120"),
      (500, "Wed, 21 Oct 2015 07:28:00 GMT"),
      (503, "7"),  // header name sent in upper case, value padded with spaces
    ] as [(Int, String?)])
  func errorStatusesAreResponses(status: Int, retryAfter: String?) throws {
    let server = try TestServer()
    defer { server.stop() }
    let response = try CurlHTTPClient().get(request(server.url("/status/\(status)")))
    #expect(response.status == status)
    #expect(response.retryAfter == retryAfter)
    #expect(response.body == Array("status body".utf8))
  }

  @Test func redirectsAreNotFollowed() throws {
    let server = try TestServer()
    defer { server.stop() }
    let response = try CurlHTTPClient().get(request(server.url("/redirect")))
    #expect(response.status == 302)
    #expect(response.body == Array("moved".utf8))
  }

  @Test func compressedBodiesAreDecoded() throws {
    let server = try TestServer()
    defer { server.stop() }
    let response = try CurlHTTPClient().get(request(server.url("/gzip")))
    #expect(response.status == 200)
    #expect(response.body == Self.payload)
  }

  @Test func refusedConnectionIsConnectionFailed() throws {
    let server = try TestServer()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.closedPort)/prices?apikey=SECRET123"
    #expect(throws: HTTPTransportError.connectionFailed(host: "127.0.0.1")) {
      try CurlHTTPClient().get(request(url))
    }
  }

  @Test func slowServerTimesOut() throws {
    let server = try TestServer()
    defer { server.stop() }
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: HTTPTransportError.timedOut(host: "127.0.0.1")) {
      try CurlHTTPClient().get(request(server.url("/sleep"), totalMilliseconds: 300))
    }
    #expect(clock.now - start < .milliseconds(1500))
  }

  @Test func unresolvableHostIsHostNotFound() {
    // RFC 6761 reserves .invalid: no resolver may answer it. The connect timeout bounds the
    // test should the resolver hang instead of failing.
    let url = "http://no-such-host.invalid/prices?apikey=SECRET123"
    #expect(throws: HTTPTransportError.hostNotFound(host: "no-such-host.invalid")) {
      try CurlHTTPClient().get(request(url))
    }
  }

  @Test func bodyLargerThanTheCapFails() throws {
    let server = try TestServer()
    defer { server.stop() }
    let client = CurlHTTPClient(maxBodyBytes: 1000)
    #expect(try client.get(request(server.url("/size/1000"))).body.count == 1000)
    let error = transportError(client, request(server.url("/size/1001")))
    #expect(
      error == .failed(host: "127.0.0.1", reason: "the response body is larger than 1000 bytes"))
    // The real cap is far above anything a price API sends.
    let large = try CurlHTTPClient().get(request(server.url("/size/3000000")))
    #expect(large.body == [UInt8](repeating: UInt8(ascii: "x"), count: 3_000_000))
  }

  @Test func errorsNeverContainSecrets() throws {
    let server = try TestServer()
    defer { server.stop() }
    let secretHeader = [(name: "X-Api-Key", value: "SECRET123")]
    let failing: [(CurlHTTPClient, HTTPRequest)] = [
      (CurlHTTPClient(), request("http://127.0.0.1:\(server.closedPort)/p?apikey=SECRET123")),
      (CurlHTTPClient(), request("http://user:SECRET123@no-such-host.invalid/p?apikey=SECRET123")),
      (
        CurlHTTPClient(),
        request(
          server.url("/sleep?apikey=SECRET123"), headers: secretHeader, totalMilliseconds: 200)
      ),
      (CurlHTTPClient(maxBodyBytes: 10), request(server.url("/size/100?apikey=SECRET123"))),
      (CurlHTTPClient(), request("ftp://127.0.0.1/p?apikey=SECRET123")),
      (CurlHTTPClient(), request("http://127.0.0.1:99999/p?apikey=SECRET123")),
      (CurlHTTPClient(), request("http://[::1/p?apikey=SECRET123")),
      (
        CurlHTTPClient(),
        request(server.url("/p"), headers: [(name: "X-Api-Key", value: "SECRET123\r\nX: y")])
      ),
    ]
    for (client, request) in failing {
      let error = try #require(transportError(client, request))
      for text in [String(describing: error), String(reflecting: error), "\(error)"] {
        #expect(!text.contains("SECRET123"), "\(text)")
        #expect(!text.contains("apikey"), "\(text)")
      }
    }
  }

  @Test func concurrentRequestsFromManyThreads() throws {
    let server = try TestServer()
    defer { server.stop() }
    let url = server.url("/bytes")
    let bodies = Mutex<[[UInt8]]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let body = (try? CurlHTTPClient().get(request(url)))?.body ?? []
      bodies.withLock { $0.append(body) }
    }
    #expect(bodies.withLock { $0 } == [[UInt8]](repeating: Self.payload, count: 8))
  }

  @Test(arguments: [
    ("https://api.example.com/v1/prices?apikey=SECRET123", "api.example.com"),
    ("https://user:SECRET123@api.example.com:8443/v1", "api.example.com"),
    ("http://127.0.0.1:8080?apikey=SECRET123", "127.0.0.1"),
    ("http://[::1]:8080/x", "[::1]"),
    ("api.example.com/v1", "api.example.com"),
    ("http://host#frag", "host"),
    ("file:///etc/passwd", "(no host)"),
    ("apikey=SECRET123", "(unparsable host)"),
    ("http://[::1/p?apikey=SECRET123", "(unparsable host)"),
  ])
  func hostOfURL(url: String, host: String) {
    #expect(CurlHTTPClient.host(of: url) == host)
  }
}
