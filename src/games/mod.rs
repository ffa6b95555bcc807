//! Games: the one trait every game implements, the values it trades in, and one
//! module per game, and the [`registry`] that names them.
//!
//! A game is split the way its record is read:
//! 1. [`Rules::parse_token`] turns the text of a move (`87(10)`, `d4xf6xh4`) into a
//!    [`Rules::Token`] — what the record *says*, checked only for syntax (nom).
//! 2. [`Rules::resolve`] matches that token against a position and gives the
//!    [`Rules::Move`] the engine will play, or says why it cannot: illegal,
//!    ambiguous (with the candidates), or a mark that disagrees with the replay.
//! 3. [`Rules::play`] applies a resolved move; it cannot fail.
//!
//! Nothing outside `games/` names a specific game: the layers above reach every game
//! through the [`registry`], which finds a game by name and hands their own
//! [`GameVisitor`](registry::GameVisitor) the game's `Rules` type.

/// Every game tgn plays, as its folder and its rules type, in the order `tgn games`
/// lists them: **adding a game is adding its line here.** The list declares each
/// folder's module (below) and is handed to the [`registry`], which dispatches to
/// each type ([`registry::dispatch`]); the man page, the README's games table and
/// `tgn games` follow from the registry.
macro_rules! every_game {
    ($then:ident) => {
        $then! {
            toguz_kumalak::ToguzKumalak,
            mill::Mill,
            pinoy_dama::PinoyDama,
            zamma::Zamma,
            kungser::Kungser,
            rimau_rimau::RimauRimau,
            mig_mang::MigMang,
            nei_pat_kono::NeiPatKono,
            olinda_keliya::OlindaKeliya,
            pasang::Pasang,
            bagh_chal::BaghChal,
        }
    };
}
pub(crate) use every_game;

/// `mod <folder>;` for each game of [`every_game`].
macro_rules! game_folders {
    ($($folder:ident $(:: $rest:ident)+),* $(,)?) => {
        $(pub(crate) mod $folder;)*
    };
}
every_game!(game_folders);

pub(crate) mod common;
pub mod options;
pub(crate) mod playout;
pub mod registry;
#[cfg(test)]
pub(crate) mod testing;

use std::fmt;

use serde::Serialize;

pub use common::diagram::Diagram;
pub use options::{OptionKind, OptionSpec, Setup, SetupError};

/// The two players in record order. `First` is PGN's `White` (moves first), whatever
/// the colour of their pieces in the game's own tradition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `first` or `second`, as the JSON writes a side in every field and key.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    /// 0 for the first player, 1 for the second: handy for `[T; 2]` tables.
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

pub use crate::record::GameResult;

impl GameResult {
    /// The result in which `player` wins.
    pub fn win_for(player: Player) -> GameResult {
        match player {
            Player::First => GameResult::FirstWins,
            Player::Second => GameResult::SecondWins,
        }
    }

    /// The player who wins, `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            GameResult::FirstWins => Some(Player::First),
            GameResult::SecondWins => Some(Player::Second),
            GameResult::Draw => None,
        }
    }
}

/// How a game ended on the board: the result, why (one [`Ending`] shared by every
/// game), the rule that decided it and the spec's sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub result: GameResult,
    /// Why the game ended, from the one closed list every game shares: what a query
    /// across games asks ("every game won by blocking").
    pub ending: Ending,
    /// The rule of the game's rules document that ended it (`R10`, `V5`, `§4.8`), or
    /// `None` where the ending is a named option or convention rather than a rule.
    pub rule: Option<&'static str>,
    /// Why, in the words of the spec, naming the rule: `"no legal move for N (R11)"`.
    pub reason: String,
}

impl Outcome {
    pub fn new(
        result: GameResult,
        ending: Ending,
        rule: impl Into<Option<&'static str>>,
        reason: impl Into<String>,
    ) -> Outcome {
        Outcome {
            result,
            ending,
            rule: rule.into(),
            reason: reason.into(),
        }
    }

