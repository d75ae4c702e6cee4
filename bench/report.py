#!/usr/bin/env python3
"""Tables and plots of one bench/report.sh run.

Reads the raw output in RAW (docs/perf/raw: every round of every program, and meta.txt, the
stamp), writes markdown tables to TABLES/<name>.md (docs/perf) with a legend of their rows and
columns, an index TABLES/README.md, plots to PLOTS/*.png (docs/plots), and pastes each table
into the markdown files of DOCS between the lines "<!-- report:<name> -->" and
"<!-- /report:<name> -->". Every value is the median over the rounds of the programs' own
medians. Two parts, each with its own raw output and stamp: "main" (meta.txt and the programs'
files) and "contention" (contention_meta.txt and contention_*.txt: bench/contention_tables.py);
--parts names those whose tables are written and pasted (the others' stay as they are).

    /usr/bin/python3 bench/report.py --raw docs/perf/raw --tables docs/perf --plots docs/plots --docs docs
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contention_tables  # noqa: E402
import perf_rows  # noqa: E402
import plot  # noqa: E402  (bench/plot.py: reading raw output, the plots)

RATIO_NOTE = ("m/X: mpishmem's time / X's time for the same operation (below 1: mpishmem is "
              "faster; for bandwidths the inverse ratio, so the same reading); –: not measured "
              "(the program has no such operation)")


class Values(dict):
    """{(op, target, bytes, unit): median over rounds}, with .noisy: the keys whose rounds
    differ by more than NOISY times (largest / smallest)."""
    noisy = frozenset()


NOISY = 2.0


def noisy_keys(path):
    seen = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 4 or fields[0].startswith("#"):
                continue
            try:
                key = (fields[0], fields[1], int(fields[2]), fields[4] if len(fields) > 4 else "ns")
                seen.setdefault(key, []).append(float(fields[3]))
            except ValueError:
                continue
    out = set()
    for (op, target, nbytes, unit), v in seen.items():
        if min(v) > 0 and max(v) / min(v) > NOISY:
            out.add((op, target, nbytes, unit))
            out.add((op, target, nbytes, "ns"))
    return frozenset(out)


def load(raw, name):
    """Values of one raw file, ops/s and us rows also as ns per op."""
    path = os.path.join(raw, name + ".txt")
    if not os.path.exists(path):
        return Values()
    data = Values(plot.read_raw(path))
    data.noisy = noisy_keys(path)
    for k, v in list(data.items()):
        if k[3] == "ops/s" and v > 0:
            data[(k[0], k[1], k[2], "ns")] = 1e9 / v
        elif k[3] == "us":
            data[(k[0], k[1], k[2], "ns")] = 1e3 * v
    return data


def meta(raw):
    m = {}
    with open(os.path.join(raw, "meta.txt")) as f:
        for line in f:
            key, _, value = line.strip().partition(" ")
            m[key] = value
    return m


def steal(m):
    """The hypervisor's steal during the part (bench/cpu_steal.sh), where the stamp has it."""
    return f", hypervisor steal {m['steal']}%" if m.get('steal', '?') != '?' else ""


def stamp(m):
    return (f"Generated {m.get('date', '?')} by `{m.get('command', 'bench/report.sh')}` (commit "
            f"{m.get('commit', '?')}) on a shared {m.get('cores', '?').replace(' x ', '-core VM (')}), Linux "
            f"{m.get('kernel', '?')}, MPICH {m.get('mpich', '?')}, Open MPI "
            f"{m.get('openmpi', '?')}, UCX {m.get('ucx', '?')}; load average before "
            f"{m.get('load_before', '?')}, after {m.get('load_after', '?')}{steal(m)}. Medians of "
            f"{m.get('rounds', '?')} rounds (each round's value is the program's median over its "
            f"batches). Compare within one table: the numbers move from run to run.")


