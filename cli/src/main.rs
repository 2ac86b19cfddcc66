//! The `tftype` command line (see the library's documentation).

fn main() {
    tftype_cli::main()
}
