//! Compressed records read as they are: a source whose first bytes are gzip's or
//! zstd's magic number is decompressed as it streams, whatever its name (a file, a
//! file found in a directory as `*.pgn.gz` or `*.pgn.zst`, standard input), before
//! the text is read. Lichess publishes its databases as `.pgn.zst`; most collections
//! travel as `.gz`.
//!
//! This is a layer of its own over the byte source ([`decompressed`]): what reads
//! records never knows the text came compressed, so its line numbers are those of the
//! text inside, and diagnostics name the file as given. Memory stays flat: the
//! decoders stream (zstd's window is bounded, [`ZSTD_WINDOW_LOG_MAX`]). A stream that
//! is damaged, cut short or expands beyond any text ([`MAX_RATIO`]: a decompression
//! bomb) is an I/O error naming the format, for that file only.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a source is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Zstd,
}

/// The longest magic number told: zstd's four bytes.
const MAGIC: usize = 4;

/// The most memory a zstd frame may ask for its window, as a power of two: 2^27 bytes
/// (128 MiB, zstd's own default limit; `zstd --long` writes 2^27). A frame that asks
/// for more is refused rather than allocated.
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

/// The most text a compressed byte may become, over each [`RATIO_WINDOW`] of it:
/// record text compresses about 5–15 times (PlayOK's archive: 11× with zstd -19), and
/// a stream that expands a thousand times more than its input is not records but a
/// decompression bomb.
pub const MAX_RATIO: u64 = 1000;

/// The text over which [`MAX_RATIO`] is measured: each window of this much text must
/// have come from at least its thousandth in compressed bytes. A window, not the whole
/// stream so far, so that an incompressible start (megabytes of random bytes) buys no
/// credit for what follows it; and not less, since a small file of a few repeated
/// lines may compress very well.
const RATIO_WINDOW: u64 = 16 << 20;

impl Compression {
    /// The compression whose magic number `start` begins with, if any.
    pub fn of(start: &[u8]) -> Option<Compression> {
        match start {
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
            _ => None,
        }
    }

    /// The format's name, as users know it.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }

    /// The command that decompresses a file of this format.
    pub fn tool(self) -> &'static str {
        match self {
            Compression::Gzip => "gunzip -k",
            Compression::Zstd => "zstd -d",
        }
    }

    /// The file name extensions of this format.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Compression::Gzip => &["gz"],
            Compression::Zstd => &["zst"],
        }
    }
}

/// The compression of the file at `path`, told by its first bytes.
pub fn of_file(path: &Path) -> io::Result<Option<Compression>> {
    let mut start = Vec::with_capacity(MAGIC);
    std::fs::File::open(path)?
        .take(MAGIC as u64)
        .read_to_end(&mut start)?;
    Ok(Compression::of(&start))
}

/// The extension a file has under its compression's (`pgn` of `games.pgn.zst`), or
/// its own: what tells a record file when a directory is searched.
pub fn inner_extension(path: &Path) -> Option<&OsStr> {
    let extension = path.extension()?;
    let compressed = [Compression::Gzip, Compression::Zstd]
        .iter()
        .flat_map(|c| c.extensions())
        .any(|e| extension.eq_ignore_ascii_case(e));
    if compressed {
        Path::new(path.file_stem()?).extension()
    } else {
        Some(extension)
    }
}

/// The bytes of `source`, decompressed as they are read when they start with a
/// compression's magic number, else as they are.
///
/// # Errors
/// A source that cannot be read, or a zstd stream whose decoder cannot be set up.
pub fn decompressed(
    source: Box<dyn BufRead + Send>,
    name: &str,
) -> io::Result<Box<dyn BufRead + Send>> {
    let (compression, source) = sniff(source)?;
    let Some(compression) = compression else {
        return Ok(source);
    };
    let consumed = Arc::new(AtomicU64::new(0));
    let counted = Counted {
        inner: source,
        consumed: consumed.clone(),
    };
    let decoder: Box<dyn Read + Send> = match compression {
        // Every member, as `zcat` reads a file of several (`cat a.gz b.gz`).
        Compression::Gzip => Box::new(GzipMembers::new(counted, name)),
        Compression::Zstd => {
            let mut decoder = zstd::stream::read::Decoder::with_buffer(counted)?;
            decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
            Box::new(decoder)
        }
    };
    Ok(Box::new(BufReader::with_capacity(
        1 << 16,
        Decompressing {
            decoder,
            compression,
            consumed,
            produced: 0,
            window: (0, 0),
        },
    )))
}