def short_stamp(m):
    """The stamp of a table pasted into a document (the full one is in docs/perf)."""
    return (f"Run of {m.get('date', '?')}: `{m.get('command', 'bench/report.sh')}`, shared "
            f"{m.get('cores', '?').split(' x ')[0]}-core VM, load average "
            f"{m.get('load_before', '?').split(' ')[0]} before, "
            f"{m.get('load_after', '?').split(' ')[0]} after{steal(m)}; medians of {m.get('rounds', '?')} "
            f"rounds; machine and versions: [perf/README.md](perf/README.md).")


def size_text(n):
    for scale, suffix in ((1 << 20, " MiB"), (1 << 10, " KiB")):
        if n >= scale and n % scale == 0:
            return f"{n // scale}{suffix}"
    return f"{n} B" if n else "–"


def number(v, unit):
    """Value as shown: ns or µs by the table's unit, GB/s, page faults."""
    if v is None:
        return "–"
    if unit == "us":
        v = v / 1000
        return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 1000 else f"{v:,.0f}".replace(",", " ")
    if unit == "ms":
        v = v / 1e6
        return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 1000 else f"{v:,.0f}".replace(",", " ")
    if unit in ("GB/s", "faults"):
        return f"{v:.2f}" if unit == "GB/s" else f"{v:.0f}"
    return f"{v:.1f}" if v < 100 else f"{v:,.0f}".replace(",", " ")


BRIEF = ("Rows, columns and method: [performance.md](performance.md), which shows the same run "
         "in full. m/X: mpishmem's time / X's (below 1: mpishmem is faster); –: not measured; "
         "*: the rounds differ by more than 2x (noise).")


def table(rows, columns, ratios, unit, col_notes, extra_notes=(), brief=False):
    """rows: [(op, target, bytes, raw unit)]; columns: [(header, data)]; ratios: [(header, i,
    j)]: column i / column j (inverted for bandwidth rows). Returns markdown with a legend."""
    unit_name = {"ns": "ns", "us": "µs", "ms": "ms", "GB/s": "GB/s"}[unit]
    head = ["operation", "size"] + [f"{h} ({unit_name})" for h, _ in columns] + [h for h, _, _ in ratios]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * (len(head) - 2)]
    seen = []
    for op, target, nbytes, runit in rows:
        key = (op, target, nbytes, runit)
        vals = [d.get(key) for _, d in columns]
        if all(v is None for v in vals):
            continue
        show = {"bw_GB/s": "GB/s", "minflt": "faults"}.get(runit, unit)
        name = perf_rows.label(op, target)
        if show != unit:
            name += " (" + ("bandwidth, GB/s" if show == "GB/s" else "page faults") + ")"
        cells = [name, size_text(nbytes) if op not in ("quiet_idle", "barrier_all", "barrier",
                                                      "barrier_half", "init") else "–"]
        cells += [number(v, show) + ("*" if key in getattr(d, "noisy", ()) and v is not None
                                     else "") for v, (_, d) in zip(vals, columns)]
        for _, i, j in ratios:
            a, b = vals[i], vals[j]
            if a and b and show != "faults":
                r = b / a if show == "GB/s" else a / b
                cells.append(f"{r:.2g}" if r < 0.1 else f"{r:.0f}" if r >= 100 else f"{r:.2f}")
            else:
                cells.append("–")
        lines.append("| " + " | ".join(cells) + " |")
        if (op, target) not in seen:
            seen.append((op, target))
    if brief:
        return "\n".join(lines + ["", BRIEF]) + "\n"
    legend = ["", "Columns: " + "; ".join(col_notes) + (f"; {RATIO_NOTE}" if ratios else "")
              + f"; *: the rounds of this value differ by more than {NOISY:g}x (the machine was "
              "busy or the operation waits for a descheduled peer: treat it as noise).",
              "", "Rows:"]
    done = set()
    for op, target in seen:
        text = perf_rows.meaning(op, target)
        name = perf_rows.label(op, target)
        if name in done or not text:
            continue
        done.add(name)
        legend.append(f"* {name}: {text}.")
    legend += [""] + list(extra_notes) if extra_notes else []
    return "\n".join(lines + legend).rstrip() + "\n"