    /// The player who won, `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        self.result.winner()
    }

    /// The sentence without its closing `(rule)` when that names [`Outcome::rule`]:
    /// `"north has no pieces left"` of `"north has no pieces left (R10)"`, which the
    /// JSON gives apart as `text` and `rule`. Any other sentence is whole.
    pub fn text(&self) -> &str {
        self.rule
            .and_then(|rule| {
                self.reason
                    .strip_suffix(')')?
                    .strip_suffix(rule)?
                    .strip_suffix(" (")
            })
            .unwrap_or(&self.reason)
    }
}

/// Why a game ended: one closed list for every game, written in kebab-case in the
/// JSON (`docs/format.md` documents each). A new game maps its endings onto these; a
/// new word here is a change of the JSON schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A side has no piece left (Zamma R10, Pinoy Dama R13, Mig Mang R9).
    NoPieces,
    /// A side is down to fewer pieces than the game plays with (the mills' two
    /// pieces, Nei Pat Kono's one).
    FewPieces,
    /// The side to move has no legal move and loses (blocked).
    NoMoves,
    /// The hunters took the number of prey that wins (Kungser R7, Bagh-chal R5).
    CapturedEnough,
    /// A kazan or store holds more than half of the stones (Toguz Kumalak R10).
    StoreMajority,
    /// Play ran out (no move, no stone, no jump left) and the count of stones or
    /// points decides (Toguz Kumalak R11–R12, Olinda Keliya R11, Pasang).
    FinalCount,
    /// The board filled up (the mills' R11).
    BoardFull,
    /// The same position for the third time.
    Repetition,
    /// A limit on moves without progress (the mills' n-move rule, Pinoy Dama's lone
    /// king).
    MoveLimit,
    /// Not decided on the board: the record declares the result (resignation, time,
    /// agreement, adjudication).
    Declared,
}

impl Ending {
    /// Every ending, in the order of the list.
    pub const ALL: [Ending; 10] = [
        Ending::NoPieces,
        Ending::FewPieces,
        Ending::NoMoves,
        Ending::CapturedEnough,
        Ending::StoreMajority,
        Ending::FinalCount,
        Ending::BoardFull,
        Ending::Repetition,
        Ending::MoveLimit,
        Ending::Declared,
    ];

    /// The JSON spelling: `no-pieces`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::NoPieces => "no-pieces",
            Ending::FewPieces => "few-pieces",
            Ending::NoMoves => "no-moves",
            Ending::CapturedEnough => "captured-enough",
            Ending::StoreMajority => "store-majority",
            Ending::FinalCount => "final-count",
            Ending::BoardFull => "board-full",
            Ending::Repetition => "repetition",
            Ending::MoveLimit => "move-limit",
            Ending::Declared => "declared",
        }
    }
}

impl Serialize for Ending {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The data model's outcome (`docs/format.md`, "Outcome"): `{"result": "1-0",
/// "winner": "first", "reason": "no-pieces", "rule": "R10", "text": "north has no
/// pieces left"}`.
impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut outcome = serializer.serialize_struct("Outcome", 5)?;
        outcome.serialize_field("result", self.result.as_str())?;
        outcome.serialize_field("winner", &self.winner())?;
        outcome.serialize_field("reason", &self.ending)?;
        outcome.serialize_field("rule", &self.rule)?;
        outcome.serialize_field("text", self.text())?;
        outcome.end()
    }
}

/// A move token that is not written in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What the notation expects here, e.g. `"a pit digit 1-9"`.
    pub expected: String,
}

impl NotationError {
    pub fn expected(what: impl Into<String>) -> NotationError {
        NotationError {
            expected: what.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.expected)
    }
}

impl std::error::Error for NotationError {}

/// A position string (`[FEN]`, a `[%pos]` checkpoint, `tgn filter --reaching`) that
/// is not one of the game's: what kind of fault it is, for programs, and the sentence
/// people read, naming the field or the rule at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kind: PositionErrorKind,
    /// The sentence users read: `the K: section has 3 counts, not 2`.
    pub reason: String,
}

/// What is wrong with a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// It does not have the game's shape: a field missing, unknown or repeated, a
    /// character or a number that cannot be read.
    Syntax,
    /// It reads, but describes no position of the game: more pieces than the game has,
    /// a piece where none may stand, counts that do not add up, a point off the board.
    Impossible,
    /// It disagrees with the record's options: the board's size, the variant.
    Options,
}

