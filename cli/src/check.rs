//! `tftype check`: reads a module directory, the local modules it calls and
//! its value sources from disk (nothing is written or run), checks it with
//! [`tftype::module`] (module calls included) and prints the report in the
//! chosen form.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use tftype::flavor::{describe_group, Flavor};
use tftype::i18n::{fill, text, Lang};
use tftype::module::explain::Annotations;
use tftype::module::{self, output, CheckDiag, CheckInput, CheckOptions, CheckReport};
use tftype::render::go_quote;

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

/// Whose stories `--explain` tells.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainMode {
    /// Every variable's
    All,
    /// Only the variables that fail or that tftype has notes on
    Failing,
}

#[derive(Args)]
#[command(
    after_help = "Exit codes: 0 no errors, 1 errors found (files that cannot be read included; with --fail-on-notes: tftype's notes too), 2 a usage error or a directory with no module to check."
)]
pub struct CheckArgs {
    /// Module directories (default: the current directory); each is checked as a root module or, with no values for it and no provider, backend or cloud block, as a child module
    dirs: Vec<PathBuf>,
    /// A variables file, read after the automatic ones (repeatable, in order with --var)
    #[arg(long = "var-file", value_name = "FILE")]
    var_files: Vec<String>,
    /// A variable value, NAME=VALUE (repeatable, in order with --var-file)
    #[arg(long = "var", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    vars: Vec<String>,
    /// The product version: a name of `tftype flavors`, or a version as .terraform-version writes it (1.9.8, tofu@1.8); default: the module's version file, else the newest Terraform
    #[arg(long, value_parser = crate::args::flavor_arg)]
    flavor: Option<String>,
    /// Check under every version and group those that agree
    #[arg(long, conflicts_with = "flavor")]
    all_flavors: bool,
    /// The output's format
    #[arg(long, value_enum, default_value = "human")]
    format: OutputFormat,
    /// Print each variable's final value as `terraform console` shows it
    #[arg(long)]
    print_effective: bool,
    /// Tell each variable's story: what the version did with its value, and tftype's notes (--explain=failing: only the variables that fail or have notes)
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "all", value_name = "WHOSE")]
    explain: Option<ExplainMode>,
    /// List each inner module call's unchecked arguments (by default one line counts them)
    #[arg(long)]
    verbose: bool,
    /// Terraform's -compact-warnings: when there are no errors, only each warning's summary and place
    #[arg(long)]
    compact_warnings: bool,
    /// The playground's address for the link each failure carries (default: TFTYPE_BASE_URL; the human form falls back to the released playground, the other forms then give no links)
    #[arg(long)]
    base: Option<String>,
    /// The language of tftype's own words: en, zh or ja
    #[arg(long, value_parser = crate::args::lang_arg, default_value = "en")]
    lang: Lang,
    /// No colours, even on a terminal (also NO_COLOR)
    #[arg(long)]
    no_color: bool,
    /// Check it as a root module even with no value file, no --var-file/--var and no provider, backend or cloud block (else it is checked as a child module, as `terraform validate` does)
    #[arg(long)]
    root: bool,
    /// Exit with 1 when tftype has notes (a dropped attribute, a value for an undeclared variable, …), as for errors
    #[arg(long)]
    fail_on_notes: bool,
    /// The paths are changed files (as pre-commit passes them): check the module directory of each, once; a directory without .tf files is skipped
    #[arg(long)]
    files: bool,
}

impl CheckArgs {
    /// Colours and the frame of Terraform's diagnostics: only on a terminal,
    /// and neither with `--no-color` nor with `NO_COLOR` set to anything
    /// but the empty string (https://no-color.org).
    fn color(&self) -> bool {
        !self.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
    }
}

/// Files larger than this are not read (a diagnostic says so).
const MAX_FILE_BYTES: u64 = 256 << 20;

/// Who reads a file, and so which words Terraform uses when it cannot be read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reader {
    /// The configuration loader (`configs.Parser.LoadHCLFile`).
    Config,
    /// The variables files' reader (`command/meta_vars.go` `addVarsFromFile`).
    Vars,
}

