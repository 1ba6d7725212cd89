// HTTP GET through libcurl, loaded with dlopen on first use (see CoinTrackCurl.h for why).

#include "CoinTrackCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// ---------------------------------------------------------------------------------------------
// libcurl's ABI values. These are part of libcurl's stable ABI (soname libcurl.so.4, unchanged
// since 2006): option and info numbers are never renumbered, only added. They are declared here
// instead of including <curl/curl.h> so the build needs no libcurl development headers.
// Option number = type base + index: LONG 0, OBJECTPOINT/STRINGPOINT 10000, FUNCTIONPOINT 20000.
// ---------------------------------------------------------------------------------------------

enum {
  CT_CURLOPT_WRITEDATA = 10001,
  CT_CURLOPT_URL = 10002,
  CT_CURLOPT_ERRORBUFFER = 10010,
  CT_CURLOPT_WRITEFUNCTION = 20011,
  CT_CURLOPT_USERAGENT = 10018,
  CT_CURLOPT_HTTPHEADER = 10023,
  CT_CURLOPT_HEADERDATA = 10029,
  CT_CURLOPT_FOLLOWLOCATION = 52,
  CT_CURLOPT_HEADERFUNCTION = 20079,
  CT_CURLOPT_HTTPGET = 80,
  CT_CURLOPT_NOSIGNAL = 99,
  CT_CURLOPT_ACCEPT_ENCODING = 10102,
  CT_CURLOPT_TIMEOUT_MS = 155,
  CT_CURLOPT_CONNECTTIMEOUT_MS = 156,
  CT_CURLOPT_PROTOCOLS = 181,       // deprecated since 7.85 in favour of PROTOCOLS_STR
  CT_CURLOPT_PROTOCOLS_STR = 10318, // since 7.85
};

enum {
  CT_CURLPROTO_HTTP = 1 << 0,
  CT_CURLPROTO_HTTPS = 1 << 1,
};

// CURLINFO_LONG (0x200000) + 2.
enum { CT_CURLINFO_RESPONSE_CODE = 0x200002 };

// CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32, i.e. CURL_GLOBAL_DEFAULT.
enum { CT_CURL_GLOBAL_DEFAULT = 3 };

// libcurl requires the error buffer to hold at least CURL_ERROR_SIZE bytes.
enum { CT_CURL_ERROR_SIZE = 256 };

// CURLcode values.
enum {
  CT_CURLE_OK = 0,
  CT_CURLE_COULDNT_RESOLVE_HOST = 6,
  CT_CURLE_COULDNT_CONNECT = 7,
  CT_CURLE_WRITE_ERROR = 23,
  CT_CURLE_OPERATION_TIMEDOUT = 28,
  CT_CURLE_UNKNOWN_OPTION = 48,
};

// ---------------------------------------------------------------------------------------------
// Loading libcurl.
// ---------------------------------------------------------------------------------------------

typedef int (*ct_global_init_fn)(long flags);
typedef void *(*ct_easy_init_fn)(void);
// Variadic: the third argument's type depends on the option (long, pointer or function pointer),
// which is why this call lives in C; Swift cannot call a variadic C function pointer.
typedef int (*ct_easy_setopt_fn)(void *handle, int option, ...);
typedef int (*ct_easy_perform_fn)(void *handle);
typedef int (*ct_easy_getinfo_fn)(void *handle, int info, ...);
typedef void (*ct_easy_cleanup_fn)(void *handle);
typedef const char *(*ct_easy_strerror_fn)(int code);
typedef void *(*ct_slist_append_fn)(void *list, const char *string);
typedef void (*ct_slist_free_all_fn)(void *list);

/// The libcurl entry points; written once under pthread_once, read-only afterwards.
static struct {
  ct_easy_init_fn easy_init;
  ct_easy_setopt_fn easy_setopt;
  ct_easy_perform_fn easy_perform;
  ct_easy_getinfo_fn easy_getinfo;
  ct_easy_cleanup_fn easy_cleanup;
  ct_easy_strerror_fn easy_strerror;
  ct_slist_append_fn slist_append;
  ct_slist_free_all_fn slist_free_all;
  int available;
  char load_error[512];
} ct_curl;

