"""A minimal client of `tftype lsp` for the benchmark scripts (bench-installed, bench-lsp,
bench-lsp-diagnostics, bench-lsp-memory): LSP's Content-Length framing over the server's stdin and stdout."""
import json
import subprocess


class Server:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.id = 0

    def send(self, o):
        b = json.dumps(o).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
        self.p.stdin.flush()

    def read(self):
        size = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the server ended")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                size = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(size))

    def request(self, method, params):
        """Sends a request and reads until its answer (what comes before it is dropped)."""
        self.id += 1
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.id and "method" not in m:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def published(self, u):
        """Reads until the server publishes diagnostics for `u`, and returns them."""
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == u:
                return m["params"]["diagnostics"]