/// An I/O error as Go's `os` package words it: `too many levels of symbolic links`.
fn go_error(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    #[cfg(target_os = "wasi")]
    let text = crate::wasi::glibc_words(&text).to_string();
    let mut cs = text.chars();
    let text: String = match cs.next() {
        Some(c) => c.to_lowercase().chain(cs).collect(),
        None => text,
    };
    // musl's words (wasm32-wasip1's libc, the static Linux builds) where they are not Go's.
    match text.as_str() {
        "symbolic link loop" => "too many levels of symbolic links".into(),
        "filename too long" => "file name too long".into(),
        "i/O error" => "input/output error".into(),
        _ => text,
    }
}

/// Terraform's diagnostic for a file it could not read; `op` and `why` are
/// what Go's error says (`open x: permission denied`).
fn unreadable(reader: Reader, shown: &str, op: &str, why: &str) -> Box<CheckDiag> {
    Box::new(match reader {
        Reader::Config => {
            CheckDiag::error("Failed to read file", format!("The file {} could not be read.", go_quote(shown)), None)
        }
        Reader::Vars => CheckDiag::error(
            "Failed to read variables file",
            format!("Error while reading {shown}: {op} {shown}: {why}."),
            None,
        ),
    })
}

/// One file read from disk: its text, or a diagnostic. Files found in a
/// directory are opened only when regular (a pipe or a device named
/// `.tfvars` would block or never end); a `--var-file` the user names may
/// also be a pipe (`--var-file <(sops -d …)`, `/dev/stdin`), as Terraform
/// reads it. At most [`MAX_FILE_BYTES`] are read.
fn read_text(path: &Path, shown: &str, reader: Reader, lang: Lang) -> Result<String, Box<CheckDiag>> {
    read_text_from(path, shown, reader, false, lang)
}

fn read_text_from(path: &Path, shown: &str, reader: Reader, named: bool, lang: Lang) -> Result<String, Box<CheckDiag>> {
    let meta = std::fs::metadata(path).map_err(|e| match (reader, e.kind()) {
        (Reader::Vars, std::io::ErrorKind::NotFound) => Box::new(CheckDiag::error(
            "Failed to read variables file",
            format!("Given variables file {shown} does not exist."),
            None,
        )),
        _ => unreadable(reader, shown, "open", &go_error(&e)),
    })?;
    if meta.is_dir() {
        return Err(unreadable(reader, shown, "read", "is a directory"));
    }
    if !meta.is_file() && !named {
        // tftype's own refusal, all in the reader's words (not spliced into Terraform's).
        let detail = fill(lang, "check.not_regular_file", &[("file", shown)]);
        return Err(Box::new(CheckDiag::error(text(lang, "check.not_regular_file_summary"), detail, None)));
    }
    let too_large = |bytes: u64| {
        let detail = fill(
            lang,
            "check.file_too_large",
            &[("file", shown), ("bytes", &bytes.to_string()), ("limit", &(MAX_FILE_BYTES >> 20).to_string())],
        );
        Box::new(CheckDiag::error(text(lang, "check.file_too_large_summary"), detail, None))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let f = std::fs::File::open(path).map_err(|e| unreadable(reader, shown, "open", &go_error(&e)))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| unreadable(reader, shown, "read", &go_error(&e)))?;
    // A pipe tells its size only by being read.
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        // hclsyntax's diagnostic for the first byte that is not UTF-8, at its place.
        let valid = e.utf8_error().valid_up_to();
        let prefix = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or_default();
        let mut texts = module::Texts::default();
        texts.add(shown, prefix);
        let mut subject = texts.subject(shown, &(valid..valid));
        subject.end.byte += 1;
        subject.end.column += 1;
        Box::new(CheckDiag::error(
            "Invalid character encoding",
            "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
            Some(subject),
        ))
    })?;
    // A binary file (a NUL byte: no text file has one) is hclsyntax's
    // "Invalid character" at its first NUL, once: the parser would repeat it
    // for every byte it cannot read.
    if let Some(nul) = text.find('\0') {
        let mut texts = module::Texts::default();
        texts.add(shown, &text);
        return Err(Box::new(CheckDiag::error(
            "Invalid character",
            "This character is not used within the language.",
            Some(texts.subject(shown, &(nul..nul + 1))),
        )));
    }
    Ok(text)
}

/// `Path::canonicalize` (on WebAssembly, where the standard library lacks
/// it, [`crate::wasi::canonicalize`]).
fn canonicalize(p: &Path) -> std::io::Result<PathBuf> {
    #[cfg(target_os = "wasi")]
    return crate::wasi::canonicalize(p);
    #[cfg(not(target_os = "wasi"))]
    p.canonicalize()
}

