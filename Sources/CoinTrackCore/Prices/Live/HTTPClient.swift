import CoinTrackCurl

/// One HTTP GET request.
public struct HTTPRequest: Sendable {
  /// The absolute http:// or https:// URL; it may carry secrets (API keys), so it never appears
  /// in an error.
  public var url: String
  /// Extra request headers; values may carry secrets, so they never appear in an error.
  public var headers: [(name: String, value: String)]
  /// How long connecting (DNS, TCP, TLS) may take; 0 or less means libcurl's default (300 s).
  public var connectTimeoutMilliseconds: Int
  /// How long the whole request may take; 0 or less means no limit.
  public var totalTimeoutMilliseconds: Int

  public init(
    url: String, headers: [(name: String, value: String)] = [], connectTimeoutMilliseconds: Int,
    totalTimeoutMilliseconds: Int
  ) {
    self.url = url
    self.headers = headers
    self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
    self.totalTimeoutMilliseconds = totalTimeoutMilliseconds
  }
}

/// The answer to an HTTP request.
public struct HTTPResponse: Sendable {
  /// The status code; 4xx and 5xx are answers too, not transport errors.
  public var status: Int
  /// The Retry-After header's value as sent (seconds or an HTTP date), nil if absent.
  public var retryAfter: String?
  /// The body, decoded if the server compressed it.
  public var body: [UInt8]

  // Public so that fake clients in other modules' tests can build responses.
  public init(status: Int, retryAfter: String? = nil, body: [UInt8]) {
    self.status = status
    self.retryAfter = retryAfter
    self.body = body
  }
}

/// Why an HTTP request got no answer.
///
/// No case carries the URL, its query or a header value: those can hold API keys.
public enum HTTPTransportError: Error, Equatable, Sendable {
  case libraryUnavailable(String)  // what was tried
  case hostNotFound(host: String)
  case connectionFailed(host: String)
  case timedOut(host: String)
  case failed(host: String, reason: String)
}

/// Sends HTTP requests; live price sources depend on this protocol so tests can count requests.
public protocol HTTPClient: Sendable {
  /// Performs a GET without following redirects; any HTTP status is a response.
  func get(_ request: HTTPRequest) throws(HTTPTransportError) -> HTTPResponse
}

/// The HTTP client backed by the system's libcurl, loaded only when first used.
///
/// libcurl is opened with dlopen by the CoinTrackCurl shim rather than linked, so a run that
/// makes no request pays nothing for it at start-up.
public struct CurlHTTPClient: HTTPClient {
  /// The largest body accepted (16 MiB, eight times the largest real answer: the coin list); a bigger one fails instead of exhausting memory.
  static let defaultMaxBodyBytes = 16 << 20

  /// The body cap in bytes; tests lower it to check the limit without moving megabytes.
  let maxBodyBytes: Int

  public init() {
    self.init(maxBodyBytes: Self.defaultMaxBodyBytes)
  }

  init(maxBodyBytes: Int) {
    self.maxBodyBytes = max(1, maxBodyBytes)
  }

  public func get(_ request: HTTPRequest) throws(HTTPTransportError) -> HTTPResponse {
    let host = Self.host(of: request.url)
    // A NUL would silently cut the URL short on its way to C.
    guard !request.url.utf8.contains(0) else {
      throw .failed(host: host, reason: "the URL contains a NUL byte")
    }
    let lines = try Self.headerLines(request.headers, host: host)

    var response = ct_http_response()
    defer { ct_http_response_free(&response) }
    var errorText = [CChar](repeating: 0, count: 512)
    let errorCapacity = errorText.count
    let result = Self.withCStrings(lines) { headerPointers in
      request.url.withCString { url in
        ct_http_get(
          url, headerPointers.baseAddress, Int32(headerPointers.count),
          max(0, request.connectTimeoutMilliseconds), max(0, request.totalTimeoutMilliseconds),
          maxBodyBytes, &response, &errorText, errorCapacity)
      }
    }

    switch result {
    case .ok:
      let body = Array(UnsafeBufferPointer(start: response.body, count: response.body_length))
      return HTTPResponse(
        status: response.status, retryAfter: response.retry_after.map { String(cString: $0) },
        body: body)
    case .libraryUnavailable:
      // The shim's own text (library names and dlerror's reason); no URL can be in it.
      let bytes = errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw .libraryUnavailable(String(decoding: bytes, as: UTF8.self))
    case .dnsFailure:
      throw .hostNotFound(host: host)
    case .connectFailed:
      throw .connectionFailed(host: host)
    case .timedOut:
      throw .timedOut(host: host)
    case .tooLarge:
      throw .failed(host: host, reason: "the response body is larger than \(maxBodyBytes) bytes")
    case .other:
      // libcurl's error buffer (errorText) may quote the URL, so the reason is built from the
      // error code alone.
      throw .failed(host: host, reason: Self.reason(curlCode: Int(response.curl_code)))
    }
  }

