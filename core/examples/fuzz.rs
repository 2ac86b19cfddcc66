//! The fuzz harness (stable Rust, no extra tools): mutations of the
//! conformance corpus through `tftype::evaluate`, in every value format and
//! flavor, deterministic from a seed.
//!
//!   cargo run --profile bench -p tftype --example fuzz -- [--execs N] [--seed S] [--jobs J]
//!   … --example fuzz -- --case N S        (case N of seed S, as a JSON request)
//!
//! Case `i` of seed `S` is always the same request, so any case can be made
//! again from its number. Workers are child processes of this one: a panic is
//! caught in the worker, but an abort (a stack overflow, an allocation
//! failure) or a hang kills or stalls it, and then the parent finds the case
//! by running the rest of the range one case at a time. A failure is a panic,
//! an abort, a hang, or a case over the time budget ([`SLOW`]); it is
//! minimized (parts of the type and value text removed while it still fails
//! the same way), written to `fuzz-out/`, and the run exits 1. Add what it
//! finds to `core/tests/fuzz_regressions.jsonl`, which `cargo test` replays.
#![allow(clippy::disallowed_methods)] // not shipped: reads JSON either way (clippy.toml)

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tftype::{evaluate, Request, ValueFormat};

/// A case taking longer than this (in an optimised build) is a failure.
const SLOW: Duration = Duration::from_secs(2);
/// A worker that reports nothing for this long is hung.
const HANG: Duration = Duration::from_secs(60);
/// A worker reports progress every this many cases.
const EVERY: u64 = 512;

const CORPUS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
const REGRESSIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_regressions.jsonl");

/// Pieces of HCL, JSON and type syntax to insert.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "\"",
    "${",
    "%{",
    "}",
    "%{if true}",
    "%{else}",
    "%{endif}",
    "%{for x in [1]}",
    "%{endfor}",
    "~}",
    "${~",
    "for x in ",
    " : ",
    " => ",
    "...",
    "::",
    "core::",
    "provider::p::",
    "=",
    ",",
    "\n",
    "<<EOT\n",
    "\nEOT\n",
    "<<-X\n",
    "null",
    "true",
    "1e999",
    "1e150000",
    "-0",
    "0.1",
    "12345678901234567890",
    "tolist(",
    "toset(",
    "tomap(",
    "tostring(",
    "tonumber(",
    "tobool(",
    "sensitive(",
    "nonsensitive(",
    "optional(",
    "object({",
    "list(",
    "map(",
    "set(",
    "tuple([",
    "any",
    "string",
    "number",
    "bool",
    "*",
    "/",
    "%",
    " + ",
    " - ",
    " && ",
    " || ",
    "!",
    "?",
    " ? 1 : 2",
    ".*",
    "[*]",
    "[0]",
    ".a",
    "#",
    "//",
    "/*",
    "*/",
    "\\u0000",
    "\\ud800",
    "\"a\": ",
    "a = ",
];

/// Odd characters.
const UNICODE: &[&str] = &[
    "\u{0}",
    "\u{feff}",
    "\u{200b}",
    "\u{202e}",
    "\u{2028}",
    "\u{301}",
    "é",
    "e\u{301}",
    "Ფ",
    "𝔘",
    "🙂",
    "\u{10ffff}",
    "\u{fffd}",
    "\r",
    "\t",
    "\u{85}",
    "\u{a0}",
    "ǅ",
    "ﬁ",
];

const FORMATS: [ValueFormat; 5] =
    [ValueFormat::Hcl, ValueFormat::Tfvars, ValueFormat::Json, ValueFormat::Ctyjson, ValueFormat::Cli];