SIZES = (8, 2048, 32768, 2097152)
RMA_ROWS = ([("quiet_idle", "-", 0, "ns"), ("p", "heap", 8, "ns"), ("g", "heap", 8, "ns")] +
            [(op, "heap", b, "ns") for op in ("put", "put+quiet", "get") for b in SIZES] +
            [("put_nbi_rate", "heap", 8, "ns"), ("p", "static", 8, "ns"),
             ("put", "static", 8, "ns")])
AMO_ROWS = [(op, t, 8, "ns") for op, t in (
    ("fetch_add", "other"), ("compare_swap", "other"), ("fetch", "other"), ("add+quiet", "other"),
    ("set+quiet", "other"), ("add_rate", "other"), ("fetch_add", "self"), ("fetch_add", "static"))]
SYNC_ROWS = ([(op, "other", 8, "ns") for op in ("pingpong_p", "put_signal", "put_signal_emul")] +
             [("lock", "pe0", 8, "ns"), ("lock", "pe1", 8, "ns"),
              ("lock_contended", "np2", 8, "ns"), ("fetch_add_all2one", "np2", 8, "ns")])
BW_ROWS = [(op, "heap", b, "bw_GB/s") for op in ("put", "get") for b in (8192, 131072, 2097152)]


def make_tables(raw, m):
    local = [("mpishmem", load(raw, "local_mpishmem")), ("raw MPI", load(raw, "local_rawmpi")),
             ("Open MPI OSHMEM", load(raw, "local_oshmem"))]
    remote = [("mpishmem", load(raw, "remote_mpishmem_mpi")), ("raw MPI", load(raw, "remote_rawmpi")),
              ("Open MPI OSHMEM", load(raw, "remote_oshmem"))]
    am = load(raw, "remote_mpishmem_am")
    three = [("m/MPI", 0, 1), ("m/OSHMEM", 0, 2)]
    cols_local = ["mpishmem: this library; raw MPI: `bench/mpi_rma_bench.c`, the same transfers "
                  "with MPI-3 RMA on a window made like mpishmem's, MPICH on the same node "
                  "(shared memory); Open MPI OSHMEM: the same OpenSHMEM programs built with "
                  "Debian's Open MPI `oshcc`; 2 PEs bound to the 2 cores"]
    cols_remote = ["the same three on the emulated cluster (`scripts/cluster.sh`: 2 hosts as "
                   "network namespaces, 1 PE each, TCP between them; UCX picks its transports as "
                   "on real hosts); mpishmem with its defaults (`MPISHMEM_AMO=mpi`, progress thread "
                   "on); OSHMEM started by Open MPI's `mpirun` over the same hosts"]
    t = {}
    t["local_rma"] = table(RMA_ROWS, local, three, "ns", cols_local)
    t["local_amo"] = table(AMO_ROWS + SYNC_ROWS + [("cpu_fetch_add", "other", 8, "ns"),
                                                   ("pingpong_cpu", "other", 8, "ns")],
                           local, three, "ns", cols_local)
    t["local_bw"] = table(BW_ROWS + [("memcpy", "-", b, "bw_GB/s") for b in (8192, 131072, 2097152)],
                          local, three, "GB/s", cols_local)
    t["remote_rma"] = table(RMA_ROWS, remote, three, "us", cols_remote)
    t["remote_amo"] = table(AMO_ROWS + SYNC_ROWS, remote, three, "us", cols_remote)
    t["remote_bw"] = table(BW_ROWS, remote, three, "GB/s", cols_remote)
    modes = [("`MPISHMEM_AMO=mpi`", remote[0][1]), ("`MPISHMEM_AMO=am`", am),
             ("raw MPI", remote[1][1])]
    t["amo_modes"] = table(AMO_ROWS + [("compare_swap", "self", 8, "ns")] + SYNC_ROWS
                           + [("put", "heap", 8, "ns"), ("get", "heap", 8, "ns")],
                           modes, [("am/mpi", 1, 0)], "us",
                           ["mpishmem on the emulated cluster (2 hosts x 1 PE, TCP) with each AMO "
                            "mode (`mpi`: every AMO an MPI accumulate, also on oneself; `am`: the "
                            "target applies remote AMOs with CPU atomics, oneself and node peers "
                            "use CPU atomics) and raw MPI as in the remote tables; am/mpi: the "
                            "`am` mode's time / the `mpi` mode's (below 1: `am` is faster)"])
    coll = [("mpishmem", load(raw, "coll_mpishmem")), ("Open MPI OSHMEM", load(raw, "coll_oshmem")),
            ("plain MPI", load(raw, "coll_mpi"))]
    crows = []
    for np_ in ("np2", "np4"):
        crows += [("barrier_all", np_, 0, "ns"), ("barrier", np_, 0, "ns"),
                  ("barrier_half", np_, 0, "ns")]
        for op in ("broadcast", "sum_to_all", "fcollect", "alltoall"):
            crows += [(op, np_, b, "ns") for b in ((8, 512, 32768, 262144, 1048576)
                                                   if np_ == "np2" else (8, 4096, 262144))]
    ctab = table(crows, coll, [("m/OSHMEM", 0, 1), ("m/MPI", 0, 2)], "ns",
                 ["time per call, slowest PE; one node, 2 PEs bound to the 2 cores, then 4 PEs "
                  "on the 2 cores (oversubscribed, unbound: scheduler-bound, noisy); mpishmem and "
                  "Open MPI OSHMEM run `bench/shmem_coll_bench.c` (OpenSHMEM 1.4 active-set "
                  "routines), plain MPI runs `bench/mpi_coll_bench.c` (blocking MPI collectives "
                  "on `MPI_COMM_WORLD`, MPICH)"])
    t["coll"] = _coll_with_npes(crows, coll, ctab)
    first_cols = []
    for mode, mname in (("twonode", "two-node"), ("cluster", "cluster")):
        first_cols += [(f"{mname}: mpishmem", load(raw, f"first_{mode}_mpishmem")),
                       (f"{mname}: raw MPI", load(raw, f"first_{mode}_rawmpi")),
                       (f"{mname}: mpishmem, warm-up", load(raw, f"first_{mode}_mpishmem_self"))]
    frows = [("fetch_add_first", "other", 8, "ns"), ("fetch_add_first", "other", 8, "minflt"),
             ("fetch_add_second", "other", 8, "ns"), ("fetch_add_early", "other", 8, "ns"),
             ("fetch_add_steady", "other", 8, "ns")]
    t["first_amo"] = table(frows, first_cols, [], "us",
                           ["`bench/amo_first_bench.c` (mpishmem, `MPISHMEM_AMO=mpi`) and its "
                            "raw-MPI twin `bench/mpi_amo_first_bench.c` (`MPI_Fetch_and_op` + "
                            "`MPI_Win_flush`), 2 PEs: two-node = MPICH's simulated two nodes "
                            "(`MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self`), cluster = the emulated "
                            "cluster; warm-up: every PE first does one AMO on itself (`-w self`), "
                            "what a warm-up at `shmem_init` would do; page faults: minor faults "
                            "of the measuring PE during its first operation"])
    t["callgrind"] = callgrind_table(raw)
    init = [("mpishmem, one node", load(raw, "init_mpishmem")),
            ("Open MPI OSHMEM, one node", load(raw, "init_oshmem")),
            ("mpishmem, two-node", load(raw, "init_mpishmem_twonode"))]
    t["startup"] = table([("init", str(n), 0, "ns") for n in (2, 16)], init,
                         [("m/OSHMEM", 0, 1)], "ms",
                         ["`bench/init_bench.c`: the time `shmem_init` takes, slowest PE, 2 and "
                          "16 PEs on the 2 cores (16: oversubscribed), with mpishmem and with Open "
                          "MPI's OSHMEM on one node, and with mpishmem in the simulated two-node "
                          "mode (`MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self`: its MPI windows then "
                          "span \"nodes\")"])
    # Short extracts of the same numbers for the user's guide
    t["guide_local"] = table([("p", "heap", 8, "ns"), ("g", "heap", 8, "ns"), ("put", "heap", 8, "ns"),
                              ("put+quiet", "heap", 8, "ns"), ("quiet_idle", "-", 0, "ns"),
                              ("fetch_add", "other", 8, "ns"), ("p", "static", 8, "ns"),
                              ("pingpong_p", "other", 8, "ns"), ("put", "heap", 2097152, "bw_GB/s"),
                              ("memcpy", "-", 2097152, "bw_GB/s")],
                             local, three, "ns", [], brief=True)
    t["guide_remote"] = table([("p", "heap", 8, "ns"), ("g", "heap", 8, "ns"),
                               ("put+quiet", "heap", 8, "ns"), ("fetch_add", "other", 8, "ns"),
                               ("compare_swap", "other", 8, "ns"), ("pingpong_p", "other", 8, "ns"),
                               ("put_signal", "other", 8, "ns"),
                               ("put", "heap", 2097152, "bw_GB/s")],
                              remote, three, "us", [], brief=True)
    t["guide_amo"] = table([(op, t_, 8, "ns") for op, t_ in (
        ("fetch_add", "other"), ("compare_swap", "other"), ("add+quiet", "other"),
        ("fetch_add", "self"), ("pingpong_p", "other"), ("put_signal", "other"),
        ("put_signal_emul", "other"), ("lock", "pe1"))],
        modes, [("am/mpi", 1, 0)], "us", [], brief=True)
    grows = [("barrier_all", "np2", 0, "ns"), ("broadcast", "np2", 8, "ns"),
             ("broadcast", "np2", 1048576, "ns"), ("sum_to_all", "np2", 8, "ns"),
             ("sum_to_all", "np2", 1048576, "ns"), ("fcollect", "np2", 8, "ns"),
             ("alltoall", "np2", 8, "ns"), ("barrier_all", "np4", 0, "ns")]
    t["guide_coll"] = _coll_with_npes(grows, coll, table(
        grows, coll, [("m/OSHMEM", 0, 1), ("m/MPI", 0, 2)], "ns", [], brief=True))
    return t


