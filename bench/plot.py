#!/usr/bin/env python3
"""Plots (PNG) of benchmark output, for docs/plots and the user guide.

Input files are either
  * raw output of bench/shmem_bench, bench/shmem_amo_bench or bench/mpi_rma_bench:
        <op> <target> <bytes> <value> [unit]      (unit: ns when absent; '#' starts a comment)
    several runs may be concatenated: the median of each measurement is plotted;
  * a table printed by bench/compare.sh or bench/compare_mpi.sh:
        op target bytes unit <name A> <name B> ratio
Each argument names one or more series:
    FILE                  a table: one series per value column (named by its header);
                          raw output: one series named after the file
    LABEL=FILE            raw output, or every column of a table, as series LABEL (a table's
                          columns become LABEL:<column>)
    LABEL=FILE:COLUMN     one column of a table
Writes, for the data present, PREFIX_latency.png (put, get, put+quiet latency by size),
PREFIX_bandwidth.png (put bandwidth by size, memcpy as reference), PREFIX_small.png (8-byte
operation latencies side by side) and PREFIX_coll.png (collectives of shmem_coll_bench /
mpi_coll_bench: time per call by size). Row labels come from bench/perf_rows.py.

    python3 bench/plot.py -o docs/plots/local local.txt
    python3 bench/plot.py -o docs/plots/amo --title "..." mpi=remote_mpi.txt:mpishmem am=remote_am.txt:mpishmem

bench/report.sh uses these functions (through bench/report.py) for docs/plots. Needs
matplotlib (Debian's python3-matplotlib: scripts/install-deps.sh --report).
"""
import argparse
import os
import re
import statistics
import sys
from collections import defaultdict

# The 8-byte operations shown in PREFIX_small.png (op, target), in this order, when present.
SMALL_OPS = [
    ("quiet_idle", "-"), ("p", "heap"), ("g", "heap"), ("put", "heap"), ("get", "heap"),
    ("put+quiet", "heap"), ("put_nbi_rate", "heap"), ("p", "static"), ("put", "static"),
    ("fetch_add", "heap"), ("compare_swap", "heap"),
    ("fetch_add", "other"), ("compare_swap", "other"), ("fetch", "other"),
    ("add+quiet", "other"), ("set+quiet", "other"), ("add_rate", "other"),
    ("fetch_add", "self"), ("compare_swap", "self"), ("fetch_add", "static"),
    ("pingpong_p", "other"), ("pingpong_cpu", "other"), ("put_signal", "other"),
    ("put_signal_emul", "other"), ("lock", "pe0"), ("lock", "pe1"),
]


# A line of small print at the foot of every figure (bench/report.py sets it to the run's stamp).
FOOTNOTE = ""


def save(fig, out):
    if FOOTNOTE:
        fig.text(0.005, 0.003, FOOTNOTE, fontsize=6, color="gray", ha="left", va="bottom")
        fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.06))
    fig.savefig(out, dpi=100)


def read_raw(path):
    """{(op, target, bytes, unit): median value} of raw benchmark output."""
    values = defaultdict(list)
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith("#") or len(fields) < 4:
                continue
            try:
                nbytes, value = int(fields[2]), float(fields[3])
            except ValueError:
                continue
            unit = fields[4] if len(fields) > 4 else "ns"
            values[(fields[0], fields[1], nbytes, unit)].append(value)
    return {k: statistics.median(v) for k, v in values.items()}


def read_table(path):
    """{column name: {(op, target, bytes, unit): value}} of a compare*.sh table, or None."""
    with open(path) as f:
        lines = [l.split() for l in f if l.strip()]
    header = next((l for l in lines if l[:4] == ["op", "target", "bytes", "unit"]), None)
    if header is None:
        return None
    names = [n for n in header[4:] if n != "ratio"]
    columns = {n: {} for n in names}
    for fields in lines:
        if fields is header or len(fields) < 4 + len(names):
            continue
        try:
            key = (fields[0], fields[1], int(fields[2]), fields[3])
            for i, n in enumerate(names):
                columns[n][key] = float(fields[4 + i])
        except ValueError:
            continue
    return columns