/// splitmix64: a small, well-mixed generator, reproducible everywhere.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, i: u64) -> Rng {
        let mut r = Rng(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        r.next();
        r
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn load_corpus() -> Vec<Request> {
    let mut out = Vec::new();
    let mut files: Vec<_> =
        std::fs::read_dir(CORPUS_DIR).expect("the conformance corpus").flatten().map(|e| e.path()).collect();
    files.push(REGRESSIONS.into());
    files.sort();
    for f in files {
        let name = f.to_string_lossy();
        if !name.ends_with(".jsonl") || name.ends_with(".expected.jsonl") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        for line in text.lines() {
            if let Ok(r) = serde_json::from_str::<Request>(line) {
                out.push(r);
            }
        }
    }
    out
}

/// A byte position at a character boundary.
fn pos(rng: &mut Rng, s: &str) -> usize {
    let mut p = rng.below(s.len() + 1);
    while !s.is_char_boundary(p) {
        p -= 1;
    }
    p
}

fn mutate_text(rng: &mut Rng, s: &str, corpus: &[Request]) -> String {
    let mut s = s.to_string();
    for _ in 0..1 + rng.below(4) {
        match rng.below(7) {
            // Bytes: flip, insert or delete, then read back as UTF-8.
            0 => {
                let mut b = s.into_bytes();
                match rng.below(3) {
                    0 if !b.is_empty() => {
                        let i = rng.below(b.len());
                        b[i] ^= 1 << rng.below(8);
                    }
                    1 => {
                        let i = rng.below(b.len() + 1);
                        b.insert(i, rng.next() as u8);
                    }
                    _ if !b.is_empty() => {
                        let i = rng.below(b.len());
                        let n = 1 + rng.below(8);
                        b.drain(i..(i + n).min(b.len()));
                    }
                    _ => {}
                }
                s = String::from_utf8_lossy(&b).into_owned();
            }
            // Tokens.
            1 | 2 => {
                let p = pos(rng, &s);
                s.insert_str(p, TOKENS[rng.below(TOKENS.len())]);
            }
            // A splice from another case.
            3 => {
                let other = &corpus[rng.below(corpus.len())];
                let src = if rng.chance(50) { other.value.as_str() } else { other.type_src.as_deref().unwrap_or("") };
                let (a, b) = (pos(rng, src), pos(rng, src));
                let piece = &src[a.min(b)..a.max(b)];
                let (x, y) = (pos(rng, &s), pos(rng, &s));
                s.replace_range(x.min(y)..x.max(y), piece);
            }
            // Unicode.
            4 => {
                let p = pos(rng, &s);
                s.insert_str(p, UNICODE[rng.below(UNICODE.len())]);
            }
            // A part repeated (nesting, long lists, big numbers).
            5 => {
                let (a, b) = (pos(rng, &s), pos(rng, &s));
                let piece = s[a.min(b)..a.max(b)].to_string();
                if !piece.is_empty() && piece.len() < 200 {
                    let most = if rng.chance(10) { 3000 } else { 40 };
                    let n = 2 + rng.below(most);
                    s.insert_str(a.max(b), &piece.repeat(n));
                }
            }
            // A part removed.
            _ => {
                let (a, b) = (pos(rng, &s), pos(rng, &s));
                s.replace_range(a.min(b)..a.max(b), "");
            }
        }
    }
    s
}

/// Case `i` of `seed`.
fn case(seed: u64, i: u64, corpus: &[Request]) -> Request {
    let mut rng = Rng::new(seed, i);
    let mut req = corpus[rng.below(corpus.len())].clone();
    match rng.below(3) {
        0 => req.value = mutate_text(&mut rng, &req.value, corpus),
        1 => req.type_src = Some(mutate_text(&mut rng, req.type_src.as_deref().unwrap_or(""), corpus)),
        _ => {
            req.value = mutate_text(&mut rng, &req.value, corpus);
            req.type_src = Some(mutate_text(&mut rng, req.type_src.as_deref().unwrap_or(""), corpus));
        }
    }
    if rng.chance(30) {
        req.value_format = FORMATS[rng.below(FORMATS.len())];
    }
    if rng.chance(50) {
        let fl = &tftype::flavor::FLAVORS;
        req.flavor = Some(fl[rng.below(fl.len())].name.to_string());
    }
    if rng.chance(10) {
        req.nullable = !req.nullable;
    }
    if rng.chance(10) {
        req.sensitive = !req.sensitive;
    }
    if rng.chance(3) {
        req.var_name = mutate_text(&mut rng, &req.var_name, corpus);
    }
    req
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Panic,
    Slow,
    Abort,
    Hang,
}

/// Runs one request in this process: None when it passes.
fn try_one(req: &Request) -> Option<Kind> {
    let t = Instant::now();
    let r = std::panic::catch_unwind(|| evaluate(req));
    match r {
        Err(_) => Some(Kind::Panic),
        Ok(resp) => {
            // Every failure must say what and why.
            if !resp.ok && resp.summary.as_deref().unwrap_or("").is_empty() {
                return Some(Kind::Panic);
            }
            (t.elapsed() > SLOW).then_some(Kind::Slow)
        }
    }
}

/// Runs one request in a child process (to see aborts and hangs).
fn try_in_child(req: &Request) -> Option<Kind> {
    let exe = std::env::current_exe().ok()?;
    let mut child = Command::new(exe)
        .arg("--one")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let _ = child.stdin.take()?.write_all(serde_json::to_string(req).ok()?.as_bytes());
    let t = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let mut out = String::new();
                let _ = std::io::Read::read_to_string(&mut child.stdout.take()?, &mut out);
                return match (status.success(), out.trim()) {
                    (true, "ok") => None,
                    (true, "panic") => Some(Kind::Panic),
                    (true, "slow") => Some(Kind::Slow),
                    _ => Some(Kind::Abort),
                };
            }
            Ok(None) if t.elapsed() > HANG => {
                let _ = child.kill();
                return Some(Kind::Hang);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => return Some(Kind::Abort),
        }
    }
}

