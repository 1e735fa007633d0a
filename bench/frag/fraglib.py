# SPDX-License-Identifier: GPL-3.0-or-later
# bench/frag/fraglib.py: what the experiments of `make bench-frag` share --
# the output directory, cached builds of Debian sources (through bench/run's
# helpers: fetch, sh, file_hash, toolchain_fingerprint), server processes
# with a clean environment, RSS sampling, the Redis fragmentation workload
# (used by redis-frag and sweep), tables and matplotlib.
import hashlib
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from importlib.machinery import SourceFileLoader

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.abspath(os.environ.get("BENCH_FRAG_DIR") or os.path.join(TOP, "build", "bench-frag"))
ALASKA_GCC = os.path.abspath(os.environ.get("ALASKA_GCC") or os.path.join(TOP, "alaska-gcc"))
JOBS = int(os.environ.get("BENCH_JOBS") or os.cpu_count() or 2)
# The service the "anchorage" runs ask for.  FRAG_SERVICE=malloc tries the
# harness out on a tree without libanchorage (the ANCHORAGE_* variables then
# have no effect).
SERVICE = os.environ.get("FRAG_SERVICE") or "anchorage"
LOGDIR = os.path.join(OUT, "logs")

# bench/run's helpers, with its build directory set to ours: fetched sources
# go to OUT/src, logs to OUT/logs.
os.environ["BENCH_DIR"] = OUT
os.environ["ALASKA_GCC"] = ALASKA_GCC
_loader = SourceFileLoader("benchrun", os.path.join(TOP, "bench", "run"))
_spec = importlib.util.spec_from_loader("benchrun", _loader)
benchrun = importlib.util.module_from_spec(_spec)
_loader.exec_module(benchrun)
BenchError = benchrun.BenchError
fetch, sh, file_hash = benchrun.fetch, benchrun.sh, benchrun.file_hash


def log(msg):
    print("bench-frag: " + msg, file=sys.stderr, flush=True)


def setup():
    for d in (OUT, LOGDIR):
        os.makedirs(d, exist_ok=True)


# ---------------------------------------------------------------- builds --

def cached_build(name, cc, src, build, extra=""):
    """Build src with compiler cc into OUT/NAME (cached).  build(tree,
    logfile) runs in a fresh copy of src and returns the binaries' paths,
    relative to the tree, as a dict.  The cache key covers the name, the
    compiler command, the source directory, extra, and for alaska-gcc the
    plugin and libalaska."""
    h = hashlib.sha256(("%s|%s|%s|%s" % (name, cc, src, extra)).encode())
    if ALASKA_GCC in cc:
        h.update(benchrun.toolchain_fingerprint().encode())
    key = h.hexdigest()
    outdir = os.path.join(OUT, name)
    stamp = os.path.join(outdir, ".built.json")
    if os.path.exists(stamp) and os.environ.get("BENCH_REBUILD", "") in ("", "0"):
        info = json.load(open(stamp))
        if info.get("key") == key and all(os.path.exists(p) for p in info["binaries"].values()):
            return info["binaries"]
    log("building %s with %s" % (name, cc))
    shutil.rmtree(outdir, ignore_errors=True)
    tree = os.path.join(outdir, "tree")
    shutil.copytree(src, tree, symlinks=True, ignore=shutil.ignore_patterns(".pc"))
    logfile = os.path.join(LOGDIR, "build-%s.log" % name)
    open(logfile, "w").close()
    t0 = time.time()
    rel = build(tree, logfile)
    binaries = {k: os.path.join(tree, v) for k, v in rel.items()}
    for p in binaries.values():
        if not os.path.exists(p):
            raise BenchError("%s: no %s after the build (see %s)" % (name, p, logfile))
    with open(stamp, "w") as f:
        json.dump({"key": key, "binaries": binaries}, f)
    log("built %s in %.0f s" % (name, time.time() - t0))
    return binaries


REDIS_MAKE = "make -j%d USE_SYSTEMD=no BUILD_TLS=no OPTIMIZATION=-O2" % JOBS


