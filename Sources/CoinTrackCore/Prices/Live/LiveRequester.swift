#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends one live source's requests: time-outs, a retry after a short rate-limit wait, and the
/// mapping of every HTTP fault to a `SourceError` that names the source and host.
struct LiveRequester: Sendable {
  /// Rate-limit waits up to this many seconds are waited out; longer ones end the run with 75.
  static let longestWaitedRetrySeconds = 5
  /// How many times one request is retried after a rate limit.
  static let maximumRetries = 2
  /// How far libcurl's clock and ours may disagree about when a time-out fired.
  static let clockSlackMilliseconds = 20

  let source: PriceSourceKind
  /// The base URL without a trailing slash, such as `https://api.binance.com`.
  let baseURL: String
  let client: any HTTPClient
  let connectTimeoutMilliseconds: Int
  let totalTimeoutMilliseconds: Int
  /// Values that must never appear in a message (API keys).
  let secrets: [String]
  /// The command's requests and time left, shared with every other requester of the command.
  var budget = LiveWorkBudget(limits: LiveWorkLimits())

  /// `scheme://host[:port]` of the base URL, for messages.
  var host: String {
    // Plain scanning: String's range searches would link the whole regex library.
    var rest = Substring(baseURL)
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
      rest = rest[rest.index(colon, offsetBy: 3)...]
    }
    return String(rest.prefix { $0 != "/" && $0 != "?" })
  }

  /// GETs `path` with `query` and returns the JSON body of a 2xx answer.
  ///
  /// `clientError` sees the status and JSON body (when there is one) of a 4xx answer other than
  /// 429 first, so the API can turn "unknown symbol" into its own error; otherwise the answer is
  /// `SourceError.refused`.
  func getJSON(
    _ path: String, query: [(String, String)] = [], headers: [(name: String, value: String)] = [],
    clientError: (Int, JSONValue?) throws -> Void = { _, _ in }
  ) throws -> JSONValue {
    let url = baseURL + path + LiveRequester.queryString(query)
    var retries = 0
    while true {
      try budget.spendRequest(for: source)
      // No request may outlast the command's own time (and 0 would mean no limit to libcurl).
      let allowed = Swift.max(1, Swift.min(totalTimeoutMilliseconds, budget.remainingMilliseconds))
      let request = HTTPRequest(
        url: url, headers: headers,
        connectTimeoutMilliseconds: Swift.min(connectTimeoutMilliseconds, allowed),
        totalTimeoutMilliseconds: allowed)
      let response: HTTPResponse
      do {
        response = try client.get(request)
      } catch .timedOut
        where allowed < totalTimeoutMilliseconds
        && budget.remainingMilliseconds <= LiveRequester.clockSlackMilliseconds
      {
        // The command's time ran out, not the request's (nor the shorter connect time-out).
        throw budget.timeIsUp(for: source)
      } catch {
        throw transportFailure(error)
      }
      switch response.status {
      case 200..<300:
        do {
          return try JSONParser.parse(response.body)
        } catch {
          throw SourceError.badResponse(
            source: source.rawValue,
            detail: "the body is not valid JSON (\(error.reason) at byte \(error.offset))")
        }
      case 429:
        let wait = response.retryAfter.flatMap { Int($0.trimmingSpaces()) }
        if let wait, wait <= LiveRequester.longestWaitedRetrySeconds,
          retries < LiveRequester.maximumRetries, wait * 1000 < budget.remainingMilliseconds
        {
          retries += 1
          var interval = timespec(tv_sec: wait, tv_nsec: 0)
          nanosleep(&interval, nil)
          continue
        }
        throw SourceError.rateLimited(source: source.rawValue, retryAfterSeconds: wait)
      case 500...:
        throw SourceError.serverError(source: source.rawValue, host: host, status: response.status)
      default:
        let body = try? JSONParser.parse(response.body)
        try clientError(response.status, body)
        throw SourceError.refused(
          source: source.rawValue, status: response.status,
          message: redacted(body.flatMap(LiveRequester.errorMessage) ?? "no message"))
      }
    }
  }

  /// `text` with every secret replaced, for messages that quote the API.
  func redacted(_ text: String) -> String {
    secrets.filter { !$0.isEmpty }.reduce(text) { text, secret in
      var result = ""
      var rest = Substring(text)
      while !rest.isEmpty {
        if rest.hasPrefix(secret) {
          result += "***"
          rest = rest.dropFirst(secret.count)
        } else {
          result.append(rest.removeFirst())
        }
      }
      return result
    }
  }

  /// The fault as a `SourceError` naming this source's host (with its port, which the
  /// transport's own host name leaves out).
  private func transportFailure(_ error: HTTPTransportError) -> SourceError {
    let source = self.source.rawValue
    switch error {
    case .libraryUnavailable(let detail):
      return .httpUnavailable(source: source, detail: detail)
    case .hostNotFound:
      return .unreachable(source: source, host: host, reason: "the host name is not known")
    case .connectionFailed:
      return .unreachable(source: source, host: host, reason: "the connection failed")
    case .timedOut:
      return .unreachable(
        source: source, host: host,
        reason:
          "no answer within \(EnvironmentVariable.number(Double(totalTimeoutMilliseconds) / 1000)) seconds"
      )
    case .failed(_, let reason):
      return .unreachable(source: source, host: host, reason: redacted(reason))
    }
  }

  /// The message of the error bodies the price APIs send: `{"error": "..."}`, `{"msg": ...}`,
  /// `{"message": ...}` or CoinGecko's `{"status": {"error_message": ...}}`.
  static func errorMessage(_ body: JSONValue) -> String? {
    for key in ["error", "msg", "message"] {
      if case .string(let text)? = body[key] { return text }
    }
    if case .string(let text)? = body["status"]?["error_message"] { return text }
    return nil
  }

  /// `?a=1&b=2` with values percent-encoded (RFC 3986 unreserved characters stay).
  static func queryString(_ query: [(String, String)]) -> String {
    guard !query.isEmpty else { return "" }
    return "?"
      + query.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
  }

  /// `text` percent-encoded for a URL path segment or query value.
  static func percentEncoded(_ text: String) -> String {
    func isUnreserved(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        return true
      default:
        return false
      }
    }
    // Coin ids usually need no escape, and `coins list` names a history file for each coin.
    if text.utf8.allSatisfy(isUnreserved) { return text }
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        encoded.append(byte)
      } else {
        encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }
}
