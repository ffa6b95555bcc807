//! Streams games out of a byte source, one at a time.
//!
//! The reader collects lines until a game is complete — the tags of the next game
//! begin, or a result was followed by more movetext — and hands that text to the
//! [parser](super::parser). Only one game's text is held at a time, so memory stays
//! flat however large the archive. Finding where games end is cheap next to parsing
//! them, so the reader can also hand out the text unparsed ([`Reader::next_chunk`],
//! a [`Chunk`]) for the parsing to be done elsewhere: on other cores, in order.
//!
//! Lines end in `\n`, `\r\n` or a lone `\r` (old Macintosh files). No line is ever
//! held whole beyond what one game may take: a game longer than [`MAX_GAME_BYTES`]
//! is an error, and the rest of it, up to the next game's tags, is skipped without
//! being kept, so even a multi-gigabyte line of junk streams in flat memory. A NUL byte
//! among the first bytes of a file means it is not a text record at all (an I/O error,
//! as for an unreadable file); it is found where it stands, without waiting for a line
//! end that a source such as `/dev/zero` never gives.
//!
//! Text is UTF-8 (with or without a byte-order mark) unless an [`Encoding`] says
//! otherwise. A line that is not valid UTF-8 becomes a syntax error on its game naming
//! the byte offset; the line is still read, with U+FFFD for the bad bytes, so one bad
//! byte spoils one game, not the file.

use std::borrow::Cow;
use std::collections::{HashSet, VecDeque};
use std::io::{self, BufRead};

use super::parser::{Origin, parse_games, split_tag_line};
use super::{
    GameRecord, Span, SyntaxError, is_tag_pair_line, parse_result, tags_start_a_game, trim,
};

/// The longest text of one game that is read (4 MiB: real games take a few
/// kilobytes, heavily annotated ones a few hundred).
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// How much of the start of a file is searched for a NUL byte, the mark of a file that
/// is not text (as git and ripgrep tell binary files).
const BINARY_PROBE: usize = 8 << 10;

/// Why a source could not be read as records. A mistake inside a record is never one
/// of these: it is a syntax error on its game, and reading goes on.
#[derive(Debug)]
pub enum ReadError {
    /// The source itself failed (a file that cannot be read).
    Io(io::Error),
    /// A NUL byte among the first bytes: the source is not a text record at all
    /// (`utf16`: it looks like UTF-16 text, whose ASCII characters each have a NUL).
    NotText { offset: usize, utf16: bool },
    /// A value that is not a record in the expected form (a line of JSON that is not
    /// a game written by `tgn convert`); the sentence says where and why.
    Invalid(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotText { offset, utf16 } => {
                write!(f, "not a text record (a NUL byte at byte offset {offset})")?;
                if *utf16 {
                    f.write_str(
                        "; it looks like UTF-16: convert it to UTF-8 first \
                         (iconv -f utf-16 -t utf-8 old.pgn > new.pgn)",
                    )?;
                }
                Ok(())
            }
            ReadError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// The character encoding of a record file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    #[default]
    Utf8,
    /// Windows-1251 (Cyrillic), as federation score sheets are often saved.
    Windows1251,
    /// ISO-8859-1.
    Latin1,
}

impl Encoding {
    /// Reads an encoding name as users write it (`cp1251`, `latin-1`, `utf8`…).
    pub fn from_name(name: &str) -> Option<Encoding> {
        match name.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "utf-8" | "utf8" => Some(Encoding::Utf8),
            "windows-1251" | "cp1251" | "cp-1251" | "win-1251" => Some(Encoding::Windows1251),
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" => Some(Encoding::Latin1),
            _ => None,
        }
    }

    /// Decodes one line; for UTF-8 (the common case) without copying. An invalid
    /// UTF-8 line comes back read lossily, with the length of its valid start.
    fn decode(self, bytes: &[u8]) -> Result<Cow<'_, str>, (Cow<'_, str>, usize)> {
        match self {
            Encoding::Utf8 => match std::str::from_utf8(bytes) {
                Ok(text) => Ok(Cow::Borrowed(text)),
                Err(e) => Err((String::from_utf8_lossy(bytes), e.valid_up_to())),
            },
            Encoding::Windows1251 => Ok(encoding_rs::WINDOWS_1251
                .decode_without_bom_handling(bytes)
                .0),
            // Latin-1 maps every byte to the code point of the same number.
            Encoding::Latin1 => Ok(Cow::Owned(bytes.iter().map(|&b| b as char).collect())),
        }
    }
}

/// The text of a game (rarely several, when one runs into the next without tags) as
/// the reader found it, with the errors found in reading it; [`Chunk::parse`] makes
/// the records.
#[derive(Clone, Debug)]
pub struct Chunk {
    text: String,
    origin: Origin,
    errors: Vec<SyntaxError>,
}