/// Whether `name` (a file in the module directory) is read by a check.
fn wanted(name: &str) -> bool {
    module::decl::is_config_file(name) || module::sources::is_auto_value_file(name)
}

/// At most this many called module directories are read.
const MAX_MODULE_DIRS: usize = 1000;

/// Reads the `.tf` files of the local modules the root module calls (and
/// that those call), as core finds them ([`module::calls::local_module_dirs`]),
/// keyed by their path relative to the root module's directory. A directory
/// is read once, by its canonical path, so a symlink loop ends; a missing one
/// is left for the check to note.
fn read_module_dirs(root: &Path, l: &mut Loaded, lang: Lang) {
    let p = tftype::flavor::Profile::default();
    let mut seen: std::collections::BTreeSet<PathBuf> = canonicalize(root).into_iter().collect();
    let mut keys = std::collections::BTreeSet::from([String::new()]);
    let mut queue = std::collections::VecDeque::from([String::new()]);
    while let Some(dir) = queue.pop_front() {
        for sub in module::calls::local_module_dirs(&l.input.files, &dir, &p) {
            if keys.len() > MAX_MODULE_DIRS || !keys.insert(sub.clone()) {
                continue;
            }
            let path = root.join(&sub);
            if !canonicalize(&path).is_ok_and(|c| seen.insert(c)) {
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&path) else { continue };
            for (name, real) in dir_names(entries, &|n| module::decl::is_config_file(n), &|n| {
                l.input.files.contains_key(&format!("{sub}/{n}"))
            }) {
                let key = format!("{sub}/{name}");
                match read_text(&path.join(&real), &key, Reader::Config, lang) {
                    Ok(t) => {
                        l.input.files.insert(key.clone(), t);
                    }
                    Err(d) => l.problems.push(*d),
                }
                l.own.insert(key);
            }
            queue.push_back(sub);
        }
    }
}

/// The module manifest `init` wrote (`$TF_DATA_DIR/modules/modules.json`,
/// `TF_DATA_DIR` relative to the module directory as with
/// `terraform -chdir=DIR`, default `.terraform`), put where core reads it
/// ([`module::installed::MANIFEST`]), and the configuration files of each
/// directory it records, keyed by the record's `Dir`. A `Dir` that is
/// absolute or leaves the module directory (`..`, or a symlink whose target
/// is outside) is not read: core notes the call as not read, and nothing
/// of it reaches any output.
fn read_installed(root: &Path, l: &mut Loaded, lang: Lang) {
    use module::installed;
    let data = std::env::var_os("TF_DATA_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| PathBuf::from(".terraform"), PathBuf::from);
    let path = root.join(&data).join("modules").join("modules.json");
    let Ok(meta) = std::fs::metadata(&path) else { return };
    let text = if meta.len() > installed::MAX_MANIFEST_BYTES as u64 {
        // Core says it is too large without it being read.
        " ".repeat(installed::MAX_MANIFEST_BYTES + 1)
    } else {
        match read_text(&path, installed::MANIFEST, Reader::Config, lang) {
            Ok(t) => t,
            Err(d) => {
                l.problems.push(*d);
                return;
            }
        }
    };
    let Ok(manifest) = installed::parse(&text) else {
        l.input.files.insert(installed::MANIFEST.to_string(), text);
        return;
    };
    l.input.files.insert(installed::MANIFEST.to_string(), text);
    let Ok(real_root) = root.canonicalize() else { return };
    for rec in manifest.records.values().take(MAX_MODULE_DIRS) {
        let Ok(sub) = &rec.dir else { continue };
        if sub.is_empty() || l.input.files.keys().any(|k| module::decl::is_config_file_in(k, sub)) {
            continue;
        }
        let dir = root.join(sub);
        let Ok(real) = dir.canonicalize() else { continue };
        if !real.starts_with(&real_root) {
            l.input.files.insert(format!("{sub}/{}", installed::OUTSIDE_MARKER), String::new());
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&real) else { continue };
        for (name, file) in dir_names(entries, &|n| module::decl::is_config_file(n), &|n| {
            l.input.files.contains_key(&format!("{sub}/{n}"))
        }) {
            let key = format!("{sub}/{name}");
            let at = real.join(&file);
            // A file that is itself a symlink out of the tree is not read
            // either (only a symlink is resolved: the directory is inside).
            let is_link = std::fs::symlink_metadata(&at).map_or(true, |m| m.file_type().is_symlink());
            if is_link && !at.canonicalize().is_ok_and(|c| c.starts_with(&real_root)) {
                continue;
            }
            match read_text(&at, &key, Reader::Config, lang) {
                Ok(t) => {
                    l.input.files.insert(key.clone(), t);
                }
                Err(d) => l.problems.push(*d),
            }
            l.own.insert(key);
        }
    }
}

/// The entries of a directory that `wanted` keeps, sorted by their bytes (as
/// Go sorts them), each with the name the check knows it by and its own
/// name. Directories are skipped (Terraform's configuration loader skips
/// them; a directory named `terraform.tfvars` is kept, for the variables
/// files' reader fails on it). A name that is not UTF-8 is read too, known
/// by its lossy form (`\xff` where `taken` already has that form).
fn dir_names(
    entries: std::fs::ReadDir,
    wanted: &dyn Fn(&str) -> bool,
    taken: &dyn Fn(&str) -> bool,
) -> Vec<(String, std::ffi::OsString)> {
    let mut found: Vec<std::ffi::OsString> = Vec::new();
    for e in entries.flatten() {
        let real = e.file_name();
        let name = real.to_string_lossy();
        if module::decl::is_config_file(&name) && e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        if wanted(&name) {
            found.push(real);
        }
    }
    found.sort();
    let mut out: Vec<(String, std::ffi::OsString)> = Vec::new();
    for real in found {
        let mut name = real.to_string_lossy().into_owned();
        if real.to_str().is_none() && (taken(&name) || out.iter().any(|(n, _)| *n == name)) {
            name = escaped_name(&real);
        }
        out.push((name, real));
    }
    out
}

/// A file name with each byte that is not UTF-8 written `\xNN`.
fn escaped_name(real: &std::ffi::OsStr) -> String {
    let bytes = real.as_encoded_bytes();
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out += chunk.valid();
        for b in chunk.invalid() {
            out += &format!("\\x{b:02x}");
        }
    }
    out
}

