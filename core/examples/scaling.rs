//! How evaluation time grows with the input: each workload at sizes 10×
//! apart, the best of a few runs, and the ratio from one size to the next (10
//! means linear; 100 would mean quadratic).
//!
//!   cargo run --profile bench -p tftype --example scaling [-- --max 1000000]

use std::time::{Duration, Instant};

use tftype::{evaluate, Request, ValueFormat};

struct Workload {
    name: &'static str,
    ty: Option<&'static str>,
    format: ValueFormat,
    sizes: &'static [usize],
    make: fn(usize) -> String,
}

fn keys(n: usize, order: fn(usize, usize) -> usize) -> String {
    let mut s = String::from("{");
    for i in 0..n {
        s += &format!("k{:07} = {i}, ", order(i, n));
    }
    s.push('}');
    s
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "wide object, keys in random order",
        ty: Some("map(number)"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        make: |n| keys(n, |i, n| (i * 7_919) % n),
    },
    Workload {
        name: "wide object, keys in descending order",
        ty: Some("map(number)"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        make: |n| keys(n, |i, n| n - i),
    },
    Workload {
        name: "long list of numbers",
        ty: Some("list(number)"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        make: |n| format!("[{}]", (0..n).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")),
    },
    Workload {
        name: "list of objects with defaults",
        ty: Some("list(object({name=string, port=optional(number, 80)}))"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000],
        make: |n| format!("[{}]", (0..n).map(|i| format!("{{name = \"s{i}\"}}")).collect::<Vec<_>>().join(", ")),
    },
    Workload {
        name: "deep nesting (to the 128 limit)",
        ty: Some("any"),
        format: ValueFormat::Hcl,
        sizes: &[1, 10, 100],
        make: |n| format!("{}1{}", "[".repeat(n), "]".repeat(n)),
    },
    Workload {
        name: "duplicate keys (.tfvars.json)",
        ty: Some("any"),
        format: ValueFormat::Json,
        sizes: &[1_000, 10_000, 100_000],
        make: |n| format!("{{{}}}", (0..n).map(|i| format!("\"k\": {i}")).collect::<Vec<_>>().join(", ")),
    },
    Workload {
        name: "many diagnostics ([x, x, ...])",
        ty: Some("any"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000],
        make: |n| format!("[{}]", vec!["xé"; n].join(", ")),
    },
    Workload {
        name: "long string (non-ASCII)",
        ty: Some("string"),
        format: ValueFormat::Hcl,
        sizes: &[10_000, 100_000, 1_000_000, 10_000_000],
        make: |n| format!("\"{}\"", "aé".repeat(n / 3)),
    },
    Workload {
        name: "unterminated /* comments",
        ty: Some("any"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000],
        make: |n| "t/*u".repeat(n / 4),
    },
    Workload {
        name: "long number literal",
        ty: Some("number"),
        format: ValueFormat::Hcl,
        sizes: &[1_000, 10_000, 100_000],
        make: |n| "7".repeat(n),
    },
];

fn best(req: &Request) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        let r = evaluate(req);
        std::hint::black_box(&r);
        best = best.min(t.elapsed());
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max: usize = match args.as_slice() {
        [flag, v] if flag == "--max" => v.parse().unwrap_or(usize::MAX),
        _ => usize::MAX,
    };
    println!("{:<40} {:>10} {:>12} {:>7}", "workload", "size", "time", "ratio");
    for w in WORKLOADS {
        let mut prev: Option<Duration> = None;
        for &n in w.sizes.iter().filter(|&&n| n <= max) {
            let value = (w.make)(n);
            let req = Request { value_format: w.format, ..Request::new(w.ty, &value) };
            let t = best(&req);
            let ratio =
                prev.map_or(String::from("-"), |p| format!("{:.1}", t.as_secs_f64() / p.as_secs_f64().max(1e-9)));
            println!("{:<40} {:>10} {:>9.2} ms {:>7}", w.name, n, t.as_secs_f64() * 1e3, ratio);
            prev = Some(t);
        }
    }
}
