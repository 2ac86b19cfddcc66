//! The pre-commit hook's binary (the repository's root package): the
//! `tftype` command line under another name.

fn main() {
    tftype_cli::main()
}
