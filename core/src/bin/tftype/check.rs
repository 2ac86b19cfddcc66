//! `tftype check`: reads a module directory, the local modules it calls and
//! its value sources from disk (nothing is written or run), checks it with
//! [`tftype::module`] (module calls included) and prints the report in the
//! chosen form.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use tftype::flavor::{describe_group, Flavor, FLAVORS};
use tftype::i18n::{fill, Lang};
use tftype::module::{self, output, CheckDiag, CheckInput, CheckOptions, CheckReport};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Terraform's own diagnostic text
    Human,
    /// The shape of `terraform validate -json`
    Json,
    /// SARIF 2.1.0, for code scanning
    Sarif,
    /// GitHub Actions annotations
    Github,
}

#[derive(Args)]
pub struct CheckArgs {
    /// Root module directories (default: the current directory)
    dirs: Vec<PathBuf>,
    /// A variables file, read after the automatic ones (repeatable, in order with --var)
    #[arg(long = "var-file", value_name = "FILE")]
    var_files: Vec<String>,
    /// A variable value, NAME=VALUE (repeatable, in order with --var-file)
    #[arg(long = "var", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    vars: Vec<String>,
    /// The product version (see `tftype flavors`)
    #[arg(long, value_parser = crate::cli::flavor_arg)]
    flavor: Option<String>,
    /// Check under every version and group those that agree
    #[arg(long, conflicts_with = "flavor")]
    all_flavors: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: OutputFormat,
    /// Print each variable's final value as `terraform console` shows it
    #[arg(long)]
    print_effective: bool,
    /// The language of tftype's own words
    #[arg(long, value_parser = crate::cli::lang_arg, default_value = "en")]
    lang: Lang,
}

/// Files larger than this are not read (a diagnostic says so).
const MAX_FILE_BYTES: u64 = 256 << 20;

/// One file read from disk: its text, or a diagnostic.
fn read_text(path: &Path, shown: &str) -> Result<String, Box<CheckDiag>> {
    let unreadable = |e: String| Box::new(CheckDiag::error("Failed to read file", format!("The file {shown} could not be read: {e}."), None));
    let f = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    let meta = f.metadata().map_err(|e| unreadable(e.to_string()))?;
    if meta.is_dir() {
        return Err(unreadable("it is a directory".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Box::new(CheckDiag::error("File too large", format!("The file {shown} has {} bytes; tftype reads files of at most {} MB.", meta.len(), MAX_FILE_BYTES >> 20), None)));
    }
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| unreadable(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        Box::new(CheckDiag::error(
            "Invalid character encoding",
            format!("All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor. ({shown}: byte {} is not UTF-8.)", e.utf8_error().valid_up_to() + 1),
            None,
        ))
    })
}

/// Whether `name` (a file in the module directory) is read by a check.
fn wanted(name: &str) -> bool {
    module::decl::is_config_file(name) || name == "terraform.tfvars" || name == "terraform.tfvars.json" || name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json")
}

/// At most this many called module directories are read.
const MAX_MODULE_DIRS: usize = 1000;

/// Reads the `.tf` files of the local modules the root module calls (and
/// that those call), as core finds them ([`module::calls::local_module_dirs`]),
/// keyed by their path relative to the root module's directory. A directory
/// is read once, by its canonical path, so a symlink loop ends; a missing one
/// is left for the check to note.
fn read_module_dirs(root: &Path, input: &mut CheckInput, problems: &mut Vec<CheckDiag>) {
    let p = tftype::flavor::Profile::default();
    let mut seen: std::collections::BTreeSet<PathBuf> = root.canonicalize().into_iter().collect();
    let mut keys = std::collections::BTreeSet::from([String::new()]);
    let mut queue = std::collections::VecDeque::from([String::new()]);
    while let Some(dir) = queue.pop_front() {
        for sub in module::calls::local_module_dirs(&input.files, &dir, &p) {
            if keys.len() > MAX_MODULE_DIRS || !keys.insert(sub.clone()) {
                continue;
            }
            let path = root.join(&sub);
            if !path.canonicalize().is_ok_and(|c| seen.insert(c)) {
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&path) else { continue };
            let mut names: Vec<String> = entries.flatten().filter_map(|e| e.file_name().into_string().ok()).filter(|n| module::decl::is_config_file(n)).collect();
            names.sort();
            for name in names {
                let key = format!("{sub}/{name}");
                match read_text(&path.join(&name), &key) {
                    Ok(t) => {
                        input.files.insert(key, t);
                    }
                    Err(d) => problems.push(*d),
                }
            }
            queue.push_back(sub);
        }
    }
}