def callgrind_table(raw):
    """Instructions per call from bench/callgrind.sh and bench/callgrind_remote.sh."""
    counts = {}
    for name in ("callgrind_local", "callgrind_remote"):
        path = os.path.join(raw, name + ".txt")
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    fields = line.split()
                    if fields and not fields[0].startswith("#"):
                        counts.setdefault(fields[0], {})[name] = fields[1:]
    names = {"putmem": "`shmem_putmem`, 8 bytes", "putmem_nbi": "`shmem_putmem_nbi`, 8 bytes",
             "p": "`shmem_long_p`", "g": "`shmem_long_g`",
             "quiet": "idle `shmem_quiet`", "fetch_add": "`shmem_long_atomic_fetch_add`"}
    lines = ["| routine | node-local: mpishmem | remote: mpishmem | remote: MPICH + UCX "
             "| remote: libc |", "|---|---:|---:|---:|---:|"]
    for r in ("putmem", "putmem_nbi", "p", "g", "quiet", "fetch_add"):
        loc = counts.get(r, {}).get("callgrind_local", ["–"])
        rem = counts.get(r, {}).get("callgrind_remote", ["–", "–", "–"])
        lines.append(f"| {names[r]} | {loc[0]} | " + " | ".join(rem) + " |")
    return "\n".join(lines) + """

Columns: instructions one call executes, counted by callgrind with 2 PEs (the routine called 3
times in a row inside a probe function, `bench/callgrind_probe.c`; the count divided by 3).
Node-local (`bench/callgrind.sh`): the inclusive count of the library call, `memcpy` included.
Remote (`bench/callgrind_remote.sh`, simulated two nodes, so that PE 1 is reached through MPI):
instructions in mpishmem's own sources, in MPICH and UCX, and in libc. Calls that wait for the
target (`g`, `fetch_add`) spin inside MPI as long as the target takes: their MPI count is no
cost of the call. Counts do not depend on the machine's load.
"""