impl Chunk {
    /// The length of its text in bytes.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether its text is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The text, if reading it found nothing wrong (for the quick path, which reads
    /// it in place).
    pub fn clean_text(&self) -> Option<&str> {
        self.errors.is_empty().then_some(self.text.as_str())
    }

    /// The games of the chunk, each with the reading errors that fall in it.
    pub fn parse(self) -> Vec<GameRecord> {
        let mut games = parse_games(&self.text, self.origin);
        if games.is_empty() && !self.errors.is_empty() {
            games.push(GameRecord::default());
        }
        for error in self.errors {
            let index = games
                .iter()
                .rposition(|g| g.span.line <= error.span.line)
                .unwrap_or(0);
            games[index].errors.push(error);
        }
        games
    }
}

/// An iterator over the games of a byte source.
pub struct Reader<R> {
    source: R,
    /// The line being read, when it is read a line at a time (see [`Reader::fill`]).
    raw: Vec<u8>,
    /// Games parsed but not yet handed out.
    ready: VecDeque<GameRecord>,
    lines: Lines,
    done: bool,
}

/// What the reader knows of the lines read so far: the game being collected and the
/// games complete.
struct Lines {
    encoding: Encoding,
    /// Text complete but not yet handed out or parsed.
    chunks: VecDeque<Chunk>,
    /// The text of the game being collected.
    chunk: String,
    chunk_origin: Origin,
    chunk_errors: Vec<SyntaxError>,
    /// Whether the chunk has movetext yet (tags after movetext start a new game).
    chunk_has_moves: bool,
    /// Whether the chunk has a tag line yet.
    chunk_has_tags: bool,
    /// The names of the chunk's tags, each ended by a `\n`, while it has no moves (a
    /// tag section after a blank line that repeats one starts a new game).
    chunk_tag_names: String,
    /// Those names as a set, built only when a tag line follows a blank line (rare
    /// but for hostile input, which would otherwise make the test quadratic), and the
    /// length of `chunk_tag_names` it holds so far.
    chunk_tag_set: HashSet<String>,
    chunk_tag_set_upto: usize,
    /// Whether the chunk's movetext ended with a result.
    chunk_ended: bool,
    /// Inside a `{…}` comment that spans lines.
    in_comment: bool,
    /// The last line read was blank.
    after_blank: bool,
    /// Next line's number and byte offset in the file.
    line: u32,
    offset: usize,
    /// Skipping the rest of a game longer than `max_game`.
    skipping: bool,
    /// The most text of one game that is read: [`MAX_GAME_BYTES`] (less in tests, to
    /// try every way a source's buffer can cut the lines around it).
    max_game: usize,
}

impl<R: BufRead> Reader<R> {
    pub fn new(source: R, encoding: Encoding) -> Reader<R> {
        Reader {
            source,
            raw: Vec::new(),
            ready: VecDeque::new(),
            lines: Lines {
                encoding,
                chunks: VecDeque::new(),
                chunk: String::new(),
                chunk_origin: Origin::default(),
                chunk_errors: Vec::new(),
                chunk_has_moves: false,
                chunk_has_tags: false,
                chunk_tag_names: String::new(),
                chunk_tag_set: HashSet::new(),
                chunk_tag_set_upto: 0,
                chunk_ended: false,
                in_comment: false,
                after_blank: false,
                line: 1,
                offset: 0,
                skipping: false,
                max_game: MAX_GAME_BYTES,
            },
            done: false,
        }
    }

    /// A reader that reads at most `bytes` of one game.
    #[cfg(test)]
    fn with_max_game(mut self, bytes: usize) -> Reader<R> {
        self.lines.max_game = bytes;
        self
    }

    /// The text of the next game, unparsed; `None` at the end of the source. (Mixing
    /// this with the games the iterator gives would hand games out of order.)
    pub fn next_chunk(&mut self) -> Option<Result<Chunk, ReadError>> {
        if let Err(e) = self.fill() {
            self.done = true;
            if matches!(e, ReadError::NotText { .. }) {
                // Not a text record: none of it is a game, not even what came before.
                self.lines.chunks.clear();
                self.lines.chunk.clear();
            }
            return Some(Err(e));
        }
        self.lines.chunks.pop_front().map(Ok)
    }

    /// Reads lines until the text of at least one game is complete or the input ends:
    /// in the common case (UTF-8, lines ending in `\n`) all the whole lines the
    /// source has buffered at once, in place; else one line at a time.
    ///
    /// No game is handed out before the probe for a NUL byte ([`BINARY_PROBE`]) has
    /// been read past, or the source has ended: a file that is not text is refused as
    /// a whole, before any command writes anything of it.
    fn fill(&mut self) -> Result<(), ReadError> {
        while (self.lines.chunks.is_empty() || self.lines.offset < BINARY_PROBE) && !self.done {
            if !self.take_buffered()? {
                self.take_one_line()?;
            }
        }
        Ok(())
    }