/// The module's input: its files, the value sources in command-line order
/// (clap keeps each flag's order; their relative order comes from the
/// indices), and `TF_VAR_*` from the environment. Problems reading files
/// come back as diagnostics.
fn input_for(dir: &Path, argv_order: &[(usize, bool, String)]) -> Result<(CheckInput, Vec<CheckDiag>), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read the directory {}: {e}", dir.display()))?;
    let mut input = CheckInput::default();
    let mut problems = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for e in entries.flatten() {
        if let Ok(name) = e.file_name().into_string() {
            if wanted(&name) {
                names.push(name);
            }
        }
    }
    names.sort();
    for name in names {
        match read_text(&dir.join(&name), &name) {
            Ok(t) => {
                input.files.insert(name, t);
            }
            Err(d) => problems.push(*d),
        }
    }
    read_module_dirs(dir, &mut input, &mut problems);
    for (_, is_file, value) in argv_order {
        if *is_file {
            // Terraform reads a -var-file relative to the working directory.
            if !input.files.contains_key(value) && Path::new(value).exists() {
                match read_text(Path::new(value), value) {
                    Ok(t) => {
                        input.files.insert(value.clone(), t);
                    }
                    Err(d) => problems.push(*d),
                }
            }
            input.args.push(vec!["-var-file".into(), value.clone()]);
        } else {
            input.args.push(vec!["-var".into(), value.clone()]);
        }
    }
    for (k, v) in std::env::vars_os() {
        if let (Ok(k), Ok(v)) = (k.into_string(), v.into_string()) {
            if k.starts_with("TF_VAR_") {
                input.env.insert(k, v);
            }
        }
    }
    Ok((input, problems))
}

/// `--var` and `--var-file` in the order they were given.
fn argv_order() -> Vec<(usize, bool, String)> {
    let args: Vec<String> = std::env::args_os().filter_map(|a| a.into_string().ok()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let (is_file, inline) = if let Some(v) = a.strip_prefix("--var-file=") {
            (Some(true), Some(v.to_string()))
        } else if let Some(v) = a.strip_prefix("--var=") {
            (Some(false), Some(v.to_string()))
        } else if a == "--var-file" {
            (Some(true), None)
        } else if a == "--var" {
            (Some(false), None)
        } else {
            (None, None)
        };
        if let Some(f) = is_file {
            match inline {
                Some(v) => out.push((i, f, v)),
                None => {
                    if let Some(v) = args.get(i + 1) {
                        out.push((i, f, v.clone()));
                        i += 1;
                    }
                }
            }
        }
        i += 1;
    }
    out
}

fn print_report(r: &CheckReport, input: &CheckInput, dir: &str, a: &CheckArgs) {
    match a.format {
        OutputFormat::Human => {
            print!("{}", output::human(r, input, std::io::stdout().is_terminal(), a.lang));
            if a.print_effective {
                print!("{}", output::effective(r, a.lang));
            }
        }
        OutputFormat::Json => println!("{}", output::validate_json(r)),
        OutputFormat::Sarif => println!("{}", serde_json::to_string_pretty(&output::sarif(r, dir)).unwrap_or_default()),
        OutputFormat::Github => print!("{}", output::github(r, dir)),
    }
}

/// The CLI checks module calls too.
const CALLS: CheckOptions = CheckOptions { module_calls: true };

/// One verdict per group of versions that answer alike.
fn all_flavors(input: &CheckInput, lang: Lang) -> (String, bool) {
    let mut groups: Vec<(String, Vec<&'static str>, bool)> = Vec::new();
    for f in &FLAVORS {
        let r = module::check_with(input, &f.profile(), CALLS);
        let key = module::report::report_json("null", &r);
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(f.name),
            None => groups.push((key, vec![f.name], r.ok)),
        }
    }
    let mut out = String::new();
    let mut any_error = false;
    for (_, names, ok) in &groups {
        let flavors = describe_group(names);
        let r = module::check_with(input, &Flavor::lookup(names[0]).expect("listed").profile(), CALLS);
        if *ok {
            out += &fill(lang, "check.verdict_ok", &[("flavors", &flavors)]);
        } else {
            any_error = true;
            let summary = r.diagnostics.iter().find(|d| d.is_error()).map(|d| format!("{} ({})", d.summary, d.detail.lines().next().unwrap_or(""))).unwrap_or_default();
            out += &fill(lang, "check.verdict_failed", &[("flavors", &flavors), ("summary", &summary)]);
        }
        out.push('\n');
    }
    (out, any_error)
}

/// Exit codes: 0 no error, 1 errors found, 2 usage or I/O problem.
pub fn run(a: CheckArgs) -> i32 {
    let order = argv_order();
    let dirs = if a.dirs.is_empty() { vec![PathBuf::from(".")] } else { a.dirs.clone() };
    let profile = Flavor::lookup(a.flavor.as_deref().unwrap_or(tftype::flavor::DEFAULT)).expect("checked by clap").profile();
    let mut code = 0;
    for dir in &dirs {
        let shown = dir.display().to_string();
        let (input, problems) = match input_for(dir, &order) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("tftype check: {e}");
                code = 2;
                continue;
            }
        };
        if !input.files.keys().any(|n| module::decl::is_config_file(n)) && problems.is_empty() {
            eprintln!("tftype check: {}", fill(a.lang, "check.no_module", &[("dir", &shown)]));
            code = code.max(2);
            continue;
        }
        if a.all_flavors {
            let (text, failed) = all_flavors(&input, a.lang);
            print!("{text}");
            if failed {
                code = code.max(1);
            }
            continue;
        }
        let mut r = module::check_with(&input, &profile, CALLS);
        if let Some(e) = &r.input_error {
            eprintln!("tftype check: {e}");
            code = 2;
            continue;
        }
        if !problems.is_empty() {
            let mut all = problems;
            all.append(&mut r.diagnostics);
            r.diagnostics = all;
            r.ok = false;
        }
        print_report(&r, &input, &shown, &a);
        if !r.ok {
            code = code.max(1);
        }
    }
    code
}
