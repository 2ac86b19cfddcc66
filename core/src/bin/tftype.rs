//! The `tftype` command line.
//!
//!   tftype batch < cases.jsonl > results.jsonl   (the oracle's case/result schema)
//!   tftype eval TYPE VALUE [--format F] [--flavor F] [--all-flavors] [--sensitive] [--non-nullable]
//!   tftype eval --no-type VALUE [options]        (a variable without a `type` argument)
//!   tftype eval TYPE VALUE --emit KIND [--converted] [--name NAME]
//!                                                (the value written back, see `tftype::writeback`)
//!   tftype explain TYPE VALUE [options] [--lang en|zh|ja]
//!                                                (the story: what the version did, and why)
//!   tftype flavors                               (the product versions, with their pins)
//!   tftype link TYPE VALUE [options] [--lang L] [--tab T] [--base URL]
//!                                                (a playground link with readable parameters)

use std::io::{BufRead, Write};

use tftype::{evaluate, Request};

fn main() {
    // Arguments that are not UTF-8 are refused with a message (never a panic).
    let mut args: Vec<String> = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(_) => {
                eprintln!("argument {} is not valid UTF-8", i + 1);
                std::process::exit(2);
            }
        }
    }
    let code = match args.first().map(String::as_str) {
        Some("batch") => batch(),
        Some("eval") => eval(&args[1..], false),
        Some("explain") => eval(&args[1..], true),
        Some("flavors") => flavors(),
        Some("link") => link(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            2
        }
    };
    std::process::exit(code);
}

/// Runs `f` on a thread with a generous stack, turning a panic into an error.
fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let h = std::thread::Builder::new().stack_size(64 << 20).spawn(f).map_err(|e| e.to_string())?;
    h.join().map_err(|p| {
        p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned()).unwrap_or_else(|| "panic".into())
    })
}

const USAGE: &str = "usage: tftype batch < cases.jsonl
       tftype eval TYPE VALUE [--format hcl|tfvars|json|ctyjson|cli] [--flavor NAME | --all-flavors] [--sensitive] [--non-nullable]
       tftype eval --no-type VALUE [options]
       tftype eval TYPE VALUE [options] --emit tfvars|tfvars-json|var-bash|var-powershell|env-bash|env-powershell|module-arg|variable-block [--converted] [--name NAME]
       tftype explain TYPE VALUE [--format F] [--flavor NAME] [--sensitive] [--non-nullable] [--name NAME] [--lang en|zh|ja]
       tftype flavors
       tftype link TYPE VALUE [--format F] [--flavor NAME] [--name NAME] [--sensitive] [--non-nullable] [--lang en|zh|ja] [--tab T] [--base URL]
       tftype link --no-type VALUE [options]";

/// Where `tftype link` points without `--base` (or `TFTYPE_BASE_URL`): the
/// local playground of `./scripts/serve`.
const DEFAULT_BASE: &str = "http://127.0.0.1:8080/";

/// The flavor table: name, release, hcl and go-cty pins, and what differs.
fn flavors() -> i32 {
    use tftype::flavor::{Switch, FLAVORS};
    println!("{:<16} {:<9} {:<52} {:<8} differences from {}", "flavor", "release", "hcl", "go-cty", tftype::flavor::DEFAULT);
    let current = tftype::flavor::Flavor::default_flavor();
    for f in &FLAVORS {
        let diffs: Vec<String> = Switch::ALL
            .iter()
            .filter(|s| f.has(**s) != current.has(**s))
            .map(|s| format!("{}{}", if f.has(*s) { "+" } else { "without " }, s.describe()))
            .collect();
        println!("{:<16} {:<9} {:<52} {:<8} {}", f.name, f.release, f.hcl, f.cty, if diffs.is_empty() { "-".to_string() } else { diffs.join("; ") });
    }
    0
}