    /// Takes the whole lines in the source's buffer without copying them but into the
    /// game's text, if they are plain UTF-8 ending in `\n` (or `\r\n`); gives whether
    /// it took any. Whatever needs more care — the first line (a byte-order mark), a
    /// lone `\r`, bytes that are not UTF-8, a game growing past [`MAX_GAME_BYTES`], a
    /// NUL byte near the start — is left to [`Reader::take_one_line`], which reads
    /// exactly as before: both paths end in [`Lines::take_line`].
    fn take_buffered(&mut self) -> Result<bool, ReadError> {
        let lines = &mut self.lines;
        if lines.encoding != Encoding::Utf8 || lines.skipping || lines.offset == 0 {
            return Ok(false);
        }
        let buffer = match self.source.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(true),
            Err(e) => return Err(e.into()),
        };
        let Some(last) = memchr::memrchr(b'\n', buffer) else {
            return Ok(false);
        };
        let mut block = &buffer[..=last];
        // A lone `\r` ends a line too: stop before the line that holds one.
        for cr in memchr::memchr_iter(b'\r', block) {
            if block.get(cr + 1) != Some(&b'\n') {
                block = &block[..line_start(block, cr)];
                break;
            }
        }
        let text = match std::str::from_utf8(block) {
            Ok(text) => text,
            Err(e) => {
                let valid = line_start(block, e.valid_up_to());
                // The valid start is UTF-8 and ends where a line does.
                std::str::from_utf8(&block[..valid]).unwrap_or_default()
            }
        };
        // The lines, each with its `\n` (the block ends with one), found by memchr. A
        // game's lines are copied into its text together, when it is complete or the
        // block ends (`unsaved` is where those not copied yet begin), not one by one.
        let mut taken = 0;
        let mut unsaved = 0;
        for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
            let line = &text[taken..=end];
            let near_start =
                lines.offset < BINARY_PROBE && memchr::memchr(0, line.as_bytes()).is_some();
            if near_start || lines.chunk.len() + (end + 1 - unsaved) > lines.max_game {
                break;
            }
            let (scan, starts_game) = lines.scan(line);
            if starts_game {
                lines.chunk.push_str(&text[unsaved..taken]);
                unsaved = taken;
                lines.flush();
            }
            lines.account(&scan, line, unsaved == taken, 0, line.len());
            taken = end + 1;
        }
        lines.chunk.push_str(&text[unsaved..taken]);
        self.source.consume(taken);
        Ok(taken > 0)
    }

    /// Reads one line, whatever it holds.
    fn take_one_line(&mut self) -> Result<(), ReadError> {
        let lines = &mut self.lines;
        self.raw.clear();
        // Within the probe a NUL ends the read at once: a source of zeros (`/dev/zero`)
        // has no line end to wait for.
        let probing = lines.offset < BINARY_PROBE;
        // Keep one byte more than a game may take, to see that the line is longer, and
        // a whole line of the next game's tags even while skipping a game too long.
        let read = read_line(&mut self.source, &mut self.raw, lines.max_game + 1, probing)?;
        if read == 0 {
            self.done = true;
            lines.flush();
            return Ok(());
        }
        if probing && let Some(at) = memchr::memchr(0, &self.raw) {
            return Err(ReadError::NotText {
                offset: lines.offset + at,
                utf16: lines.offset == 0 && looks_like_utf16(&self.raw[..at]),
            });
        }
        if self.raw.ends_with(b"\r") {
            // A lone CR ends the line: read it as LF (same length, same offsets).
            self.raw.pop();
            self.raw.push(b'\n');
        }
        if lines.skipping && lines.skips(&self.raw, read) {
            return Ok(());
        }
        if self.raw.len() < read {
            // Longer than any game may be: its start is read only to tell whose it is.
            let text = String::from_utf8_lossy(&self.raw);
            lines.take_line(&text, 0, read, None, false);
            return Ok(());
        }
        let mut bytes = &self.raw[..];
        let mut skipped = 0;
        if lines.line == 1 && lines.offset == 0 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes = &bytes[3..];
            skipped = 3;
        }
        let (text, error) = match lines.encoding.decode(bytes) {
            Ok(text) => (text, None),
            Err((text, valid)) => {
                let error = lines.not_utf8(&bytes[..valid], skipped + valid);
                (text, Some(error))
            }
        };
        lines.take_line(&text, skipped, read, error, true);
        Ok(())
    }
}

/// A number of bytes as the limits are given: `4 MiB`.
fn size(bytes: usize) -> String {
    match bytes >> 20 {
        0 => format!("{bytes} bytes"),
        mib => format!("{mib} MiB"),
    }
}

