use super::*;
use crate::types::Type;
use crate::value::Kind;

/// cty's JSON form of a value with its type (`ctyjson.Marshal(v, DynamicPseudoType)`), marks ignored.
fn cty_json(v: &Value) -> String {
    format!(
        "{{\"value\":{},\"type\":{}}}",
        json_value(v),
        json_type(&v.ty)
    )
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn json_value(v: &Value) -> String {
    match &v.kind {
        Kind::Null => "null".into(),
        Kind::Unknown => "\"<unknown>\"".into(),
        Kind::Bool(b) => b.to_string(),
        Kind::Number(n) => n.to_text_f(),
        Kind::String(s) => json_str(s),
        Kind::Seq(es) => format!(
            "[{}]",
            es.iter().map(json_value).collect::<Vec<_>>().join(",")
        ),
        Kind::Attrs(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, e)| format!("{}:{}", json_str(k), json_value(e)))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

fn json_type(t: &Type) -> String {
    match t {
        Type::Bool => "\"bool\"".into(),
        Type::Number => "\"number\"".into(),
        Type::String => "\"string\"".into(),
        Type::Dynamic => "\"dynamic\"".into(),
        Type::List(e) => format!("[\"list\",{}]", json_type(e)),
        Type::Map(e) => format!("[\"map\",{}]", json_type(e)),
        Type::Set(e) => format!("[\"set\",{}]", json_type(e)),
        Type::Object(o) => {
            format!(
                "[\"object\",{{{}}}]",
                o.attrs
                    .iter()
                    .map(|(k, t)| format!("{}:{}", json_str(k), json_type(t)))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
        Type::Tuple(ts) => format!(
            "[\"tuple\",[{}]]",
            ts.iter().map(json_type).collect::<Vec<_>>().join(",")
        ),
    }
}

fn sensitive_paths(v: &Value, path: String, out: &mut Vec<String>) {
    if v.marks.sensitive {
        out.push(path.clone());
    }
    match &v.kind {
        Kind::Seq(es) => {
            for (i, e) in es.iter().enumerate() {
                sensitive_paths(e, format!("{path}[{i}]"), out);
            }
        }
        Kind::Attrs(m) => {
            for (k, e) in m {
                let p = if v.ty.is_object() {
                    format!("{path}.{k}")
                } else {
                    format!("{path}[{}]", json_str(k))
                };
                sensitive_paths(e, p, out);
            }
        }
        _ => {}
    }
}

fn known_deep(v: &Value) -> bool {
    match &v.kind {
        Kind::Unknown => false,
        Kind::Seq(es) => es.iter().all(known_deep),
        Kind::Attrs(m) => m.values().all(known_deep),
        _ => true,
    }
}

/// One result line in the differential checker's format.
fn dump(src: &str, format: &str) -> serde_json::Value {
    let f = match format {
        "tfvars" => ValueFormat::Tfvars,
        "json" => ValueFormat::Json,
        "ctyjson" => ValueFormat::Ctyjson,
        "cli" => ValueFormat::Cli,
        _ => ValueFormat::Hcl,
    };
    match parse_value(src, f, false) {
        Ok(pv) => {
            let mut sens = Vec::new();
            sensitive_paths(&pv.value, String::new(), &mut sens);
            let known = known_deep(&pv.value);
            let json = if pv.value.is_null() && pv.value.ty.is_dynamic() {
                "null".to_string()
            } else if known {
                cty_json(&pv.value)
            } else {
                format!("unknown {}", json_type(&pv.value.ty))
            };
            let mut o = serde_json::json!({"ok": true, "range": pv.src_range.unwrap_or_default(), "known": known, "json": json});
            if !sens.is_empty() {
                o["sensitive"] = serde_json::json!(sens);
            }
            o
        }
        Err(ds) => serde_json::json!({"ok": false, "diags": ds.iter().map(|d| serde_json::json!({
            "summary": d.summary, "detail": d.detail,
            "start": d.range.as_ref().map(|r| r.start), "end": d.range.as_ref().map(|r| r.end)})).collect::<Vec<_>>()}),
    }
}

/// Differential run: `TFTYPE_VALUE_CASES=in.jsonl cargo test -p tftype value_dump -- --ignored`
/// writes `in.jsonl.actual` (compare with the Go checker's output).
#[test]
#[ignore]
fn value_dump() {
    let path = std::env::var("TFTYPE_VALUE_CASES").expect("TFTYPE_VALUE_CASES");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let r = dump(
            c["value"].as_str().unwrap(),
            c["format"].as_str().unwrap_or("hcl"),
        );
        out.push_str(&r.to_string());
        out.push('\n');
    }
    std::fs::write(format!("{path}.actual"), out).unwrap();
}

/// Runs `f` on a thread with a 1 MiB stack, as small as a wasm stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn deep_nesting_is_rejected_with_a_diagnostic_not_a_stack_overflow() {
    let cases: Vec<(String, ValueFormat)> = vec![
        (
            format!("{}{}", "[".repeat(10_000), "]".repeat(10_000)),
            ValueFormat::Hcl,
        ),
        (
            format!("{}1{}", "{a=".repeat(10_000), "}".repeat(10_000)),
            ValueFormat::Hcl,
        ),
        (
            format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000)),
            ValueFormat::Tfvars,
        ),
        (format!("{}true", "!".repeat(10_000)), ValueFormat::Hcl),
        (format!("{}1", "-".repeat(10_000)), ValueFormat::Cli),
        (
            format!("{}x{}", "\"${".repeat(10_000), "}\"".repeat(10_000)),
            ValueFormat::Hcl,
        ),
        (
            format!(
                "tolist({}1{})",
                "tolist(".repeat(10_000),
                ")".repeat(10_000)
            ),
            ValueFormat::Hcl,
        ),
        (format!("[1]{}", "[(0)]".repeat(10_000)), ValueFormat::Hcl),
        (format!("1{}", " + 1".repeat(10_000)), ValueFormat::Hcl),
        (
            format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)),
            ValueFormat::Json,
        ),
        (
            format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)),
            ValueFormat::Ctyjson,
        ),
    ];
    for (src, f) in cases {
        let r = on_small_stack(move || {
            parse_value(&src, f, false)
                .map(|_| ())
                .map_err(|d| d[0].summary.clone())
        });
        assert_eq!(r, Err("Value too deeply nested".to_string()), "{f:?}");
    }
}

