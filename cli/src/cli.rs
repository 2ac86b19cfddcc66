//! The command line's subcommands and their arguments (native builds only).

use crate::args::{args, flavor_arg, lang_arg};
use crate::check;

use std::io::{BufRead, Write};

use clap::{Args, Parser, Subcommand, ValueEnum};
use tftype::module::block::evaluate;
use tftype::Request;

/// The Terraform / OpenTofu type system: what each version does with a
/// value for a variable, and with a whole module's inputs.
#[derive(Parser)]
#[command(
    name = "tftype",
    version,
    about = "What each Terraform / OpenTofu version does with your variables' values: one value (eval, explain), a whole module's value files, validation rules and module calls (check), and a language server for editors (lsp)",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a module's variables, validation rules and local module calls against every value source, as `plan` would (a child module as `validate` would)
    Check(check::CheckArgs),
    /// Evaluate a value for a variable of a type (`--no-type`: no `type` argument)
    #[command(after_help = EVAL_EXIT_CODES)]
    Eval(EvalArgs),
    /// Tell the story of an evaluation: what the version did, and why
    #[command(after_help = EXPLAIN_EXIT_CODES)]
    Explain(EvalArgs),
    /// Answer JSON Lines cases (the oracle's schema) from standard input
    Batch,
    /// List the product versions with their pins
    Flavors(FlavorsArgs),
    /// Print a playground link with readable parameters
    Link(LinkArgs),
    /// Serve the Language Server Protocol over standard input and output
    Lsp,
    /// Print a shell completion script
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// `eval`'s exit codes (its help's last lines).
const EVAL_EXIT_CODES: &str = "Exit codes: 0 the value is accepted (with --all-flavors: by at least one version), 1 it is refused (with --all-flavors: by every version) or cannot be written in the --emit form, 2 a usage error, 3 an internal error.\nFor many values, or JSON Lines in and out, see `tftype batch`.";
/// `explain`'s exit codes.
const EXPLAIN_EXIT_CODES: &str =
    "Exit codes: 0 the value is accepted, 1 it is refused (the story tells why), 2 a usage error, 3 an internal error.";

/// How VALUE is written.
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// An expression, as `terraform console` reads it
    Hcl,
    /// The value of an attribute in a .tfvars file
    Tfvars,
    /// The value of a property in a .tfvars.json file
    Json,
    /// go-cty's JSON: {"value": …, "type": …}
    Ctyjson,
    /// The text after `-var NAME=` on the command line
    Cli,
}

impl FormatArg {
    fn format(self) -> tftype::ValueFormat {
        use tftype::ValueFormat as F;
        match self {
            FormatArg::Hcl => F::Hcl,
            FormatArg::Tfvars => F::Tfvars,
            FormatArg::Json => F::Json,
            FormatArg::Ctyjson => F::Ctyjson,
            FormatArg::Cli => F::Cli,
        }
    }
}

/// The page's result tabs ([`tftype::link::TABS`]), `why` for `explain`.
fn tab_arg() -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::{PossibleValue, TypedValueParser};
    clap::builder::PossibleValuesParser::new(tftype::link::TABS.map(|t| {
        if t == "explain" {
            PossibleValue::new(t).alias("why")
        } else {
            PossibleValue::new(t)
        }
    }))
    .map(|t| if t == "why" { "explain".to_string() } else { t })
}

/// `--emit`'s forms, listed by `--help` and checked by clap.
fn emit_arg() -> impl clap::builder::TypedValueParser<Value = tftype::writeback::EmitKind> {
    use clap::builder::TypedValueParser;
    let names = tftype::writeback::EmitKind::ALL.map(|k| k.name());
    clap::builder::PossibleValuesParser::new(names)
        .map(|s| tftype::writeback::EmitKind::parse(&s).unwrap_or(tftype::writeback::EmitKind::Tfvars))
}

/// The variable and value: `TYPE VALUE`, or `--no-type VALUE`.
#[derive(Args)]
struct VariableArgs {
    /// TYPE VALUE (or only VALUE with --no-type)
    #[arg(required = true, num_args = 1..=2, allow_negative_numbers = true, value_names = ["TYPE", "VALUE"])]
    args: Vec<String>,
    /// The variable has no `type` argument
    #[arg(long)]
    no_type: bool,
    /// How VALUE is written (`--format` is an older name of this flag)
    #[arg(long = "value-format", alias = "format", value_enum, default_value = "hcl")]
    format: FormatArg,
    /// The variable is declared with `sensitive = true`
    #[arg(long)]
    sensitive: bool,
    /// The variable is declared with `nullable = false`
    #[arg(long)]
    non_nullable: bool,
    /// The variable's name, as Terraform's messages show it
    #[arg(long, default_value = "v")]
    name: String,
}