/// Whether a file whose first NUL byte follows `before` looks like UTF-16: a byte-order
/// mark (FF FE, FE FF), or one ASCII character before the NUL (`[` then NUL, as
/// little-endian UTF-16 writes `[Event`).
fn looks_like_utf16(before: &[u8]) -> bool {
    before.starts_with(&[0xFF, 0xFE])
        || before.starts_with(&[0xFE, 0xFF])
        || matches!(before, [c] if c.is_ascii_graphic())
}

/// Where the line holding byte `at` of `block` starts.
fn line_start(block: &[u8], at: usize) -> usize {
    memchr::memrchr(b'\n', &block[..at]).map_or(0, |i| i + 1)
}

impl Lines {
    /// Adds a decoded line; `skipped` bytes (a byte-order mark) preceded it and the line
    /// took `raw_len` bytes of input. `error` is what decoding it found, and `whole` says
    /// whether all of it was kept (a line longer than a game may be is not). A line that
    /// would make its game longer than the limit is not added: the game ends there, and
    /// the rest of it is skipped. Whether the line starts the next game is asked first.
    fn take_line(
        &mut self,
        text: &str,
        skipped: usize,
        raw_len: usize,
        error: Option<SyntaxError>,
        whole: bool,
    ) {
        let (scan, starts_game) = self.scan(text);
        if starts_game {
            self.flush();
        }
        // After the flush: an error on the line that starts a game is that game's.
        self.chunk_errors.extend(error);
        if !whole || self.chunk.len() + text.len() > self.max_game {
            self.start_skipping(scan.blank, skipped, raw_len);
            return;
        }
        self.account(&scan, text, true, skipped, raw_len);
        self.chunk.push_str(text);
    }

    /// The error of a line that is not UTF-8: `valid` is the start of the line that is
    /// (`at` bytes into it).
    fn not_utf8(&self, valid: &[u8], at: usize) -> SyntaxError {
        let at = self.offset + at;
        let column = String::from_utf8_lossy(valid).chars().count() + 1;
        SyntaxError {
            message: format!(
                "the text is not UTF-8 at byte offset {at}; name its encoding with --encoding (e.g. windows-1251 or latin-1)"
            ),
            span: Span {
                line: self.line,
                column: column as u32,
                start: at,
                end: at + 1,
            },
        }
    }

    /// What a line is, read where it stands among the lines before it: whether it
    /// starts a new game (the one being collected is then complete).
    fn scan(&mut self, text: &str) -> (LineScan, bool) {
        // A game's tags after a blank line end a comment left open (the parser
        // reports it at its '{'); see `is_tag_pair_line`.
        let resync = self.in_comment && self.after_blank && is_tag_pair_line(text);
        if resync {
            self.in_comment = false;
        }
        let scan = scan_line(text, self.in_comment);
        // A tag section after a blank line that repeats a tag starts a game, also after
        // a game of tags alone (the parser ends that game's tags there too).
        let after_tags_alone = scan.is_tag
            && self.after_blank
            && self.chunk_has_tags
            && tags_start_a_game(text, |name| self.has_tag_name(name));
        let starts_game = resync
            || (scan.is_tag && self.chunk_has_moves)
            || after_tags_alone
            || (scan.has_moves && self.chunk_ended);
        (scan, starts_game)
    }

    /// Counts a scanned line into the game being collected (its text is added by the
    /// caller); `first` says whether the game has no text before it.
    fn account(
        &mut self,
        scan: &LineScan,
        text: &str,
        first: bool,
        skipped: usize,
        raw_len: usize,
    ) {
        if first && self.chunk.is_empty() {
            self.chunk_origin = Origin {
                line: self.line,
                offset: self.offset + skipped,
            };
        }
        self.in_comment = scan.ends_in_comment;
        self.after_blank = scan.blank;
        self.chunk_has_moves |= scan.has_moves;
        self.chunk_has_tags |= scan.is_tag;
        if scan.is_tag && !self.chunk_has_moves {
            self.note_tag_name(text);
        }
        if scan.has_moves {
            self.chunk_ended = scan.ends_with_result;
        }
        self.line += 1;
        // Offsets count the text as UTF-8: for UTF-8 input, the bytes of the file
        // (a line with invalid bytes was read lossily, so count what it took).
        self.offset += match self.encoding {
            Encoding::Utf8 => raw_len,
            _ => text.len(),
        };
    }

    /// Whether the chunk has a tag of that name: its names are added to the set from
    /// where the last look stopped, so every name is hashed once.
    fn has_tag_name(&mut self, name: &str) -> bool {
        let new = &self.chunk_tag_names[self.chunk_tag_set_upto..];
        self.chunk_tag_set
            .extend(new.split_terminator('\n').map(str::to_owned));
        self.chunk_tag_set_upto = self.chunk_tag_names.len();
        self.chunk_tag_set.contains(name)
    }

    /// Keeps the name of a tag line's tag, as the parser reads it (one tag a line: its
    /// value runs to the line's last `]`).
    fn note_tag_name(&mut self, line: &str) {
        let trimmed = line.trim_start();
        if let Ok((name, _, _)) = split_tag_line(trimmed) {
            self.chunk_tag_names.push_str(name);
            self.chunk_tag_names.push('\n');
        }
    }