static pthread_once_t ct_curl_once = PTHREAD_ONCE_INIT;

/// Looks up one symbol; records the failure in ct_curl.load_error.
static void *ct_symbol(void *library, const char *name) {
  void *symbol = dlsym(library, name);
  if (symbol == NULL && ct_curl.load_error[0] == '\0') {
    snprintf(ct_curl.load_error, sizeof ct_curl.load_error, "libcurl lacks %s", name);
  }
  return symbol;
}

/// Opens libcurl and initialises it; runs once per process (curl_global_init is not thread-safe).
static void ct_curl_load(void) {
  // The soname first (what Debian's libcurl4 installs); the unversioned name is only a fallback
  // for systems where just the development symlink exists.
  static const char *const names[] = {"libcurl.so.4", "libcurl.so"};
  void *library = NULL;
  char first_error[200] = "";
  for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL && i == 0) {
      const char *error = dlerror();
      snprintf(first_error, sizeof first_error, "%s", error != NULL ? error : "not found");
    }
  }
  if (library == NULL) {
    snprintf(ct_curl.load_error, sizeof ct_curl.load_error,
             "could not load libcurl.so.4 or libcurl.so (%s)", first_error);
    return;
  }
  // The library is never dlclose'd: libcurl and the TLS library it pulls in keep global state.
  ct_global_init_fn global_init = (ct_global_init_fn)ct_symbol(library, "curl_global_init");
  ct_curl.easy_init = (ct_easy_init_fn)ct_symbol(library, "curl_easy_init");
  ct_curl.easy_setopt = (ct_easy_setopt_fn)ct_symbol(library, "curl_easy_setopt");
  ct_curl.easy_perform = (ct_easy_perform_fn)ct_symbol(library, "curl_easy_perform");
  ct_curl.easy_getinfo = (ct_easy_getinfo_fn)ct_symbol(library, "curl_easy_getinfo");
  ct_curl.easy_cleanup = (ct_easy_cleanup_fn)ct_symbol(library, "curl_easy_cleanup");
  ct_curl.easy_strerror = (ct_easy_strerror_fn)ct_symbol(library, "curl_easy_strerror");
  ct_curl.slist_append = (ct_slist_append_fn)ct_symbol(library, "curl_slist_append");
  ct_curl.slist_free_all = (ct_slist_free_all_fn)ct_symbol(library, "curl_slist_free_all");
  if (ct_curl.load_error[0] != '\0') {
    return;
  }
  int code = global_init(CT_CURL_GLOBAL_DEFAULT);
  if (code != CT_CURLE_OK) {
    snprintf(ct_curl.load_error, sizeof ct_curl.load_error,
             "curl_global_init failed with code %d", code);
    return;
  }
  ct_curl.available = 1;
}

const char *ct_http_curl_strerror(int curl_code) {
  pthread_once(&ct_curl_once, ct_curl_load);
  return ct_curl.available ? ct_curl.easy_strerror(curl_code) : NULL;
}

// ---------------------------------------------------------------------------------------------
// The transfer.
// ---------------------------------------------------------------------------------------------

/// State shared with the write and header callbacks during one transfer.
typedef struct ct_transfer {
  ct_http_response *response;
  size_t capacity;
  size_t max_body_bytes;
  int too_large;
} ct_transfer;

/// libcurl's write callback: appends body bytes, refusing to grow past the cap.
static size_t ct_write_body(char *data, size_t size, size_t count, void *context) {
  ct_transfer *transfer = context;
  ct_http_response *response = transfer->response;
  size_t length = size * count; // libcurl guarantees size == 1
  if (length > transfer->max_body_bytes - response->body_length) {
    transfer->too_large = 1;
    return 0; // anything but `length` makes libcurl abort with CURLE_WRITE_ERROR
  }
  size_t needed = response->body_length + length;
  if (needed > transfer->capacity) {
    size_t capacity = transfer->capacity < 16384 ? 16384 : transfer->capacity;
    while (capacity < needed) {
      capacity = capacity > transfer->max_body_bytes / 2 ? transfer->max_body_bytes : capacity * 2;
    }
    unsigned char *grown = realloc(response->body, capacity);
    if (grown == NULL) {
      return 0;
    }
    response->body = grown;
    transfer->capacity = capacity;
  }
  if (length > 0) {
    memcpy(response->body + response->body_length, data, length);
  }
  response->body_length = needed;
  return length;
}

