"""Prototype of level one of all_but_two_scales.md: the values of an all-but
game through a local pattern G(x) = G(x - p) + s with defects, where only the
event heaps of the lemma there are computed. Not part of grundy: a reference
for the Rust implementation, checked here against the plain recurrence.

    python3 docs/research/all_but_events.py            # the sets below
    python3 docs/research/all_but_events.py 5,1000,1005 12000
"""
import bisect
import sys
from collections import Counter, defaultdict

INF = float("inf")


def plain(excluded, to):
    """G(0..to) by counting a value's heaps (it occurs at most |E| + 1 times)."""
    excluded = sorted(excluded)
    g, counts, mex = [], Counter(), 0
    for x in range(to):
        while counts[mex]:
            mex += 1
        best, landed = mex, Counter(g[x - e] for e in excluded if e <= x)
        for v, k in landed.items():
            if v < best and counts[v] == k:
                best = v
        g.append(best)
        counts[best] += 1
    return g


class Runs:
    """Raw values below n, then per class mod p a run from the base window
    [c - p, c) and one from each defect (heap, value) in that class."""

    def __init__(self, excluded, raw, p, s, c):
        self.excluded, self.raw, self.p, self.s, self.c = excluded, raw, p, s, c
        self.base = c - p
        self.defects = defaultdict(list)
        self.low = defaultdict(list)
        for y in range(c):
            self.low[raw[y]].append(y)

    def cls(self, x):
        return (x - self.base) % self.p

    def value(self, x):
        if x < len(self.raw):
            return self.raw[x]
        r = self.cls(x)
        runs = self.defects[r]
        i = bisect.bisect_right(runs, (x, INF))
        if i:
            d, w = runs[i - 1]
            return w + (x - d) // self.p * self.s
        return self.raw[self.base + r] + (x - self.base) // self.p * self.s

    def starts(self):
        """(first heap, its value, end) of every run beyond c."""
        p, s = self.p, self.s
        for r in range(p):
            z = self.base + r
            runs = self.defects[r]
            firsts = [(z + p, self.raw[z] + s)] + runs
            ends = [d for d, _ in runs] + [INF]
            for (a, w), b in zip(firsts, ends):
                yield a, w, b

    def heaps_of(self, v, below=INF):
        out = [y for y in self.low.get(v, []) if y < below]
        for a, w, b in self.starts():
            if v >= w and (v - w) % self.s == 0:
                y = a + (v - w) // self.s * self.p
                if y < b and y < below:
                    out.append(y)
        return sorted(out)

    def first(self, v):
        h = self.heaps_of(v)
        return h[0] if h else INF

    def mex(self, x):
        """Smallest value absent below x (x >= c), from the runs' cover:
        per residue mod s, each run covers an interval of levels."""
        s = self.s
        cover = defaultdict(list)
        for a, w, b in self.starts():
            b = min(b, x)
            if b > a:
                cover[w % s].append((w // s, w // s + (b - a + self.p - 1) // self.p))
        present = set(self.raw[: self.c])
        best = INF
        for rho in range(s):
            intervals = sorted(cover[rho])
            level = 0
            while rho + level * s < best:
                v = rho + level * s
                hit = next((hi for lo, hi in intervals if lo <= level < hi), None)
                if hit is not None:
                    level = hit
                elif v in present:
                    level += 1
                else:
                    best = v
        return best

    def explicit(self, x):
        """G(x) from the values below it."""
        best = self.mex(x)
        landed = Counter(self.value(x - e) for e in self.excluded if e <= x)
        for v, k in landed.items():
            if v < best and len(self.heaps_of(v, x)) == k:
                best = v
        return best


def local_pattern(raw):
    n = len(raw)
    for p in range(1, n // 3):
        s = raw[-1] - raw[-1 - p]
        if s > 0 and all(raw[y] == raw[y - p] + s for y in range(n - 2 * p - 16, n)):
            c = n - 2 * p - 16
            while c > p and raw[c - 1] == raw[c - 1 - p] + s:
                c -= 1
            # the smallest c >= c0 meeting (C): A = [0, s) + (B + s)
            while set(raw[:c]) != set(range(s)) | {b + s for b in raw[: c - p]}:
                c += 1
            return p, s, c
    raise ValueError("no local pattern in the values computed")


def run(excluded, n, until):
    """Values below `until` through the runs; returns (runs, heaps computed
    explicitly, defects)."""
    excluded = sorted(excluded)
    raw = plain(excluded, n)
    p, s, c = local_pattern(raw)
    rep = Runs(excluded, raw, p, s, c)
    # Condition 1: a landing on an irregular heap (below c, or a defect).
    fixed = {y + e for y in range(c) if y < p or raw[y] != raw[y - p] + s
             for e in excluded if y + e >= n}
    # Conditions 2 and 3 depend on Delta's support and on the values
    # beyond the frontier: regenerated at each defect (kept, events from a
    # future a defect has changed go stale: a third of all heaps).
    counts_n, counts_np = Counter(raw[:n]), Counter(raw[: n - p])
    delta = Counter({v: counts_n[v + s] - counts_np[v] for v in set(counts_np) | set(counts_n)})
    moving = set()

    def regenerate(frontier):
        moving.clear()
        for v in [v for v, d in delta.items() if d]:
            for h in rep.heaps_of(v):
                moving.update(h + p + e for e in excluded if h + p + e >= frontier)
            f1, f0 = rep.first(v + s), rep.first(v) + p
            lo, hi = max(min(f1, f0) + 1, frontier), min(max(f1, f0) + 1, until)
            moving.update(y + p for y in range(lo - p, hi - p) if rep.value(y) >= v)

    regenerate(n)
    x, explicit, defects = n, 0, 0
    while True:
        pending = [e for e in fixed | moving if e >= x]
        if not pending or min(pending) >= until:
            break
        x = min(pending)
        g = rep.explicit(x)
        explicit += 1
        if g != rep.value(x):
            defects += 1
            before = rep.value(x - p)
            rep.defects[rep.cls(x)].append((x, g))
            fixed.update(x + e for e in excluded)
            if g >= s:
                delta[g - s] += 1
            delta[before] -= 1
            regenerate(x + 1)
        x += 1
    return rep, explicit, defects


def check(excluded, until, n=200):
    rep, explicit, defects = run(excluded, n, until)
    g = plain(excluded, until)
    wrong = [x for x in range(until) if rep.value(x) != g[x]]
    print(f"allbut{sorted(excluded)} to {until}: pattern {(rep.p, rep.s, rep.c)}, "
          f"{explicit} heaps computed, {defects} defects, {len(wrong)} wrong {wrong[:3]}")
    return not wrong


if __name__ == "__main__":
    if len(sys.argv) == 3:
        ok = check([int(a) for a in sys.argv[1].split(",")], int(sys.argv[2]))
    else:
        sets = [[5, N, N + 5] for N in (500, 1000, 2000, 4000)]
        sets += [[3, 244, 247], [1, 6, 348, 349], [5, 349, 359], [4, 7, 336, 343]]
        ok = all([check(E, 12 * E[-2]) for E in sets])
    sys.exit(0 if ok else 1)