/// A module directory read from disk: the check's input, what could not be
/// read, and which names are the directory's own files (the others are
/// `--var-file`s, named from the working directory).
#[derive(Clone)]
pub(crate) struct Loaded {
    pub(crate) input: CheckInput,
    pub(crate) problems: Vec<CheckDiag>,
    own: std::collections::BTreeSet<String>,
}

/// The module's input: its files, the value sources in command-line order
/// (clap keeps each flag's order; their relative order comes from the
/// indices), and `TF_VAR_*` from the environment. Problems reading files
/// come back as diagnostics; Err: the directory cannot be listed.
pub(crate) fn input_for(
    dir: &Path,
    shown: &str,
    argv_order: &[(usize, bool, String)],
    var_files: &VarFiles,
    lang: Lang,
) -> Result<Loaded, Box<CheckDiag>> {
    let entries = std::fs::read_dir(dir).map_err(|_| {
        Box::new(CheckDiag::error(
            "Failed to read module directory",
            format!("Module directory {shown} does not exist or cannot be read."),
            None,
        ))
    })?;
    let mut l = Loaded { input: CheckInput::default(), problems: Vec::new(), own: Default::default() };
    for (name, real) in dir_names(entries, &wanted, &|_| false) {
        let reader = if module::decl::is_config_file(&name) { Reader::Config } else { Reader::Vars };
        match read_text(&dir.join(&real), &name, reader, lang) {
            Ok(t) => {
                l.input.files.insert(name.clone(), t);
            }
            Err(d) => l.problems.push(*d),
        }
        l.own.insert(name);
    }
    read_module_dirs(dir, &mut l, lang);
    read_installed(dir, &mut l, lang);
    for (_, is_file, value) in argv_order {
        if *is_file {
            // Terraform reads a -var-file relative to the working directory,
            // never the module's file of that name: one that names a module
            // file is known as `./NAME`, and when it does not exist it is
            // said here (the check would find the module's file). Another
            // that does not exist is the check's own diagnostic.
            let collides = l.own.contains(value) || l.own.contains(&module::sources::clean(value));
            let key = if collides && !value.starts_with("./") { format!("./{value}") } else { value.clone() };
            if !l.input.files.contains_key(&key) {
                match var_files.get(value) {
                    Some(Ok(t)) => {
                        l.input.files.insert(key.clone(), t.clone());
                    }
                    Some(Err(d)) => l.problems.push(d.clone()),
                    None if collides => l.problems.push(CheckDiag::error(
                        "Failed to read variables file",
                        format!("Given variables file {value} does not exist."),
                        None,
                    )),
                    None => {}
                }
            }
            l.input.args.push(vec!["-var-file".into(), key]);
        } else {
            l.input.args.push(vec!["-var".into(), value.clone()]);
        }
    }
    for (k, v) in std::env::vars_os() {
        if let (Ok(k), Ok(v)) = (k.into_string(), v.into_string()) {
            if k.starts_with("TF_VAR_") {
                l.input.env.insert(k, v);
            }
        }
    }
    Ok(l)
}

