//! [`Word`]: a short piece of record text kept without a heap allocation.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// Bytes a [`Word`] holds in place: 22, so that it takes no more room than a `String`.
const INLINE: usize = 22;

/// The text of a move token as written (`87(10)`, `d4xf6xh4`, `Rb1:f3`). Tokens are a
/// few bytes long and there is one per ply, so a `String` each would make allocating
/// and freeing them the bulk of reading an archive: a word keeps up to 22 bytes in
/// place and only a longer one on the heap. It reads as a `&str` (it derefs to one) and
/// compares, hashes and prints as its text.
#[derive(Clone)]
pub struct Word(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl Word {
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Never fails: the bytes are a whole `str` copied in (see `From<&str>`).
            Repr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Repr::Heap(text) => text,
        }
    }
}

impl From<&str> for Word {
    fn from(text: &str) -> Word {
        if text.len() > INLINE {
            return Word(Repr::Heap(text.into()));
        }
        let mut bytes = [0; INLINE];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Word(Repr::Inline {
            len: text.len() as u8,
            bytes,
        })
    }
}

impl From<String> for Word {
    fn from(text: String) -> Word {
        if text.len() > INLINE {
            Word(Repr::Heap(text.into_boxed_str()))
        } else {
            Word::from(text.as_str())
        }
    }
}

impl From<Word> for String {
    fn from(word: Word) -> String {
        word.as_str().to_string()
    }
}

impl Deref for Word {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Word {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Word {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Word {
    fn eq(&self, other: &Word) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Word {}

impl PartialEq<str> for Word {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Word {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Word {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl Hash for Word {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Word {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_words_read_back_as_written() {
        let long = "a".repeat(INLINE + 1);
        for text in [
            "",
            "87(10)",
            "é1",
            "x".repeat(INLINE).as_str(),
            long.as_str(),
        ] {
            let word = Word::from(text);
            assert_eq!(word.as_str(), text);
            assert_eq!(Word::from(text.to_string()), word);
            assert_eq!(format!("{word}"), text);
        }
        assert!(matches!(Word::from(long.as_str()).0, Repr::Heap(_)));
        assert_eq!(std::mem::size_of::<Word>(), std::mem::size_of::<String>());
    }

    #[test]
    fn hashes_as_its_text() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |h: &dyn Fn(&mut DefaultHasher)| {
            let mut hasher = DefaultHasher::new();
            h(&mut hasher);
            hasher.finish()
        };
        let word = Word::from("d4xf6");
        assert_eq!(hash(&|h| word.hash(h)), hash(&|h| "d4xf6".hash(h)));
    }
}