impl PositionError {
    /// A string that does not have the game's shape.
    pub fn syntax(reason: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionErrorKind::Syntax,
            reason: reason.into(),
        }
    }

    /// A string that reads but describes no position of the game.
    pub fn impossible(reason: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionErrorKind::Impossible,
            reason: reason.into(),
        }
    }

    /// A string that disagrees with the record's options.
    pub fn options(reason: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionErrorKind::Options,
            reason: reason.into(),
        }
    }

    /// The same fault, said of one field of the string: `FIELD: REASON`.
    pub fn in_field(self, field: impl fmt::Display) -> PositionError {
        PositionError {
            kind: self.kind,
            reason: format!("{field}: {}", self.reason),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for PositionError {}

/// The sentence itself, to read or compare (`error.contains("field 1")`).
impl std::ops::Deref for PositionError {
    type Target = str;
    fn deref(&self) -> &str {
        &self.reason
    }
}

impl PartialEq<&str> for PositionError {
    fn eq(&self, other: &&str) -> bool {
        self.reason == *other
    }
}

impl PartialEq<String> for PositionError {
    fn eq(&self, other: &String) -> bool {
        self.reason == *other
    }
}

/// A text of the record that the rules refuse, other than a move: a position string
/// (`[FEN]`) that does not describe a position of the game, or a declared result or
/// score (`[Score]`) the position does not admit. The sentence says why, naming the
/// field or the rule at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Invalid {}

/// The sentence itself, to read or compare (`error.contains("field 1")`).
impl std::ops::Deref for Invalid {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for Invalid {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Invalid {
    fn eq(&self, other: &String) -> bool {
        self.0 == *other
    }
}

impl From<String> for Invalid {
    fn from(sentence: String) -> Invalid {
        Invalid(sentence)
    }
}

/// A rule of a game's rules document (`docs/rules/<game>.md`, see
/// [`GameInfo::rules_document`]), by the id the document gives it: `R6`, `V1`,
/// `decision 3`, `§4.3`. A move that breaks two rules at once cites both, `R3, R4`.
///
/// Carried as data so that callers (the JSON output, tests) read the rule without
/// parsing the sentence; the sentence is written without it and [`MoveError`]'s
/// `Display` puts it at the end, in brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule(pub &'static str);

impl Rule {
    /// The citation as written: `R6`, `R3, R4`.
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Each rule cited: `R3` and `R4` of `R3, R4`.
    pub fn ids(self) -> impl Iterator<Item = &'static str> {
        self.0.split(", ")
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// What is wrong with an illegal move, where several games refuse a move for the same
/// reason; every other refusal is [`IllegalKind::Other`], told by the sentence alone.
///
/// `point` is the point (or pit) as the game's notation writes it: `d4`, `7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// No piece (or no stone) stands where the move starts.
    NoPiece { point: String },
    /// The piece where the move starts is the other side's.
    NotYours { point: String },
    /// The point the move goes to is taken.
    Occupied { point: String },
    /// A capture is due and the move takes nothing.
    CaptureCompulsory,
    /// The move captures fewer pieces than another capture would.
    NotMaximum,
    /// A refusal particular to a game.
    Other,
}

/// Why a well-formed token cannot be played in a position.
///
/// The rule broken and, for illegal moves, the kind of refusal are data; the message
/// (`Display`) is derived from them and the sentence.
///
/// # Examples
/// ```
/// use tgn::games::{IllegalKind, MoveError, Rule};
///
/// let point = "d3".to_string();
/// let e = MoveError::illegal_kind(IllegalKind::Occupied { point }, "d3 is occupied").rule("R5");
/// assert_eq!(e.to_string(), "illegal move: d3 is occupied (R5)");
/// assert_eq!(e.cited(), Some(Rule("R5")));
/// assert!(matches!(e, MoveError::Illegal { kind: IllegalKind::Occupied { .. }, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No legal move matches the token: `reason` says why, `rule` which rule forbids it.
    Illegal {
        kind: IllegalKind,
        reason: String,
        rule: Option<Rule>,
    },
    /// Several legal moves match; `candidates` are written in canonical notation.
    Ambiguous { candidates: Vec<String> },
    /// The move is legal but a mark it carries (landing pit, capture count, removal,
    /// tuzdyk sign…) disagrees with what the move does; `rule` is the rule the mark
    /// misreads, where one does.
    WrongMark { reason: String, rule: Option<Rule> },
    /// Whether the move is legal could not be told within tgn's search budget: a
    /// limit of tgn, not a rule (see the guide's Limits, docs/guide.md), so the move is not called
    /// illegal. `reason` says which search gave up and how to write the move instead.
    Unchecked { reason: String },
}

impl MoveError {
    /// An illegal move of no shared kind, citing no rule until [`MoveError::rule`].
    pub fn illegal(reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            kind: IllegalKind::Other,
            reason: reason.into(),
            rule: None,
        }
    }

    /// An illegal move of a kind several games share.
    pub fn illegal_kind(kind: IllegalKind, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            kind,
            reason: reason.into(),
            rule: None,
        }
    }

    pub fn unchecked(reason: impl Into<String>) -> MoveError {
        MoveError::Unchecked {
            reason: reason.into(),
        }
    }

    pub fn wrong_mark(reason: impl Into<String>) -> MoveError {
        MoveError::WrongMark {
            reason: reason.into(),
            rule: None,
        }
    }

    /// The same error citing `id` (`R6`, `R3, R4`; `None` for none) as the rule
    /// broken: the sentence must not cite it too. Ambiguous and unchecked moves break
    /// no rule and stay as they are.
    #[must_use]
    pub fn rule(mut self, id: impl Into<Option<&'static str>>) -> MoveError {
        if let MoveError::Illegal { rule, .. } | MoveError::WrongMark { rule, .. } = &mut self {
            *rule = id.into().map(Rule);
        }
        self
    }

    /// The rule broken, if the error cites one.
    pub fn cited(&self) -> Option<Rule> {
        match self {
            MoveError::Illegal { rule, .. } | MoveError::WrongMark { rule, .. } => *rule,
            MoveError::Ambiguous { .. } | MoveError::Unchecked { .. } => None,
        }
    }

    /// Several legal moves match: at most `LISTED` (10) of
    /// `moves` named, written by `write` (see `common::listing::at_most`).
    pub fn ambiguous<T>(moves: &[T], write: impl Fn(&T) -> String) -> MoveError {
        MoveError::Ambiguous {
            candidates: common::listing::at_most(moves, write),
        }
    }
}

impl std::error::Error for MoveError {}

/// `reason`, then the rule in brackets when one is cited.
fn with_rule(f: &mut fmt::Formatter<'_>, reason: &str, rule: Option<Rule>) -> fmt::Result {
    match rule {
        Some(rule) => write!(f, "{reason} ({rule})"),
        None => f.write_str(reason),
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Illegal { reason, rule, .. } => {
                f.write_str("illegal move: ")?;
                with_rule(f, reason, *rule)
            }
            MoveError::Ambiguous { candidates } => {
                write!(f, "ambiguous move: it matches {}", candidates.join(", "))
            }
            MoveError::WrongMark { reason, rule } => {
                f.write_str("wrong mark: ")?;
                with_rule(f, reason, *rule)
            }
            MoveError::Unchecked { reason } => write!(f, "move not checked: {reason}"),
        }
    }
}

