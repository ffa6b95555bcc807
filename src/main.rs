//! The `tgn` binary: parses the command line and hands it to the library.

/// mimalloc rather than the system's allocator: each game's text is allocated by the
/// worker that reads it and freed by the one that replays it, and glibc's malloc pays
/// for every such free from another thread (a tenth of `check`'s time on a large
/// archive, where mimalloc's is a few per cent).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;

fn main() {
    std::process::exit(tgn::cli::run(tgn::cli::Cli::parse()));
}
