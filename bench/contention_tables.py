"""The contention part of bench/report.sh: tables of its raw output (docs/perf/raw/contention_*).

    contention_meta.txt          the stamp of the part's run (as meta.txt for the rest)
    contention_fine_default.txt  bench/compare_fine_grained.sh, the library's default AMO mode
    contention_fine_am.txt       the same with MPISHMEM_AMO=am
    contention_bale.txt          bench/compare_bale_kernels.sh, scenarios hogs and job
    contention_cluster.txt       bench/compare_bale_kernels.sh, scenarios cluster.2x1, cluster.2x2

Each file holds the script's progress messages and, at its end, its table. bench/report.py
calls make_tables() and pastes the tables between the "<!-- report:NAME -->" markers.
"""
import math
import os
import re

FINE_CONFIGS = ["shared.2x1", "shared.2x2", "shared.2x4", "own.2x1", "own.2x2", "own.2x4",
                "hogs.np4"]
FINE_CONFIG_LABEL = {
    "shared.2x1": "2 hosts x 1 PE, shared CPUs", "shared.2x2": "2 hosts x 2 PEs, shared CPUs",
    "shared.2x4": "2 hosts x 4 PEs, shared CPUs", "own.2x1": "2 hosts x 1 PE, own CPUs",
    "own.2x2": "2 hosts x 2 PEs, own CPUs", "own.2x4": "2 hosts x 4 PEs, own CPUs",
    "hogs.np4": "one node, 4 PEs + 2 hogs"}
FINE_OPS = ["fetch_add", "compare_swap", "g", "add"]
FINE_OP_LABEL = {"fetch_add": "`atomic_fetch_add`", "compare_swap": "`atomic_compare_swap`",
                 "g": "`shmem_long_g`", "add": "`atomic_add`"}
MODES = [("default", "`mpi` (default)"), ("am", "`am`")]
# The native peer's rows (compare_fine_grained.sh LIBS="m o", beside the default mode).
PEER = "oshmem"
PEER_LABEL = "Open MPI OSHMEM"
PEER_NOTE = ("Open MPI OSHMEM: the same program built with Debian's Open MPI OSHMEM, started by "
             "Open MPI's `mpirun` on the same hosts with its own defaults (UCX), fewer "
             "operations per run (where PEs share a CPU its operations take milliseconds); one "
             "node: none (its "
             "PEs of one node reach each other through shared memory, not a network).")
KERNELS = ["histo_agp", "histo_exstack", "histo_exstack2", "histo_conveyor", "ig_agp",
           "ig_exstack", "ig_exstack2", "randperm_agp", "randperm_exstack", "randperm_exstack2",
           "whole_run"]
SLOW_S = 10

FINE_LEGEND = (
    "`bench/compare_fine_grained.sh`: every PE throws blocking operations, one at a time, at "
    "random words of random PEs it reaches through MPI (`bench/fine_grained_bench.c`: "
    "`atomic_fetch_add`, `atomic_compare_swap` advancing counters, `shmem_long_g`, "
    "`atomic_add` closed by one quiet; totals checked); time per operation and PE. "
    "Configurations: the emulated cluster (`scripts/cluster.sh`, TCP between the hosts) at 2 "
    "hosts x 1, 2 and 4 PEs, the hosts sharing the machine's 2 CPUs (shared) or each on a CPU "
    "of its own (`cluster.sh up 2 --cpus`: own), and one node with 4 PEs as two simulated nodes "
    "of 2 (the build's two-node mode) beside 2 CPU hogs.")


def read_meta(raw):
    m = {}
    path = os.path.join(raw, "contention_meta.txt")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            key, _, value = line.strip().partition(" ")
            m[key] = value
    return m


def steal(m):
    """The hypervisor's steal during the part (bench/cpu_steal.sh), where the stamp has it."""
    return f", hypervisor steal {m['steal']}%" if m.get('steal', '?') != '?' else ""


def stamp(m):
    """The full stamp (docs/perf/contention_*.md and the index)."""
    return (f"Generated {m.get('date', '?')} by `{m.get('command', 'bench/report.sh')}` (commit "
            f"{m.get('commit', '?')}) on a shared {m.get('cores', '?').replace(' x ', '-core VM (')}), "
            f"Linux {m.get('kernel', '?')}, MPICH {m.get('mpich', '?')}, Open MPI "
            f"{m.get('openmpi', '?')}, UCX {m.get('ucx', '?')}; load average before "
            f"{m.get('load_before', '?')}, after {m.get('load_after', '?')}{steal(m)}. Fine-grained "
            f"operations: medians of {plural(m.get('rounds', '?'), 'round')}; bale-like kernels: "
            f"{plural(m.get('bale_runs', '?'), 'run')} per scenario and library on one node, "
            f"{m.get('cluster_runs', '?')} of each size on the cluster. Compare within one table: "
            f"the numbers move from run to run.")


