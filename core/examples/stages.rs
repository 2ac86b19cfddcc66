//! Times each stage of the pipeline on the benchmark workload (a profiling aid).
//!
//! `cargo run -q --profile bench --example stages [N] [RUNS]`: every stage is
//! run RUNS times (default 5) and the fastest run is printed, which is the
//! figure least disturbed by other processes on a loaded machine. The
//! process's CPU time (user + system, from /proc/self/stat) is printed too.
use std::time::{Duration, Instant};

fn workload(n: usize) -> String {
    let mut v = String::from("[");
    for i in 0..n {
        if i % 2 == 0 {
            v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"core\", env = \"prod\"}}}},\n", 8000 + i)
        } else {
            v += &format!("{{name = \"svc-{i}\", port = {}, tags = {{team = \"web\"}}, enabled = false}},\n", 8000 + i)
        }
    }
    v.push(']');
    v
}

/// The fastest of `runs` runs of `f`, and its last result.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        last = Some(r);
    }
    (best, last.unwrap())
}

/// User + system CPU time of this process so far, in clock ticks (Linux).
fn cpu_ticks() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let runs: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let ty = "list(object({name=string, port=number, tags=map(string), enabled=optional(bool, true)}))";
    let v = workload(n);
    eprintln!(
        "sizes: Value {} Kind {} Type {} Number {}",
        std::mem::size_of::<tftype::Value>(),
        std::mem::size_of::<tftype::value::Kind>(),
        std::mem::size_of::<tftype::Type>(),
        std::mem::size_of::<tftype::number::Number>()
    );
    let profile = tftype::flavor::Profile::default();
    let c0 = cpu_ticks();
    let (t_type, tc) = best(runs, || tftype::typeexpr::parse_variable_type(Some(ty)).unwrap());
    let (t_parse, pv) = best(runs, || {
        tftype::valueparse::parse_value_spans(&v, tftype::ValueFormat::Hcl, false, false, &profile).unwrap()
    });
    let (t_def, d) = best(runs, || tc.defaults.as_ref().unwrap().apply(&pv.value, &profile));
    let (t_conv, c) = best(runs, || tftype::convert::convert(&d, &tc.ty, &profile).unwrap());
    let (t_expl, _e) = best(runs, || tftype::convert::explain(&d, &tc.ty, 200, &profile));
    let (t_console, s) = best(runs, || tftype::render::console(&c));
    let (t_json, j) = best(runs, || tftype::render::json_value(&c));
    let req = tftype::Request::new(Some(ty), &v);
    let c1 = cpu_ticks();
    let (t_eval, r) = best(runs, || tftype::evaluate(&req));
    let c2 = cpu_ticks();
    let tick_ms = 10.0; // USER_HZ = 100 on Linux
    let per_eval = match (c1, c2) {
        (Some(a), Some(b)) => format!("{:.0} ms", (b - a) as f64 * tick_ms / runs as f64),
        _ => "?".into(),
    };
    let stages_cpu = match (c0, c1) {
        (Some(a), Some(b)) => format!("{:.0} ms", (b - a) as f64 * tick_ms / runs as f64),
        _ => "?".into(),
    };
    println!(
        "n={n} best of {runs}: type {:?} parse {:?} defaults {:?} convert {:?} explain {:?} console {:?} json {:?} | evaluate {:?} ok={} ({} {})",
        t_type, t_parse, t_def, t_conv, t_expl, t_console, t_json, t_eval, r.ok, s.len(), j.len()
    );
    println!("cpu per run: stages {stages_cpu}, evaluate {per_eval}");
}