/// A link that opens the playground in the state the arguments describe.
fn link(args: &[String]) -> i32 {
    let no_type = args.first().is_some_and(|a| a == "--no-type");
    let positional = if no_type { 1 } else { 2 };
    if args.len() < usize::from(no_type) + positional {
        eprintln!("{USAGE}");
        return 2;
    }
    let mut req = if no_type { Request::new(None, &args[1]) } else { Request::new(Some(&args[0]), &args[1]) };
    let mut extras = tftype::link::Extras::default();
    let mut base = std::env::var("TFTYPE_BASE_URL").unwrap_or_else(|_| DEFAULT_BASE.to_string());
    let mut i = 2;
    while i < args.len() {
        let value = args.get(i + 1).cloned();
        match (args[i].as_str(), value) {
            ("--sensitive", _) => req.sensitive = true,
            ("--non-nullable", _) => req.nullable = false,
            ("--flavor", Some(v)) if tftype::flavor::Flavor::lookup(&v).is_some() => {
                req.flavor = Some(v);
                i += 1;
            }
            ("--format", Some(v)) => match serde_json::from_value(serde_json::Value::String(v.clone())) {
                Ok(f) => {
                    req.value_format = f;
                    i += 1;
                }
                Err(_) => {
                    eprintln!("unknown format {v}");
                    return 2;
                }
            },
            ("--name", Some(v)) => {
                req.var_name = v;
                i += 1;
            }
            ("--lang", Some(v)) if matches!(v.as_str(), "en" | "zh" | "ja") => {
                extras.lang = Some(v);
                i += 1;
            }
            ("--tab", Some(v)) => {
                extras.tab = Some(v);
                i += 1;
            }
            ("--base", Some(v)) => {
                base = v;
                i += 1;
            }
            (other, _) => {
                eprintln!("unknown or incomplete option {other}");
                return 2;
            }
        }
        i += 1;
    }
    println!("{}", tftype::link::url(&base, &req, &extras));
    0
}

/// `eval`, or with `explain` the story of the evaluation.
fn eval(args: &[String], explain: bool) -> i32 {
    let no_type = args.first().is_some_and(|a| a == "--no-type");
    let positional = if no_type { 1 } else { 2 };
    let skip = usize::from(no_type);
    if args.len() < skip + positional {
        eprintln!("{USAGE}");
        return 2;
    }
    let mut req = if no_type { Request::new(None, &args[1]) } else { Request::new(Some(&args[0]), &args[1]) };
    let mut all_flavors = false;
    let mut emit = None;
    let mut converted = false;
    let mut lang = tftype::i18n::Lang::En;
    let mut i = 2;
    while i < args.len() {
        match args[i].as_str() {
            "--sensitive" => req.sensitive = true,
            "--non-nullable" => req.nullable = false,
            "--all-flavors" => all_flavors = true,
            "--converted" => converted = true,
            "--lang" if i + 1 < args.len() => {
                i += 1;
                match tftype::i18n::Lang::parse(&args[i]) {
                    Some(l) => lang = l,
                    None => {
                        eprintln!("unknown language {}; known: en, zh, ja", args[i]);
                        return 2;
                    }
                }
            }
            "--name" if i + 1 < args.len() => {
                i += 1;
                req.var_name = args[i].clone();
            }
            "--emit" if i + 1 < args.len() => {
                i += 1;
                match tftype::writeback::EmitKind::parse(&args[i]) {
                    Some(k) => emit = Some(k),
                    None => {
                        let names: Vec<&str> = tftype::writeback::EmitKind::ALL.iter().map(|k| k.name()).collect();
                        eprintln!("unknown form {}; known forms: {}", args[i], names.join(", "));
                        return 2;
                    }
                }
            }
            "--flavor" if i + 1 < args.len() => {
                i += 1;
                if tftype::flavor::Flavor::lookup(&args[i]).is_none() {
                    eprintln!("unknown flavor {}; known flavors: {}", args[i], tftype::flavor::Flavor::names().join(", "));
                    return 2;
                }
                req.flavor = Some(args[i].clone());
            }
            "--format" if i + 1 < args.len() => {
                i += 1;
                match serde_json::from_value(serde_json::Value::String(args[i].clone())) {
                    Ok(f) => req.value_format = f,
                    Err(_) => {
                        eprintln!("unknown format {}", args[i]);
                        return 2;
                    }
                }
            }
            other => {
                eprintln!("unknown option {other}");
                return 2;
            }
        }
        i += 1;
    }
    if explain {
        return match guarded(move || tftype::why::to_text(&tftype::why::story(&req, lang))) {
            Ok(text) => {
                print!("{text}");
                0
            }
            Err(p) => {
                eprintln!("internal error: {p}");
                3
            }
        };
    }
    if let Some(kind) = emit {
        return match guarded(move || tftype::writeback::emit(&req, kind, converted)) {
            Ok(Ok(e)) => {
                print!("{}", e.text);
                if !e.text.ends_with('\n') {
                    println!();
                }
                if let Some(n) = e.note {
                    eprintln!("Note: {n}");
                }
                0
            }
            Ok(Err(r)) => {
                eprintln!("Cannot write it as {}: {}", kind.name(), r.message());
                1
            }
            Err(p) => {
                eprintln!("internal error: {p}");
                3
            }
        };
    }
    if all_flavors {
        return match guarded(move || tftype::versions::to_text(&tftype::versions::compare(&req))) {
            Ok(text) => {
                print!("{text}");
                0
            }
            Err(p) => {
                eprintln!("internal error: {p}");
                3
            }
        };
    }
    match guarded(move || evaluate(&req)) {
        Ok(r) if r.ok => {
            println!("{}", r.console.unwrap_or_default());
            eprintln!("type: {}", r.type_string.unwrap_or_default());
            for w in &r.warnings {
                eprintln!("Warning: {}\n\n{}", w.summary, w.detail);
            }
            0
        }
        Ok(r) => {
            eprintln!("Error: {}\n\n{}", r.summary.unwrap_or_default(), r.detail.unwrap_or_default());
            1
        }
        Err(p) => {
            eprintln!("internal error: {p}");
            3
        }
    }
}