def short_stamp(m, what):
    """One line above a pasted table; what: how many runs it summarizes."""
    return (f"_Run of {m.get('date', '?')}: `{m.get('command', 'bench/report.sh')}`, shared "
            f"{m.get('cores', '?').split(' x ')[0]}-core VM, load average "
            f"{m.get('load_before', '?').split(' ')[0]} before, "
            f"{m.get('load_after', '?').split(' ')[0]} after{steal(m)}; {what}; machine and versions: "
            f"[perf/README.md](perf/README.md)._")


def _lines(raw, name):
    path = os.path.join(raw, name + ".txt")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return f.read().splitlines()


def read_fine(raw, mode, lib="mpishmem"):
    """{(config, op): {median, max, pe_max, x2x1, runs}} (ns) of compare_fine_grained.sh's table
    for `lib` (mpishmem, or oshmem: Open MPI's OSHMEM, run beside the default mode), and the
    number of its runs that failed (exit status other than 0)."""
    rows, failed = {}, 0
    letter = "o" if lib == "oshmem" else "[bm]"
    for line in _lines(raw, f"contention_fine_{mode}"):
        f = line.split()
        if re.match(r"# " + letter + r" \S+ round \d+: exit status", line):
            failed += 1
        if len(f) < 5 or f[0] != lib:
            continue
        if f[3] == "no":
            rows[(f[1], f[2])] = None
            continue
        try:
            rows[(f[1], f[2])] = {"median": float(f[3]), "max": float(f[4]),
                                  "pe_max": float(f[5]),
                                  "x2x1": None if f[6] == "-" else float(f[6]), "runs": int(f[7])}
        except (ValueError, IndexError):
            continue
    return rows, failed


def read_bale(raw, name):
    """{(scenario, kernel, lib): {runs, median, max, slow, vs}} (s) of compare_bale_kernels.sh's
    table, its notes ('#' lines after the table), and the runs that did not end with status 0
    per (scenario, library)."""
    rows, notes, failed = {}, [], {}
    in_table = False
    for line in _lines(raw, name):
        f = line.split()
        mo = re.match(r"(\S+) (mpishmem|oshmem|before) run \d+: exit status (\d+)", line)
        if mo:
            failed[(mo.group(1), mo.group(2))] = failed.get((mo.group(1), mo.group(2)), 0) + 1
            continue
        if f[:2] == ["scenario", "kernel"]:
            in_table = True
            continue
        if not in_table:
            continue
        if line.startswith("#"):
            note = line[1:].strip()
            for letter, lib in (("m", "mpishmem"), ("o", "OSHMEM"), ("b", "before")):
                note = re.sub(rf"^{letter}: ", f"{lib}: ", note)
            notes.append(note.replace(", oshmem:", ", OSHMEM:"))
            continue
        if len(f) >= 5 and f[4] == "-":
            rows[(f[0], f[1], f[2])] = None
            continue
        try:
            rows[(f[0], f[1], f[2])] = {"runs": int(f[3]), "median": float(f[4]),
                                        "max": float(f[5]), "slow": int(f[7]),
                                        "vs": None if f[8] == "-" else float(f[8])}
        except (ValueError, IndexError):
            continue
    return rows, notes, failed


def us(ns):
    """ns shown as µs."""
    if ns is None:
        return "–"
    v = ns / 1000
    if v < 10:
        return f"{v:.2f}"
    if v < 1000:
        return f"{v:.1f}"
    return f"{v:,.0f}".replace(",", " ")


def sec(v):
    """Seconds, 3 significant digits, never in exponent form."""
    if v is None:
        return "–"
    if v >= 100:
        return f"{v:.0f}"
    if v <= 0:
        return "0"
    return f"{v:.{max(0, 2 - math.floor(math.log10(v)))}f}"


def ratio(r):
    """A ratio as report.py shows them: 2 significant digits below 0.1, none from 100."""
    if r is None:
        return "–"
    return f"{r:.2g}" if r < 0.1 else f"{r:.0f}" if r >= 100 else f"{r:.2f}"


