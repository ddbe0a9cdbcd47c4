"""What the kernel suites' checks read: .config files and diff's JSON.

Imported by the Python the suites run (PYTHONPATH is tests/kernel).
"""


def values(path):
    """Each symbol's value in a .config as conf writes it: "n" for
    "# CONFIG_X is not set", a string without its quotes."""
    found = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("CONFIG_"):
            name, _, value = line[7:].partition("=")
            if value.startswith('"'):
                value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            found[name] = value
        elif line.startswith("# CONFIG_") and line.endswith(" is not set"):
            found[line[9:-11]] = "n"
    return found


def differing(old, new):
    """The names whose values differ between two values() maps."""
    return {n for n in old.keys() | new.keys() if old.get(n) != new.get(n)}


def diff_nodes(report):
    """The changes of `kbrowse diff --json` shown in full (name -> node),
    the names only referred to, and problems (one shown in full twice)."""
    full, refs, problems = {}, set(), []

    def walk(node):
        if node.get("reference"):
            refs.add(node["symbol"])
            return
        if node["symbol"] in full:
            problems.append(f"{node['symbol']} shown in full twice")
        full[node["symbol"]] = node
        for child in node["children"]:
            walk(child)

    for root in report["roots"]:
        walk(root)
    return full, refs, problems