impl VariableArgs {
    fn request(&self, flavor: Option<String>) -> Result<Request, String> {
        let mut req = match (self.no_type, self.args.as_slice()) {
            (true, [value]) => Request::new(None, value),
            (false, [ty, value]) => Request::new(Some(ty), value),
            (true, _) => return Err("with --no-type give only VALUE".into()),
            (false, _) => return Err("give TYPE and VALUE (or --no-type VALUE)".into()),
        };
        req.value_format = self.format.format();
        req.sensitive = self.sensitive;
        req.nullable = !self.non_nullable;
        req.var_name = self.name.clone();
        req.flavor = flavor;
        Ok(req)
    }
}

#[derive(Args)]
struct EvalArgs {
    #[command(flatten)]
    var: VariableArgs,
    /// The product version: a name of `tftype flavors`, or a version as .terraform-version writes it (1.9.8, tofu@1.8)
    #[arg(long, value_parser = flavor_arg)]
    flavor: Option<String>,
    /// Evaluate under every version and group those that agree
    #[arg(long, conflicts_with = "flavor")]
    all_flavors: bool,
    /// Write the value back in this form (for a file, a command line, a module call or a variable block)
    #[arg(long, value_parser = emit_arg())]
    emit: Option<tftype::writeback::EmitKind>,
    /// With --emit: the converted value (defaults filled in)
    #[arg(long)]
    converted: bool,
    /// Print the answer as one JSON object on standard output: `tftype batch`'s result schema (eval), the story (explain)
    #[arg(long, conflicts_with_all = ["emit", "all_flavors"])]
    json: bool,
    /// The language of tftype's own words (its notes, explain, --all-flavors): en, zh or ja
    #[arg(long, value_parser = lang_arg, default_value = "en")]
    lang: tftype::i18n::Lang,
}

#[derive(Args)]
struct FlavorsArgs {
    /// Also list what each version does differently from the default one
    #[arg(long)]
    details: bool,
    /// The language of tftype's own words: en, zh or ja
    #[arg(long, value_parser = lang_arg, default_value = "en")]
    lang: tftype::i18n::Lang,
}

#[derive(Args)]
struct LinkArgs {
    #[command(flatten)]
    var: VariableArgs,
    /// The product version: a name of `tftype flavors`, or a version as .terraform-version writes it (1.9.8, tofu@1.8)
    #[arg(long, value_parser = flavor_arg)]
    flavor: Option<String>,
    /// The language the page opens in
    #[arg(long, value_parser = ["en", "zh", "ja"])]
    lang: Option<String>,
    /// The result tab the link opens (`why` is the `explain` tab, as the page labels it)
    #[arg(long, value_parser = tab_arg())]
    tab: Option<String>,
    /// The playground's address, a directory's (`https://host/tftype` gets its slash; default: TFTYPE_BASE_URL, else the released playground)
    #[arg(long)]
    base: Option<String>,
}

pub fn main() {
    #[cfg(target_os = "wasi")]
    {
        crate::wasi::install_panic_hook();
        crate::wasi::enter_working_directory();
        crate::wasi::reserve_heap();
    }
    let cli = match Cli::try_parse_from(args()) {
        Ok(c) => c,
        Err(e) => {
            // --help and --version go to standard output and succeed.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    let code = match cli.command {
        Command::Batch => batch(),
        Command::Eval(a) => eval(a, false),
        Command::Explain(a) => eval(a, true),
        Command::Flavors(a) => flavors(a),
        Command::Link(a) => link(a),
        Command::Check(a) => check::run(a),
        Command::Lsp => crate::lsp::run(),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "tftype", &mut std::io::stdout());
            0
        }
    };
    std::process::exit(code);
}

/// Runs `f` on a thread with a generous stack, turning a panic into an error.
#[cfg(not(target_os = "wasi"))]
fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let h = std::thread::Builder::new().stack_size(crate::STACK).spawn(f).map_err(|e| e.to_string())?;
    h.join().map_err(|p| panic_text(&*p))
}

/// On WebAssembly `f` runs on the main thread (its stack is [`crate::STACK`]-sized,
/// see `cli/build.rs`); a panic cannot be caught, so the hook writes what the
/// callers write for an `Err` and exits as they do.
#[cfg(target_os = "wasi")]
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    crate::wasi::on_panic(|p| {
        eprintln!("internal error: {p}");
        3
    });
    let r = f();
    crate::wasi::clear();
    Ok(r)
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}