/// Tells the compression of `source` from its first bytes, leaving them to be read.
/// Nearly always they are in its buffer already; a pipe that gives fewer at first is
/// read on until it has given [`MAGIC`] bytes or ended, and those are put back in front.
fn sniff(
    mut source: Box<dyn BufRead + Send>,
) -> io::Result<(Option<Compression>, Box<dyn BufRead + Send>)> {
    let buffered = loop {
        match source.fill_buf() {
            Ok(buffered) => break buffered,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    };
    if buffered.len() >= MAGIC || buffered.is_empty() {
        return Ok((Compression::of(buffered), source));
    }
    let mut start = Vec::with_capacity(MAGIC);
    (&mut source).take(MAGIC as u64).read_to_end(&mut start)?;
    let compression = Compression::of(&start);
    Ok((compression, Box::new(io::Cursor::new(start).chain(source))))
}

/// A byte source that counts the bytes taken from it (by the decoder).
struct Counted {
    inner: Box<dyn BufRead + Send>,
    consumed: Arc<AtomicU64>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.consumed.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}

/// The members of a gzip file, one after another, as `zcat` reads a file of several
/// (`cat a.gz b.gz`). Bytes after the last member that do not begin another are
/// ignored with a warning, as `gzip -d` does ("trailing garbage ignored"): the text
/// before them is whole, checked by each member's CRC.
struct GzipMembers {
    /// The member being read; `None` once the last has ended.
    member: Option<flate2::bufread::GzDecoder<Counted>>,
    /// The file's name, for the warning.
    name: String,
}

impl GzipMembers {
    fn new(source: Counted, name: &str) -> GzipMembers {
        GzipMembers {
            member: Some(flate2::bufread::GzDecoder::new(source)),
            name: name.to_string(),
        }
    }
}

impl Read for GzipMembers {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(member) = &mut self.member {
            let n = member.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let mut rest = self.member.take().expect("a member was read").into_inner();
            let next = rest.fill_buf()?;
            match next {
                [] => {}
                // One byte alone may be the first of a member's magic number that a
                // pipe gave before the second: read as a member, to be sure.
                [0x1f] | [0x1f, 0x8b, ..] => {
                    self.member = Some(flate2::bufread::GzDecoder::new(rest));
                }
                _ => eprintln!(
                    "tgn: warning: {}: bytes after the end of the gzip data are not gzip; \
                     ignored, as gzip -d ignores them",
                    self.name
                ),
            }
        }
        Ok(0)
    }
}

/// The decompressed text: its errors name the format, and it stops at a decompression
/// bomb.
struct Decompressing {
    decoder: Box<dyn Read + Send>,
    compression: Compression,
    /// The compressed bytes the decoder has taken.
    consumed: Arc<AtomicU64>,
    /// The text given so far.
    produced: u64,
    /// Where the current [`RATIO_WINDOW`] began: (compressed bytes, text).
    window: (u64, u64),
}

