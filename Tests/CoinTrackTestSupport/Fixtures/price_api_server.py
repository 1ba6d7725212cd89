#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 standing in for the price APIs in tests.

Usage: price_api_server.py ROUTES.json LOG.jsonl
Prints the port it listens on, then serves until killed. Each route is an object:
  path      exact request path (no query)
  query     optional {name: value} that must all be in the query string
  status    HTTP status (default 200)
  headers   optional {name: value} response headers
  body      response body text
  delay     optional seconds to wait before answering
  times     optional: answer this way this many times, then let later routes match
  repeat    optional: send the body this many times over (a huge answer, with its length)
  endless   optional: send the body again and again, without a length, until the client leaves
Each request is appended to LOG.jsonl as {"path", "query", "headers"}.
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

routes_path, log_path = sys.argv[1], sys.argv[2]
with open(routes_path) as routes_file:
    routes = json.load(routes_file)
used = [0] * len(routes)
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        with lock:
            with open(log_path, "a") as log:
                log.write(json.dumps({"path": parts.path, "query": query,
                                      "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
            route = None
            for index, candidate in enumerate(routes):
                if candidate["path"] != parts.path:
                    continue
                if any(query.get(k) != v for k, v in candidate.get("query", {}).items()):
                    continue
                if "times" in candidate and used[index] >= candidate["times"]:
                    continue
                used[index] += 1
                route = candidate
                break
        if route is None:
            route = {"status": 404, "body": '{"error":"no route"}'}
        time.sleep(route.get("delay", 0))
        body = route.get("body", "").encode()
        copies = route.get("repeat", 1)
        self.send_response(route.get("status", 200))
        for name, value in route.get("headers", {}).items():
            self.send_header(name, value)
        if not route.get("endless"):
            self.send_header("Content-Length", str(len(body) * copies))
        self.end_headers()
        try:
            if route.get("endless"):
                # HTTP/1.0 without a length: the body ends only when the connection does.
                while True:
                    self.wfile.write(body)
                    self.wfile.flush()
                    time.sleep(0.01)
            for _ in range(copies):
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


def exit_when_stdin_closes():
    """The test holds our stdin open; when it goes away, so do we."""
    sys.stdin.read()
    os._exit(0)


threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