fn fails(req: &Request, kind: Kind) -> bool {
    let got = match kind {
        Kind::Panic | Kind::Slow => try_one(req),
        Kind::Abort | Kind::Hang => try_in_child(req),
    };
    got == Some(kind)
}

/// Minimizing stops after this long (a slow case is slow at every try).
const SHRINK_TIME: Duration = Duration::from_secs(120);

/// Removes parts of `text` while `still(text)` holds (chunks halving in size).
fn shrink(text: &str, still: &mut dyn FnMut(&str) -> bool) -> String {
    let started = Instant::now();
    let mut cur: Vec<char> = text.chars().collect();
    let mut chunk = cur.len().max(1) / 2;
    while chunk >= 1 && started.elapsed() < SHRINK_TIME {
        let mut i = 0;
        while i < cur.len() && started.elapsed() < SHRINK_TIME {
            let mut cand = cur.clone();
            cand.drain(i..(i + chunk).min(cand.len()));
            let s: String = cand.iter().collect();
            if still(&s) {
                cur = cand;
            } else {
                i += chunk;
            }
        }
        chunk /= 2;
    }
    cur.into_iter().collect()
}

fn minimize(req: &Request, kind: Kind) -> Request {
    let mut best = req.clone();
    let value = best.value.clone();
    best.value = shrink(&value, &mut |v| fails(&Request { value: v.to_string(), ..best.clone() }, kind));
    if let Some(ty) = best.type_src.clone() {
        let keep = best.clone();
        best.type_src =
            Some(shrink(&ty, &mut |t| fails(&Request { type_src: Some(t.to_string()), ..keep.clone() }, kind)));
    }
    best
}

/// Worker: runs cases `from..to`, printing `p N` every [`EVERY`] cases and
/// `f N KIND` for each failure it survives.
fn worker(seed: u64, from: u64, to: u64, every: u64) {
    let corpus = load_corpus();
    std::panic::set_hook(Box::new(|_| {}));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for i in from..to {
        if (i - from).is_multiple_of(every) {
            let _ = writeln!(out, "p {i}");
            let _ = out.flush();
        }
        let req = case(seed, i, &corpus);
        if let Some(k) = try_one(&req) {
            let _ = writeln!(out, "f {i} {k:?}");
        }
    }
    let _ = writeln!(out, "done {to}");
}