def plural(n, word):
    """'1 round', '3 rounds' (n as the meta file gives it)."""
    return f"{n} {word}" if str(n) == "1" else f"{n} {word}s"


def _runs_note(n, total):
    """' (n/total)' when fewer runs than asked for gave a result."""
    return "" if total is None or n >= total else f" ({n}/{total})"


def kernel_label(k):
    return "whole run (launch to exit)" if k == "whole_run" else f"`{k}`"


def fine_tables(raw, m):
    rounds = int(m.get("rounds", "0") or 0) or None
    data, failed = {}, {}
    for mode, _ in MODES:
        data[mode], failed[mode] = read_fine(raw, mode)
    if not any(data.values()):
        return {}
    # The native peer: Open MPI's OSHMEM, on the clusters, in the default mode's runs.
    data[PEER], failed[PEER] = read_fine(raw, "default", "oshmem")
    rows = MODES + ([(PEER, PEER_LABEL)] if data[PEER] else [])

    def cell(mode, config, op, key, fmt):
        r = data[mode].get((config, op))
        if r is None:
            return "–"
        text = fmt(r[key])
        return text + (_runs_note(r["runs"], rounds) if key == "median" else "")

    # The user's guide: the configurations that matter, both modes, one row per op and mode.
    head = ("| operation | AMO mode or library | 2x1 (µs) | 2x2 (µs) | 2x2/2x1 | own CPUs: 2x1 (µs) "
            "| own CPUs: 2x2 (µs) | own: 2x2/2x1 | one node + hogs, 4 PEs (µs) |")
    lines = [head, "|---|---|" + "---:|" * 7]
    for op in FINE_OPS:
        for mode, mlabel in rows:
            if not any((c, op) in data[mode] for c in FINE_CONFIGS):
                continue
            lines.append("| " + " | ".join([
                FINE_OP_LABEL[op], mlabel,
                cell(mode, "shared.2x1", op, "median", us), cell(mode, "shared.2x2", op, "median", us),
                cell(mode, "shared.2x2", op, "x2x1", ratio),
                cell(mode, "own.2x1", op, "median", us), cell(mode, "own.2x2", op, "median", us),
                cell(mode, "own.2x2", op, "x2x1", ratio),
                cell(mode, "hogs.np4", op, "median", us)]) + " |")
    guide = "\n".join(lines + [
        "",
        "µs per operation and PE, median over the rounds; 2xK: the emulated cluster at 2 hosts x "
        "K PEs, the hosts sharing the machine's 2 CPUs or (own CPUs) each on a CPU of its own; "
        "2x2/2x1: the ratio of the medians; (n/N): n of N rounds gave a result; –: none. "
        + PEER_NOTE +
        " Configurations and more columns: [performance.md](performance.md#how-waits-give-the-"
        "core-away)."]) + "\n"

    # docs/performance.md: every configuration, median, ratio and slowest PE in both modes.
    head = ("| configuration | operation | " + " | ".join(
        f"{ml}: median (µs) | {ml}: x2x1 | {ml}: slowest PE (µs)" for _, ml in rows) + " |")
    lines = [head, "|---|---|" + "---:|" * (3 * len(rows))]
    for config in FINE_CONFIGS:
        for op in FINE_OPS:
            if not any((config, op) in data[mode] for mode, _ in MODES):
                continue
            cells = [FINE_CONFIG_LABEL[config], FINE_OP_LABEL[op]]
            for mode, _ in rows:
                cells += [cell(mode, config, op, "median", us), cell(mode, config, op, "x2x1", ratio),
                          cell(mode, config, op, "pe_max", us)]
            lines.append("| " + " | ".join(cells) + " |")
    notes = ["", "Columns: " + FINE_LEGEND + " median: over the rounds, of the bench's median "
             "(over its repetitions, of the median over PEs); (n/N): n of N rounds gave a result "
             "(–: none); x2x1: the median over the same mode's at 2 hosts x 1 PE with the same "
             "CPUs (one node: over the shared 2x1); slowest PE: the slowest PE's time per "
             "operation in any repetition of any round. AMO mode: `mpi`, the default, makes "
             "every remote AMO an MPI accumulate; `am` sends it to the target, which applies it "
             "with CPU atomics ([AMO modes](performance.md#amo-modes-across-hosts)); `shmem_long_g` is an "
             "`MPI_Get` in both. " + PEER_NOTE]
    bad = [f"{ml}: {failed[mode]}" for mode, ml in rows if failed[mode]]
    if bad:
        notes += ["", "Runs that ended with an error or were stopped (raw output: "
                  "`docs/perf/raw/contention_fine_*.txt`): " + "; ".join(bad) + "."]
    perf = "\n".join(lines + notes) + "\n"
    what = f"medians of {plural(m.get('rounds', '?'), 'round')}"
    return {"contention_fine": (perf, what), "guide_contention_fine": (guide, what)}


