//! Game options: rule switches and variants that a record sets with a tag and a user
//! with `--option`.
//!
//! Every option has a kebab-case name (`play-out`, `no-return`) and is read from the tag
//! with the same name in CamelCase (`[PlayOut "yes"]`, `[NoReturn "mill"]`). A value
//! given on the command line overrides the tag, so a whole archive can be read with a
//! switch its records do not carry.

use std::fmt;

use super::GameInfo;
use crate::record::Tag;

/// One option a game understands, declared once: the game's `Rules::OPTIONS` lists
/// it, `tgn games` and the man page show it, and the game's `configure` reads its
/// value through it ([`Setup::switch`], [`Setup::choice`], [`Setup::text`]), so the
/// name, the values and the default are written in one place.
#[derive(Debug)]
pub struct OptionSpec {
    /// Kebab-case name, e.g. `play-out`.
    pub name: &'static str,
    pub kind: OptionKind,
    /// One line of help, shown by `tgn games`.
    pub help: &'static str,
}

/// What values an option takes.
#[derive(Debug)]
pub enum OptionKind {
    /// On or off (off when absent): `yes/no`, `true/false`, `on/off`, `1/0`; a bare
    /// `--option name` or a tag with an empty value means on.
    Switch,
    /// One of `values`; `default` when absent (a game whose default depends on the
    /// game or on another option gives its own: [`Setup::choice_or`]).
    Choice {
        values: &'static [&'static str],
        default: &'static str,
    },
    /// Free text the game reads itself (a board size, a start position): `form`
    /// says its shape in `tgn games` (`WxH`), `example` is a value it accepts.
    Text {
        form: &'static str,
        example: &'static str,
    },
}

impl OptionSpec {
    /// An on/off switch.
    pub const fn switch(name: &'static str, help: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Switch,
            help,
        }
    }

    /// One of `values`, `default` when absent.
    pub const fn choice(
        name: &'static str,
        values: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Choice { values, default },
            help,
        }
    }

    /// Free text of the shape `form`, such as `example`.
    pub const fn text(
        name: &'static str,
        form: &'static str,
        example: &'static str,
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Text { form, example },
            help,
        }
    }

    /// The values it takes, as `tgn games` writes them after the name: `=ccw|cw`,
    /// `=WxH` (a text's form), or nothing for a switch.
    pub fn values_shown(&self) -> String {
        match &self.kind {
            OptionKind::Switch => String::new(),
            OptionKind::Choice { values, .. } => format!("={}", values.join("|")),
            OptionKind::Text { form, .. } => format!("={form}"),
        }
    }
}

/// An option value the game cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The option at fault (`play-out`), so that the error can point at the tag that
    /// carries it; `None` for what concerns no one option.
    pub option: Option<String>,
    /// The sentence users read: `option huff: expected yes or no, found "maybe"`.
    pub message: String,
}

impl SetupError {
    /// An error of the setup as a whole.
    pub fn new(message: impl Into<String>) -> SetupError {
        SetupError {
            option: None,
            message: message.into(),
        }
    }

    /// An error of one option: `option NAME: REASON`.
    pub fn option(name: &str, reason: impl fmt::Display) -> SetupError {
        SetupError {
            option: Some(name.to_string()),
            message: format!("option {name}: {reason}"),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}

/// What a game needs to configure itself for one record: which game it is, the
/// record's tags and the command line's option overrides.
pub struct Setup<'a> {
    game: &'static GameInfo,
    tags: Tags<'a>,
    overrides: &'a [(String, String)],
    /// The first bytes and the lengths of the tags' names, as bits ([`Initials`]): an
    /// option whose tag's first byte or length is not among them has no tag (most
    /// options of most records).
    initials: Initials,
}

/// The tags a setup reads: a record's own (borrowed, not copied: this runs for every
/// game of an archive), or name–value pairs.
#[derive(Clone, Copy)]
enum Tags<'a> {
    Record(&'a [Tag]),
    Pairs(&'a [(String, String)]),
    /// Read in place from the record's text (the quick path).
    Borrowed(&'a [(&'a str, &'a str)]),
}

impl<'a> Setup<'a> {
    pub fn new(
        game: &'static GameInfo,
        tags: &'a [(String, String)],
        overrides: &'a [(String, String)],
    ) -> Setup<'a> {
        Setup::with(game, Tags::Pairs(tags), overrides)
    }

    /// The setup of a record whose tags were read in place.
    pub fn of_borrowed(
        game: &'static GameInfo,
        tags: &'a [(&'a str, &'a str)],
        overrides: &'a [(String, String)],
    ) -> Setup<'a> {
        Setup::with(game, Tags::Borrowed(tags), overrides)
    }

    /// The setup of a record with these tags.
    pub fn of_record(
        game: &'static GameInfo,
        tags: &'a [Tag],
        overrides: &'a [(String, String)],
    ) -> Setup<'a> {
        Setup::with(game, Tags::Record(tags), overrides)
    }

