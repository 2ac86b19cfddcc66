//! `serde-anchor value FILE`: parse FILE as one JSON value and write it to stdout.
//! `serde-anchor case FILE`: parse FILE as a case line (`{"value": "<JSON text>", ...}`),
//! then parse its `value` string, and write that value to stdout.
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, path) = match args.as_slice() {
        [_, m, p] => (m.as_str(), p.as_str()),
        _ => {
            eprintln!("usage: serde-anchor value|case FILE");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(path).expect("read");
    let value: serde_json::Value = match mode {
        "case" => {
            let case: serde_json::Value = serde_json::from_str(&text).expect("case");
            serde_json::from_str(case["value"].as_str().expect("value string")).expect("value")
        }
        _ => serde_json::from_str(&text).expect("value"),
    };
    let out = serde_json::to_string(&value).expect("write");
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes()).expect("stdout");
    stdout.write_all(b"\n").expect("stdout");
}