/// Static facts about a game the registry can serve.
#[derive(Debug)]
pub struct GameInfo {
    /// The id written in `[Game "…"]`, e.g. `toguz-kumalak`.
    pub id: &'static str,
    /// Display name, e.g. `Toguz Kumalak`.
    pub name: &'static str,
    /// Other spellings accepted in `[Game]`, `[Variant]`, `[GameType]` and `--game`,
    /// compared after [`normalize_name`](registry::normalize_name).
    pub aliases: &'static [&'static str],
    /// What the game calls its two sides, the first (PGN's `White`) and the second:
    /// South and North, Goats and Tigers. A game whose options choose who moves
    /// first says so in [`Rules::sides`].
    pub sides: Sides,
    /// Moves as its notation writes them, one of each kind: `98(10)`, `68X`.
    pub moves: &'static [&'static str],
    /// The shape of its position string (`[FEN]`), shortened: `S:…/N:…/K:…/T:…/M:S`.
    pub position: &'static str,
}

impl GameInfo {
    /// The game's rules document, relative to the repository: the document every
    /// rule id in its messages (`R6`, `B1`, `V3`, `decision 3`) refers to.
    pub fn rules_document(&self) -> String {
        format!("docs/rules/{}.md", self.id)
    }
}

/// What a game calls its two players, in record order: the JSON's `sides`, where
/// every other field says only `first` or `second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Sides {
    pub first: &'static str,
    pub second: &'static str,
}