/// True if the line starts with prefix, ignoring ASCII case.
static int ct_has_prefix(const char *line, size_t length, const char *prefix) {
  size_t prefix_length = strlen(prefix);
  return length >= prefix_length && strncasecmp(line, prefix, prefix_length) == 0;
}

/// True for the whitespace allowed around a header value (and the line's CRLF).
static int ct_is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// libcurl's header callback: called once per header line (not NUL-terminated, CRLF included).
static size_t ct_read_header(char *line, size_t size, size_t count, void *context) {
  ct_transfer *transfer = context;
  ct_http_response *response = transfer->response;
  size_t length = size * count;
  // A status line starts a new header block (an interim 1xx response or a proxy's CONNECT answer
  // come before the real one); only the final response's Retry-After counts.
  if (ct_has_prefix(line, length, "HTTP/")) {
    free(response->retry_after);
    response->retry_after = NULL;
    return length;
  }
  static const char name[] = "retry-after:";
  if (!ct_has_prefix(line, length, name)) {
    return length;
  }
  const char *start = line + sizeof name - 1;
  const char *end = line + length;
  while (start < end && ct_is_space(*start)) {
    start++;
  }
  while (end > start && ct_is_space(end[-1])) {
    end--;
  }
  char *value = malloc((size_t)(end - start) + 1);
  if (value == NULL) {
    return 0; // aborts the transfer; reported as CT_HTTP_OTHER
  }
  memcpy(value, start, (size_t)(end - start));
  value[end - start] = '\0';
  free(response->retry_after);
  response->retry_after = value;
  return length;
}

/// Copies text into the caller's error buffer, if there is one.
static void ct_set_error(char *buffer, size_t buffer_size, const char *text) {
  if (buffer != NULL && buffer_size > 0) {
    snprintf(buffer, buffer_size, "%s", text);
  }
}

/// Restricts the transfer to HTTP and HTTPS (no file://, ftp:// ... from a mistyped URL).
static int ct_restrict_protocols(void *handle) {
  int code = ct_curl.easy_setopt(handle, CT_CURLOPT_PROTOCOLS_STR, "http,https");
  if (code == CT_CURLE_UNKNOWN_OPTION) {
    // libcurl older than 7.85 only has the bitmask form.
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_PROTOCOLS,
                               (long)(CT_CURLPROTO_HTTP | CT_CURLPROTO_HTTPS));
  }
  return code;
}