def parse_series(args):
    series = []  # [(label, {key: value})]
    for arg in args:
        label, _, rest = arg.rpartition("=") if "=" in arg else ("", "", arg)
        path, column = rest, None
        if not os.path.exists(path) and ":" in rest:
            path, _, column = rest.rpartition(":")
        if not os.path.exists(path):
            sys.exit(f"plot.py: no such file: {path}")
        table = read_table(path)
        if table is None:
            if column:
                sys.exit(f"plot.py: {path} is raw output, it has no column {column}")
            series.append((label or os.path.basename(path), read_raw(path)))
        elif column:
            if column not in table:
                sys.exit(f"plot.py: {path} has no column {column} (it has {', '.join(table)})")
            series.append((label or column, table[column]))
        else:
            for name, data in table.items():
                series.append((f"{label}:{name}" if label else name, data))
    return series


def by_size(data, op, target, unit):
    points = sorted((k[2], v) for k, v in data.items()
                    if k[0] == op and k[1] == target and k[3] == unit)
    return [p[0] for p in points], [p[1] for p in points]


def size_label(n):
    for scale, suffix in ((1 << 20, "M"), (1 << 10, "K")):
        if n >= scale:
            return f"{n // scale}{suffix}"
    return str(n)


def plot_latency(plt, series, out, title):
    ops = [op for op in ("put", "get", "put+quiet")
           if any(by_size(d, op, "heap", "ns")[0] for _, d in series)]
    if not ops:
        return None
    fig, axes = plt.subplots(1, len(ops), figsize=(4.2 * len(ops), 3.8), squeeze=False)
    for ax, op in zip(axes[0], ops):
        for label, data in series:
            x, y = by_size(data, op, "heap", "ns")
            if x:
                ax.plot(x, y, marker="o", markersize=3, label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(f"shmem_{op}mem" if op != "put+quiet" else "shmem_putmem + shmem_quiet")
        ax.set_xlabel("message size (bytes, log scale)")
        ax.set_ylabel("time per call (ns, median, log scale)")
        ax.grid(True, which="both", alpha=0.3)
        ticks = [t for t in by_size(series[0][1], op, "heap", "ns")[0]] or None
        if ticks:
            ax.set_xticks(ticks)
            ax.set_xticklabels([size_label(t) for t in ticks], rotation=45)
    axes[0][0].legend(fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    save(fig, out)
    plt.close(fig)
    return out


def plot_bandwidth(plt, series, out, title):
    if not any(by_size(d, "put", "heap", "bw_GB/s")[0] for _, d in series):
        return None
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for label, data in series:
        x, y = by_size(data, "put", "heap", "bw_GB/s")
        if x:
            ax.plot(x, y, marker="o", markersize=3, label=f"{label}: shmem_putmem")
    for label, data in series:
        x, y = by_size(data, "memcpy", "-", "bw_GB/s")
        if x:
            ax.plot(x, y, linestyle="--", color="gray", label=f"{label}: memcpy (reference)")
            break
    ax.set_xscale("log", base=2)
    ticks = by_size(series[0][1], "put", "heap", "bw_GB/s")[0]
    if ticks:
        ax.set_xticks(ticks)
        ax.set_xticklabels([size_label(t) for t in ticks])
    ax.set_xlabel("message size (bytes, log scale)")
    ax.set_ylabel("shmem_putmem bandwidth (GB/s, median)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    save(fig, out)
    plt.close(fig)
    return out


def row_name(op, target):
    """The row's label in plots: bench/perf_rows.py's name, then the benchmark's own."""
    try:
        import perf_rows
    except ImportError:
        return f"{op} ({target})" if target != "-" else op
    return perf_rows.label(op, target, plain=True)


def plot_small(plt, series, out, title, rows_re=None):
    rows = [(op, t) for op, t in SMALL_OPS
            if any((op, t, 8, "ns") in d or (op, t, 0, "ns") in d for _, d in series)
            and (rows_re is None or re.search(rows_re, f"{op} ({t})"))]
    if not rows:
        return None

    def value(d, op, t):
        return d.get((op, t, 8, "ns"), d.get((op, t, 0, "ns")))

    height = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(rows) * max(1, len(series) / 1.5) + 1.2))
    for i, (label, data) in enumerate(series):
        ys, xs = [], []
        for r, (op, t) in enumerate(rows):
            v = value(data, op, t)
            if v is not None and v > 0:
                ys.append(r + (i - (len(series) - 1) / 2) * height)
                xs.append(v)
        ax.barh(ys, xs, height=height, label=label)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([row_name(op, t) for op, t in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("ns per operation (median; lower is better; log scale)")
    ax.grid(True, axis="x", which="both", alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    save(fig, out)
    plt.close(fig)
    return out


def plot_coll(plt, series, out, title):
    """Time per collective call by size, one panel per operation; solid lines 2 PEs, dashed
    lines 4 PEs (any other PE count: dotted)."""
    ops = [op for op in ("broadcast", "sum_to_all", "fcollect", "alltoall")
           if any(k[0] == op for _, d in series for k in d)]
    if not ops:
        return None
    nps = sorted({k[1] for _, d in series for k in d if k[0] in ops},
                 key=lambda t: int(t[2:]) if t[2:].isdigit() else 0)
    styles = {0: "-", 1: "--"}
    fig, axes = plt.subplots(1, len(ops), figsize=(4.0 * len(ops), 3.9), squeeze=False)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, op in zip(axes[0], ops):
        for i, (label, data) in enumerate(series):
            for j, np_ in enumerate(nps):
                x, y = by_size(data, op, np_, "ns")
                if x:
                    ax.plot(x, y, marker="o", markersize=3, linestyle=styles.get(j, ":"),
                            color=colors[i % len(colors)], label=f"{label}, {np_[2:]} PEs")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(row_name(op, "-"), fontsize=9)
        ax.set_xlabel("bytes" + (" per PE" if op == "fcollect" else
                                 " per pair" if op == "alltoall" else ""))
        ax.set_ylabel("time per call (ns, slowest PE, median)")
        ax.grid(True, which="both", alpha=0.3)
        ticks = sorted({k[2] for _, d in series for k in d if k[0] == op})
        ax.set_xticks(ticks)
        ax.set_xticklabels([size_label(t) for t in ticks], rotation=45)
    axes[0][0].legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    save(fig, out)
    plt.close(fig)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--prefix", required=True, help="output path prefix")
    ap.add_argument("--title", default="", help="title of the plots")
    ap.add_argument("--plots", default="latency,bandwidth,small",
                    help="which plots (comma-separated: latency, bandwidth, small)")
    ap.add_argument("--rows", default=None,
                    help="regular expression: the rows of the small-operation plot to keep, "
                         "matched against 'op (target)'")
    ap.add_argument("series", nargs="+")
    a = ap.parse_args()
    series = parse_series(a.series)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    d = os.path.dirname(a.prefix)
    if d:
        os.makedirs(d, exist_ok=True)
    kinds = {"latency": plot_latency, "bandwidth": plot_bandwidth, "small": plot_small,
             "coll": plot_coll}
    made = []
    for kind in a.plots.split(","):
        if kind not in kinds:
            sys.exit(f"plot.py: unknown plot {kind} (use {', '.join(kinds)})")
        extra = {"rows_re": a.rows} if kind == "small" else {}
        made.append(kinds[kind](plt, series, f"{a.prefix}_{kind}.png", a.title, **extra))
    made = [m for m in made if m]
    if not made:
        sys.exit("plot.py: nothing to plot in the input")
    for m in made:
        print(m)


if __name__ == "__main__":
    main()