/// The `--var-file`s by name: their text, or why it cannot be read (None:
/// the file does not exist, which the check says in its own words).
pub(crate) type VarFiles = std::collections::BTreeMap<String, Result<String, CheckDiag>>;

/// Reads each `--var-file` once, whatever the number of directories checked:
/// a pipe (`<(…)`, `/dev/stdin`) can be read only once.
fn read_var_files(argv_order: &[(usize, bool, String)], lang: Lang) -> VarFiles {
    let mut out = VarFiles::new();
    for (_, is_file, value) in argv_order {
        if *is_file && !out.contains_key(value) && std::fs::symlink_metadata(value).is_ok() {
            out.insert(
                value.clone(),
                read_text_from(Path::new(value), value, Reader::Vars, true, lang).map_err(|d| *d),
            );
        }
    }
    out
}

/// `--var` and `--var-file` in the order they were given (up to `--`:
/// after it every word is a directory, as clap reads them).
fn argv_order() -> Vec<(usize, bool, String)> {
    argv_order_of(&crate::args::args().into_iter().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>())
}

fn argv_order_of(args: &[String]) -> Vec<(usize, bool, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            break;
        }
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

/// Writes to standard output; a reader that went away (`| head`) ends the
/// output quietly, not with a panic.
fn emit(s: &str) {
    let _ = std::io::stdout().lock().write_all(s.as_bytes());
}

/// One directory's output, joined with the others' at the end: text
/// (human, GitHub), a JSON document, or SARIF runs.
enum Piece {
    Text(String),
    Json(serde_json::Value),
    Runs(Vec<serde_json::Value>),
}

/// How a report is printed: the format's options and where files are.
struct Printer<'a> {
    a: &'a CheckArgs,
    input: &'a CheckInput,
    path_of: output::PathOf<'a>,
}

impl Printer<'_> {
    /// `flavor`: the version the report was checked as (SARIF's run names
    /// it), None when nothing was checked.
    fn print(&self, r: &CheckReport, ann: &Annotations, flavor: Option<&str>) -> Piece {
        let (a, input) = (self.a, self.input);
        match a.format {
            OutputFormat::Human => {
                let mut out = output::human_annotated(r, input, a.color(), a.lang, ann);
                if a.print_effective {
                    out += &output::effective(r, a.lang);
                }
                Piece::Text(out)
            }
            OutputFormat::Json => {
                let mut j = output::validate_json_annotated(r, ann);
                output::add_snippets(&mut j, r, input);
                Piece::Json(j)
            }
            OutputFormat::Sarif => {
                let mut run = output::sarif_run(r, input, self.path_of, ann, None);
                // The version checked as (no automationDetails: a run's category
                // stays when the default version moves on).
                if let Some(f) = flavor {
                    run["properties"] = serde_json::json!({"flavors": [f]});
                }
                Piece::Runs(vec![run])
            }
            OutputFormat::Github => Piece::Text(output::github_annotated(r, self.path_of, ann, None, a.lang)),
        }
    }

    /// `--all-flavors`: one verdict per group of versions that answer alike
    /// (human), or each group's report (json: `groups`; sarif: one run per
    /// group; github: the group before each title). Returns whether any
    /// group has an error.
    fn print_groups(&self, lang: Lang, options: &CheckOptions) -> (bool, Piece) {
        let input = self.input;
        let groups: Vec<(Vec<&'static str>, CheckReport)> =
            module::groups::check_every_flavor(input, options).into_iter().map(|g| (g.flavors, g.report)).collect();
        let none = Annotations::default();
        let failed = groups.iter().any(|g| !g.1.ok);
        let mut text = String::new();
        let mut emit = |s: &str| text += s;
        let piece = match self.a.format {
            OutputFormat::Human => {
                for (names, r) in &groups {
                    let flavors = tftype::versions::group_label(names, lang);
                    if r.ok {
                        emit(&format!("{}\n", fill(lang, "check.verdict_ok", &[("flavors", &flavors)])));
                    } else {
                        // Every error, one line each, under the verdict.
                        let errors: Vec<&CheckDiag> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
                        let n = output::count(lang, "errors", errors.len());
                        emit(&format!(
                            "{}\n",
                            fill(lang, "check.verdict_failed", &[("flavors", &flavors), ("errors", &n)])
                        ));
                        for d in errors {
                            let place =
                                d.subject.as_ref().map(|s| format!("{}: ", s.range_string())).unwrap_or_default();
                            let line = format!("  {place}{} ({})", d.summary, d.detail.lines().next().unwrap_or(""));
                            emit(&format!("{}\n", output::no_command_lines(output::neutralize(&line, false))));
                        }
                    }
                }
                None
            }
            OutputFormat::Json => {
                let gs: Vec<serde_json::Value> = groups
                    .iter()
                    .map(|(names, r)| serde_json::json!({"flavors": names, "label": describe_group(names), "report": output::validate_json(r)}))
                    .collect();
                Some(Piece::Json(serde_json::json!({"valid": !failed, "groups": gs})))
            }
            OutputFormat::Sarif => Some(Piece::Runs(
                groups.iter().map(|(names, r)| output::sarif_run(r, input, self.path_of, &none, Some(names))).collect(),
            )),
            OutputFormat::Github => {
                for (names, r) in &groups {
                    emit(&output::github_annotated(
                        r,
                        self.path_of,
                        &none,
                        Some(&tftype::versions::group_label(names, lang)),
                        lang,
                    ));
                }
                None
            }
        };
        (failed, piece.unwrap_or(Piece::Text(text)))
    }
}

