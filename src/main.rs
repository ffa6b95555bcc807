//! The `tgn` binary: parses the command line and hands it to the library.

use clap::Parser;

fn main() {
    std::process::exit(tgn::cli::run(tgn::cli::Cli::parse()));
}