    /// The game being read would grow past [`MAX_GAME_BYTES`] with the line at hand:
    /// it is handed out as read so far, with the error, and its lines are skipped
    /// (keeping none) until the tags of the next game after a blank line.
    fn start_skipping(&mut self, blank: bool, skipped: usize, raw_len: usize) {
        if self.chunk.is_empty() {
            self.chunk_origin = Origin {
                line: self.line,
                offset: self.offset + skipped,
            };
        }
        self.chunk_errors.push(SyntaxError {
            message: format!(
                "the game is longer than {}, the most tgn reads of one game: the rest of \
                 it, up to the next game's tags, is not read",
                size(self.max_game)
            ),
            span: Span {
                line: self.line,
                column: 1,
                start: self.offset,
                end: self.offset + 1,
            },
        });
        self.flush();
        self.skipping = true;
        self.in_comment = false;
        self.pass_over(blank, raw_len);
    }

    /// While skipping a game too long: skips the line (`read` bytes, `raw` of them
    /// kept) unless it begins the next game, the whole line of a tag pair after a
    /// blank line; gives whether it skipped it.
    fn skips(&mut self, raw: &[u8], read: usize) -> bool {
        let text = String::from_utf8_lossy(raw);
        if self.after_blank && raw.len() == read && is_tag_pair_line(&text) {
            self.skipping = false;
            return false;
        }
        self.pass_over(trim(&text).is_empty(), read);
        true
    }

    /// Counts a line that is not kept.
    fn pass_over(&mut self, blank: bool, raw_len: usize) {
        self.after_blank = blank;
        self.line += 1;
        self.offset += raw_len;
    }

    fn flush(&mut self) {
        if self.chunk.trim().is_empty() && self.chunk_errors.is_empty() {
            self.chunk.clear();
            return;
        }
        // The next game is likely about as long: one allocation with room to spare
        // for its text (with room for exactly this one's, every game longer than the
        // one before it would grow its text again).
        let capacity = self.chunk.len() + self.chunk.len() / 2;
        self.chunks.push_back(Chunk {
            text: std::mem::replace(&mut self.chunk, String::with_capacity(capacity)),
            origin: self.chunk_origin,
            errors: std::mem::take(&mut self.chunk_errors),
        });
        self.chunk_has_moves = false;
        self.chunk_has_tags = false;
        self.chunk_tag_names.clear();
        self.chunk_tag_set.clear();
        self.chunk_tag_set_upto = 0;
        self.chunk_ended = false;
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() {
            match self.next_chunk()? {
                Ok(chunk) => self.ready.extend(chunk.parse()),
                Err(e) => return Some(Err(e)),
            }
        }
        self.ready.pop_front().map(Ok)
    }
}

/// Reads one line, up to and including its end (`\n`, `\r\n` or a lone `\r`), into
/// `line`, keeping at most `keep` bytes of it; gives the number of bytes taken from
/// the source (0 at its end). A line longer than `keep` is still read to its end, in
/// buffer-sized steps, so memory stays bounded whatever the line's length; but with
/// `stop_at_nul`, a NUL byte among the bytes kept ends the read there (the caller's
/// probe for a source that is not text, which may have no line end at all).
fn read_line(
    source: &mut impl BufRead,
    line: &mut Vec<u8>,
    keep: usize,
    stop_at_nul: bool,
) -> io::Result<usize> {
    let mut taken = 0;
    let mut after_cr = false;
    loop {
        let buffer = match source.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(taken);
        }
        if after_cr {
            // `\r\n` is one line end; a lone `\r` ended the line already.
            if buffer[0] == b'\n' {
                if line.len() < keep {
                    line.push(b'\n');
                }
                source.consume(1);
                taken += 1;
            }
            return Ok(taken);
        }
        let (len, end) = match memchr::memchr2(b'\n', b'\r', buffer) {
            Some(i) => (i + 1, Some(buffer[i])),
            None => (buffer.len(), None),
        };
        let room = keep.saturating_sub(line.len()).min(len);
        if stop_at_nul && let Some(nul) = memchr::memchr(0, &buffer[..room]) {
            line.extend_from_slice(&buffer[..=nul]);
            source.consume(nul + 1);
            return Ok(taken + nul + 1);
        }
        line.extend_from_slice(&buffer[..room]);
        source.consume(len);
        taken += len;
        match end {
            Some(b'\n') => return Ok(taken),
            Some(_) => after_cr = true,
            None => {}
        }
    }
}

/// What a line holds, outside comments.
#[derive(Debug, Default, PartialEq, Eq)]
struct LineScan {
    /// Nothing but white space.
    blank: bool,
    is_tag: bool,
    has_moves: bool,
    ends_with_result: bool,
    ends_in_comment: bool,
}