/// The CLI checks module calls too.
pub(crate) const CALLS: CheckOptions = CheckOptions { module_calls: true, role: None };

/// Where `tftype check` links failures without `--base` (or
/// `TFTYPE_BASE_URL`): the playground the CLI was built for, as
/// `tftype link`.
pub(crate) const DEFAULT_BASE: &str = crate::PLAYGROUND;

/// The flavor module directory `dir` is checked as: `setting`
/// (`--flavor`), else the nearest version file's at or above the directory
/// (with the choice, for the reader), else the default.
/// And a version file at or below the one chosen that tftype could not
/// read (`min-required`), for the reader to be told.
fn module_flavor(
    dir: &Path,
    setting: Option<&str>,
) -> (&'static Flavor, Option<tftype::versionfile::Choice>, Option<tftype::versionfile::Unread>) {
    if let Some(f) = setting.and_then(Flavor::lookup) {
        return (f, None, None);
    }
    let abs = canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    match tftype::versionfile::find_with_unread(&abs) {
        (Some(c), unread) => match Flavor::lookup(c.flavor) {
            Some(f) => (f, Some(c), unread),
            None => (Flavor::default_flavor(), None, unread),
        },
        (None, unread) => (Flavor::default_flavor(), None, unread),
    }
}

/// `path` as the reader would name it from the working directory: relative
/// when it is below the working directory or a few levels above, else as
/// it is.
fn shown_from_cwd(path: &Path) -> String {
    let Some(cwd) = std::env::current_dir().ok().and_then(|d| canonicalize(&d).ok()) else {
        return path.display().to_string();
    };
    for (up, base) in cwd.ancestors().enumerate().take(8) {
        if let Ok(rest) = path.strip_prefix(base) {
            if base.parent().is_none() && up > 0 {
                break;
            }
            let mut out = PathBuf::new();
            for _ in 0..up {
                out.push("..");
            }
            out.push(rest);
            return out.display().to_string();
        }
    }
    path.display().to_string()
}

/// A directory named on the command line as the reader knows it: `.` and
/// `..` (which read as punctuation at the end of a sentence) by their
/// full path.
fn dir_words(dir: &Path, shown: &str) -> String {
    let dots = dir.components().all(|c| matches!(c, std::path::Component::CurDir | std::path::Component::ParentDir));
    match canonicalize(dir) {
        Ok(full) if dots => full.display().to_string(),
        _ => shown.to_string(),
    }
}

/// `--files`: the module directory of each changed file (a directory named
/// is itself), each once, in the order first named.
fn dirs_of_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for p in paths {
        let dir = if p.is_dir() {
            p.clone()
        } else {
            match p.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            }
        };
        if !out.contains(&dir) {
            out.push(dir);
        }
    }
    out
}