/// A job for the [`Worker`]: runs a case and sends its answer (or its panic) back.
type Job = Box<dyn FnOnce() + Send>;

/// One thread with a [`crate::STACK`]-sized stack that runs one case after another
/// (`tftype batch`): a thread per case cost a `clone3` and two 64 MiB
/// mappings each, and the scheduler's wait. Each case still has its own
/// guard: a panic is caught and answered, and the worker that saw it is
/// replaced by a fresh one (nothing a panicking case left behind, such as a
/// thread-local cache, reaches the next case). Each case's evaluation
/// budget is its own, as before.
struct Worker {
    jobs: Option<std::sync::mpsc::Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Worker {
    /// On WebAssembly there are no threads: every case runs on the main
    /// thread (see [`batch_line`] for a panic there).
    #[cfg(target_os = "wasi")]
    fn new() -> Worker {
        Worker { jobs: None, thread: None }
    }

    #[cfg(not(target_os = "wasi"))]
    fn new() -> Worker {
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .stack_size(crate::STACK)
            .spawn(move || {
                for job in rx {
                    job();
                }
            })
            .ok();
        Worker { jobs: thread.as_ref().map(|_| tx), thread }
    }

    /// `f`'s result, or the text of its panic.
    fn run<T: Send + 'static>(&mut self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        let Some(jobs) = &self.jobs else {
            #[cfg(target_os = "wasi")]
            return Ok(f());
            // No worker thread could be started: one thread for this case.
            #[cfg(not(target_os = "wasi"))]
            return guarded(f);
        };
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let job: Job = Box::new(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            let _ = tx.send(r);
        });
        let answer = match jobs.send(job) {
            Ok(()) => rx.recv().map_err(|_| "the worker thread ended".to_string()),
            Err(_) => Err("the worker thread ended".to_string()),
        };
        match answer {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(p)) => {
                *self = Worker::new();
                Err(panic_text(&*p))
            }
            Err(e) => {
                *self = Worker::new();
                Err(e)
            }
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Where `tftype link` points without `--base` (or `TFTYPE_BASE_URL`): the
/// playground the CLI was built for.
const DEFAULT_BASE: &str = crate::PLAYGROUND;

/// The flavor table: name, release, go-cty and hcl pins, and how many
/// changes set it apart from the default; `--details`: the changes.
fn flavors(a: FlavorsArgs) -> i32 {
    print!("{}", flavors_table(a.details));
    if !a.details {
        println!("\n{}", tftype::i18n::fill(a.lang, "check.flavors_details", &[("flavor", tftype::flavor::DEFAULT)]));
    }
    0
}

/// A pin as a short word: a Go pseudo-version (`v2.23.1-0.20250203194505-ba0759438da2`)
/// as its base version and commit date (`v2.23.1+2025-02-03`).
fn short_pin(pin: &str) -> String {
    let (prefix, version) = pin.rsplit_once(' ').map_or(("", pin), |(p, v)| (p, v));
    let mut parts = version.rsplitn(3, '-');
    let (hash, stamp, base) = (parts.next(), parts.next(), parts.next());
    let short = match (hash, stamp, base) {
        (Some(h), Some(st), Some(b)) if h.len() == 12 && h.chars().all(|c| c.is_ascii_hexdigit()) => {
            let digits = st.rsplit('.').next().unwrap_or(st);
            let date = if digits.len() == 14 {
                format!("{}-{}-{}", &digits[..4], &digits[4..6], &digits[6..8])
            } else {
                digits.to_string()
            };
            format!("{b}+{date}")
        }
        _ => version.to_string(),
    };
    if prefix.is_empty() {
        short
    } else {
        format!("{prefix} {short}")
    }
}

/// `tftype flavors`' table (see [`flavors`]).
fn flavors_table(details: bool) -> String {
    use tftype::flavor::{Switch, FLAVORS};
    let current = tftype::flavor::Flavor::default_flavor();
    // The default is named by the line under the table (and in --details' header).
    let last =
        if details { format!("differences from {}", tftype::flavor::DEFAULT) } else { "differences".to_string() };
    let mut out = format!("{:<16} {:<12} {:<9} {:<32} {last}\n", "flavor", "release", "go-cty", "hcl");
    for f in &FLAVORS {
        let diffs: Vec<String> = Switch::ALL
            .iter()
            .filter(|s| f.has(**s) != current.has(**s))
            .map(|s| format!("{}{}", if f.has(*s) { "+" } else { "without " }, s.describe()))
            .collect();
        let last = if details {
            if diffs.is_empty() {
                "-".to_string()
            } else {
                diffs.join("; ")
            }
        } else {
            diffs.len().to_string()
        };
        out += &format!("{:<16} {:<12} {:<9} {:<32} {last}\n", f.name, f.release, f.cty, short_pin(f.hcl));
    }
    out
}

