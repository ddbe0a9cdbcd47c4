#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A scripted MCP client against `kbrowse mcp` (TAP).

Usage: mcp_client.py KBROWSE DIR WHERE
Runs `kbrowse mcp` in DIR (with this process's environment: the tree,
ARCH, KCONFIG_CONFIG), lists its tools and calls each; every tool's text
must be the bytes the command line prints for the same question, run in
the same place.  WHERE is the line PAGE_SHIFT's explanation must name
("arch/Kconfig:1241" on Linux 6.12).
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Server, Tap, Timeout  # noqa: E402

kbrowse, where_dir, where = sys.argv[1], sys.argv[2], sys.argv[3]
tap = Tap()


def cli(*args):
    return subprocess.run([kbrowse, *args], cwd=where_dir, capture_output=True,
                          text=True, timeout=600).stdout


def text_of(answer):
    result = answer.get("result") or {}
    return "".join(c.get("text", "") for c in result.get("content", [])), result.get("isError")


def main():
    server = Server([kbrowse, "mcp"], cwd=where_dir, framing="mcp")
    init = server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                         "clientInfo": {"name": "test", "version": "1"}}, 600)
    tap.check(init.get("result", {}).get("serverInfo", {}).get("name") == "kbrowse" and
              "tools" in init["result"].get("capabilities", {}),
              "initialize: kbrowse, with tools", init)
    server.notify("notifications/initialized")

    tools = server.request("tools/list")
    names = sorted(t["name"] for t in tools.get("result", {}).get("tools", []))
    tap.check(names == ["check_fragment", "diff", "explain", "plan", "search"],
              "tools/list: explain, plan, check_fragment, diff, search", names)

    answer = server.request("tools/call", {"name": "explain", "arguments": {"symbol": "PAGE_SHIFT"}})
    text, error = text_of(answer)
    obj = answer.get("result", {}).get("structuredContent", {})
    tap.check(not error and obj.get("value") == "12" and where in text,
              "explain PAGE_SHIFT: 12, decided at " + where, text[:2000])
    tap.check(text == cli("explain", "--json", "PAGE_SHIFT"),
              "explain: the bytes of kbrowse explain --json PAGE_SHIFT")

    answer = server.request("tools/call", {"name": "explain", "arguments": {
        "symbol": "PAGE_SHIFT", "depth": 3, "reverse": True}})
    tap.check(text_of(answer)[0] == cli("explain", "--json", "--depth", "3", "--reverse", "PAGE_SHIFT"),
              "explain with depth 3 and reverse: the bytes of the command line")

    answer = server.request("tools/call", {"name": "plan", "arguments": {
        "symbol": "PAGE_SHIFT", "to": "13"}}, 600)
    text, error = text_of(answer)
    tap.check(not error and text == cli("explain", "--json", "--to", "13", "PAGE_SHIFT"),
              "plan PAGE_SHIFT to 13: the bytes of kbrowse explain --json --to 13", text[:2000])

    frag = os.path.join(where_dir, "mcp_test_fragment.config")
    with open(frag, "w") as f:
        f.write("CONFIG_PAGE_SHIFT=16\n# CONFIG_SWAP is not set\nCONFIG_NO_SUCH_OPTION=y\n")
    answer = server.request("tools/call", {"name": "check_fragment", "arguments": {"path": frag}}, 600)
    text, error = text_of(answer)
    tap.check(not error and text == cli("diff", "--json", "--apply", frag),
              "check_fragment: the bytes of kbrowse diff --json --apply FRAGMENT", text[:2000])
    answer = server.request("tools/call", {"name": "check_fragment", "arguments": {
        "fragment": "CONFIG_PAGE_SHIFT=16\n"}}, 600)
    fates = [v.get("fate") for v in (answer.get("result", {}).get("structuredContent", {})
                                     .get("fragment") or [])]
    tap.check(fates == ["ignored"], "check_fragment with the lines given: PAGE_SHIFT=16 is ignored",
              text_of(answer)[0][:2000])

    old = os.path.join(where_dir, "mcp_test_old.config")
    new = os.path.join(where_dir, "mcp_test_new.config")
    with open(old, "w") as f:
        f.write("")
    with open(new, "w") as f:
        f.write("# CONFIG_SWAP is not set\n")
    answer = server.request("tools/call", {"name": "diff", "arguments": {"old": old, "new": new}}, 600)
    text, error = text_of(answer)
    tap.check(not error and text == cli("diff", "--json", old, new),
              "diff: the bytes of kbrowse diff --json OLD NEW", text[:2000])

    answer = server.request("tools/call", {"name": "search", "arguments": {"query": "page size 4"}})
    found = [s["name"] for s in answer.get("result", {}).get("structuredContent", {}).get("symbols", [])]
    tap.check("PAGE_SIZE_4KB" in found, "search 'page size 4': PAGE_SIZE_4KB", found)

    answer = server.request("tools/call", {"name": "explain", "arguments": {"symbol": "NO_SUCH_SYMBOL_AT_ALL"}})
    text, error = text_of(answer)
    tap.check(error is True and "unknown symbol" in text, "an unknown symbol: a tool error", answer)
    answer = server.request("tools/call", {"name": "no_such_tool", "arguments": {}})
    tap.check(answer.get("error", {}).get("code") == -32602, "an unknown tool: invalid params", answer)
    answer = server.request("no/such/method")
    tap.check(answer.get("error", {}).get("code") == -32601, "an unknown method: -32601", answer)
    server.write(b"{this is not json\n")
    answer = server.receive()
    tap.check(answer.get("error", {}).get("code") == -32700, "a malformed line: a parse error", answer)
    answer = server.request("ping")
    tap.check(answer.get("result") == {}, "then the server goes on: ping", answer)
    status = server.close()
    tap.check(status == 0, "end of input: exits 0", "status %r" % status)
    for name in (frag, old, new):
        os.unlink(name)


try:
    main()
except (Timeout, EOFError, AssertionError, OSError, json.JSONDecodeError) as e:
    tap.check(False, "the server answered every message", repr(e))
sys.exit(tap.done())
