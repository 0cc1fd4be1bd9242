#!/usr/bin/env python3
"""lsp_bench.py GPULINT FILE... - edit latency of `gpulint lsp`, as an editor
sees it, next to the command line's time on the same file.

Per file: open it (time to the first publishDiagnostics), 20 small edits in
a kernel's body (a newline typed after the kernel's opening brace; each timed
to the diagnostics of that version), 1 edit above the #includes (a newline at
the top: the parse's preamble is rebuilt), close.  No debounce (debounceMs 0):
the figures are the analysis, not the waiting.  Printed per file: open ms,
edit median and max ms, the top edit ms, the CLI's wall time for the file
(`gpulint FILE`, the better of 2 runs after a warm-up), the server's peak
resident memory (server and analysis worker, VmHWM), and the load average at
the start and end.  With GPULINT_LSP_LOG=FILE set, the server writes its log
(each analysis's phases) there.  A benchmark, not a test: it asserts
nothing."""
import json
import os
import statistics
import subprocess
import sys
import time
from urllib.parse import quote

EDITS = 20


class Server:
    def __init__(self, gpulint):
        log = os.environ.get("GPULINT_LSP_LOG")
        self.p = subprocess.Popen([gpulint, "lsp"] + (["--log=" + log] if log else []), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.next_id = 1

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server ended")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == rid and "method" not in m:
                return m
            self.answer(m)

    def answer(self, m):
        if "method" in m and "id" in m:  # a request of the server's: answer it
            self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version, timeout=600):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = self.read()
            self.answer(m)
            p = m.get("params", {})
            if m.get("method") == "textDocument/publishDiagnostics" and p.get("uri") == uri \
                    and p.get("version") == version:
                return p["diagnostics"]
        raise TimeoutError(f"no diagnostics for {uri} version {version}")

    def peak_rss_kib(self):
        """VmHWM of the server and of each child (the analysis worker)."""
        pids = [self.p.pid]
        try:
            with open(f"/proc/{self.p.pid}/task/{self.p.pid}/children") as f:
                pids += [int(x) for x in f.read().split()]
        except OSError:
            pass
        total = 0
        for pid in pids:
            try:
                for line in open(f"/proc/{pid}/status"):
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
            except OSError:
                pass
        return total


def kernel_body_line(lines):
    """The line after a kernel's opening brace (0-based); the file's middle when none."""
    for i, line in enumerate(lines):
        if "__global__" in line or "__kernel" in line:
            for j in range(i, min(i + 40, len(lines))):
                if "{" in lines[j]:
                    return j + 1
    return len(lines) // 2


def cli_seconds(gpulint, path):
    best = None
    for run in range(3):
        t0 = time.monotonic()
        subprocess.run([gpulint, path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = time.monotonic() - t0
        if run > 0:
            best = t if best is None else min(best, t)
    return best


def bench(gpulint, path):
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    lines = text.split("\n")
    uri = "file://" + quote(os.path.realpath(path))
    lang = "opencl" if path.endswith((".cl", ".clh", ".opencl")) else "cuda"
    s = Server(gpulint)
    s.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                             "initializationOptions": {"debounceMs": 0, "analysisTimeoutMs": 600000}})
    s.notify("initialized", {})
    t0 = time.monotonic()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": lang, "version": 1,
                                                       "text": text}})
    ndiag = len(s.diagnostics(uri, 1))
    open_ms = (time.monotonic() - t0) * 1e3
    at = kernel_body_line(lines)
    version, edits = 1, []
    for k in range(EDITS):
        version += 1
        t0 = time.monotonic()
        s.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": at, "character": 0},
                                          "end": {"line": at, "character": 0}}, "text": "\n"}]})
        s.diagnostics(uri, version)
        edits.append((time.monotonic() - t0) * 1e3)
    version += 1
    t0 = time.monotonic()
    s.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                            "text": "\n"}]})
    s.diagnostics(uri, version)
    top_ms = (time.monotonic() - t0) * 1e3
    rss = s.peak_rss_kib()
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    s.request("shutdown", None)
    s.notify("exit", None)
    s.p.wait(timeout=60)
    return ndiag, open_ms, statistics.median(edits), max(edits), top_ms, rss


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    gpulint = os.path.realpath(sys.argv[1])
    print(f"# gpulint lsp: {EDITS} edits in a kernel body + 1 above the includes per file; no debounce")
    print(f"# load average at start: {open('/proc/loadavg').read().split()[0]}")
    print("| file | diagnostics | open ms | edit median ms | edit max ms | top edit ms | CLI ms | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sys.argv[2:]:
        try:
            ndiag, open_ms, med, mx, top, rss = bench(gpulint, path)
        except (EOFError, TimeoutError, OSError) as e:
            print(f"| {path} | error: {e} | | | | | | |")
            continue
        cli = cli_seconds(gpulint, path)
        print(f"| {path} | {ndiag} | {open_ms:.0f} | {med:.0f} | {mx:.0f} | {top:.0f} | {cli * 1e3:.0f} | "
              f"{rss / 1024:.0f} |", flush=True)
    print(f"# load average at end: {open('/proc/loadavg').read().split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