impl Sides {
    pub const fn new(first: &'static str, second: &'static str) -> Sides {
        Sides { first, second }
    }

    /// The name of `player`'s side.
    pub fn of(self, player: Player) -> &'static str {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }

    /// The other way round: the game's second side moves first.
    pub const fn swapped(self) -> Sides {
        Sides::new(self.second, self.first)
    }
}

/// The rules of one game (or one family served by one engine, such as the mill games),
/// configured for one record.
///
/// Implementations keep every rule of their spec in one place and name it as the spec
/// does. All methods take `&self` because a configured value carries the record's
/// options (variants, rule switches) read by [`Rules::configure`].
///
/// The items come in six groups, in this order. A new game writes the first group,
/// then the required items of the next three; everything else has a default it may
/// keep until the game needs more:
///
/// 1. **The game** (required): its three types, its [`GameInfo`]s and options,
///    [`configure`](Rules::configure), the start, who is to move, the legal moves,
///    [`play`](Rules::play) and the [`outcome`](Rules::outcome).
/// 2. **The notation**: [`parse_token`](Rules::parse_token) (nom),
///    [`resolve`](Rules::resolve) and [`write_move`](Rules::write_move) required; the
///    quick path's shortcuts, marks and turns written as several tokens by default.
/// 3. **The position string**: [`parse_position`](Rules::parse_position) and
///    [`write_position`](Rules::write_position) required.
/// 4. **The presentation**: the text drawing, the [`Diagram`] scene, the JSON state
///    and the description of a move, all required.
/// 5. **The search**: evaluation, win curve, quiescence and listing hooks, by default
///    a search for the game's ends only.
/// 6. **Options and judgements**: which options concern which game, presets, setup
///    warnings, checkpoints, declared scores and results, all by default.
pub trait Rules: Sized + Send + Sync + 'static {
    // ----- 1. The game: what every game writes -----

    /// The board and everything else a move depends on (side to move, counters…).
    type Position: Clone + Send + Sync;
    /// A move as written in the record, parsed but not yet checked against a position.
    type Token: Clone + fmt::Debug;
    /// A move resolved against a position: exactly what [`Rules::play`] applies.
    type Move: Clone + fmt::Debug;

    /// The games this engine serves.
    const GAMES: &'static [GameInfo];
    /// The options records may set by tag (`[PlayOut "yes"]`) or the command line
    /// (`--option play-out`).
    const OPTIONS: &'static [OptionSpec];

    /// Reads the options of one record. `setup.game()` says which of [`Rules::GAMES`]
    /// the record is.
    ///
    /// # Errors
    /// An option with a value the game does not know.
    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError>;

    /// The position every game starts from.
    fn start_position(&self) -> Self::Position;

    /// Who is to move.
    fn to_move(&self, position: &Self::Position) -> Player;

    /// What the game calls its sides, first player first: the game's
    /// [`GameInfo::sides`] unless an option has the other side move first.
    fn sides(&self, game: &GameInfo) -> Sides {
        game.sides
    }

    /// Every legal move (or, for games whose turns take several tokens, every legal next
    /// token's move). Empty exactly when the player to move cannot move.
    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// Plays a move returned by [`Rules::resolve`] or [`Rules::legal_moves`] for this
    /// position.
    fn play(&self, position: &mut Self::Position, mv: &Self::Move);

    /// How the game has ended on the board, if it has.
    fn outcome(&self, position: &Self::Position) -> Option<Outcome>;

    // ----- 2. The notation: `parse_token`, `resolve` and `write_move` required, the rest by default -----

    /// Parses one move token with nom.
    ///
    /// # Errors
    /// [`NotationError`] saying what was expected.
    fn parse_token(&self, text: &str) -> Result<Self::Token, NotationError>;

    /// Finds the legal move the token means in `position`, checking every mark it carries.
    ///
    /// # Errors
    /// Illegal, ambiguous (with candidates), or a mark that disagrees.
    fn resolve(
        &self,
        position: &Self::Position,
        token: &Self::Token,
    ) -> Result<Self::Move, MoveError>;

    /// The move in canonical notation, with every mark it earns (e.g. `98(10)`, `d4xf6xh4`).
    fn write_move(&self, before: &Self::Position, mv: &Self::Move) -> String;

    /// Resolves `token` and plays the move it means: [`Rules::resolve`] then
    /// [`Rules::play`], for a caller that wants nothing of the move but the position
    /// after it (the quick path through an archive). A game whose `resolve` already
    /// plays the move out to check its marks overrides this to keep that work.
    ///
    /// # Errors
    /// As [`Rules::resolve`].
    fn play_token(
        &self,
        position: &mut Self::Position,
        token: &Self::Token,
    ) -> Result<(), MoveError> {
        let mv = self.resolve(position, token)?;
        self.play(position, &mv);
        Ok(())
    }

    /// Reads `text` as a token and plays it ([`Rules::parse_token`] then
    /// [`Rules::play_token`]), for the quick path, which wants to know only whether
    /// the move is legal as written (why not is for the full replay to tell); the
    /// position is unchanged when it is not. A game may override it to read its
    /// common tokens without building a `Result`.
    fn play_text(&self, position: &mut Self::Position, text: &str) -> bool {
        self.parse_token(text)
            .is_ok_and(|token| self.play_token(position, &token).is_ok())
    }

    /// What the notation writes of a move beyond which move it is, in a few words for
    /// people: its *marks*, such as Toguz Kumalak's landing pit and kazan count, each
    /// checked by [`Rules::resolve`] (a [`MoveError::WrongMark`] when it disagrees).
    /// A score sheet's marks are what tells a correction that gives back the game
    /// played from one that merely stays legal: the "did you mean" search
    /// ([`mend`](crate::replay::mend)) ranks first the corrections after which every
    /// later mark agrees. Empty (the default) for a notation that writes none: its
    /// corrections are ranked by how far they replay and how close they are to what
    /// was written, and the search says so.
    const MARKS: &'static str = "";

    /// `token` with its marks (see [`Rules::MARKS`]) set aside, naming the same move,
    /// when it carries any that the game can set aside: so that a sheet whose mark
    /// disagrees can be replayed past it, the disagreement counted, when the move it
    /// names is plain. `None` (the default) when it carries none, or when they cannot
    /// be set aside (the replay then stops at the mark).
    fn unmarked(&self, token: &Self::Token) -> Option<Self::Token> {
        let _ = token;
        None
    }

    /// Whether the turn of the player to move is half done — for games whose turn may be
    /// written as several tokens (a mill's removal written as its own token `xd7`). A
    /// record that stops here is incomplete; the sentence says what is missing.
    fn unfinished_turn(&self, position: &Self::Position) -> Option<String> {
        let _ = position;
        None
    }

    /// For a turn left half done (see [`Rules::unfinished_turn`]): whether `next`
    /// abandons it by starting a new turn instead of finishing it. The sentence blames
    /// `previous`, the move as written that began the turn, and says how it should have
    /// been written ("`g7` closes the mill a7 d7 g7 but no removal follows: write
    /// `g7xa1`, … (R6)"), so that the error lands on the move at fault, not on the next
    /// one.
    fn abandons_turn(
        &self,
        position: &Self::Position,
        previous: &str,
        next: &Self::Token,
    ) -> Option<MoveError> {
        let _ = (position, previous, next);
        None
    }

    // ----- 3. The position string (`[FEN]`): `parse_position` and `write_position` required -----

    /// Reads the game's position string (`[FEN "…"]`).
    ///
    /// # Errors
    /// What is wrong with the string: its kind, and a sentence naming the field or rule.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    /// Writes the game's position string; [`Rules::parse_position`] reads it back.
    fn write_position(&self, position: &Self::Position) -> String;

    /// The part of a position string (as [`Rules::write_position`] writes it) that says
    /// where the pieces stand and who is to move, without counters that only record how
    /// the game got there: what `tgn filter --reaching` compares, so that a position is
    /// found whatever its move counters. By default the whole string, its spaces
    /// collapsed; games whose position strings carry such counters drop them.
    fn board_part(position: &str) -> String {
        position.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// A key of the position for the search's transposition table: equal positions
    /// have equal keys, and different ones almost never. By default a hash of the
    /// position string (what the position is, by definition); a game whose position
    /// type is `Hash` answers faster with [`hash_key`].
    fn position_key(&self, position: &Self::Position) -> u64 {
        hash_key(&self.write_position(position))
    }

    // ----- 4. The presentation: all required -----

    /// The position drawn as text for a human: a few lines, no trailing newline.
    fn draw(&self, position: &Self::Position) -> String;

    /// The position as a scene for `tgn diagram`: the game's own board, its pieces or
    /// pit counts, coordinates as the notation names them, and `last` (the move that
    /// led here) highlighted. One writer ([`crate::output::svg`]) draws every scene.
    fn diagram(&self, position: &Self::Position, last: Option<&Self::Move>) -> Diagram;

    /// The position as JSON for `convert` (documented per game in docs/format.md and docs/games.md).
    fn state(&self, position: &Self::Position) -> serde_json::Value;

    /// What happened, for `annotate`: captures, promotions, scores after the move.
    fn describe(&self, before: &Self::Position, mv: &Self::Move, after: &Self::Position) -> String;

    // ----- 5. The search (`tgn analyze`): all by default -----

    /// How good `position` is for the player to move, in the game's own unit (stones,
    /// pieces, points): what the search ([`crate::analysis`]) scores a position it
    /// cannot see the end of. Positive is good for the mover. A game that gives none is
    /// searched for its ends only.
    fn evaluate(&self, position: &Self::Position) -> i32 {
        let _ = position;
        0
    }

    /// What [`Rules::evaluate`] counts, as `tgn games ID` and `analyze --help` name the
    /// unit of its scores: whole units, the mover's less the opponent's.
    const SCORE_UNIT: &'static str =
        "none: the search scores only the ends it sees (a win, a loss, a draw)";

    /// The slope `k` of the curve from [`Rules::evaluate`]'s unit to the mover's
    /// expected score (a win 1, a draw ½, a loss 0): `1 / (1 + e^(−k·score))`, fitted
    /// per game on real or self-played games (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 1.0;

    /// Drops in the mover's expected score (0 to 1) from which `tgn analyze` marks a
    /// move `?!`, `?` and `??`: lichess's 5, 10 and 15 points unless a game says
    /// otherwise.
    const MARK_DROPS: [f64; 3] = [0.05, 0.10, 0.15];

    /// Whether the search, at its horizon, follows the moves that raise
    /// [`Rules::evaluate`] at once (captures) before it scores a line: for a game whose
    /// evaluation swings on captures and whose positions have few moves (each of a
    /// horizon node's moves is played to see whether it captures).
    const QUIESCENCE: bool = false;

    /// [`Rules::legal_moves`], or `None` where a limit of tgn (not a rule) cut the list
    /// short: the capture search's budget, met in positions built to have millions of
    /// capture chains. The analysis does not search past such a position: its moves
    /// are not all known, and listing them took the capture search's whole budget. By
    /// default every list is complete.
    fn complete_legal_moves(&self, position: &Self::Position) -> Option<Vec<Self::Move>> {
        Some(self.legal_moves(position))
    }

    /// Whether the game has ended at `position` for a reason a legal move there does
    /// not rule out (a repetition, a score): [`Rules::outcome`] without the search for
    /// a legal move. The quick path asks this before each move it then plays, since a
    /// move played shows that one existed. An override must keep: when this is
    /// `false` and a move at `position` is legal, `outcome(position)` is `None`; and
    /// when this is `true`, `outcome(position)` is `Some`. Games whose end test is
    /// mostly that search override it; the default asks `outcome`.
    fn over_but_for_moves(&self, position: &Self::Position) -> bool {
        self.outcome(position).is_some()
    }

    // ----- 6. Options and the judgements of a record: all by default -----

    /// Whether `option` (one of [`Rules::OPTIONS`]) concerns `game` (one of
    /// [`Rules::GAMES`]): an engine serving several games may have options for one of
    /// them only (the mill engine's rule options concern Morabaraba and Nine Men's
    /// Morris, not Sanmill's other presets). Every option concerns every game unless
    /// the engine says otherwise.
    fn option_applies(game: &GameInfo, option: &OptionSpec) -> bool {
        let _ = (game, option);
        true
    }

    /// Rule presets the engine plays, for `tgn games`: each a line naming the preset
    /// and what it changes (the mill engine's Sanmill presets). None by default.
    fn presets() -> Vec<String> {
        Vec::new()
    }

    /// What is doubtful about this record's setup without making it unplayable (a
    /// Pasang setup without the symmetry of §2): reported as `setup` warnings, errors
    /// with `--strict`. Each sentence names the rule.
    fn setup_warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// Checks a *partial checkpoint*, a comment command `[%NAME VALUE]` by which the
    /// game's score sheets record part of the position after the move it follows
    /// (Toguz Kumalak's two kazans, `[%kazans 54 38]`); every game has the whole
    /// position, `[%pos …]`, checked by the driver. `None` when `name` is no
    /// checkpoint of this game (the command is someone else's, such as a clock's, and
    /// is left alone): none by default. Each is documented in the game's rules
    /// document.
    ///
    /// # Errors
    /// A value that cannot be read, or the part of the position that disagrees, said
    /// as `what the position holds, not what is written`.
    fn check_partial(
        &self,
        name: &str,
        value: &str,
        position: &Self::Position,
    ) -> Option<Result<(), Invalid>> {
        let _ = (name, value, position);
        None
    }

    /// Checks a final score the record declares (`[Score "34:22"]`, first player's
    /// first) against the position its main line ends in: the game's final count if the
    /// game is over, else the scores so far. Games without scores ignore the tag.
    ///
    /// # Errors
    /// The sentence saying what the score should be, naming the rule.
    fn judge_score(&self, position: &Self::Position, declared: &str) -> Result<(), Invalid> {
        let _ = (position, declared);
        Ok(())
    }

    /// Judges a declared result when the position has not ended the game (resignation,
    /// time, agreement, adjudication). Most games accept any such result; a game whose
    /// rules say when a declared result is admissible (Zamma's adjudication by piece
    /// count) checks it here. The sentence says why the result cannot stand.
    ///
    /// # Errors
    /// A declared result the rules do not admit in this position.
    fn judge_declared(
        &self,
        position: &Self::Position,
        declared: GameResult,
    ) -> Result<(), Invalid> {
        let _ = (position, declared);
        Ok(())
    }
}