impl Read for Decompressing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let name = self.compression.name();
        let n = self.decoder.read(buf).map_err(|e| {
            let why = match e.kind() {
                io::ErrorKind::UnexpectedEof => {
                    "it ends in the middle (the file is cut short)".to_string()
                }
                _ => e.to_string(),
            };
            io::Error::new(e.kind(), format!("the {name} data is damaged: {why}"))
        })?;
        self.produced += n as u64;
        if self.produced - self.window.1 >= RATIO_WINDOW {
            let consumed = self.consumed.load(Ordering::Relaxed);
            let taken = (consumed - self.window.0).max(1);
            let given = self.produced - self.window.1;
            if given > MAX_RATIO * taken {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the {name} data expands more than {MAX_RATIO} times ({taken} bytes \
                         into {} MiB, after {} MiB of text): a decompression bomb, not \
                         records; not read further",
                        given >> 20,
                        self.window.1 >> 20
                    ),
                ));
            }
            self.window = (consumed, self.produced);
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(text).unwrap();
        encoder.finish().unwrap()
    }

    fn read(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        decompressed(Box::new(io::Cursor::new(bytes)), "test")?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn magic_numbers_tell_the_format() {
        assert_eq!(
            Compression::of(&[0x1f, 0x8b, 8, 0]),
            Some(Compression::Gzip)
        );
        assert_eq!(
            Compression::of(&[0x28, 0xb5, 0x2f, 0xfd]),
            Some(Compression::Zstd)
        );
        assert_eq!(Compression::of(b"[Game"), None);
        assert_eq!(Compression::of(&[0x1f]), None);
        assert_eq!(Compression::of(&[]), None);
    }

    #[test]
    fn text_passes_as_it_is_and_compressed_text_comes_out_as_written() {
        let text = b"[Game \"zamma\"]\n\n1. e3-d4 *\n".to_vec();
        assert_eq!(read(text.clone()).unwrap(), text);
        assert_eq!(read(gzip(&text)).unwrap(), text);
        let zstd = zstd::encode_all(&text[..], 3).unwrap();
        assert_eq!(read(zstd).unwrap(), text);
        // Two gzip members, as `cat a.gz b.gz` makes.
        let mut two = gzip(&text);
        two.extend(gzip(&text));
        assert_eq!(read(two).unwrap(), [text.clone(), text].concat());
    }

    /// A pipe that gives one byte at a time: the magic number is still told.
    #[test]
    fn a_source_that_gives_a_byte_at_a_time_is_told_all_the_same() {
        let text = b"1. 76 *\n".to_vec();
        let bytes = gzip(&text);
        let trickle = BufReader::with_capacity(1, io::Cursor::new(bytes));
        let mut out = Vec::new();
        decompressed(Box::new(trickle), "test")
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, text);
        let short = BufReader::with_capacity(1, io::Cursor::new(vec![0x1f]));
        let mut out = Vec::new();
        decompressed(Box::new(short), "test")
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, [0x1f]);
    }

    #[test]
    fn a_damaged_or_cut_stream_is_an_error_naming_the_format() {
        let text = b"[Game \"zamma\"]\n\n1. e3-d4 *\n".repeat(100);
        let mut cut = gzip(&text);
        cut.truncate(cut.len() / 2);
        let error = read(cut).unwrap_err().to_string();
        assert!(error.starts_with("the gzip data is damaged"), "{error}");
        let mut zstd = zstd::encode_all(&text[..], 3).unwrap();
        zstd.truncate(zstd.len() - 3);
        let error = read(zstd).unwrap_err().to_string();
        assert!(error.starts_with("the zstd data is damaged"), "{error}");
        let mut garbage = vec![0x28, 0xb5, 0x2f, 0xfd];
        garbage.extend(b"not a frame at all");
        let error = read(garbage).unwrap_err().to_string();
        assert!(error.starts_with("the zstd data is damaged"), "{error}");
    }

    /// Issue 57 item 10: `gzip -d` reads such a file whole, and so does tgn.
    #[test]
    fn bytes_after_the_last_gzip_member_are_ignored_and_the_text_is_whole() {
        let text = b"[Game \"zamma\"]\n\n1. e3-d4 *\n".repeat(50);
        for trailer in [&b"garbage after the end\n"[..], &[0; 512], &[0x1f, 0]] {
            let mut bytes = gzip(&text);
            bytes.extend(trailer);
            assert_eq!(read(bytes).unwrap(), text, "{trailer:?}");
        }
        // A second member that is cut short is still damage, not garbage.
        let mut bytes = gzip(&text);
        let second = gzip(&text);
        bytes.extend(&second[..second.len() / 2]);
        let error = read(bytes).unwrap_err().to_string();
        assert!(error.starts_with("the gzip data is damaged"), "{error}");
    }

    /// Issue 57 item 7: megabytes of incompressible bytes first buy no credit for the
    /// text that follows; each window of text is measured on its own.
    #[test]
    fn an_incompressible_start_does_not_hide_a_decompression_bomb() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut noise: Vec<u8> = (0..2 << 20)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        noise.extend(b"[Game \"zamma\"]\n\n1. e3-d4 *\n".repeat(40 << 20 >> 5));
        let bomb = zstd::encode_all(&noise[..], 3).unwrap();
        assert!(bomb.len() < 3 << 20, "{}", bomb.len());
        let error = read(bomb).unwrap_err().to_string();
        assert!(error.contains("decompression bomb"), "{error}");
        // The same noise with text that compresses as records do passes.
        assert!(read(zstd::encode_all(&noise[..RATIO_WINDOW as usize], 3).unwrap()).is_ok());
    }

    #[test]
    fn compressed_record_files_are_told_by_the_extension_inside() {
        let inner =
            |p: &str| inner_extension(Path::new(p)).map(|e| e.to_str().unwrap().to_string());
        assert_eq!(inner("a/games.pgn.zst").as_deref(), Some("pgn"));
        assert_eq!(inner("games.PDN.GZ").as_deref(), Some("PDN"));
        assert_eq!(inner("games.pgn").as_deref(), Some("pgn"));
        assert_eq!(inner("games.gz"), None);
        assert_eq!(inner("notes.txt.gz").as_deref(), Some("txt"));
    }
}
