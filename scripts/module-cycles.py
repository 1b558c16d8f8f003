#!/usr/bin/env python3
"""Reports cycles in a Rust crate's module graph: a module that uses another which uses it back,
directly or through others.

    python3 scripts/module-cycles.py crates/solver/src
    python3 scripts/module-cycles.py crates/*/src        # every crate; exit 1 if any has a cycle

Every `.rs` file under the source folder is a module (`lib.rs`/`main.rs` the root, `foo.rs` and
`foo/mod.rs` the module `foo`, `foo/bar.rs` the module `foo::bar`), and so is every inline
`mod name { ... }` in it (a test module, say). A module uses another where its code names it:
a `use` (grouped, renamed, globbed, `pub use` included) or a path in the code, starting from
`crate::`, `super::`, `self::` or a child module's name. A name re-exported by a `pub use`
(`crate::Solver`, which lib.rs re-exports from `search`) counts as a use of the module that
defines it. `mod` declarations are not uses; neither are comments (intra-doc links included)
nor paths into other crates.

A module's use of one of its own ancestors (a family's `moves.rs` reading the family's types from
`mod.rs` through `super::`, any module reading the crate root's) is not counted: the child is
part of its ancestor, which declares it, so the two are one unit, not two modules importing each
other. A cycle is then a chain of uses between modules that do not contain each other: two
siblings, or a module and a relative outside its own line (`crate::algerian` using
`crate::variant`, which uses `crate::algerian` back, is one).

Exit status: 0 when the graph has no cycle, 1 when it has one (each printed, with where its
uses are), 2 on bad arguments.
"""

import os
import re
import sys
from collections import defaultdict

WORD = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """The text with comments, strings and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif re.match(r"b?r#*\"", text[i:i + 20]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            m = re.match(r"b?r(#*)\"", text[i:])
            end = text.find('"' + m.group(1), i + m.end())
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 1:j]))
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\(x..|u\{[0-9a-fA-F]+\}|.)|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def file_module(src, path):
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel in (["lib"], ["main"]):
        return ()
    if rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)


def inline_modules(code, base):
    """(start, end, module) of each inline `mod name { ... }` block, innermost last."""
    spans = []
    for m in re.finditer(r"\bmod\s+(" + WORD + r")\s*\{", code):
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        spans.append((m.start(), j, m.group(1)))
    # The module of a block: its enclosing blocks' names, outermost first.
    result = []
    for start, end, name in spans:
        outer = [s for s in spans if s[0] < start and end <= s[1]]
        outer.sort()
        result.append((start, end, base + tuple(s[2] for s in outer) + (name,)))
    return result


def module_at(pos, base, blocks):
    best = base
    for start, end, mod in blocks:
        if start <= pos < end and len(mod) > len(best):
            best = mod
    return best


def parse_use_tree(s):
    """The paths of a use tree (`a::{b, c::{self, D as E}, *}`): (segments, alias)."""
    tokens = re.findall(WORD + r"|\$crate|::|\{|\}|,|\*", s)
    pos = 0

    def tree(prefix):
        nonlocal pos
        paths = []
        segs = list(prefix)
        while pos < len(tokens):
            t = tokens[pos]
            if t == "{":
                pos += 1
                while pos < len(tokens) and tokens[pos] != "}":
                    paths += tree(segs)
                    if pos < len(tokens) and tokens[pos] == ",":
                        pos += 1
                pos += 1
                return paths
            if t in (",", "}"):
                break
            if t == "::":
                pos += 1
                continue
            if t == "as":
                pos += 1
                alias = tokens[pos] if pos < len(tokens) else None
                pos += 1
                return [(segs, alias)]
            if t == "self" and segs:
                pos += 1
                continue
            segs.append(t)
            pos += 1
        return paths + [(segs, None)]

    return tree([])


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module -> (path, stripped code)
        for root, _, names in os.walk(src):
            for name in sorted(names):
                if name.endswith(".rs"):
                    path = os.path.join(root, name)
                    with open(path, encoding="utf-8") as f:
                        self.files[file_module(src, path)] = (path, strip(f.read()))
        self.modules = set(self.files)
        self.blocks = {}
        for mod, (_, code) in self.files.items():
            self.blocks[mod] = inline_modules(code, mod)
            self.modules.update(b[2] for b in self.blocks[mod])
        # A module's `pub use` names: name -> absolute path.
        self.reexports = defaultdict(dict)
        self.uses = []  # (module, absolute path, file, line)
        for mod, (path, code) in self.files.items():
            in_use = []
            for m in re.finditer(r"\b(pub(\s*\([^)]*\))?\s+)?use\s+([^;]+);", code):
                in_use.append((m.start(), m.end()))
                at = module_at(m.start(), mod, self.blocks[mod])
                line = code.count("\n", 0, m.start()) + 1
                for segs, alias in parse_use_tree(m.group(3)):
                    full = self.absolute(at, segs)
                    if full is None:
                        continue
                    if m.group(1) and segs and segs[-1] != "*":
                        self.reexports[at][alias or segs[-1]] = full
                    self.uses.append((at, full, path, line))
            for m in re.finditer(r"(?<![\w:$])((?:" + WORD + r")(?:\s*::\s*" + WORD + r")+)", code):
                at = module_at(m.start(), mod, self.blocks[mod])
                segs = re.split(r"\s*::\s*", m.group(1))
                if segs[0] not in ("crate", "super", "self") and at + (segs[0],) not in self.modules:
                    continue
                if any(a <= m.start() < b for a, b in in_use):
                    continue  # (read above)
                full = self.absolute(at, segs)
                if full is not None:
                    self.uses.append((at, full, path, code.count("\n", 0, m.start()) + 1))

    def absolute(self, at, segs):
        """The path `segs` written in module `at`, from the crate root (`None`: another crate)."""
        if not segs:
            return None
        head, rest = segs[0], segs[1:]
        if head == "crate":
            return tuple(rest)
        if head == "self":
            return at + tuple(rest)
        if head == "super":
            base = at
            while segs and segs[0] == "super":
                base, segs = base[:-1], segs[1:]
            return base + tuple(segs)
        if at + (head,) in self.modules:
            return at + tuple(segs)
        return None

    def target(self, full, depth=0):
        """The module that defines what `full` names: its longest module prefix, followed
        through that module's `pub use` re-exports."""
        k = len(full)
        while k > 0 and tuple(full[:k]) not in self.modules:
            k -= 1
        mod, rest = tuple(full[:k]), full[k:]
        if rest and rest[0] in self.reexports[mod] and depth < 16:
            via = self.reexports[mod][rest[0]]
            if via != full:
                return self.target(via + tuple(rest[1:]), depth + 1)
        return mod

    def graph(self):
        edges = defaultdict(dict)  # module -> {module used: (file, line) of the first use}
        for at, full, path, line in self.uses:
            to = self.target(full)
            # A module's use of its own ancestor (`use super::Game` in `moves.rs`) is not an
            # import: the child is part of the ancestor, which declares it (see the doc above).
            if to != at and at[: len(to)] != to:
                edges[at].setdefault(to, (path, line))
        return edges