fn scan_line(line: &str, in_comment: bool) -> LineScan {
    let (trimmed, blank) = match line.as_bytes().first() {
        // Most lines start with what they hold (a tag's `[`, a move): no blank to trim
        // at the start, and what is past the end is asked only of the line's start
        // or of its comment marks, which trailing white space holds none of.
        Some(b) if b.is_ascii_graphic() => (line, false),
        _ => trimmed_and_blank(line),
    };
    scan_trimmed(line, trimmed, blank, in_comment)
}

/// The line without white space at either end, and whether it is blank.
fn trimmed_and_blank(line: &str) -> (&str, bool) {
    let unmarked = match line.as_bytes().first() {
        Some(0xEF) => line.trim_start_matches('\u{feff}'),
        _ => line,
    };
    let trimmed = trim(unmarked);
    // A byte-order mark is not white space: a line holding one is not blank.
    let blank = if unmarked.len() == line.len() {
        trimmed.is_empty()
    } else {
        trim(line).is_empty()
    };
    (trimmed, blank)
}

/// [`scan_line`] once the line's trimmed text (or any text that starts where it
/// does and holds the same comment marks) and blankness are known.
fn scan_trimmed(line: &str, trimmed: &str, blank: bool, mut in_comment: bool) -> LineScan {
    if !in_comment && (trimmed.starts_with('%') && line.starts_with('%')) {
        return LineScan {
            blank,
            ..LineScan::default()
        };
    }
    if !in_comment && trimmed.starts_with('[') {
        return LineScan {
            blank,
            is_tag: true,
            ..LineScan::default()
        };
    }
    if !in_comment && memchr::memchr2(b'{', b';', trimmed.as_bytes()).is_none() {
        // No comment on the line (most lines of moves): its last word is its last.
        let end = line.trim_ascii_end().len();
        let start = line.as_bytes()[..end]
            .iter()
            .rposition(u8::is_ascii_whitespace)
            .map_or(0, |i| i + 1);
        let last_word = Some(&line[start..end]).filter(|w| !w.is_empty());
        return LineScan {
            blank,
            has_moves: last_word.is_some(),
            ends_with_result: last_word.is_some_and(|w| parse_result(w).is_some()),
            ..LineScan::default()
        };
    }
    // The last word outside comments, found without copying the line. Bytes suffice:
    // every delimiter is ASCII, and no byte of a multi-byte character is ASCII.
    let mut word_start = None;
    let mut last_word = None;
    for (i, &b) in line.as_bytes().iter().enumerate() {
        let in_word = !in_comment && !b.is_ascii_whitespace() && b != b'{' && b != b';';
        match (word_start, in_word) {
            (None, true) => word_start = Some(i),
            (Some(start), false) => {
                last_word = Some(&line[start..i]);
                word_start = None;
            }
            _ => {}
        }
        if in_comment {
            in_comment = b != b'}';
        } else if b == b'{' {
            in_comment = true;
        } else if b == b';' {
            break;
        }
    }
    if let Some(start) = word_start {
        last_word = Some(&line[start..]);
    }
    LineScan {
        blank,
        is_tag: false,
        has_moves: last_word.is_some(),
        ends_with_result: last_word.is_some_and(|w| parse_result(w).is_some()),
        ends_in_comment: in_comment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn read(bytes: &[u8], encoding: Encoding) -> Vec<GameRecord> {
        Reader::new(bytes, encoding).map(Result::unwrap).collect()
    }

    #[test]
    fn lines_that_start_with_what_they_hold_scan_as_trimmed_lines() {
        let pieces = [
            "[", "%", "{", "}", ";", " ", "\t", "1-0", "a", "\u{feff}", "\u{a0}", "é",
        ];
        for line in crate::testing::concatenations(&pieces, 4) {
            for in_comment in [false, true] {
                let (trimmed, blank) = trimmed_and_blank(&line);
                let by_trimming = scan_trimmed(&line, trimmed, blank, in_comment);
                assert_eq!(scan_line(&line, in_comment), by_trimming, "{line:?}");
            }
        }
    }

    #[test]
    fn games_stream_one_at_a_time_with_file_positions() {
        let text =
            b"[A \"1\"]\n\n1. a b 1-0\n\n[A \"2\"]\n\n1. c {multi\n[not a tag]\n} d 0-1\n1. e *\n";
        let games = read(text, Encoding::Utf8);
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].tag("A"), Some("2"));
        assert_eq!(games[1].moves[1].text, "d");
        assert_eq!(games[1].moves[0].comments[0].text, "multi\n[not a tag]");
        assert_eq!(games[2].moves[0].span.line, 10);
        assert_eq!(games[2].moves[0].span.start, text.len() - 4);
    }

    /// Issue 52 item 9: the reader splits a tag section from the next as the parser
    /// does, by a repeated tag.
    #[test]
    fn a_blank_line_inside_tags_keeps_one_game_and_a_repeated_tag_starts_the_next() {
        let text = b"[A \"1\"]\n\n[B \"1\"]\n\n[A \"2\"]\n\n[C \"2\"]\n1. a *\n";
        let games = read(text, Encoding::Utf8);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("B"), Some("1"));
        assert_eq!(games[1].tag("C"), Some("2"));
        assert_eq!(games[1].moves.len(), 1);
        let parsed = parse_games(std::str::from_utf8(text).unwrap(), Origin::default());
        let parts = |games: &[GameRecord]| -> Vec<_> {
            games
                .iter()
                .map(|g| (g.tags.clone(), g.moves.clone()))
                .collect()
        };
        assert_eq!(parts(&games), parts(&parsed));
    }

    /// Lines whole in the source's buffer are taken in place, the others one at a
    /// time: the games must not depend on which way each line went.
    #[test]
    fn lines_read_in_place_or_one_at_a_time_give_the_same_games() {
        let texts: [&[u8]; 7] = [
            b"[A \"1\"]\n\n1. a b 1-0\n\n[A \"2\"]\n\n1. c {multi\n[not a tag]\n} d 0-1\n1. e *\n",
            b"\xEF\xBB\xBF[A \"1\"]\r\n\r\n1. a {x}  b 1-0 {end}  \r\n\r\n% escape\n[A \"2\"]\n1. c *\n",
            b"[A \"1\"]\r1. a\r2. b *\r\r[A \"2\"]\n1. c *\n[A \"3\"]\n1. d\r\n",
            b"[A \"\xff\"]\n1. a *\n\n[A \"ok\"]\n1. b \xe2\x82 *\n\n[A \"x\"]\n1. c *",
            b"[A \"1\"]\n1. a {open\n\n[A \"2\"]\n1. b *\n1. a 1-0 {end}\n1. b 0-1\n",
            b"[A \"1\"]\n1. a *\n\x00\n",
            b"[A \"1\"]\n\n[B \"1\"]\n\n[A \"2\"]\n[B \"2\"]\n\n[C \"3\"]\n1. a *\n",
        ];
        let games = |text: &[u8], capacity: usize| -> Vec<String> {
            let source = io::BufReader::with_capacity(capacity, text);
            Reader::new(source, Encoding::Utf8)
                .map(|game| format!("{game:?}"))
                .collect()
        };
        for text in texts {
            let whole = games(text, 1 << 16);
            for capacity in [1, 2, 3, 5, 8, 13, 64] {
                assert_eq!(games(text, capacity), whole, "{capacity}: {text:?}");
            }
        }
    }

    /// Issue 23: a game longer than the limit over many lines (or on one) is one error
    /// on it, and every game after it is read whole, however the source's buffer cuts
    /// the lines (the tags that end the skipping were once cut short by a part-filled
    /// line, and the rest of the file lost). A game of exactly the limit (its line end
    /// included) is read, and so are the tags of a game after a game nearly that long.
    #[test]
    fn a_game_too_long_ends_there_and_the_next_games_are_read() {
        const LIMIT: usize = 64;
        let next = "[Event \"next\"]\n[White \"\u{410}\"]\n\n1. a b *\n\n".repeat(3);
        let exact = format!("[E \"x\"]\n1. {}*", "ab ".repeat(17));
        assert_eq!(exact.len() + 1, LIMIT);
        // Each text, and which of its games are too long.
        let texts: [(String, &[bool]); 5] = [
            (
                format!("[Event \"huge\"]\n\n{}*\n\n{next}", "1. 11 11\n".repeat(20)),
                &[true, false, false, false],
            ),
            (
                format!("[Event \"huge\"]\n{}\n\n{next}", "11 ".repeat(50)),
                &[true, false, false, false],
            ),
            (
                format!("{}*\r\n\r\n{next}", "1. 11 11\r\n".repeat(20)),
                &[true, false, false, false],
            ),
            (format!("{exact}\n{next}"), &[false, false, false, false]),
            (
                format!("{}\n{next}{next}", &exact[..LIMIT - 2]),
                &[false; 7],
            ),
        ];
        let games = |text: &str, capacity: usize| -> Vec<GameRecord> {
            let source = io::BufReader::with_capacity(capacity, text.as_bytes());
            let reader = Reader::new(source, Encoding::Utf8).with_max_game(LIMIT);
            reader.map(Result::unwrap).collect()
        };
        for (text, too_long) in &texts {
            let whole = games(text, 1 << 16);
            let found: Vec<bool> = whole
                .iter()
                .map(|g| {
                    g.errors
                        .iter()
                        .any(|e| e.message.contains("longer than 64 bytes"))
                })
                .collect();
            assert_eq!(&found, too_long, "{text:?}");
            for game in whole.iter().filter(|g| g.tag("Event") == Some("next")) {
                assert_eq!(game.tag("White"), Some("\u{410}"));
                assert!(game.errors.is_empty(), "{:?}", game.errors);
            }
            for capacity in (1..=64).chain([1 << 16]) {
                let read = format!("{:?}", games(text, capacity));
                assert_eq!(read, format!("{whole:?}"), "{capacity}: {text:?}");
            }
        }
    }

    /// Issue 23: a NUL byte within the probe ends the read there, line end or not: a
    /// source of zeros (`/dev/zero`) was once read for ever, waiting for one.
    #[test]
    fn endless_zeros_are_not_text_without_waiting_for_a_line_end() {
        let starts: [&[u8]; 3] = [b"", b"[A \"1\"]\n1. a", &[b'a'; BINARY_PROBE - 1]];
        for start in starts {
            let source = io::BufReader::with_capacity(64, start.chain(io::repeat(0)));
            let read = Reader::new(source, Encoding::Utf8).next_chunk();
            let Some(Err(ReadError::NotText { offset, .. })) = read else {
                panic!("{read:?}");
            };
            assert_eq!(offset, start.len());
        }
    }

    /// A line that is not UTF-8 and starts a game spoils that game, not the one before.
    #[test]
    fn an_encoding_error_on_a_games_first_line_is_that_games() {
        let games = read(
            b"[A \"1\"]\n1. a *\n\n[A \"\xff\"]\n1. b *\n",
            Encoding::Utf8,
        );
        assert_eq!(games.len(), 2);
        assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
        assert!(games[1].errors[0].message.contains("byte offset 20"));
    }

    #[test]
    fn bom_is_skipped_and_offsets_stay_those_of_the_file() {
        let games = read(b"\xEF\xBB\xBF[A \"1\"]\n1. ab *\n", Encoding::Utf8);
        assert_eq!(games[0].tag("A"), Some("1"));
        assert_eq!(games[0].tags[0].span.column, 1);
        assert_eq!(games[0].moves[0].span.start, 3 + 8 + 3);
    }

    #[test]
    fn invalid_utf8_names_the_byte_offset_and_spoils_one_game() {
        let games = read(
            b"[A \"\xff\"]\n1. a *\n\n[A \"ok\"]\n1. b *\n",
            Encoding::Utf8,
        );
        assert_eq!(games.len(), 2);
        assert!(games[0].errors[0].message.contains("byte offset 4"));
        assert!(games[1].errors.is_empty());
    }

    #[test]
    fn windows_1251_and_latin_1() {
        // "Абай" in CP1251.
        let games = read(
            b"[White \"\xC0\xE1\xE0\xE9\"]\n1. a *\n",
            Encoding::Windows1251,
        );
        assert_eq!(games[0].tag("White"), Some("Абай"));
        let games = read(b"[White \"Jos\xe9\"]\n1. a *\n", Encoding::Latin1);
        assert_eq!(games[0].tag("White"), Some("José"));
        assert_eq!(Encoding::from_name("CP1251"), Some(Encoding::Windows1251));
        assert_eq!(Encoding::from_name("klingon"), None);
    }

    #[test]
    fn untagged_games_split_after_results() {
        let games = read(b"1. a 1-0 {end}\n1. b 0-1\n", Encoding::Utf8);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].trailing[0].text, "end");
    }

    #[test]
    fn an_unclosed_comment_never_swallows_the_next_game() {
        let text = b"[A \"1\"]\n1. a {open\n\n[A \"2\"]\n1. b *\n";
        let games = read(text, Encoding::Utf8);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].errors[0].message, "'{' comment is never closed");
        assert_eq!(games[0].errors[0].span.line, 2);
        assert_eq!(games[1].tag("A"), Some("2"));
        assert!(games[1].errors.is_empty(), "{:?}", games[1].errors);
    }

    #[test]
    fn each_game_knows_its_text_exactly_as_written() {
        let text = "\u{feff}[A \"1\"]\r\n\r\n1. a {x}  b 1-0 {end}  \r\n\r\n\r\n% escape\n[A \"2\"]\n1. c *\n\n1. d 0-1";
        let games = read(text.as_bytes(), Encoding::Utf8);
        let texts: Vec<&str> = games.iter().map(|g| g.text().unwrap()).collect();
        assert_eq!(
            texts,
            [
                "[A \"1\"]\r\n\r\n1. a {x}  b 1-0 {end}",
                "[A \"2\"]\n1. c *",
                "1. d 0-1"
            ]
        );
        for game in &games {
            assert_eq!(&text[game.span.start..game.end], game.text().unwrap());
        }
    }

    #[test]
    fn a_tag_inside_a_comment_without_a_blank_line_stays_in_the_comment() {
        let games = read(b"1. a {note\n[A \"2\"]\n} b *\n", Encoding::Utf8);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves[0].comments[0].text, "note\n[A \"2\"]");
    }
}
