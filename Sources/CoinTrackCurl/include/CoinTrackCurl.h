// A minimal HTTP GET on top of the system's libcurl, loaded with dlopen on first use.
//
// Why not link libcurl (or FoundationNetworking) directly: every shared library linked at build
// time is loaded and relocated at every start of the process, and cointrack must start as fast as
// a hello-world. This shim costs nothing until ct_http_get is first called.
//
// It deliberately does not include <curl/curl.h>, so it builds on machines without libcurl's
// development headers; the few constants it needs are declared in curl_shim.c.

#ifndef COINTRACK_CURL_H
#define COINTRACK_CURL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Gives each result a lowerCamelCase case name in Swift instead of CT_HTTP_...
#if defined(__has_attribute)
#if __has_attribute(swift_name)
#define CT_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#endif
#endif
#ifndef CT_SWIFT_NAME
#define CT_SWIFT_NAME(name)
#endif

/// The outcome of ct_http_get; anything but CT_HTTP_OK means there is no HTTP response.
typedef enum __attribute__((enum_extensibility(closed))) ct_http_result {
  /// A response arrived (any status, including 4xx and 5xx).
  CT_HTTP_OK CT_SWIFT_NAME(ok) = 0,
  /// libcurl could not be loaded or initialised; the error buffer says what was tried.
  CT_HTTP_LIBRARY_UNAVAILABLE CT_SWIFT_NAME(libraryUnavailable) = 1,
  /// The host name could not be resolved (CURLE_COULDNT_RESOLVE_HOST).
  CT_HTTP_DNS_FAILURE CT_SWIFT_NAME(dnsFailure) = 2,
  /// No connection could be made (CURLE_COULDNT_CONNECT), e.g. connection refused.
  CT_HTTP_CONNECT_FAILED CT_SWIFT_NAME(connectFailed) = 3,
  /// The connect or total timeout expired (CURLE_OPERATION_TIMEDOUT).
  CT_HTTP_TIMED_OUT CT_SWIFT_NAME(timedOut) = 4,
  /// The body exceeded the caller's size cap; the transfer was aborted.
  CT_HTTP_TOO_LARGE CT_SWIFT_NAME(tooLarge) = 5,
  /// Any other failure; ct_http_response.curl_code tells which.
  CT_HTTP_OTHER CT_SWIFT_NAME(other) = 6,
} ct_http_result;

/// The default body size cap in bytes (64 MiB), used when max_body_bytes is 0.
#define CT_HTTP_DEFAULT_MAX_BODY_BYTES ((size_t)64 * 1024 * 1024)

/// What ct_http_get collected; release with ct_http_response_free.
typedef struct ct_http_response {
  /// The HTTP status code of the final response, 0 if none arrived.
  long status;
  /// The body bytes (malloc'ed, may be NULL when empty).
  unsigned char *body;
  /// The number of bytes in body.
  size_t body_length;
  /// The Retry-After header's value, trimmed and NUL-terminated (malloc'ed), NULL if absent.
  char *retry_after;
  /// libcurl's CURLcode of the transfer (0 on success, -1 if libcurl was never called).
  int curl_code;
} ct_http_response;

/// Performs one HTTP(S) GET without following redirects.
///
/// headers: header_count complete "Name: value" lines (no CR or LF). Timeouts are in milliseconds;
/// 0 means libcurl's default. max_body_bytes: 0 means CT_HTTP_DEFAULT_MAX_BODY_BYTES.
/// out is always initialised, even on failure. error_buffer (may be NULL) receives a
/// NUL-terminated description; libcurl's text there may contain the URL, so callers must not show
/// it to users verbatim. Safe to call from several threads at once.
ct_http_result ct_http_get(const char *url, const char *const *headers, int header_count,
                           long connect_timeout_ms, long total_timeout_ms, size_t max_body_bytes,
                           ct_http_response *out, char *error_buffer, size_t error_buffer_size);

/// Frees what ct_http_get allocated in response and resets it; safe to call twice.
void ct_http_response_free(ct_http_response *response);

/// libcurl's fixed description of a CURLcode (never contains a URL); NULL if libcurl is not loaded.
const char *ct_http_curl_strerror(int curl_code);

#ifdef __cplusplus
}
#endif

#endif