#[test]
fn nesting_up_to_the_limit_is_accepted_on_a_small_stack() {
    let n = 120;
    let src = format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let depth = on_small_stack(move || {
        let pv = parse_value(&src, ValueFormat::Hcl, false).unwrap();
        let mut d = 0;
        let mut v = &pv.value;
        while let Some(e) = v.elements().and_then(|e| e.first()) {
            d += 1;
            v = e;
        }
        d
    });
    assert_eq!(depth, n);
}

#[test]
#[ignore]
fn stack_probe() {
    let n: usize = std::env::var("N")
        .map(|s| s.parse().unwrap())
        .unwrap_or(128);
    let shapes: Vec<(&str, String)> = vec![
        ("tuple", format!("{}1{}", "[".repeat(n), "]".repeat(n))),
        ("object", format!("{}1{}", "{a=".repeat(n), "}".repeat(n))),
        ("parens", format!("{}1{}", "(".repeat(n), ")".repeat(n))),
        ("not", format!("{}true", "!".repeat(n))),
        (
            "template",
            format!("{}x{}", "\"${".repeat(n), "}\"".repeat(n)),
        ),
        (
            "call",
            format!("{}1{}", "tolist([".repeat(n / 2), "])".repeat(n / 2)),
        ),
        ("index", format!("[1]{}", "[0]".repeat(n))),
        ("plus", format!("1{}", " + 1".repeat(n))),
        (
            "cond",
            format!("{}1{}", "true ? ".repeat(n), " : 2".repeat(n)),
        ),
        (
            "for",
            format!("{}1{}", "[for x in ".repeat(n), ": x]".repeat(n)),
        ),
    ];
    let only = std::env::var("SHAPE").ok();
    for (name, src) in shapes {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let ok = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                parse_value(&src, ValueFormat::Hcl, false)
                    .map(|_| ())
                    .map_err(|d| d[0].summary.clone())
            })
            .unwrap()
            .join();
        eprintln!("{name} n={n} ok={ok:?}");
    }
}

#[test]
#[ignore]
fn sizes_probe() {
    eprintln!(
        "Expr {} ExprKind {} Value {} Token {}",
        std::mem::size_of::<ast::Expr>(),
        std::mem::size_of::<ast::ExprKind>(),
        std::mem::size_of::<Value>(),
        std::mem::size_of::<lex::Token>()
    );
}

