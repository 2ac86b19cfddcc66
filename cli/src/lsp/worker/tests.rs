//! The worker's checks with kept work against fresh ones (a file of its own:
//! it writes a module to a temporary directory, which the check's sources
//! may not).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tftype::flavor::Flavor;
use tftype::i18n::Lang;

use super::{Module, Open, Worker};

/// A small xorshift generator: the same edits on every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Values of every kind: right for some types, wrong for others, some
/// refused by the rules, one not parsing.
const VALUES: [&str; 12] =
    ["1", "-3", "\"a\"", "\"value-x\"", "true", "[\"a\", \"b\"]", "[]", "{ x = 1 }", "null", "1.50", "\"é\"", "[1,"];

fn declarations(rng: &mut Rng, n: usize) -> String {
    let types = ["string", "number", "bool", "list(string)", "map(number)"];
    let mut out = String::new();
    for i in 0..n {
        out += &format!("variable \"v{i}\" {{\n  type = {}\n", types[(i + rng.below(2)) % types.len()]);
        if rng.below(3) == 0 {
            out += "  default = null\n";
        }
        match rng.below(3) {
            0 => out += &format!("  validation {{\n    condition     = can(length(var.v{i}))\n    error_message = \"v{i} has no length.\"\n  }}\n"),
            1 if i > 0 => out += &format!("  validation {{\n    condition     = var.v{i} == var.v{}\n    error_message = \"v{i} differs.\"\n  }}\n", i - 1),
            _ => {}
        }
        out += "}\n";
    }
    out
}

/// A line of a value file: a declared name now and then misspelt (an
/// undeclared variable, with a note on it), or a value that does not
/// parse.
fn line(rng: &mut Rng, n: usize) -> String {
    let name = match rng.below(8) {
        0 => format!("v{}x", rng.below(n)),
        _ => format!("v{}", rng.below(n)),
    };
    let value = if rng.below(40) == 0 { VALUES[VALUES.len() - 1] } else { VALUES[rng.below(VALUES.len() - 1)] };
    format!("{name} = {value}\n")
}

fn values(rng: &mut Rng, n: usize) -> String {
    (0..rng.below(n + 2)).map(|_| line(rng, n)).collect()
}

/// One module's check as the server publishes it, as JSON text.
fn published(w: &mut Worker, m: &Module) -> String {
    let mut read = None;
    let files = w.check(m, Lang::En, false, &mut read);
    let files: Vec<(&Path, &lsp_types::PublishDiagnosticsParams)> =
        files.iter().map(|(p, d)| (p.as_path(), d)).collect();
    serde_json::to_string(&files).expect("diagnostics as JSON")
}

/// The server's edits cost what they change (kept work: parses,
/// variables' values, rules' outcomes, the notes): over random edits of
/// the open documents (a value changed, a line added or dropped, a
/// whole file rewritten, now and then the declarations), what the
/// worker publishes with the work it kept is byte for byte what a
/// worker that keeps nothing publishes.
#[test]
fn the_diagnostics_published_after_each_edit_are_those_of_a_fresh_check() {
    let n = 10;
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "tftype-lsp-kept-{}-{}",
        std::process::id(),
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let names = ["variables.tf", "a.auto.tfvars", "b.auto.tfvars", "terraform.tfvars", "prod.tfvars"];
    let mut texts: Vec<String> = names
        .iter()
        .map(|name| if name.ends_with(".tf") { declarations(&mut rng, n) } else { values(&mut rng, n) })
        .collect();
    for (name, text) in names.iter().zip(&texts) {
        std::fs::write(dir.join(name), text).unwrap();
    }
    // The documents open: the declarations, two automatic value files
    // and a value file read as a -var-file.
    let open = [0usize, 1, 3, 4];
    let mut rounds = Vec::new();
    for k in 0..120 {
        let f = open[rng.below(open.len())];
        let text = &mut texts[f];
        match (f, rng.below(5)) {
            (0, _) if rng.below(4) != 0 => {}
            (0, _) => *text = declarations(&mut rng, n),
            (_, 0) => *text = values(&mut rng, n),
            (_, 1) => text.insert_str(0, ["# c\n", "\n", "  \n"][rng.below(3)]),
            (_, 2) => {
                if let Some(end) = text.find('\n') {
                    text.replace_range(..=end, "");
                }
            }
            _ => {
                // One line replaced (or added).
                let mut lines: Vec<String> = text.lines().map(|l| format!("{l}\n")).collect();
                let at = rng.below(lines.len() + 1);
                let new = line(&mut rng, n);
                if at == lines.len() {
                    lines.push(new);
                } else {
                    lines[at] = new;
                }
                *text = lines.concat();
            }
        }
        let docs: Vec<(usize, Arc<String>)> = open.iter().map(|&i| (i, Arc::new(texts[i].clone()))).collect();
        rounds.push((k, docs));
    }
    for flavor in ["terraform@1.5", "terraform@1.16", "opentofu@1.12"] {
        let flavor = Flavor::lookup(flavor).unwrap();
        let module = |docs: &[(usize, Arc<String>)], version: i32| Module {
            dir: dir.clone(),
            flavor,
            open: docs
                .iter()
                .map(|(i, text)| Open {
                    path: dir.join(names[*i]),
                    rel: names[*i].to_string(),
                    text: text.clone(),
                    version,
                    var_file: names[*i] == "prod.tfvars",
                })
                .collect(),
        };
        let modules: Vec<Module> = rounds.iter().map(|(k, docs)| module(docs, *k)).collect();
        let run = |keep: bool, modules: Vec<Module>| {
            std::thread::Builder::new()
                .stack_size(crate::STACK)
                .spawn(move || {
                    if keep {
                        super::keep_parses();
                    }
                    let mut w = Worker::default();
                    let mut out = Vec::new();
                    for m in &modules {
                        if !keep {
                            w = Worker::default();
                        }
                        tftype::valueparse::kept::set_scope(&super::scope(&m.dir));
                        out.push(published(&mut w, m));
                        tftype::valueparse::kept::end_round();
                    }
                    let hits = tftype::valueparse::kept::hits_of("");
                    (out, hits)
                })
                .unwrap()
                .join()
                .unwrap()
        };
        let (fresh, _) = run(false, module_copies(&modules));
        let (kept, hits) = run(true, modules);
        for (k, (a, b)) in fresh.iter().zip(&kept).enumerate() {
            assert_eq!(a, b, "{}: edit {k}: the kept check published otherwise than a fresh one", flavor.name);
        }
        assert!(hits > 0, "{}: no work was kept", flavor.name);
        assert!(fresh.iter().any(|p| p.contains("tftype/note")), "no notes were published");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn module_copies(ms: &[Module]) -> Vec<Module> {
    ms.iter()
        .map(|m| Module {
            dir: m.dir.clone(),
            flavor: m.flavor,
            open: m
                .open
                .iter()
                .map(|o| Open {
                    path: o.path.clone(),
                    rel: o.rel.clone(),
                    text: o.text.clone(),
                    version: o.version,
                    var_file: o.var_file,
                })
                .collect(),
        })
        .collect()
}
