//! The command line on WebAssembly (`wasm32-wasip1`: the npm package's
//! `tftype` bin, run by Node's `node:wasi`). Only what differs from the
//! native build is here: there are no threads, and a panic cannot be caught
//! (the target's standard library aborts), so what the native command line
//! does when it catches one is done by the panic hook, which then ends the
//! process with the native exit code.
//!
//! The large stack the native build gives its worker thread
//! ([`crate::STACK`]) is the main thread's here, set at link time
//! (`cli/build.rs`).

#![cfg_attr(not(target_os = "wasi"), allow(dead_code))]

use std::sync::Mutex;

/// What a panic does now: writes what the native command line writes when
/// it catches one, and gives the exit code.
type OnPanic = Box<dyn FnOnce(&str) -> i32 + Send>;

static ON_PANIC: Mutex<Option<OnPanic>> = Mutex::new(None);

/// Installs the hook: std's message on standard error, as natively, then the
/// action set with [`on_panic`] (none: exit 101, a native uncaught panic).
pub(crate) fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        let text = info.payload_as_str().unwrap_or("panic");
        let action = ON_PANIC.lock().ok().and_then(|mut a| a.take());
        std::process::exit(action.map_or(101, |f| f(text)));
    }));
}

/// Sets what the next panic does (until [`clear`]).
pub(crate) fn on_panic(f: impl FnOnce(&str) -> i32 + Send + 'static) {
    if let Ok(mut a) = ON_PANIC.lock() {
        *a = Some(Box::new(f));
    }
}

/// The next panic is an uncaught one again.
pub(crate) fn clear() {
    if let Ok(mut a) = ON_PANIC.lock() {
        *a = None;
    }
}

/// The working directory the host gives (`TFTYPE_WASI_CWD`, set by
/// `npm/bin/tftype.js`: the process's own): relative paths, as the user
/// typed them, are read from there. Without it the directory stays `/`.
pub(crate) fn enter_working_directory() {
    if let Some(dir) = std::env::var_os("TFTYPE_WASI_CWD") {
        let _ = std::env::set_current_dir(dir);
    }
}

/// `Path::canonicalize`, which the target's standard library does not
/// have: the absolute path with `.`, `..` and symbolic links resolved (at
/// most [`MAX_LINKS`] links, as Linux's limit; more is a loop).
pub(crate) fn canonicalize(p: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    use std::path::{Component, PathBuf};
    const MAX_LINKS: usize = 40;
    let start = if p.is_absolute() { p.to_path_buf() } else { std::env::current_dir()?.join(p) };
    // The components still to walk, the next one last.
    let mut pending: Vec<std::ffi::OsString> = Vec::new();
    let push_all = |pending: &mut Vec<std::ffi::OsString>, p: &std::path::Path| {
        let parts: Vec<std::ffi::OsString> = p
            .components()
            .filter_map(|c| match c {
                Component::Normal(n) => Some(n.to_os_string()),
                Component::ParentDir => Some("..".into()),
                _ => None,
            })
            .collect();
        pending.extend(parts.into_iter().rev());
    };
    push_all(&mut pending, &start);
    let mut out = PathBuf::from("/");
    let mut links = 0;
    while let Some(c) = pending.pop() {
        if c == ".." {
            out.pop();
            continue;
        }
        let next = out.join(&c);
        let meta = std::fs::symlink_metadata(&next)?;
        if !meta.file_type().is_symlink() {
            out = next;
            continue;
        }
        links += 1;
        if links > MAX_LINKS {
            return Err(std::io::Error::other("too many levels of symbolic links"));
        }
        let target = std::fs::read_link(&next)?;
        if target.is_absolute() {
            out = PathBuf::from("/");
        }
        push_all(&mut pending, &target);
    }
    Ok(out)
}

/// An I/O error's text as glibc words it (and so Go, whose words the
/// check's diagnostics use): the target's C library is musl's, which words
/// a few differently.
pub(crate) fn glibc_words(text: &str) -> &str {
    match text {
        "Symbolic link loop" => "Too many levels of symbolic links",
        "Filename too long" => "File name too long",
        "I/O error" => "Input/output error",
        "No file descriptors available" => "Too many open files",
        "Resource busy" => "Device or resource busy",
        other => other,
    }
}

/// The heap set aside at start, in one piece.
const HEAP_RESERVE: usize = 64 << 20;

/// Grows the memory once by [`HEAP_RESERVE`] and hands it to the allocator
/// (allocated and freed: wasm memory never shrinks, so the free block stays
/// the allocator's). The allocator would otherwise grow the memory a little
/// at a time, and under V8 each growth of a memory this large (the stack
/// alone is 64 MiB) costs milliseconds: a large check spent half its time
/// there. The pages are not touched, so this costs no resident memory.
pub(crate) fn reserve_heap() {
    let block = Vec::<u8>::with_capacity(HEAP_RESERVE);
    drop(std::hint::black_box(block));
}

#[cfg(test)]
mod tests;