/// Timing probe (not a test of time): `cargo test --release -p tftype perf_probe -- --ignored --nocapture`.
#[test]
#[ignore]
fn perf_probe() {
    let objs: Vec<String> = (0..20_000)
        .map(|i| format!("{{name = \"n{i}\", port = {i}, tags = [\"a\", \"b\"], on = true}}"))
        .collect();
    let big = format!("[{}]", objs.join(", "));
    let json_objs: Vec<String> = (0..20_000)
        .map(|i| {
            format!("{{\"name\": \"n{i}\", \"port\": {i}, \"tags\": [\"a\", \"b\"], \"on\": true}}")
        })
        .collect();
    let big_json = format!("[{}]", json_objs.join(", "));
    let long_string = format!("\"{}\"", "abcdefghij".repeat(1_000_000));
    let many_numbers = format!(
        "[{}]",
        (0..1_000_000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let brackets = "[".repeat(10_000_000);
    let heredoc = format!("<<EOT\n{}EOT", "some text here\n".repeat(600_000));
    for (name, src, f) in [
        ("20k objects hcl", &big, ValueFormat::Hcl),
        ("20k objects json", &big_json, ValueFormat::Json),
        ("10MB string", &long_string, ValueFormat::Hcl),
        ("1M numbers (6.9MB)", &many_numbers, ValueFormat::Hcl),
        ("10MB of [", &brackets, ValueFormat::Hcl),
        ("9MB heredoc", &heredoc, ValueFormat::Hcl),
    ] {
        for _ in 0..3 {
            let t = CpuTimer(cpu_now());
            let r = parse_value(src, f, false);
            eprintln!("{name}: {:?} ok={}", t.elapsed(), r.is_ok());
        }
    }
}

#[test]
#[ignore]
fn phase_probe() {
    for _ in 0..3 {
        phase_probe_once();
    }
}

/// CPU time of this thread (the machine is shared, so wall time misleads).
fn cpu_now() -> std::time::Duration {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    }
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // CLOCK_THREAD_CPUTIME_ID = 3 on Linux.
    unsafe { clock_gettime(3, &mut ts) };
    std::time::Duration::new(ts.sec as u64, ts.nsec as u32)
}

struct CpuTimer(std::time::Duration);
impl CpuTimer {
    fn elapsed(&self) -> std::time::Duration {
        cpu_now() - self.0
    }
}

fn phase_probe_once() {
    let objs: Vec<String> = (0..20_000)
        .map(|i| format!("{{name = \"n{i}\", port = {i}, tags = [\"a\", \"b\"], on = true}}"))
        .collect();
    let src = format!("[{}]", objs.join(", "));
    let file = format!("v = {src}\n");
    let t = CpuTimer(cpu_now());
    let mut l = lex::Lexer::new(&file);
    let mut n = 0;
    while l.next_token().kind != lex::Tok::Eof {
        n += 1;
    }
    eprintln!("lex {n} tokens: {:?}", t.elapsed());
    let t = CpuTimer(cpu_now());
    let mut p = Parser::new(&file, "terraform.tfvars");
    let e = p.parse_tfvars_attribute().unwrap();
    eprintln!("parse: {:?}", t.elapsed());
    let t = CpuTimer(cpu_now());
    let v = evaluate(&e, true).unwrap();
    eprintln!("eval: {:?}", t.elapsed());
    let t = CpuTimer(cpu_now());
    let s = spans(&e, 4, src.len());
    eprintln!("spans: {:?} {}", t.elapsed(), s.kids.len());
    let t = CpuTimer(cpu_now());
    drop(v);
    drop(e);
    eprintln!("drop: {:?}", t.elapsed());
    let t = CpuTimer(cpu_now());
    for i in 0..20_000 {
        let _ = crate::number::Number::parse_literal(&i.to_string());
    }
    eprintln!("20k number parses: {:?}", t.elapsed());
}

#[test]
#[ignore]
fn machine_probe() {
    for _ in 0..3 {
        let t = CpuTimer(cpu_now());
        let v: Vec<String> = (0..300_000).map(|i| format!("n{i}")).collect();
        let a = t.elapsed();
        drop(v);
        eprintln!("300k small strings: alloc {a:?}, total {:?}", t.elapsed());
        let t = CpuTimer(cpu_now());
        let mut m = std::collections::BTreeMap::new();
        for i in 0..20_000 {
            let mut o = std::collections::BTreeMap::new();
            for k in ["name", "port", "tags", "on"] {
                o.insert(k.to_string(), i);
            }
            m.insert(i.to_string(), o);
        }
        drop(m);
        eprintln!("20k btreemaps of 4: {:?}", t.elapsed());
    }
}