/// A link that opens the playground in the state the arguments describe.
fn link(a: LinkArgs) -> i32 {
    let req = match a.var.request(a.flavor) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let extras = tftype::link::Extras { lang: a.lang, tab: a.tab };
    let base = a.base.or_else(|| std::env::var("TFTYPE_BASE_URL").ok()).unwrap_or_else(|| DEFAULT_BASE.to_string());
    if !tftype::link::is_web_base(&base) {
        eprintln!("error: --base must be an http:// or https:// address, not {base:?}");
        return 2;
    }
    println!("{}", tftype::link::url(&base, &req, &extras));
    0
}

/// `eval`, or with `explain` the story of the evaluation.
fn eval(a: EvalArgs, explain: bool) -> i32 {
    let req = match a.var.request(a.flavor) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let (lang, emit, converted, all_flavors, json) = (a.lang, a.emit, a.converted, a.all_flavors, a.json);
    if explain {
        let told = move || {
            let s = tftype::module::block::story(&req, lang);
            let text = if json {
                format!("{}\n", serde_json::to_string(&s).unwrap_or_default())
            } else {
                tftype::why::to_text(&s)
            };
            (text, s.ok)
        };
        return match guarded(told) {
            // A refused value's story is told, and the exit code says it failed.
            Ok((text, ok)) => {
                print!("{text}");
                i32::from(!ok)
            }
            Err(p) => {
                eprintln!("internal error: {p}");
                3
            }
        };
    }
    if let Some(kind) = emit {
        // A variable block is written as its type, name, nullable and sensitive say.
        let req = tftype::module::block::type_request(&req).unwrap_or(req);
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
        let compared = move || {
            let c = tftype::module::block::compare(&req);
            (tftype::versions::to_text(&c, lang), c.groups.iter().any(|g| g.response.ok))
        };
        return match guarded(compared) {
            // 1 when no version accepts the value.
            Ok((text, any_ok)) => {
                print!("{text}");
                i32::from(!any_ok)
            }
            Err(p) => {
                eprintln!("internal error: {p}");
                3
            }
        };
    }
    // tftype's notes on the value (a dropped attribute and its "did you mean", a number that
    // `any` kept as a string, a key written twice, …), after the product's own output on
    // stderr, as `explain` ends with them (ux-5 H1: surprises shown where users look): the
    // evaluation tells its story when the request names the reader's language.
    // Without `--json` only the console text is printed: the JSON form is not built.
    let forms = if json { tftype::Forms::Both } else { tftype::Forms::Console };
    let req = Request { lang: (!json).then_some(lang), forms, ..req };
    let r = match guarded(move || evaluate(&req)) {
        Ok(r) => r,
        Err(p) => {
            eprintln!("internal error: {p}");
            return 3;
        }
    };
    if json {
        println!("{}", tftype::batch::result_json("null", &r, false));
        return i32::from(!r.ok);
    }
    let code = if r.ok {
        println!("{}", r.console.as_deref().unwrap_or_default());
        eprintln!("type: {}", r.type_string.as_deref().unwrap_or_default());
        for w in &r.warnings {
            eprintln!("Warning: {}\n\n{}", w.summary, w.detail);
        }
        0
    } else if !r.rule_errors.is_empty() {
        // A block's rules: every error the version reports (Terraform: one per failing rule).
        let all: Vec<String> = r.rule_errors.iter().map(|e| format!("Error: {}\n\n{}", e.summary, e.detail)).collect();
        eprintln!("{}", all.join("\n\n"));
        1
    } else {
        eprintln!("Error: {}\n\n{}", r.summary.as_deref().unwrap_or_default(), r.detail.as_deref().unwrap_or_default());
        1
    };
    if let Some(story) = &r.story {
        eprint!("{}", tftype::why::notes_text(story));
    }
    code
}

