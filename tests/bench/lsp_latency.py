#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Latency of `kbrowse lsp` on a tree, for make bench (not a test).

Usage: lsp_latency.py KBROWSE DIR FILE SYMBOL [RUNS]
Starts `kbrowse lsp` in DIR (the environment is this process's), opens
FILE (relative to $srctree, else DIR), then measures, RUNS times each:
  hover   a hover on the `config SYMBOL` line, request to answer;
  edit    a didChange of FILE (a comment line added or removed, unsaved)
          to the publishDiagnostics that follows the re-analysis.
Prints one line: "hover MEDIAN MAX CPU edit MEDIAN MAX CPU" in
milliseconds: wall time (median, largest) and the server's CPU time
(user + system, /proc, the mean per request), which a loaded machine
changes less.
"""
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # nothing written beside the sources
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsp"))
from lspclient import Server, open_doc, position, uri_of  # noqa: E402

kbrowse, where, name, symbol = sys.argv[1:5]
runs = int(sys.argv[5]) if len(sys.argv) > 5 else 20
path = os.path.join(os.environ.get("srctree") or where, name)
server = Server([kbrowse, "lsp"], cwd=where)
server.request("initialize", {"processId": None, "rootUri": uri_of(where), "capabilities": {}}, 600)
server.notify("initialized", {})
with open(path, encoding="utf-8", errors="replace") as f:
    text = f.read()
uri = open_doc(server, path, text)
server.diagnostics(uri, 600)
line = next(i for i, l in enumerate(text.split("\n")) if l == "config " + symbol)



def cpu_ms():
    with open("/proc/%d/stat" % server.proc.pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


hover = []
cpu_before = cpu_ms()
for _ in range(runs):
    start = time.monotonic()
    answer = server.request("textDocument/hover", position(uri, line, 8))
    hover.append((time.monotonic() - start) * 1000)
    assert answer.get("result"), answer

hover_cpu = (cpu_ms() - cpu_before) / runs

edit = []
cpu_before = cpu_ms()
for i in range(runs):
    body = text if i % 2 else "# an unsaved edit\n" + text
    start = time.monotonic()
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": i + 2},
                                             "contentChanges": [{"text": body}]})
    server.diagnostics(uri, 600)
    edit.append((time.monotonic() - start) * 1000)

edit_cpu = (cpu_ms() - cpu_before) / runs

server.request("shutdown")
server.notify("exit")
server.close()
print("hover %.1f %.1f %.1f edit %.1f %.1f %.1f" % (
    statistics.median(hover), max(hover), hover_cpu,
    statistics.median(edit), max(edit), edit_cpu))
