// The npm package's `tftype` bin against the native CLI (issue "Ship", speed): wall time of
// start-up (`tftype --version`) and of `tftype check` on scripts/bench-check's module of
// 1,000 variables x 10 .auto.tfvars files; median of the runs. Budgets: check <= 3x the
// native CLI's wall time, start-up <= 150 ms.
//   node npm/bench-cli.mjs [--native target/release/tftype] [--bin dist/npm/bin/tftype.js] [--runs 15]
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { benchModule } from "./bench-module.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const NATIVE = resolve(arg("--native", "target/release/tftype"));
const BIN = resolve(arg("--bin", "dist/npm/bin/tftype.js"));
const RUNS = Number(arg("--runs", "15"));

const dir = mkdtempSync(join(tmpdir(), "tftype-bench-cli-"));
try {
  for (const [name, text] of Object.entries(benchModule(1000))) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const timed = (cmd, args) => {
    const ms = [];
    let code;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const r = spawnSync(cmd, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
      ms.push(performance.now() - t);
      code = r.status;
    }
    return { ms: median(ms), best: Math.min(...ms), code };
  };
  const rows = [
    ["start-up (--version)", ["--version"]],
    ["check, 1,000 variables x 10 files", ["check"]],
  ];
  for (const [what, args] of rows) {
    const n = timed(NATIVE, args);
    const w = timed(process.execPath, [BIN, ...args]);
    console.log(`${what}: native ${n.ms.toFixed(1)} ms (best ${n.best.toFixed(1)}), npm ${w.ms.toFixed(1)} ms (best ${w.best.toFixed(1)}): x${(w.ms / n.ms).toFixed(2)}; exit ${n.code} / ${w.code}; median of ${RUNS}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