    fn with(game: &'static GameInfo, tags: Tags<'a>, overrides: &'a [(String, String)]) -> Self {
        let initials = match tags {
            Tags::Record(tags) => Initials::of(tags.iter().map(|t| t.name.as_str())),
            Tags::Pairs(pairs) => Initials::of(pairs.iter().map(|(n, _)| n.as_str())),
            Tags::Borrowed(pairs) => Initials::of(pairs.iter().map(|(n, _)| *n)),
        };
        Setup {
            game,
            tags,
            overrides,
            initials,
        }
    }

    /// The game the record was matched to.
    pub fn game(&self) -> &'static GameInfo {
        self.game
    }

    /// The value of a tag, by exact name.
    pub fn tag(&self, name: &str) -> Option<&'a str> {
        self.first_tag(|n| n == name)
    }

    /// The value of the first tag whose name `wanted` accepts.
    fn first_tag(&self, wanted: impl Fn(&str) -> bool) -> Option<&'a str> {
        match self.tags {
            Tags::Record(tags) => tags
                .iter()
                .find(|t| wanted(&t.name))
                .map(|t| t.value.as_str()),
            Tags::Pairs(pairs) => pairs
                .iter()
                .find(|(n, _)| wanted(n))
                .map(|(_, v)| v.as_str()),
            Tags::Borrowed(pairs) => pairs.iter().find(|(n, _)| wanted(n)).map(|(_, v)| *v),
        }
    }

    /// The raw value of an option: the command line's, else the tag's, else `None`.
    pub fn value(&self, option: &str) -> Option<&'a str> {
        if let Some((_, v)) = self.overrides.iter().rev().find(|(n, _)| n == option) {
            return Some(v.as_str());
        }
        // Most tags are told apart by their first letter and length, most records by
        // having no tag with those at all.
        let first = *option.trim_start_matches('-').as_bytes().first()?;
        let first = first.to_ascii_uppercase();
        let len = option.bytes().filter(|&b| b != b'-').count();
        if !self.initials.may_hold(first, len) {
            return None;
        }
        self.first_tag(|name| {
            name.len() == len && name.as_bytes()[0] == first && is_tag_name_of(name, option)
        })
    }

    /// The value of a [`OptionKind::Switch`].
    ///
    /// # Errors
    /// A value that is not one of `yes/no`, `true/false`, `on/off`, `1/0`.
    pub fn switch(&self, spec: &OptionSpec) -> Result<bool, SetupError> {
        debug_assert!(matches!(spec.kind, OptionKind::Switch), "{}", spec.name);
        match self.value(spec.name) {
            None => Ok(false),
            Some(v) => parse_flag(v).ok_or_else(|| {
                SetupError::option(spec.name, format!("expected yes or no, found \"{v}\""))
            }),
        }
    }

    /// The value of a [`OptionKind::Switch`] whose default (when absent) depends on the
    /// game: Srand removes captured pieces at once, Zamma at the end of the chain.
    ///
    /// # Errors
    /// As [`Setup::switch`].
    pub fn switch_or(&self, spec: &OptionSpec, default: bool) -> Result<bool, SetupError> {
        match self.value(spec.name) {
            None => Ok(default),
            Some(_) => self.switch(spec),
        }
    }

    /// The value of a [`OptionKind::Choice`], its default when absent.
    ///
    /// # Errors
    /// A value it does not list.
    pub fn choice(&self, spec: &OptionSpec) -> Result<&'static str, SetupError> {
        match spec.kind {
            OptionKind::Choice { default, .. } => self.choice_or(spec, default),
            _ => Err(SetupError::option(spec.name, "not a choice")),
        }
    }

    /// The value of a [`OptionKind::Choice`], `default` when absent: for a default
    /// that depends on the game or on another option.
    ///
    /// # Errors
    /// A value it does not list.
    pub fn choice_or(
        &self,
        spec: &OptionSpec,
        default: &'static str,
    ) -> Result<&'static str, SetupError> {
        let OptionKind::Choice { values, .. } = spec.kind else {
            return Err(SetupError::option(spec.name, "not a choice"));
        };
        let Some(v) = self.value(spec.name) else {
            return Ok(default);
        };
        let wanted = v.trim().to_ascii_lowercase();
        values
            .iter()
            .copied()
            .find(|a| *a == wanted)
            .ok_or_else(|| {
                SetupError::option(
                    spec.name,
                    format!(
                        "expected one of {}, found \"{v}\"{}",
                        values.join(", "),
                        crate::suggest::did_you_mean(crate::suggest::nearest(
                            v,
                            values.iter().copied()
                        ))
                    ),
                )
            })
    }

    /// The value of a [`OptionKind::Text`], if given.
    pub fn text(&self, spec: &OptionSpec) -> Option<&'a str> {
        debug_assert!(
            matches!(spec.kind, OptionKind::Text { .. }),
            "{}",
            spec.name
        );
        self.value(spec.name)
    }
}

