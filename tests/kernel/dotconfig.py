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


def check_sides(full, old, new, problems, unwritten_need_location=True):
    """Checks each change's two sides against the .config files: counts
    the sides whose value is not the file's, and those without a reason
    or a deciding line (which a side not written needs only with
    unwritten_need_location).  Each one found goes into problems."""
    bad_value = bad_reason = 0
    for name, node in full.items():
        for side, written in (("old", old), ("new", new)):
            v = node[side]
            want = written.get(name)
            got = v["value"] if v["written"] else None
            if got != want:
                bad_value += 1
                problems.append(f"{name} {side}: diff says {got!r}, the file {want!r}")
            loc = v["origin"]["location"]
            need_loc = v["written"] or unwritten_need_location
            if not v["origin"]["reason"] or (need_loc and (not loc or ":" not in loc)):
                bad_reason += 1
                problems.append(f"{name} {side}: no reason or deciding line ({v['origin']})")
    return bad_value, bad_reason


def print_problems(missing, extra, old, new, problems):
    """The first of the names missing from and extra in the report, and
    the first problems, as TAP comments."""
    for n in missing[:10]:
        problems.append(f"missing {n}: old {old.get(n)!r} new {new.get(n)!r}")
    for n in extra[:10]:
        problems.append(f"extra {n}")
    for p in problems[:30]:
        print("# " + p)


def plan_assignments(plan):
    """The assignments of a plan of `explain --json --to` (name -> value,
    a chosen member "y"), or None when there is nothing to apply: the
    value is already the one wanted, or the plan was not verified."""
    if plan["already"] or not plan["verified"]:
        return None
    sets = {}
    for s in plan["steps"]:
        if s["action"] in ("set", "choose") and s["symbol"]:
            sets[s["symbol"]] = "y" if s["action"] == "choose" else s["value"]
    return sets


def without(lines, names):
    """The lines of a .config that assign none of names (CONFIG_X)."""
    return [l for l in lines
            if l.split("=")[0] not in names and
            not (l.startswith("# CONFIG_") and l[2:].split(" ")[0] in names)]