/// One result line per case line. A line that is not UTF-8 gets an input
/// error of its own; the cases after it still run. Each result is written
/// out at once, so nothing already answered is lost if the process dies.
fn batch() -> i32 {
    let mut worker = Worker::new();
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
        // Every line counts, blank or not, so that `line N` is the file's line N.
        n += 1;
        // The line is handed on, not copied (a case may hold a large value).
        let result = match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(line) if line.trim_start_matches('\u{feff}').trim().is_empty() => continue,
            Ok(mut line) => {
                // A UTF-8 byte order mark before the first line is not part of the case.
                if n == 1 && line.starts_with('\u{feff}') {
                    line.drain(..3);
                }
                line.truncate(line.trim_end_matches(['\n', '\r']).len());
                batch_line(&mut worker, line, n)
            }
            Err(e) => {
                let detail = format!("line {n}: not valid UTF-8 (byte {})", e.utf8_error().valid_up_to() + 1);
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
fn batch_line(worker: &mut Worker, line: String, n: usize) -> String {
    // Every mode the oracle reads (single variable, check, expr) is answered
    // by the library; a panic is answered too, and the next line goes on.
    // The case's id is kept aside for that answer (the line itself is
    // dropped once read).
    let id_seen = std::sync::Arc::new(std::sync::Mutex::new(None::<String>));
    let slot = id_seen.clone();
    let on_id = move |id: &str| {
        if let Ok(mut s) = slot.lock() {
            *s = Some(id.to_string());
        }
    };
    let panic_line = |id_seen: &std::sync::Mutex<Option<String>>, p: &str| {
        let id = id_seen.lock().ok().and_then(|s| s.clone()).unwrap_or_else(|| "null".into());
        format!("{{\"id\":{id},\"ok\":false,\"stage\":\"panic\",\"summary\":\"Internal error\",\"detail\":{},\"path\":\"\"}}", js(p))
    };
    // On WebAssembly a panic cannot be caught: its answer is written by the
    // hook, and the run ends there (exit 3) instead of going on.
    #[cfg(target_os = "wasi")]
    {
        let seen = id_seen.clone();
        crate::wasi::on_panic(move |p| {
            println!("{}", panic_line(&seen, p));
            eprintln!("batch: stopped after the panic of line {n} (WebAssembly cannot recover from a panic)");
            3
        });
    }
    let answer = worker.run(move || tftype::batch::evaluate_case_owned(line, false, Some(n), &on_id));
    #[cfg(target_os = "wasi")]
    crate::wasi::clear();
    match answer {
        Ok(r) => r,
        Err(p) => panic_line(&id_seen, &p),
    }
}

#[cfg(test)]
mod tests {
    use super::Worker;

    /// `tftype batch` runs every case on one worker thread with the large
    /// stack (issue 27, item 5: a thread per case cost a `clone3` and two
    /// 64 MiB mappings each); a case that panics is answered with its panic
    /// and the next one runs on a fresh worker.
    #[test]
    fn batch_cases_share_one_guarded_worker_thread() {
        let mut w = Worker::new();
        let ids: std::collections::BTreeSet<_> =
            (0..200).map(|_| w.run(|| format!("{:?}", std::thread::current().id())).unwrap()).collect();
        assert_eq!(ids.len(), 1);
        // The stack is the large one: 16 MiB of frames fit.
        fn deep(n: u32) -> u32 {
            let pad = std::hint::black_box([0u8; 1024]);
            if n == 0 {
                u32::from(pad[0])
            } else {
                deep(n - 1) + u32::from(pad[1])
            }
        }
        assert_eq!(w.run(|| deep(16 * 1024)), Ok(0));
        let panicked = w.run(|| -> u32 { panic!("a bug in one case") });
        assert_eq!(panicked, Err("a bug in one case".to_string()));
        let after = w.run(|| format!("{:?}", std::thread::current().id())).unwrap();
        assert!(!ids.contains(&after), "a fresh worker after the panic");
        assert_eq!(w.run(|| 1 + 1), Ok(2));
    }

    /// `tftype flavors` fits a terminal: one short line per version (the
    /// changes counted), the changes themselves with `--details` (ux-5 M10).
    #[test]
    fn the_flavor_table_is_short_and_details_are_asked_for() {
        let short = super::flavors_table(false);
        for line in short.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
        assert_eq!(short.lines().count(), tftype::flavor::FLAVORS.len() + 1);
        let long = super::flavors_table(true);
        assert!(long.contains("without ") && long.lines().any(|l| l.chars().count() > 100), "the details are there");
        for (pin, want) in [
            ("v2.24.0", "v2.24.0"),
            ("v2.23.1-0.20250203194505-ba0759438da2", "v2.23.1+2025-02-03"),
            ("opentofu/hcl v2.0.0-20240416130056-03228b26f391", "opentofu/hcl v2.0.0+2024-04-16"),
        ] {
            assert_eq!(super::short_pin(pin), want, "{pin}");
        }
    }
}