/// `play-out` → `PlayOut`: the tag that carries an option.
pub fn tag_name(option: &str) -> String {
    option
        .split('-')
        .map(|part| {
            let mut chars = part.chars();
            match chars.next() {
                Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// The first bytes and the lengths of a record's tag names, each as a bit (modulo
/// 64): a name that starts with a byte, or has a length, with no bit is not there.
#[derive(Clone, Copy, Debug, Default)]
struct Initials {
    firsts: u64,
    lengths: u64,
}

impl Initials {
    fn of<'n>(names: impl Iterator<Item = &'n str>) -> Initials {
        names.fold(Initials::default(), |bits, name| Initials {
            firsts: bits.firsts | name.as_bytes().first().map_or(0, |&b| 1 << (b % 64)),
            lengths: bits.lengths | 1 << (name.len() % 64),
        })
    }

    /// Whether a name starting with `first`, `len` bytes long, may be among them.
    fn may_hold(self, first: u8, len: usize) -> bool {
        self.firsts & 1 << (first % 64) != 0 && self.lengths & 1 << (len % 64) != 0
    }
}

/// Whether `tag` is [`tag_name`]`(option)`, told without building the name (this is
/// asked for every option of every game read).
fn is_tag_name_of(tag: &str, option: &str) -> bool {
    let mut rest = tag;
    for part in option.split('-') {
        let mut chars = part.chars();
        let Some(first) = chars.next() else {
            continue;
        };
        let mut tag_chars = rest.chars();
        if tag_chars.next() != Some(first.to_ascii_uppercase()) {
            return false;
        }
        match tag_chars.as_str().strip_prefix(chars.as_str()) {
            Some(after) => rest = after,
            None => return false,
        }
    }
    rest.is_empty()
}

fn parse_flag(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "yes" | "true" | "on" => Some(true),
        "0" | "no" | "false" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static INFO: GameInfo = GameInfo {
        id: "test",
        name: "Test",
        aliases: &[],
        sides: crate::games::Sides::new("First", "Second"),
        moves: &[],
        position: "",
    };

    #[test]
    fn option_names_map_to_camel_case_tags() {
        assert_eq!(tag_name("play-out"), "PlayOut");
        assert_eq!(tag_name("immediate-removal"), "ImmediateRemoval");
        assert_eq!(tag_name("direction"), "Direction");
        for option in [
            "play-out",
            "immediate-removal",
            "direction",
            "x--y",
            "-a",
            "é-b",
            "",
        ] {
            let tag = tag_name(option);
            assert!(is_tag_name_of(&tag, option), "{option}");
            assert!(!is_tag_name_of(&format!("{tag}X"), option), "{option}");
            assert!(
                !is_tag_name_of(&tag.to_lowercase(), option) || tag.is_empty(),
                "{option}"
            );
        }
        assert!(!is_tag_name_of("Play", "play-out"));
    }

    const PLAY_OUT: OptionSpec = OptionSpec::switch("play-out", "");
    const HUFF: OptionSpec = OptionSpec::switch("huff", "");
    const DIRECTION: OptionSpec = OptionSpec::choice("direction", &["ccw", "cw"], "ccw", "");

    #[test]
    fn command_line_overrides_tag() {
        let tags = vec![("PlayOut".to_string(), "no".to_string())];
        let cli = vec![("play-out".to_string(), String::new())];
        assert!(Setup::new(&INFO, &tags, &cli).switch(&PLAY_OUT).unwrap());
        assert!(!Setup::new(&INFO, &tags, &[]).switch(&PLAY_OUT).unwrap());
        assert!(Setup::new(&INFO, &[], &[]).switch(&HUFF) == Ok(false));
    }

    #[test]
    fn a_choice_takes_its_declared_default() {
        assert_eq!(Setup::new(&INFO, &[], &[]).choice(&DIRECTION), Ok("ccw"));
        let cli = vec![("direction".to_string(), " CW".to_string())];
        assert_eq!(Setup::new(&INFO, &[], &cli).choice(&DIRECTION), Ok("cw"));
        assert_eq!(
            Setup::new(&INFO, &[], &[]).choice_or(&DIRECTION, "cw"),
            Ok("cw")
        );
    }

    #[test]
    fn bad_values_are_errors() {
        let tags = vec![("Direction".to_string(), "up".to_string())];
        let setup = Setup::new(&INFO, &tags, &[]);
        assert!(setup.choice(&DIRECTION).is_err());
        let tags = vec![("Huff".to_string(), "maybe".to_string())];
        assert!(Setup::new(&INFO, &tags, &[]).switch(&HUFF).is_err());
    }

    /// Issue 37: a value misspelt is answered with the one meant.
    #[test]
    fn a_misspelt_choice_suggests_the_value_meant() {
        let tags = vec![("Direction".to_string(), "cww".to_string())];
        let error = Setup::new(&INFO, &tags, &[])
            .choice(&DIRECTION)
            .unwrap_err();
        assert_eq!(
            error.message,
            "option direction: expected one of ccw, cw, found \"cww\" (did you mean \"ccw\"?)"
        );
    }
}