/// Runs a worker over `from..to`; returns the failures (case, kind).
fn supervise(seed: u64, from: u64, to: u64, every: u64) -> Vec<(u64, Kind)> {
    let exe = std::env::current_exe().expect("own path");
    let mut child = Command::new(exe)
        .args(["--worker", &seed.to_string(), &from.to_string(), &to.to_string(), &every.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .expect("a worker");
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("worker output");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut last = from;
    let mut found = Vec::new();
    loop {
        match rx.recv_timeout(HANG) {
            Ok(line) => {
                let parts: Vec<&str> = line.split(' ').collect();
                match parts.as_slice() {
                    ["p", n] => last = n.parse().unwrap_or(last),
                    ["f", n, k] => {
                        found.push((n.parse().unwrap_or(0), if *k == "Slow" { Kind::Slow } else { Kind::Panic }))
                    }
                    ["done", _] => {
                        let _ = child.wait();
                        return found;
                    }
                    _ => {}
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                return locate(seed, last, to, every, found, Kind::Hang);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = child.wait();
                return locate(seed, last, to, every, found, Kind::Abort);
            }
        }
    }
}

/// A worker died or hung somewhere after case `last`: rerun that stretch
/// one case at a time to find the case, then go on after it.
fn locate(seed: u64, last: u64, to: u64, every: u64, mut found: Vec<(u64, Kind)>, kind: Kind) -> Vec<(u64, Kind)> {
    if every == 1 {
        // This worker reported every case: `last` is the one that failed.
        found.push((last, kind));
        if last + 1 < to {
            found.extend(supervise(seed, last + 1, to, EVERY));
        }
        return found;
    }
    found.extend(supervise(seed, last, (last + every).min(to), 1));
    if last + every < to {
        found.extend(supervise(seed, last + every, to, EVERY));
    }
    found
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--worker") {
        let n = |i: usize| args[i].parse::<u64>().expect("a number");
        worker(n(1), n(2), n(3), n(4));
        return;
    }
    if args.first().map(String::as_str) == Some("--case") {
        // `--case N SEED`: the request of one case, as JSON.
        let n = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok()).expect("--case N SEED");
        println!("{}", serde_json::to_string(&case(n(2), n(1), &load_corpus())).unwrap_or_default());
        return;
    }
    if args.first().map(String::as_str) == Some("--one") {
        std::panic::set_hook(Box::new(|_| {}));
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text);
        let req: Request = serde_json::from_str(&text).expect("a request");
        let word = match try_one(&req) {
            None => "ok",
            Some(Kind::Slow) => "slow",
            Some(_) => "panic",
        };
        println!("{word}");
        return;
    }
    let mut execs: u64 = 100_000;
    let mut seed: u64 = 1;
    let mut jobs: u64 = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        match (args[i].as_str(), v) {
            ("--execs", Some(v)) => execs = v,
            ("--seed", Some(v)) => seed = v,
            ("--jobs", Some(v)) => jobs = v.max(1),
            _ => {
                eprintln!("usage: fuzz [--execs N] [--seed S] [--jobs J]");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    let corpus = load_corpus();
    eprintln!("fuzz: seed {seed}, {execs} executions, {jobs} workers, {} corpus cases", corpus.len());
    let t = Instant::now();
    let per = execs.div_ceil(jobs);
    let handles: Vec<_> = (0..jobs)
        .map(|j| {
            let (from, to) = (j * per, ((j + 1) * per).min(execs));
            std::thread::spawn(move || supervise(seed, from, to, EVERY))
        })
        .collect();
    let mut found: Vec<(u64, Kind)> = handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect();
    found.sort_by_key(|f| f.0);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "fuzz: {execs} executions in {secs:.1} s ({:.0} per second), {} failing",
        execs as f64 / secs,
        found.len()
    );
    if found.is_empty() {
        return;
    }
    let _ = std::fs::create_dir_all("fuzz-out");
    for (n, kind) in found.iter().take(10) {
        let req = case(seed, *n, &corpus);
        println!(
            "FAIL case {n}: {kind:?}: {}",
            serde_json::to_string(&req).unwrap_or_default().chars().take(2000).collect::<String>()
        );
        let small = minimize(&req, *kind);
        let path = format!("fuzz-out/seed{seed}-case{n}-{kind:?}.json");
        let _ = std::fs::write(&path, serde_json::to_string(&small).unwrap_or_default());
        println!("  minimized into {path}: {}", serde_json::to_string(&small).unwrap_or_default());
    }
    std::process::exit(1);
}