/// Exit codes: 0 no error, 1 errors found (files that cannot be read
/// included, as Terraform reports them), 2 usage problems and directories
/// that hold no module to check.
pub fn run(a: CheckArgs) -> i32 {
    // A file read more than once in a run (its declarations, its module
    // calls, the calls of the modules that call it) is parsed once, as the
    // language server does.
    tftype::valueparse::kept::keep_parsed_files();
    let order = argv_order();
    let var_files = read_var_files(&order, a.lang);
    let dirs = if a.dirs.is_empty() && !a.files {
        vec![PathBuf::from(".")]
    } else if a.files {
        dirs_of_files(&a.dirs)
    } else {
        a.dirs.clone()
    };
    let given = a.base.clone().or_else(|| std::env::var("TFTYPE_BASE_URL").ok());
    // The built-in playground is a default for a person at a terminal only:
    // the forms read by tools (annotations, code scanning, JSON) link only to
    // a playground someone named, so that their bytes do not depend on how
    // the CLI was built (a development build's 127.0.0.1 leads nowhere in CI).
    let links = given.is_some() || matches!(a.format, OutputFormat::Human);
    let base = given.unwrap_or_else(|| DEFAULT_BASE.to_string());
    if !tftype::link::is_web_base(&base) {
        eprintln!("tftype check: {}", fill(a.lang, "check.bad_base", &[("base", &format!("{base:?}"))]));
        return 2;
    }
    let mut code = 0;
    let mut pieces: Vec<(String, Piece)> = Vec::new();
    for dir in &dirs {
        let shown = dir.display().to_string();
        let empty = CheckInput::default();
        let l = match input_for(dir, &shown, &order, &var_files, a.lang) {
            Ok(l) => l,
            Err(d) => {
                // Nothing to check: the diagnostic alone, in the chosen form.
                let p = Printer { a: &a, input: &empty, path_of: &|_| None };
                pieces.push((
                    shown,
                    p.print(
                        &CheckReport { ok: false, diagnostics: vec![*d], ..Default::default() },
                        &Annotations::default(),
                        None,
                    ),
                ));
                code = 2;
                continue;
            }
        };
        let (input, own) = (&l.input, &l.own);
        let path_of = |f: &str| if own.contains(f) { output::path_in(&shown, f) } else { output::path_in(".", f) };
        let p = Printer { a: &a, input, path_of: &path_of };
        if !input.files.keys().any(|n| module::decl::is_config_file(n)) && l.problems.is_empty() {
            // A changed file's directory that holds no module is not one to check.
            if !a.files {
                eprintln!("tftype check: {}", fill(a.lang, "check.no_module", &[("dir", &dir_words(dir, &shown))]));
                code = code.max(2);
            }
            continue;
        }
        if !l.problems.is_empty() {
            // Files that cannot be read stop the run, as in Terraform.
            pieces.push((
                shown.clone(),
                p.print(
                    &CheckReport { ok: false, diagnostics: l.problems, ..Default::default() },
                    &Annotations::default(),
                    None,
                ),
            ));
            code = code.max(1);
            continue;
        }
        // The CLI checks module calls too, and a directory that gives no
        // values as a child module (`--root`: as a root module).
        let options = CheckOptions { module_calls: true, role: Some(input.role(a.root)) };
        if a.all_flavors {
            let (failed, piece) = p.print_groups(a.lang, &options);
            if failed {
                code = code.max(1);
            }
            pieces.push((shown.clone(), piece));
            continue;
        }
        // `--flavor`, else the module's version file (the human output says
        // which and why), else the default.
        let mut said = String::new();
        let (flavor, choice, unread) = module_flavor(dir, a.flavor.as_deref());
        if a.format == OutputFormat::Human {
            // A version file not understood is named, not passed over.
            if let Some(u) = &unread {
                said += &format!("{}\n", u.describe(a.lang, &shown_from_cwd(&u.file)));
            }
            if let Some(choice) = &choice {
                said += &format!("{}\n", choice.describe_as(a.lang, &shown_from_cwd(&choice.file)));
            }
            if !said.is_empty() {
                said.push('\n');
            }
        }
        let profile = flavor.profile();
        let flavor = flavor.name.to_string();
        // Only the value texts this output prints are rendered: the JSON
        // report's consoles, the human report's with --print-effective.
        let forms = match a.format {
            OutputFormat::Json => module::ShownForms { console: true, json: false },
            OutputFormat::Human if a.print_effective => module::ShownForms { console: true, json: false },
            _ => module::ShownForms::NONE,
        };
        let r = module::check_with_forms(input, &profile, options, forms);
        if let Some(e) = &r.input_error {
            eprintln!("tftype check: {e}");
            code = 2;
            continue;
        }
        let mut ann = if r.ok && a.explain.is_none() {
            Annotations::default()
        } else {
            module::explain::annotate(
                &r,
                input,
                &profile,
                &flavor,
                links.then_some(base.as_str()),
                a.explain.map(|_| a.lang),
            )
        };
        ann.notes = tftype::assist::check_notes_placed(input, &profile, a.lang);
        ann.verbose = a.verbose;
        ann.compact_warnings = a.compact_warnings.then(|| profile.product_name());
        if a.explain == Some(ExplainMode::Failing) {
            // Only the stories a reviewer needs: a refused value's, and those with notes.
            ann.stories.retain(|name, story| {
                let failed = r.variables.iter().any(|v| v.name == *name && module::explain::rejected(v));
                failed || matches!(story, module::explain::VarStory::Told(s) if !s.notes.is_empty())
            });
        }
        let piece = match p.print(&r, &ann, Some(&flavor)) {
            Piece::Text(t) => Piece::Text(said + &t),
            other => other,
        };
        pieces.push((shown.clone(), piece));
        if !r.ok || (a.fail_on_notes && !ann.notes.is_empty()) {
            code = code.max(1);
        }
    }
    emit(&joined(&a, pieces));
    // The process ends after the check: its parsed files are not freed one by one.
    tftype::valueparse::kept::leak();
    code
}