/// One result line per case line. A line that is not UTF-8 gets an input
/// error of its own; the cases after it still run. Each result is written
/// out at once, so nothing already answered is lost if the process dies.
fn batch() -> i32 {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::LineWriter::new(stdout.lock());
    let mut input = stdin.lock();
    let mut n = 0;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("batch: reading the input failed: {e}");
                return 1;
            }
        }
        let result = match std::str::from_utf8(&buf) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => {
                n += 1;
                batch_line(line.trim_end_matches(['\n', '\r']), n)
            }
            Err(e) => {
                n += 1;
                let detail = format!("line {n}: not valid UTF-8 (byte {})", e.valid_up_to() + 1);
                format!("{{\"id\":null,\"ok\":false,\"stage\":\"input\",\"summary\":\"Input error\",\"detail\":{},\"path\":\"\"}}", js(&detail))
            }
        };
        if writeln!(out, "{result}").is_err() {
            return 1;
        }
    }
    let _ = out.flush();
    0
}

fn js(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// One case line in, one result line out (the oracle's schema, keys in its order).
pub fn batch_line(line: &str, n: usize) -> String {
    let case: serde_json::Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return format!("{{\"id\":null,\"ok\":false,\"stage\":\"input\",\"summary\":\"Input error\",\"detail\":{},\"path\":\"\"}}", js(&format!("line {n}: {e}"))),
    };
    if case.get("mode").and_then(|m| m.as_str()) == Some("expr") {
        let id = case.get("id").cloned().unwrap_or(serde_json::Value::Null).to_string();
        return match guarded(move || tftype::expr::evaluate_case(&case)) {
            Ok(r) => r,
            Err(p) => format!("{{\"id\":{id},\"ok\":false,\"stage\":\"panic\",\"summary\":\"Internal error\",\"detail\":{}}}", js(&p)),
        };
    }
    let id = case.get("id").cloned().unwrap_or(serde_json::Value::Null).to_string();
    // A flavored case's answer names its flavor right after the id.
    let id = match case.get("flavor").and_then(|f| f.as_str()) {
        Some(f) => format!("{id},\"flavor\":{}", js(f)),
        None => id,
    };
    let req: Request = match serde_json::from_value(case) {
        Ok(r) => r,
        Err(e) => return format!("{{\"id\":{id},\"ok\":false,\"stage\":\"input\",\"summary\":\"Input error\",\"detail\":{},\"path\":\"\"}}", js(&format!("line {n}: {e}"))),
    };
    match guarded(move || evaluate(&req)) {
        Ok(r) => tftype::batch::result_json(&id, &r, false),
        Err(p) => format!("{{\"id\":{id},\"ok\":false,\"stage\":\"panic\",\"summary\":\"Internal error\",\"detail\":{},\"path\":\"\"}}", js(&p)),
    }
}