def bale_tables(raw, m):
    rows, notes, failed = read_bale(raw, "contention_bale")
    if not rows:
        return {}
    total = int(m.get("bale_runs", "0") or 0) or None
    scen = [s for s in ("hogs", "job") if any(k[0] == s for k in rows)]
    kernels = [k for k in KERNELS if any(r[1] == k for r in rows)]

    def get(sc, k, lib):
        return rows.get((sc, k, lib))

    def med(r):
        return "–" if r is None else sec(r["median"]) + _runs_note(r["runs"], total)

    def mm(r):
        return "–" if r is None or not r["median"] else ratio(r["max"] / r["median"])

    head = "| kernel | " + " | ".join(
        f"{s}: mpishmem (s) | {s}: max/median | {s}: m/OSHMEM" for s in scen) + " |"
    lines = [head, "|---|" + "---:|" * (3 * len(scen))]
    for k in kernels:
        cells = [kernel_label(k)]
        for s in scen:
            r = get(s, k, "mpishmem")
            cells += [med(r), mm(r), "–" if r is None else ratio(r["vs"])]
        lines.append("| " + " | ".join(cells) + " |")
    guide = "\n".join(lines + [
        "",
        "4 PEs on one node; hogs: beside 2 processes that only spin; job: beside a second "
        "4-PE instance of the same program, started at the same time and again whenever it "
        "ends. Median kernel time over "
        "the runs (s); max/median: the slowest run over the median; m/OSHMEM: mpishmem's median "
        "over Open MPI OSHMEM's in the same runs (below 1: mpishmem is faster); (n/N): n of N "
        "runs passed their check. Kernels and OSHMEM's own columns: [performance.md](performance"
        ".md#under-cpu-contention-other-jobs-on-the-cores)."]) + "\n"

    head = ("| scenario | kernel | mpishmem: median (s) | mpishmem: max (s) | mpishmem: max/median "
            "| OSHMEM: median (s) | OSHMEM: max (s) | OSHMEM: max/median | m/OSHMEM |")
    lines = [head, "|---|---|" + "---:|" * 7]
    for s in scen:
        for k in kernels:
            r, o = get(s, k, "mpishmem"), get(s, k, "oshmem")
            if r is None and o is None:
                continue
            lines.append("| " + " | ".join([
                s, kernel_label(k), med(r), "–" if r is None else sec(r["max"]), mm(r),
                med(o), "–" if o is None else sec(o["max"]), mm(o),
                "–" if r is None else ratio(r["vs"])]) + " |")
    legend = ["", "Columns: `bench/compare_bale_kernels.sh` runs `bench/bale_kernels.c` (histo, "
              "ig and randperm in bale's variants: AGP, one blocking operation per element; "
              "exstack, buffers exchanged in bulk-synchronous rounds; exstack2, asynchronous "
              "buffers polled with `shmem_long_test`; histo's conveyor, exstack2 with one "
              "intermediate hop), every result checked, with 4 PEs on one node beside 2 CPU "
              "hogs (hogs) and beside a concurrent 4-PE job of the same program and library, "
              "started again whenever it ends until the measured run has ended (job), mpishmem and Debian's Open MPI OSHMEM alternated run by run; per kernel "
              "its median time over the runs whose check passed, the slowest run, their ratio, "
              "and mpishmem's median over OSHMEM's (m/OSHMEM, below 1: mpishmem is faster); "
              "(n/N): n of N runs passed their check (OSHMEM's runs that print their results and "
              "then do not end count with what they printed); whole run: launch to exit, "
              "start-up and checks included (runs that ended normally only)."]
    extra = notes + [f"{sc} {lib}: {n} run(s) did not end normally (stopped after the time limit or "
              f"an error; raw output: `docs/perf/raw/contention_bale.txt`)"
              for (sc, lib), n in sorted(failed.items())]
    if extra:
        legend += [""] + [f"* {n[0].upper() + n[1:]}." for n in extra]
    perf = "\n".join(lines + legend) + "\n"
    what = f"{plural(m.get('bale_runs', '?'), 'run')} per scenario and library"
    return {"contention_bale": (perf, what), "guide_contention_bale": (guide, what)}