def redis_builds(which=("libc", "jemalloc", "alaska")):
    """Redis from Debian's source: plain gcc with glibc malloc, plain gcc
    with Redis's bundled jemalloc, and alaska-gcc with libc malloc (so that
    every allocation is a handle).  Returns {build: redis-server path}."""
    src = fetch("redis")
    # Debian's USE_SYSTEM_JEMALLOC patch tests `#if USE_SYSTEM_JEMALLOC ==
    # yes`, which holds when neither is defined (0 == 0) and so calls the
    # unprefixed system names; defining it as 1 builds the bundled jemalloc
    # (je_ prefix) as upstream does.
    builds = {"libc": ("gcc", "MALLOC=libc"),
              "jemalloc": ("gcc", "MALLOC=jemalloc REDIS_CFLAGS=-DUSE_SYSTEM_JEMALLOC=1"),
              "alaska": (ALASKA_GCC, "MALLOC=libc")}
    out = {}
    for b in which:
        cc, makevars = builds[b]
        cmd = "%s %s CC='%s' redis-server" % (REDIS_MAKE, makevars, cc)
        def build(tree, logfile, cmd=cmd):
            sh(cmd, cwd=os.path.join(tree, "src"), logfile=logfile)
            return {"server": "src/redis-server"}
        out[b] = cached_build("redis-" + b, cc, src, build, cmd)["server"]
    return out


# ------------------------------------------------------------- processes --

