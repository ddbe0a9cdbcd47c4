#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""`kbrowse lsp` at the protocol level, on the teaching tree (TAP).

Usage: protocol.py KBROWSE TREE
TREE is the teaching tree written out (kbrowse --write-examples).  The
server is started in it and asked what an editor asks: hover, definition,
references, symbols, completion, diagnostics of an unsaved edit; then it
is sent what no editor should send: malformed JSON, a message without
Content-Length, a huge Content-Length, unknown methods, a client that
vanishes.  Each must give a clear error, never a crash or a hang.
"""
import os
import sys

sys.dont_write_bytecode = True  # nothing written beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Server, Tap, Timeout, open_doc, position, uri_of  # noqa: E402

kbrowse, tree = sys.argv[1], os.path.abspath(sys.argv[2])
tap = Tap()


def start():
    return Server([kbrowse, "lsp"], cwd=tree)


def initialize(server):
    answer = server.request("initialize", {"processId": None, "rootUri": uri_of(tree),
                                           "capabilities": {}})
    server.notify("initialized", {})
    return answer


def line_of(path, prefix):
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if line.startswith(prefix):
                return i
    raise AssertionError("no line %r in %s" % (prefix, path))


def features():
    server = start()
    answer = initialize(server)
    caps = answer.get("result", {}).get("capabilities", {})
    tap.check(caps.get("hoverProvider") and caps.get("definitionProvider"),
              "initialize: the capabilities name hover and definition", answer)

    arch = os.path.join(tree, "arch/Kconfig")
    uri = open_doc(server, arch)
    shift = line_of(arch, "config PAGE_SHIFT")
    tap.check(server.diagnostics(uri) == [], "didOpen of arch/Kconfig: no diagnostics")

    hover = server.request("textDocument/hover", position(uri, shift, 10))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("PAGE_SHIFT = 12" in text and "arch/Kconfig:188" in text,
              "hover on PAGE_SHIFT: its value and the deciding line", text)

    definition = server.request("textDocument/definition", position(uri, shift + 2, 18))
    where = definition.get("result") or []
    tap.check(len(where) == 1 and where[0]["uri"] == uri and
              where[0]["range"]["start"] == {"line": line_of(arch, "config PAGE_SIZE_4KB"),
                                             "character": 7},
              "definition of PAGE_SIZE_4KB (from a default's condition): its config line",
              definition)

    refs = server.request("textDocument/references", dict(
        position(uri, shift, 10), context={"includeDeclaration": False}))
    files = sorted({r["uri"].rsplit("/", 2)[-2] for r in refs.get("result") or []})
    tap.check(files == ["mm"], "references of PAGE_SHIFT: mm/Kconfig's depends on", refs)

    symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    names = [s["name"] for s in symbols.get("result") or []]
    tap.check("PAGE_SHIFT" in names and "Processor type and features" in names,
              "documentSymbol: entries and menus of the file", names)

    ws = server.request("workspace/symbol", {"query": "page_size_4"})
    names = [s["name"] for s in ws.get("result") or []]
    tap.check("PAGE_SIZE_4KB" in names and "HAVE_PAGE_SIZE_4KB" in names,
              "workspace/symbol: names containing the query", names)

    completion = server.request("textDocument/completion", position(uri, shift + 2, 18))
    items = (completion.get("result") or {}).get("items", [])
    labels = {i["label"]: i.get("detail", "") for i in items}
    tap.check("PAGE_SIZE_4KB" in labels and labels["PAGE_SIZE_4KB"].startswith("bool = y"),
              "completion of PAGE_SIZE_4: symbols with their type, value and prompt", labels)

    # An unsaved edit: the re-read must see the editor's text, not the file.
    with open(arch, encoding="utf-8") as f:
        lines = f.read().split("\n")
    lines.insert(shift + 1, "\tdepends on NO_SUCH_SYMBOL")
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": "\n".join(lines)}]})
    diags = server.diagnostics(uri)
    tap.check(len(diags) == 1 and diags[0]["range"]["start"] == {"line": shift + 1, "character": 12}
              and "NO_SUCH_SYMBOL" in diags[0]["message"],
              "unsaved 'depends on NO_SUCH_SYMBOL': a diagnostic at its line and column", diags)
    hover = server.request("textDocument/hover", position(uri, shift, 10))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("PAGE_SHIFT = 0" in text or "PAGE_SHIFT = \n" in text or "= 0" in text,
              "after the edit the model follows the buffer: PAGE_SHIFT's dependency is n", text)

    lines[shift + 1] = "\tfrobnicate 12"
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": "\n".join(lines)}]})
    diags = server.diagnostics(uri)
    errors = [d for d in diags if d["severity"] == 1]
    tap.check(errors and errors[0]["range"]["start"] == {"line": shift + 1, "character": 1}
              and errors[0]["message"] == 'unknown statement "frobnicate"',
              "a parse error in the buffer: at the parser's line and column", diags)
    hover = server.request("textDocument/hover", position(uri, shift, 10))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("PAGE_SHIFT = 0" in text and "NO_SUCH_SYMBOL [=n]" in text,
              "while the buffer has errors, answers come from the last buffer read cleanly", text)
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    tap.check(server.diagnostics(uri) == [], "didClose: its diagnostics are cleared")

    # A C file and a fragment: CONFIG_FOO names the symbol.
    c_file = os.path.join(tree, "lsp_test.c")
    c_uri = open_doc(server, c_file, "#if IS_ENABLED(CONFIG_SWAP)\nint x;\n#endif\n", "c")
    hover = server.request("textDocument/hover", position(c_uri, 0, 20))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("SWAP = y" in text, "hover on IS_ENABLED(CONFIG_SWAP) in C: the value", text)
    frag = os.path.join(tree, "lsp_test.config")
    f_uri = open_doc(server, frag, "CONFIG_NR_CPUS=8\nCONFIG_PAGE_SHIFT=16\n", "kconfig")
    diags = server.diagnostics(f_uri)
    tap.check(len(diags) == 1 and diags[0]["range"]["start"]["line"] == 1 and
              diags[0]["message"] == "PAGE_SHIFT=16 does not take effect (no-prompt): the value is 12",
              "a fragment's line that does not take effect: a warning on it", diags)
    hover = server.request("textDocument/hover", position(f_uri, 0, 9))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("Takes effect" in text, "hover on a fragment line that takes effect", text)
    hover = server.request("textDocument/hover", position(f_uri, 1, 9))
    text = (hover.get("result") or {}).get("contents", {}).get("value", "")
    tap.check("Does not take effect" in text and "gives 12" in text,
              "hover on a fragment line that does not (no prompt)", text)

    # Code actions: a verified plan as an edit of .config; a fragment line fixed.
    uri = open_doc(server, arch)
    line = line_of(arch, "config PAGE_SIZE_16KB")
    asked = {"textDocument": {"uri": uri}, "range": {"start": {"line": line, "character": 9},
                                                    "end": {"line": line, "character": 9}}}
    answer = server.request("textDocument/codeAction", dict(asked, context={
        "diagnostics": [], "triggerKind": 2}))
    tap.check(answer.get("result") == [], "codeAction asked automatically: none (no solver run)",
              answer)
    answer = server.request("textDocument/codeAction", dict(asked, context={
        "diagnostics": [], "triggerKind": 1}))
    edits = [(a["title"], e) for a in answer.get("result") or []
             for u, es in a["edit"]["changes"].items() for e in es if u == uri_of(tree + "/.config")]
    tap.check(any("PAGE_SIZE_16KB=y" in t and "CONFIG_PAGE_SIZE_16KB=y\n" in e["newText"] and
                  "CONFIG_PAGE_SHIFT=14\n" in e["newText"] for t, e in edits),
              "codeAction on PAGE_SIZE_16KB: the plan for y as the .config a save would write",
              answer)
    answer = server.request("textDocument/codeAction", {
        "textDocument": {"uri": f_uri}, "context": {"diagnostics": []},
        "range": {"start": {"line": 1, "character": 9}, "end": {"line": 1, "character": 9}}})
    fixes = [e for a in answer.get("result") or [] for es in a["edit"]["changes"].values()
             for e in es]
    tap.check(fixes and fixes[0]["newText"] == "CONFIG_PAGE_SIZE_64KB=y\n" and
              fixes[0]["range"]["start"] == {"line": 1, "character": 0},
              "codeAction on CONFIG_PAGE_SHIFT=16 in a fragment: the line it needs, above it",
              answer)

    answer = server.request("shutdown")
    tap.check("error" not in answer, "shutdown", answer)
    server.notify("exit")
    status = server.close()
    tap.check(status == 0, "exit after shutdown: status 0", "status %r" % status)


def robustness():
    server = start()
    initialize(server)
    server.write(b"Content-Length: 9\r\n\r\n{not json")
    answer = server.receive()
    tap.check(answer.get("error", {}).get("code") == -32700 and answer.get("id") is None,
              "malformed JSON: a parse error", answer)

    server.write(b"X-Junk: 1\r\n\r\n")
    answer = server.receive()
    tap.check(answer.get("error", {}).get("code") == -32700 and
              "Content-Length" in answer["error"]["message"],
              "a header without Content-Length: said so", answer)
    answer = server.request("workspace/symbol", {"query": "SWAP"})
    tap.check("result" in answer, "the next message is still understood", answer)

    answer = server.request("no/such/method", {})
    tap.check(answer.get("error", {}).get("code") == -32601,
              "an unknown method: MethodNotFound (-32601)", answer)
    server.notify("no/such/notification", {})
    server.send([1, 2, 3])
    answer = server.receive()
    tap.check(answer.get("error", {}).get("code") == -32600,
              "an unknown notification is ignored; an array is an invalid request", answer)
    answer = server.request("textDocument/hover", {"textDocument": {"uri": 5}})
    tap.check(answer.get("result", 1) is None, "hover with broken params: null, no crash", answer)

    server.write(b"Content-Length: 5000000000\r\n\r\n")
    answer = server.receive()
    tap.check(answer.get("error", {}).get("code") == -32700 and
              "over the limit" in answer["error"]["message"],
              "a huge Content-Length: refused at once, with the limit", answer)
    status = server.close()
    err = server.stderr()
    tap.check(status == 1 and "closed the connection" in err,
              "the client vanishes while the huge body is awaited: exits 1, says why",
              "status %r\n%s" % (status, err))

    server = start()
    answer = server.request("textDocument/hover", position(uri_of(tree + "/Kconfig"), 0, 0))
    tap.check(answer.get("error", {}).get("code") == -32002,
              "a request before initialize: ServerNotInitialized", answer)
    server.write(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    status = server.close()
    tap.check(status == 1, "the client vanishes in the middle of a message: exits 1, no hang",
              "status %r" % status)


def unmet_select():
    """PAGE_OWNER=y selects DEBUG_PAGEALLOC past DEBUG_KERNEL=n: conf warns."""
    with open(os.path.join(tree, ".config"), "w") as f:
        f.write("CONFIG_PAGE_OWNER=y\n")
    server = start()
    initialize(server)
    debug = os.path.join(tree, "lib/Kconfig.debug")
    uri = open_doc(server, debug)
    diags = server.diagnostics(uri)
    line = line_of(debug, "\tselect DEBUG_PAGEALLOC")
    tap.check(len(diags) == 1 and diags[0]["range"]["start"] == {"line": line, "character": 8}
              and "unmet direct dependencies detected for DEBUG_PAGEALLOC" in diags[0]["message"],
              "a select past unmet dependencies in the .config read: a warning at the name", diags)
    server.request("shutdown")
    server.notify("exit")
    server.close()
    os.unlink(os.path.join(tree, ".config"))


try:
    features()
    robustness()
    unmet_select()
except (Timeout, EOFError, AssertionError, OSError) as e:
    tap.check(False, "the server answered every message", repr(e))
sys.exit(tap.done())