def _coll_with_npes(rows, columns, md):
    """The collective table with the PE count in the operation's name."""
    out = []
    shown = [r for r in rows if any(d.get(r) is not None for _, d in columns)]
    it = iter(shown)
    for line in md.splitlines():
        if line.startswith("| `") and shown:
            r = next(it)
            first, rest = line[2:].split(" | ", 1)
            line = f"| {first}, {r[1][2:]} PEs | {rest}"
        out.append(line)
    return "\n".join(out) + "\n"


# The plots make_plots writes, in its order (the index lists them).
PLOTS = ["local_small", "local_latency", "local_bandwidth", "remote_small", "remote_latency",
         "remote_bandwidth", "amo_small", "coll"]


def make_plots(raw, plots, m):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plot.FOOTNOTE = (f"{m.get('command', '')} | {m.get('date', '')} | {m.get('cores', '')} | "
                     f"MPICH {m.get('mpich', '')}, Open MPI {m.get('openmpi', '')}, UCX "
                     f"{m.get('ucx', '')} | load {m.get('load_before', '').split(' ')[0]} -> "
                     f"{m.get('load_after', '').split(' ')[0]}")
    when = f"{m.get('date', '?')[:10]}, {m.get('cores', '?').split(' x ')[0]}-core VM, " \
           f"median of {m.get('rounds', '?')}"
    local = [("mpishmem", load(raw, "local_mpishmem")), ("raw MPI (MPICH)", load(raw, "local_rawmpi")),
             ("Open MPI OSHMEM", load(raw, "local_oshmem"))]
    remote = [("mpishmem", load(raw, "remote_mpishmem_mpi")),
              ("raw MPI (MPICH)", load(raw, "remote_rawmpi")),
              ("Open MPI OSHMEM", load(raw, "remote_oshmem"))]
    made = []
    for prefix, series, where in (("local", local, "one node, 2 PEs"),
                                  ("remote", remote, "emulated cluster, 2 hosts x 1 PE, TCP")):
        title = f"{where}\n({when})"
        out = os.path.join(plots, prefix)
        # the AMO rows of shmem_bench duplicate shmem_amo_bench's: leave them out
        small = [(label, {k: v for k, v in d.items()
                          if not (k[1] == "heap" and k[0] in ("fetch_add", "compare_swap"))})
                 for label, d in series]
        made.append(plot.plot_small(plt, small, out + "_small.png", "8-byte operations, " + title))
        made.append(plot.plot_latency(plt, series, out + "_latency.png", title))
        made.append(plot.plot_bandwidth(plt, series, out + "_bandwidth.png", title))
    modes = [("MPISHMEM_AMO=mpi", remote[0][1]), ("MPISHMEM_AMO=am", load(raw, "remote_mpishmem_am")),
             ("raw MPI (MPICH)", remote[1][1])]
    made.append(plot.plot_small(plt, modes, os.path.join(plots, "amo_small.png"),
                                f"8-byte AMOs, signals, locks by AMO mode, emulated cluster, 2 hosts x 1 PE"
                                f"\n({when})",
                                rows_re=r"^(?!p |put ).*\((other|self|static|pe0|pe1)\)"))
    coll = [("mpishmem", load(raw, "coll_mpishmem")), ("Open MPI OSHMEM", load(raw, "coll_oshmem")),
            ("plain MPI", load(raw, "coll_mpi"))]
    made.append(plot.plot_coll(plt, coll, os.path.join(plots, "coll.png"),
                               f"collectives, one node: time per call by size, 2 PEs (solid) "
                               f"and 4 PEs on the 2 cores (dashed) ({when})"))
    return [p for p in made if p]


