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
#[command(name = "tftype", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a root module's variables against every value source, as `plan` would
    Check(check::CheckArgs),
    /// Evaluate a value for a variable of a type (`--no-type`: no `type` argument)
    Eval(EvalArgs),
    /// Tell the story of an evaluation: what the version did, and why
    Explain(EvalArgs),
    /// Answer JSON Lines cases (the oracle's schema) from standard input
    Batch,
    /// List the product versions with their pins
    Flavors,
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

/// The value's format.
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Hcl,
    Tfvars,
    Json,
    Ctyjson,
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

fn emit_arg(s: &str) -> Result<tftype::writeback::EmitKind, String> {
    tftype::writeback::EmitKind::parse(s).ok_or_else(|| {
        let names: Vec<&str> = tftype::writeback::EmitKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown form {s}; known forms: {}", names.join(", "))
    })
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
    #[arg(long, value_enum, default_value = "hcl")]
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
    /// The product version (see `tftype flavors`)
    #[arg(long, value_parser = flavor_arg)]
    flavor: Option<String>,
    /// Evaluate under every version and group those that agree
    #[arg(long, conflicts_with = "flavor")]
    all_flavors: bool,
    /// Write the value back in this form
    #[arg(long, value_parser = emit_arg)]
    emit: Option<tftype::writeback::EmitKind>,
    /// With --emit: the converted value (defaults filled in)
    #[arg(long)]
    converted: bool,
    /// The language of tftype's own words (explain)
    #[arg(long, value_parser = lang_arg, default_value = "en")]
    lang: tftype::i18n::Lang,
}

#[derive(Args)]
struct LinkArgs {
    #[command(flatten)]
    var: VariableArgs,
    #[arg(long, value_parser = flavor_arg)]
    flavor: Option<String>,
    #[arg(long, value_parser = ["en", "zh", "ja"])]
    lang: Option<String>,
    /// The result tab the link opens
    #[arg(long)]
    tab: Option<String>,
    /// The playground's address (default: TFTYPE_BASE_URL, else the released playground)
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
        Command::Flavors => flavors(),
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
    let h = std::thread::Builder::new().stack_size(STACK).spawn(f).map_err(|e| e.to_string())?;
    h.join().map_err(|p| panic_text(&*p))
}

/// On WebAssembly `f` runs on the main thread (its stack is [`STACK`]-sized,
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

/// The stack every evaluation runs on: deeply nested input recurses deeply.
/// (On WebAssembly the main thread's, set by `cli/build.rs`.)
#[cfg_attr(target_os = "wasi", allow(dead_code))]
pub(crate) const STACK: usize = 64 << 20;

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned()).unwrap_or_else(|| "panic".into())
}

/// A job for the [`Worker`]: runs a case and sends its answer (or its panic) back.
type Job = Box<dyn FnOnce() + Send>;

/// One thread with a [`STACK`]-sized stack that runs one case after another
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
            .stack_size(STACK)
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
    let (lang, emit, converted, all_flavors) = (a.lang, a.emit, a.converted, a.all_flavors);
    if explain {
        return match guarded(move || tftype::why::to_text(&tftype::module::block::story(&req, lang))) {
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
        return match guarded(move || tftype::versions::to_text(&tftype::module::block::compare(&req), lang)) {
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
        // A block's rules: every error the version reports (Terraform: one per failing rule).
        Ok(r) if !r.rule_errors.is_empty() => {
            let all: Vec<String> = r.rule_errors.iter().map(|e| format!("Error: {}\n\n{}", e.summary, e.detail)).collect();
            eprintln!("{}", all.join("\n\n"));
            1
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
        let ids: std::collections::BTreeSet<_> = (0..200).map(|_| w.run(|| format!("{:?}", std::thread::current().id())).unwrap()).collect();
        assert_eq!(ids.len(), 1);
        // The stack is the large one: 16 MiB of frames fit.
        fn deep(n: u32) -> u32 {
            let pad = std::hint::black_box([0u8; 1024]);
            if n == 0 { u32::from(pad[0]) } else { deep(n - 1) + u32::from(pad[1]) }
        }
        assert_eq!(w.run(|| deep(16 * 1024)), Ok(0));
        let panicked = w.run(|| -> u32 { panic!("a bug in one case") });
        assert_eq!(panicked, Err("a bug in one case".to_string()));
        let after = w.run(|| format!("{:?}", std::thread::current().id())).unwrap();
        assert!(!ids.contains(&after), "a fresh worker after the panic");
        assert_eq!(w.run(|| 1 + 1), Ok(2));
    }
}