def clean_env(extra=None):
    """The environment for a server: ours without any ALASKA_* or
    ANCHORAGE_* variable, plus extra."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ALASKA_", "ANCHORAGE_"))}
    env.update(extra or {})
    return env


def rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def rss_by_mapping(pid):
    """[(rss KiB, size KiB, start address, name)] of a process's mappings,
    largest RSS first (from /proc/PID/smaps)."""
    maps, cur = [], None
    try:
        with open("/proc/%d/smaps" % pid) as f:
            for line in f:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    a, b = first.split("-")
                    f6 = line.split(None, 5)
                    cur = [0, (int(b, 16) - int(a, 16)) // 1024, int(a, 16),
                           f6[5].strip() if len(f6) > 5 else ""]
                    maps.append(cur)
                elif first == "Rss:" and cur is not None:
                    cur[0] = int(line.split()[1])
    except OSError:
        return []
    return sorted((tuple(m) for m in maps), reverse=True)


# ALASKA_TABLE_BASE: 0x70000000 + 2^31 * 4 (the table's origin is 0x70000000;
# entries start where handles, top bit set, index it).  ALASKA_BACKING_BASE
# and _END: the backing region, which holds every handle's memory.
HANDLE_TABLE_STARTS = (0x270000000, 0x70000000)
BACKING_REGION = (0x480000000, 0x7ffe00000)


def describe_mappings(maps, n=8):
    """Text lines for the n largest mappings by RSS, libalaska's handle
    table and backing region (alaska-abi.h) named."""
    total = sum(m[0] for m in maps)
    out = ["RSS by mapping: total %.1f MiB" % (total / 1024)]
    for rss, size, start, name in maps[:n]:
        if start in HANDLE_TABLE_STARTS:
            name = "(libalaska handle table)"
        elif BACKING_REGION[0] <= start < BACKING_REGION[1]:
            name = "(libalaska backing region)"
        out.append("  %8.1f MiB  %#14x  %10.1f MiB mapped  %s"
                   % (rss / 1024, start, size / 1024, name or "(anonymous)"))
    return out


class RssSampler(threading.Thread):
    """Samples a process's VmRSS every `period` seconds: rows of (seconds
    since t0, phase, KiB), phase being whatever self.phase is then."""
    def __init__(self, pid, t0, period=0.1):
        super().__init__(daemon=True)
        self.pid, self.t0, self.period = pid, t0, period
        self.phase = "start"
        self.rows = []
        self.stop = threading.Event()

    def run(self):
        n = 0
        while not self.stop.is_set():
            r = rss_kib(self.pid)
            if r is None:
                break
            self.rows.append((time.monotonic() - self.t0, self.phase, r))
            n += 1
            delay = self.t0 + n * self.period - time.monotonic()
            if delay > 0:
                self.stop.wait(delay)


LOG_LIMIT = 64 << 20


def limit_output():
    """preexec_fn for servers: files they write stop at LOG_LIMIT bytes
    (SIGXFSZ ends a server stuck printing the same warning forever)."""
    import resource
    resource.setrlimit(resource.RLIMIT_FSIZE, (LOG_LIMIT, LOG_LIMIT))


def tail_text(path, limit=200000):
    """The last limit bytes of a file, as text."""
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - limit))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def stop_server(proc, timeout=30):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode


def exit_text(rc):
    if rc is None:
        return "running"
    if rc < 0:
        try:
            return "killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "killed by signal %d" % -rc
    return "exit status %d" % rc


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def parse_stats(text, prefix):
    """'PREFIX: key value' lines (ALASKA_STATS, ANCHORAGE_STATS) -> dict."""
    d = {}
    for line in text.splitlines():
        if line.startswith(prefix + ": "):
            f = line[len(prefix) + 2:].split()
            if len(f) >= 2:
                d[f[0]] = f[1]
    return d


def read_trace(path):
    """ANCHORAGE_TRACE CSV -> list of dicts with float values (state kept
    as a string)."""
    rows = []
    if not path or not os.path.exists(path):
        return rows
    with open(path) as f:
        head = f.readline().strip().split(",")
        for line in f:
            v = line.strip().split(",")
            if len(v) != len(head):
                continue
            r = {}
            for k, x in zip(head, v):
                try:
                    r[k] = float(x)
                except ValueError:
                    r[k] = x
            rows.append(r)
    return rows


def trace_pauses_ms(path):
    """The pause of every pass in an ANCHORAGE_TRACE file, in ms (pass_ns:
    from the start of the barrier attempt that succeeded until the threads
    resumed)."""
    return [r["pass_ns"] / 1e6 for r in read_trace(path)
            if r.get("state") == 1.0 and isinstance(r.get("pass_ns"), float) and r["pass_ns"] > 0]


def pause_summary(ps):
    """'N passes, median/p99/max X/Y/Z ms' for a list of pauses in ms."""
    if not ps:
        return "0 passes"
    return "%d passes, pause median %.2f ms, p99 %.2f ms, max %.2f ms" % (
        len(ps), percentile(ps, 0.5), percentile(ps, 0.99), max(ps))


def percentile(xs, p):
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = max(0, min(len(s) - 1, int(-(-p * len(s) // 1)) - 1))
    return s[i]


# ------------------------------------------------------ Redis workload --

REDIS_AFTER_S = float(os.environ.get("FRAG_REDIS_AFTER") or 30)
POPULATES = [("populate1", ["DEBUG", "POPULATE", "700000", "asdf", "240"]),
             ("populate2", ["DEBUG", "POPULATE", "170000", "asdf", "492"])]


def redis_cli(sock, *args, timeout=600):
    r = subprocess.run(["redis-cli", "-s", sock] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=timeout)
    return r.stdout.strip()


def parse_latency(text):
    """redis-cli's LATENCY LATEST (event, time, latest ms, max ms, one per
    line) -> {event: max ms}; empty unless latency-monitor-threshold is set."""
    f = text.split()
    out = {}
    for i in range(0, len(f) - 3, 4):
        if f[i + 3].isdigit():
            out[f[i]] = int(f[i + 3])
    return out


def redis_info(sock):
    d = {}
    for line in redis_cli(sock, "INFO", timeout=60).splitlines():
        if ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            d[k] = v.strip()
    return d


def redis_frag_run(name, binary, env, conf, rundir, maxmemory="100mb", populates=None,
                   after_s=None):
    """The fragmentation workload of the Anchorage paper's Figure 9 on one
    redis-server: maxmemory 100mb, allkeys-lru with one sample, then DEBUG
    POPULATE 700000 keys of 240 bytes and 170000 of 492 bytes (the second
    populate's command evicts about half of the first's keys at random; it
    re-creates the evicted ones among its 170000 names, bigger).  RSS is
    sampled every 100 ms from the start of the first populate until
    REDIS_AFTER_S (30) seconds after the end of the second; INFO is read
    right after the second populate (its eviction brings used_memory back
    under maxmemory) and then every second.  maxmemory, populates (a list
    of (phase, command)) and after_s scale the workload (redis-large).

    Returns a dict: rows [(t since the end of populate2, phase, rss KiB)],
    info (last INFO), used (t, used_memory) samples, times, stderr, error."""
    shutil.rmtree(rundir, ignore_errors=True)
    os.makedirs(rundir)
    sock = os.path.join(rundir, "redis.sock")
    argv = [binary, "--port", "0", "--unixsocket", sock, "--save", "", "--appendonly", "no",
            "--dir", rundir, "--logfile", os.path.join(rundir, "redis.log"),
            "--enable-debug-command", "local", "--maxmemory", maxmemory,
            "--maxmemory-policy", "allkeys-lru", "--maxmemory-samples", "1"] + conf
    errf = open(os.path.join(rundir, "stderr"), "w")
    t_start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=errf, stderr=subprocess.STDOUT, env=clean_env(env),
                            preexec_fn=limit_output)
    after_s = REDIS_AFTER_S if after_s is None else after_s
    res = {"name": name, "rows": [], "used": [], "info": {}, "error": None, "t_start": t_start}
    sampler = None
    try:
        for _ in range(300):
            if proc.poll() is not None:
                break
            if os.path.exists(sock) and redis_cli(sock, "PING", timeout=10) == "PONG":
                break
            time.sleep(0.05)
        if proc.poll() is not None or not os.path.exists(sock):
            raise BenchError("redis-server did not start (%s)" % exit_text(proc.poll()))
        t0 = time.monotonic()
        sampler = RssSampler(proc.pid, t0)
        sampler.start()
        times = {}
        for phase, cmd in populates or POPULATES:
            sampler.phase = phase
            t = time.monotonic()
            out = redis_cli(sock, *cmd)
            if out != "OK":
                raise BenchError("%s: %s answered %r (%s)" % (phase, " ".join(cmd), out[:200],
                                                              exit_text(proc.poll())))
            times[phase] = (t - t0, time.monotonic() - t0)
        t_end = time.monotonic()
        sampler.phase = "after"
        n = 0
        while True:
            info = redis_info(sock)
            if not info:
                raise BenchError("INFO failed after the populates (%s)" % exit_text(proc.poll()))
            res["info"] = info
            res["used"].append((time.monotonic() - t_end, int(info["used_memory"])))
            n += 1
            if time.monotonic() - t_end >= after_s:
                break
            time.sleep(max(0.0, min(t_end + n - time.monotonic(), t_end + after_s - time.monotonic())))
        sampler.stop.set()
        sampler.join()
        off = t_end - t0
        res["rows"] = [(t - off, ph, kib) for t, ph, kib in sampler.rows]
        res["populate_s"] = off
        res["times"] = {k: (a - off, b - off) for k, (a, b) in times.items()}
        res["t0"], res["t_end"] = t0, t_end
        res["dbsize"] = redis_cli(sock, "DBSIZE", timeout=60)
        res["latency"] = parse_latency(redis_cli(sock, "LATENCY", "LATEST", timeout=60))
        res["mappings"] = describe_mappings(rss_by_mapping(proc.pid))
        with open(os.path.join(rundir, "mappings.txt"), "w") as f:
            f.write("\n".join(res["mappings"]) + "\n")
        redis_cli(sock, "SHUTDOWN", "NOSAVE", timeout=60)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            raise BenchError("redis-server did not exit after SHUTDOWN NOSAVE")
    except (BenchError, subprocess.TimeoutExpired) as e:
        res["error"] = str(e)
        if sampler:
            sampler.stop.set()
            sampler.join()
            if not res["rows"]:
                res["rows"] = [(t, ph, kib) for t, ph, kib in sampler.rows]
    finally:
        rc = stop_server(proc)
        errf.close()
        res["exit"] = rc
        res["stderr"] = tail_text(os.path.join(rundir, "stderr"))
        if rc and not res["error"]:
            res["error"] = "redis-server: " + exit_text(rc)
        if res["error"] and "crashed by signal" in open(os.path.join(rundir, "redis.log"),
                                                         errors="replace").read():
            res["error"] += " (redis-server crashed; see %s)" % os.path.join(rundir, "redis.log")
    return res


def settle(rows, tol=0.02):
    """(final RSS KiB, seconds after the end of the populates after which
    RSS stays within tol of it) from rows of (t, phase, KiB); the final RSS
    is the median of the last second of samples."""
    after = [(t, kib) for t, ph, kib in rows if t >= 0]
    if not after:
        return None, None
    tail = [k for t, k in after if t >= after[-1][0] - 1.0]
    final = sorted(tail)[len(tail) // 2]
    s = 0.0       # start of the last run of samples within tol of final
    for t, k in after:
        if abs(k - final) > tol * final:
            s = None
        elif s is None:
            s = t
    if s is None:
        s = after[-1][0]
    return final, max(0.0, s)


def mib(kib):
    return kib / 1024.0


# --------------------------------------------------------------- output --

def table(head, rows):
    """Plain-text table: head and rows of strings; numbers right-aligned."""
    w = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    def fmt(r):
        return "  ".join(str(x).rjust(n) if i else str(x).ljust(n)
                         for i, (x, n) in enumerate(zip(r, w)))
    lines = [fmt(head), "-" * (sum(w) + 2 * (len(w) - 1))]
    lines += [fmt(r) for r in rows]
    return "\n".join(lines)


def pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        log("python3-matplotlib is not installed: no chart")
        return None


def write_report(name, text):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write(text + "\n")
    print(text, flush=True)