/// The directories' outputs as one: the human form with a heading per
/// directory (when there are several), one SARIF log with every run (each
/// naming its directory when there are several), one JSON document (a
/// single directory's report as it is; several: `{"valid", "directories":
/// [{"dir", "report"}]}`), the annotations one after the other.
fn joined(a: &CheckArgs, pieces: Vec<(String, Piece)>) -> String {
    let several = pieces.len() > 1;
    match a.format {
        OutputFormat::Sarif => {
            let mut runs = Vec::new();
            for (dir, piece) in pieces {
                let Piece::Runs(rs) = piece else { continue };
                for mut run in rs {
                    if several {
                        if !run["properties"].is_object() {
                            run["properties"] = serde_json::json!({});
                        }
                        run["properties"]["directory"] = serde_json::json!(dir);
                    }
                    runs.push(run);
                }
            }
            format!("{}\n", serde_json::to_string_pretty(&output::sarif_log(runs)).unwrap_or_default())
        }
        OutputFormat::Json => {
            let mut docs: Vec<(String, serde_json::Value)> = pieces
                .into_iter()
                .filter_map(|(d, p)| if let Piece::Json(j) = p { Some((d, j)) } else { None })
                .collect();
            if docs.len() == 1 {
                return format!("{}\n", docs.remove(0).1);
            }
            let valid = docs.iter().all(|(_, j)| j["valid"] != serde_json::json!(false));
            let ds: Vec<serde_json::Value> =
                docs.into_iter().map(|(dir, report)| serde_json::json!({"dir": dir, "report": report})).collect();
            format!("{}\n", serde_json::json!({"valid": valid, "directories": ds}))
        }
        OutputFormat::Human | OutputFormat::Github => {
            let mut out = String::new();
            for (i, (dir, piece)) in pieces.into_iter().enumerate() {
                let Piece::Text(t) = piece else { continue };
                if several && a.format == OutputFormat::Human {
                    if i > 0 {
                        out.push('\n');
                    }
                    let heading = fill(a.lang, "check.dir_heading", &[("dir", &dir)]);
                    out += &output::no_command_lines(output::neutralize(&heading, false));
                    out += "\n\n";
                }
                out += &t;
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn io_errors_are_worded_as_go_words_them_whatever_the_libc() {
        for (os, go) in [
            ("Too many levels of symbolic links (os error 40)", "too many levels of symbolic links"),
            ("Symbolic link loop (os error 32)", "too many levels of symbolic links"),
            ("Filename too long", "file name too long"),
            ("I/O error", "input/output error"),
            ("Permission denied (os error 13)", "permission denied"),
        ] {
            assert_eq!(super::go_error(&std::io::Error::other(os)), go, "{os}");
        }
    }
}