ct_http_result ct_http_get(const char *url, const char *const *headers, int header_count,
                           long connect_timeout_ms, long total_timeout_ms, size_t max_body_bytes,
                           ct_http_response *out, char *error_buffer, size_t error_buffer_size) {
  memset(out, 0, sizeof *out);
  out->curl_code = -1;
  ct_set_error(error_buffer, error_buffer_size, "");

  pthread_once(&ct_curl_once, ct_curl_load);
  if (!ct_curl.available) {
    ct_set_error(error_buffer, error_buffer_size, ct_curl.load_error);
    return CT_HTTP_LIBRARY_UNAVAILABLE;
  }

  void *handle = ct_curl.easy_init();
  if (handle == NULL) {
    ct_set_error(error_buffer, error_buffer_size, "curl_easy_init failed");
    return CT_HTTP_OTHER;
  }

  void *header_list = NULL;
  for (int i = 0; i < header_count; i++) {
    void *appended = ct_curl.slist_append(header_list, headers[i]);
    if (appended == NULL) {
      ct_curl.slist_free_all(header_list);
      ct_curl.easy_cleanup(handle);
      ct_set_error(error_buffer, error_buffer_size, "out of memory building request headers");
      return CT_HTTP_OTHER;
    }
    header_list = appended;
  }

  ct_transfer transfer = {
      .response = out,
      .capacity = 0,
      .max_body_bytes = max_body_bytes > 0 ? max_body_bytes : CT_HTTP_DEFAULT_MAX_BODY_BYTES,
      .too_large = 0,
  };
  char curl_error[CT_CURL_ERROR_SIZE] = "";

  // Every long option is passed as `long` explicitly: the variadic call would otherwise pass an
  // int, which libcurl reads as a long.
  int code = CT_CURLE_OK;
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_URL, url);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_HTTPGET, 1L);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_FOLLOWLOCATION, 0L);
  if (code == CT_CURLE_OK) code = ct_restrict_protocols(handle);
  // No signals: libcurl would otherwise use SIGALRM for DNS timeouts, which is unsafe in a
  // multi-threaded process. SIGPIPE is not a concern on Linux: libcurl sends with MSG_NOSIGNAL.
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_NOSIGNAL, 1L);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_USERAGENT, "cointrack");
  // "" = offer every encoding this libcurl can decode; the body handed back is decoded, and the
  // size cap applies to the decoded bytes.
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_ACCEPT_ENCODING, "");
  if (code == CT_CURLE_OK)
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_CONNECTTIMEOUT_MS,
                               connect_timeout_ms > 0 ? connect_timeout_ms : 0L);
  if (code == CT_CURLE_OK)
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_TIMEOUT_MS,
                               total_timeout_ms > 0 ? total_timeout_ms : 0L);
  if (code == CT_CURLE_OK && header_list != NULL)
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_HTTPHEADER, header_list);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_ERRORBUFFER, curl_error);
  if (code == CT_CURLE_OK)
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_WRITEFUNCTION, ct_write_body);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_WRITEDATA, &transfer);
  if (code == CT_CURLE_OK)
    code = ct_curl.easy_setopt(handle, CT_CURLOPT_HEADERFUNCTION, ct_read_header);
  if (code == CT_CURLE_OK) code = ct_curl.easy_setopt(handle, CT_CURLOPT_HEADERDATA, &transfer);

  if (code == CT_CURLE_OK) {
    code = ct_curl.easy_perform(handle);
  }
  if (code == CT_CURLE_OK) {
    long status = 0;
    code = ct_curl.easy_getinfo(handle, CT_CURLINFO_RESPONSE_CODE, &status);
    out->status = status;
  }
  out->curl_code = code;

  ct_http_result result;
  if (code == CT_CURLE_OK) {
    result = CT_HTTP_OK;
  } else if (transfer.too_large) {
    result = CT_HTTP_TOO_LARGE;
  } else if (code == CT_CURLE_COULDNT_RESOLVE_HOST) {
    result = CT_HTTP_DNS_FAILURE;
  } else if (code == CT_CURLE_COULDNT_CONNECT) {
    result = CT_HTTP_CONNECT_FAILED;
  } else if (code == CT_CURLE_OPERATION_TIMEDOUT) {
    result = CT_HTTP_TIMED_OUT;
  } else {
    result = CT_HTTP_OTHER;
  }

  if (result == CT_HTTP_TOO_LARGE) {
    char text[96];
    snprintf(text, sizeof text, "response body larger than %zu bytes", transfer.max_body_bytes);
    ct_set_error(error_buffer, error_buffer_size, text);
  } else if (result != CT_HTTP_OK) {
    // libcurl's detailed text when it wrote one (it may name the URL), else its fixed text.
    ct_set_error(error_buffer, error_buffer_size,
                 curl_error[0] != '\0' ? curl_error : ct_curl.easy_strerror(code));
  }

  if (result != CT_HTTP_OK) {
    // No response: hand back nothing half-collected.
    ct_http_response_free(out);
    out->curl_code = code;
  }
  ct_curl.easy_cleanup(handle);
  ct_curl.slist_free_all(header_list);
  return result;
}

void ct_http_response_free(ct_http_response *response) {
  if (response == NULL) {
    return;
  }
  free(response->body);
  free(response->retry_after);
  response->body = NULL;
  response->body_length = 0;
  response->retry_after = NULL;
  response->status = 0;
}