def cluster_tables(raw, m):
    rows, notes, failed = read_bale(raw, "contention_cluster")
    if not rows:
        return {}
    total = int(m.get("cluster_runs", "0") or 0) or None
    kernels = [k for k in KERNELS if any(r[1] == k for r in rows)]

    def get(c, k):
        return rows.get((f"cluster.{c}", k, "mpishmem"))

    def med(r):
        return "–" if r is None else sec(r["median"]) + _runs_note(r["runs"], total)

    def rel(a, b):
        return "–" if a is None or b is None or not b["median"] else ratio(a["median"] / b["median"])

    lines = ["| kernel | 2x1: median (s) | 2x2: median (s) | 2x2: max (s) | 2x2/2x1 |",
             "|---|---:|---:|---:|---:|"]
    for k in kernels:
        a, b = get("2x1", k), get("2x2", k)
        lines.append(f"| {kernel_label(k)} | {med(a)} | {med(b)} | "
                     f"{'–' if b is None else sec(b['max'])} | {rel(b, a)} |")
    guide = "\n".join(lines + [
        "",
        "The same kernels on the emulated cluster (2 hosts sharing the machine's 2 CPUs, TCP "
        "between them), 2 hosts x 1 PE and 2 hosts x 2 PEs, mpishmem with its defaults; median "
        "and slowest run (s); 2x2/2x1: the ratio of the medians; (n/N): n of N runs passed their "
        "check. More columns: [performance.md](performance.md#how-waits-give-the-core-away)."]) + "\n"

    lines = ["| kernel | 2x1: median (s) | 2x1: max (s) | 2x2: median (s) | 2x2: max (s) "
             f"| 2x2: max/median | 2x2/2x1 | runs over {SLOW_S} s (2x1 / 2x2) |",
             "|---|" + "---:|" * 7]
    for k in kernels:
        a, b = get("2x1", k), get("2x2", k)
        lines.append("| " + " | ".join([
            kernel_label(k), med(a), "–" if a is None else sec(a["max"]), med(b),
            "–" if b is None else sec(b["max"]),
            "–" if b is None or not b["median"] else ratio(b["max"] / b["median"]), rel(b, a),
            f"{'–' if a is None else a['slow']} / {'–' if b is None else b['slow']}"]) + " |")
    legend = ["", "Columns: `bench/compare_bale_kernels.sh` with `SCENARIOS=cluster`: "
              "`bench/bale_kernels.c` (the kernels of the table [below](performance.md#under-cpu-"
              "contention-other-jobs-on-the-cores)) on the emulated cluster, `scripts/cluster.sh run -n 2 "
              "-ppn 1` (2x1) and `-n 4 -ppn 2` (2x2), the 2 hosts sharing the machine's 2 CPUs, "
              "mpishmem with its defaults; per kernel the median over the runs whose check "
              "passed, the slowest run, their ratio, the 2x2 median over the 2x1 median, and the "
              f"runs over {SLOW_S} s; (n/N): n of N runs passed their check; whole run: launch "
              "to exit (start-up on both hosts and the checks included)."]
    extra = notes + [f"{sc} {lib}: {n} run(s) did not end normally (stopped after the time limit or "
             f"an error; raw output: `docs/perf/raw/contention_cluster.txt`)"
             for (sc, lib), n in sorted(failed.items())]
    if extra:
        legend += [""] + [f"* {n[0].upper() + n[1:]}." for n in extra]
    perf = "\n".join(lines + legend) + "\n"
    what = f"{plural(m.get('cluster_runs', '?'), 'run')} of each size"
    return {"contention_cluster": (perf, what), "guide_contention_cluster": (guide, what)}


NAMES = ["contention_fine", "contention_bale", "contention_cluster", "guide_contention_fine",
         "guide_contention_bale", "guide_contention_cluster"]


def make_tables(raw, m):
    """{name: (markdown, what the stamp says of the runs)} of the contention part's raw output."""
    t = {}
    t.update(fine_tables(raw, m))
    t.update(bale_tables(raw, m))
    t.update(cluster_tables(raw, m))
    return {n: t[n] for n in NAMES if n in t}