def name(mod):
    return "::".join(("crate",) + mod)


def shortest_cycle(edges, members, start):
    """The shortest way from `start` back to itself within `members` (breadth first)."""
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges.get(v, {})):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w in members and w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError("a strongly connected component has a cycle through each member")


def cycles(edges):
    """One cycle per strongly connected component of more than one module (Tarjan)."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    nodes = sorted(set(edges) | {t for e in edges.values() for t in e})

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            connect(v)
    found = []
    for comp in comps:
        found.append((comp, shortest_cycle(edges, set(comp), comp[0])))
    return found


def report(src):
    """Prints `src`'s cycles; whether it has none."""
    crate = Crate(src)
    edges = crate.graph()
    found = cycles(edges)
    count = len(crate.modules)
    if not found:
        print(f"{src}: {count} modules, no cycle")
        return True
    print(f"{src}: {count} modules, {len(found)} cycle(s)")
    for comp, path in found:
        print("cycle: " + " -> ".join(name(m) for m in path))
        for a, b in zip(path, path[1:]):
            file, line = edges[a][b]
            print(f"    {name(a)} uses {name(b)} at {file}:{line}")
        if len(comp) > len(path) - 1:
            print("    (all in one tangle: " + ", ".join(name(m) for m in comp) + ")")
    return False


def main():
    if len(sys.argv) < 2 or not all(os.path.isdir(d) for d in sys.argv[1:]):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: module-cycles.py CRATE_SRC_DIR ...", file=sys.stderr)
        return 2
    clean = [report(src) for src in sys.argv[1:]]
    return 0 if all(clean) else 1


if __name__ == "__main__":
    sys.exit(main())