def relink(md, from_dir, to_dir):
    """md's relative links, written for a file in from_dir, rewritten for a file in to_dir."""
    def fix(mo):
        target = mo.group(1)
        if re.match(r"[a-z]+:|#", target):
            return mo.group(0)
        moved = os.path.relpath(os.path.join(os.path.abspath(from_dir), target),
                                os.path.abspath(to_dir))
        return f"]({moved})"
    return re.sub(r"\]\(([^) ]+)\)", fix, md)


def paste(docs, tables, known=()):
    """Replaces the text between each doc's report markers with the table of that name (known:
    names of tables of parts not pasted now, left as they are)."""
    used = set()
    for path in sorted(glob.glob(os.path.join(docs, "*.md"))):
        with open(path) as f:
            text = f.read()
        new = text
        for name in set(re.findall(r"<!-- report:([a-z_]+) -->", text)):
            if name not in tables:
                if name not in known:
                    print(f"report.py: {path} asks for an unknown table {name}", file=sys.stderr)
                continue
            used.add(name)
            new = re.sub(rf"(<!-- report:{name} -->\n).*?(<!-- /report:{name} -->)",
                         lambda mo: mo.group(1) + tables[name] + mo.group(2), new, flags=re.S)
        if new != text:
            with open(path, "w") as f:
                f.write(new)
            print(f"report.py: tables pasted into {path}")
    return used


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--tables", required=True)
    ap.add_argument("--plots", required=True)
    ap.add_argument("--docs", default=None)
    ap.add_argument("--parts", default="main,contention",
                    help="comma list of the parts whose tables are written and pasted")
    a = ap.parse_args()
    parts = set(a.parts.split(","))
    have_main = os.path.exists(os.path.join(a.raw, "meta.txt"))
    m = meta(a.raw) if have_main else {}
    cm = contention_tables.read_meta(a.raw)
    for part, present in (("main", have_main), ("contention", cm is not None)):
        if part in parts and not present:
            sys.exit(f"report.py: no raw output of the {part} part in {a.raw}")
    # Every part present makes its tables (for the index); only those of --parts are written.
    tables = make_tables(a.raw, m) if have_main else {}
    ctables = contention_tables.make_tables(a.raw, cm) if cm else {}
    os.makedirs(a.tables, exist_ok=True)
    os.makedirs(a.plots, exist_ok=True)
    head = stamp(m) if have_main else ""
    pasted = {}
    # The tables' own links are written for the docs directory they are pasted into; the copies
    # kept in the tables directory get them relative to that directory.
    docs_dir = a.docs or os.path.dirname(os.path.abspath(a.tables))
    out = []
    if "main" in parts:
        out += [(name, md, f"_{short_stamp(m)}_", head) for name, md in tables.items()]
    if "contention" in parts:
        out += [(name, md, contention_tables.short_stamp(cm, what), contention_tables.stamp(cm))
                for name, (md, what) in ctables.items()]
    for name, md, short, full in out:
        pasted[name] = f"{short}\n\n{md}"
        with open(os.path.join(a.tables, name + ".md"), "w") as f:
            f.write(f"_{full}_\n\n{relink(md, docs_dir, a.tables)}")
    if "main" in parts:
        made = make_plots(a.raw, a.plots, m)
    else:
        made = [os.path.join(a.plots, p + ".png") for p in PLOTS
                if os.path.exists(os.path.join(a.plots, p + ".png"))]
    with open(os.path.join(a.tables, "README.md"), "w") as f:
        f.write("# Generated performance tables\n\n")
        if have_main:
            f.write(head + "\n\nWritten by `bench/report.sh` (docs/performance.md explains them); "
                    "do not edit by hand.\n\n" + "".join(f"* [{n}]({n}.md)\n" for n in tables)
                    + "\nPlots: " + ", ".join(f"[{os.path.basename(p)}](../plots/"
                                               f"{os.path.basename(p)})" for p in made) + ".\n\n")
        if cm:
            f.write("The contention part (`PARTS=contention bash bench/report.sh BUILD ROUNDS` runs "
                    "it alone): " + contention_tables.stamp(cm) + "\n\n"
                    + "".join(f"* [{n}]({n}.md)\n" for n in ctables) + "\n")
        f.write("Raw output of every round: [raw/](raw/).\n")
    if a.docs:
        used = paste(a.docs, pasted, known=set(tables) | set(ctables)
                     | set(contention_tables.NAMES))
        print(f"report.py: {len(pasted)} tables written, {len(used)} pasted into the docs, "
              f"{len(made) if 'main' in parts else 0} plots", file=sys.stderr)


if __name__ == "__main__":
    main()