  /// Formats headers as libcurl wants them, rejecting what would corrupt the request.
  private static func headerLines(
    _ headers: [(name: String, value: String)], host: String
  ) throws(HTTPTransportError) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(headers.count)
    for (name, value) in headers {
      guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
        throw .failed(host: host, reason: "a request header has an invalid name")
      }
      // CR or LF would let a value inject further headers; NUL would truncate it. The name is
      // safe to show (it passed the token check); the value is not.
      guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
        throw .failed(host: host, reason: "the value of request header \(name) has a line break")
      }
      // libcurl reads "Name:" with nothing after the colon as "remove this header"; "Name;" is
      // its spelling for a header sent with an empty value.
      lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
    }
    return lines
  }

  /// True for the bytes RFC 9110 allows in a header name (a token).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// Calls body with NUL-terminated copies of strings, all kept in one buffer.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
  ) -> Result {
    var storage: [CChar] = []
    var offsets: [Int] = []
    for string in strings {
      offsets.append(storage.count)
      storage.append(contentsOf: string.utf8.map { CChar(bitPattern: $0) })
      storage.append(0)
    }
    return storage.withUnsafeBufferPointer { buffer in
      let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
        buffer.baseAddress.map { $0 + offset }
      }
      return pointers.withUnsafeBufferPointer(body)
    }
  }

  /// The host part of a URL (scheme://[user@]host[:port]/...), for error messages.
  ///
  /// Anything unusual yields a placeholder rather than risk echoing part of a secret.
  static func host(of url: String) -> String {
    var rest = Substring(url)
    // Not firstRange(of:): that would link all of _StringProcessing (1.4 MB, start-up cost).
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
      rest = rest[rest.index(colon, offsetBy: 3)...]
    }
    var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
    // User information can be a password: drop everything up to the last '@'.
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    let host: Substring
    if authority.first == "[" {
      // An IPv6 literal keeps its brackets; one without its closing bracket is unparsable.
      guard let close = authority.firstIndex(of: "]") else { return "(unparsable host)" }
      host = authority[...close]
    } else {
      host = authority.prefix { $0 != ":" }
    }
    let allowed = host.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
      default:
        return "-._[]:%".utf8.contains(byte) || byte >= 0x80  // >= 0x80: internationalised names
      }
    }
    guard !host.isEmpty else { return "(no host)" }
    guard allowed else { return "(unparsable host)" }
    return String(host)
  }

  /// Our own words for a libcurl error code; libcurl's detailed text could quote the URL.
  static func reason(curlCode: Int) -> String {
    switch curlCode {
    case 1: return "the URL's scheme is not http or https"
    case 3: return "the URL is malformed"
    case 5: return "the proxy's host name could not be resolved"
    case 16: return "the HTTP/2 exchange failed"
    case 18: return "the connection closed before the whole body arrived"
    case 23: return "the response could not be stored"
    case 27: return "out of memory"
    case 35: return "the TLS handshake failed"
    case 52: return "the server closed the connection without answering"
    case 55: return "sending the request failed"
    case 56: return "receiving the response failed"
    case 60: return "the server's TLS certificate could not be verified"
    case 61: return "the response's content encoding could not be decoded"
    case 77: return "the CA certificate store could not be read"
    default:
      // curl_easy_strerror's text is fixed per code (it never contains the URL).
      let text = ct_http_curl_strerror(Int32(curlCode)).map { String(cString: $0) }
      return "libcurl error \(curlCode)" + (text.map { ": \($0)" } ?? "")
    }
  }
}