/// A 64-bit hash of `value` with a fixed key (the same on every run and machine), for
/// [`Rules::position_key`].
pub fn hash_key<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

#[cfg(test)]
mod outcome_tests {
    use super::*;

    #[test]
    fn an_outcome_gives_its_sentence_without_the_rule_it_names() {
        let o = Outcome::new(
            GameResult::SecondWins,
            Ending::NoPieces,
            "R10",
            "north has no pieces left (R10)",
        );
        assert_eq!(o.text(), "north has no pieces left");
        assert_eq!(o.winner(), Some(Player::Second));
        // A sentence citing other rules, or none, stays whole.
        let o = Outcome::new(GameResult::Draw, Ending::FinalCount, "R11", "0:0 (R12)");
        assert_eq!(o.text(), "0:0 (R12)");
        assert_eq!(o.winner(), None);
    }

    #[test]
    fn an_outcome_is_written_in_the_data_models_shape() {
        let o = Outcome::new(
            GameResult::FirstWins,
            Ending::CapturedEnough,
            "R7",
            "16 lamas captured (R7)",
        );
        assert_eq!(
            serde_json::to_value(&o).unwrap(),
            serde_json::json!({"result": "1-0", "winner": "first", "reason":
                "captured-enough", "rule": "R7", "text": "16 lamas captured"})
        );
    }

    #[test]
    fn every_ending_is_spelled_in_kebab_case_once() {
        let spelled: std::collections::BTreeSet<&str> =
            Ending::ALL.iter().map(|e| e.as_str()).collect();
        assert_eq!(spelled.len(), Ending::ALL.len());
        assert!(
            spelled
                .iter()
                .all(|s| s.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
    }
}
