# SPDX-License-Identifier: GPL-2.0
"""A small JSON-RPC client for the tests of `kbrowse lsp` and `kbrowse mcp`.

It speaks both framings (LSP's Content-Length header, MCP's one message a
line), writes raw bytes when a test wants to break the protocol, and never
waits without a deadline: a server that hangs fails the test instead of
the test hanging.
"""
import json
import os
import select
import subprocess
import time


class Timeout(Exception):
    pass


class Server:
    def __init__(self, argv, cwd, framing="lsp", env=None):
        self.framing = framing
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""
        self.next_id = 1
        self.notifications = []

    # --- bytes ---------------------------------------------------------------
    def write(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def _fill(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Timeout("no answer in time")
        ready, _, _ = select.select([self.proc.stdout], [], [], left)
        if not ready:
            raise Timeout("no answer in time")
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            raise EOFError("the server closed its output")
        self.buf += chunk

    def _read_message(self, deadline):
        if self.framing == "mcp":
            while b"\n" not in self.buf:
                self._fill(deadline)
            line, self.buf = self.buf.split(b"\n", 1)
            return json.loads(line)
        while b"\r\n\r\n" not in self.buf:
            self._fill(deadline)
        head, rest = self.buf.split(b"\r\n\r\n", 1)
        length = None
        for h in head.split(b"\r\n"):
            name, _, value = h.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        self.buf = rest
        while len(self.buf) < length:
            self._fill(deadline)
        body, self.buf = self.buf[:length], self.buf[length:]
        return json.loads(body)

    # --- messages ------------------------------------------------------------
    def send(self, msg):
        body = json.dumps(msg).encode()
        if self.framing == "mcp":
            self.write(body + b"\n")
        else:
            self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout=60):
        """The next message that is not a notification (those are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self._read_message(deadline)
            if "method" in msg and "id" not in msg:
                self.notifications.append(msg)
                continue
            return msg

    def request(self, method, params=None, timeout=60):
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        answer = self.receive(timeout)
        if answer.get("id") != rid:
            raise AssertionError("answer to another request: %r" % answer)
        return answer

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def diagnostics(self, uri, timeout=60):
        """The next publishDiagnostics for uri."""
        deadline = time.monotonic() + timeout
        while True:
            for i, n in enumerate(self.notifications):
                if n["method"] == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri:
                    del self.notifications[i]
                    return n["params"]["diagnostics"]
            msg = self._read_message(deadline)
            if "method" in msg and "id" not in msg:
                self.notifications.append(msg)

    def close(self, timeout=20):
        """Close stdin; the exit status (None if it did not end in time)."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def stderr(self):
        return self.proc.stderr.read().decode(errors="replace")


def uri_of(path):
    return "file://" + os.path.abspath(path)


def open_doc(server, path, text=None, language="kconfig"):
    if text is None:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    uri = uri_of(path)
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": language, "version": 1, "text": text}})
    return uri


def position(uri, line, character):
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


class Tap:
    """TAP lines; each check is one numbered case."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        self.n += 1
        if not ok:
            self.failed += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.n, what))
        if not ok and detail:
            for line in str(detail).splitlines()[:20]:
                print("# " + line)

    def skip(self, what, why):
        self.n += 1
        print("ok %d - %s # SKIP %s" % (self.n, what, why))

    def done(self):
        print("1..%d" % self.n)
        return 1 if self.failed else 0
