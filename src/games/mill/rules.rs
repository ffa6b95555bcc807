//! The rules R1–R12 of `morabaraba.md`, each in one place: which placements and moves
//! are open (R2–R4, R8), what forms a mill (R5), what may be removed (R6, R7), how
//! a turn is played (R1) and when the game ends (R9–R11, §4.6) — with the switches
//! of the preset (`preset.rs`) where Sanmill's rule sets differ, each read where the
//! rule it changes is.

use super::geometry::{Spot, spots};
use super::moves::{Action, Move, Victims};
use super::notation::{Token, write};
use super::position::{LastMove, Position, TEN_MOVES, label};
use super::preset::{BoardFull, PlacingMill, Stalemate};
use super::{Mill, NoReturn};
use crate::games::common::placement::Placement;
use crate::games::{GameResult, IllegalKind, MoveError, Ending, Outcome, Player};

/// The placement phase (R2), then moves (R3): the shared rules of drops from hand.
pub const PLACEMENT: Placement = Placement {
    piece: "piece",
    drop_rule: "R2",
    move_rule: "R3",
};

impl Mill {
    /// R4: a player with no piece in hand and three pieces on the board (the preset's
    /// fly piece count, or never) flies.
    pub fn flies(&self, position: &Position, player: Player) -> bool {
        let fly_at = self.config.preset.fly_at;
        position.hand[player.index()] == 0
            && fly_at.is_some_and(|n| position.on_board(player) <= u32::from(n))
    }

    /// R2–R4 and R8: every placement or move open to the player to move (Lasker: moves
    /// too while pieces are in hand).
    pub fn actions(&self, position: &Position) -> Vec<Action> {
        let me = position.to_move;
        let in_hand = position.hand[me.index()];
        if in_hand > 0 {
            let mut actions: Vec<Action> = PLACEMENT
                .drops(in_hand, spots(position.empty()))
                .into_iter()
                .map(Action::Place)
                .collect();
            if self.config.preset.move_in_placing {
                actions.extend(self.steps(position));
            }
            return actions;
        }
        self.steps(position).collect()
    }

    /// Whether the side to move has any action (R10 asks this before every move):
    /// [`Mill::actions`] without making the list.
    pub fn can_act(&self, position: &Position) -> bool {
        let in_hand = position.hand[position.to_move.index()];
        if in_hand > 0 {
            return !PLACEMENT
                .drops(in_hand, spots(position.empty()).take(1))
                .is_empty()
                || (self.config.preset.move_in_placing && self.steps(position).next().is_some());
        }
        self.steps(position).next().is_some()
    }

    /// The moves of the movement phase (R3, R4), less those R8 forbids.
    fn steps<'a>(&'a self, position: &'a Position) -> impl Iterator<Item = Action> + 'a {
        spots(position.men(position.to_move))
            .flat_map(move |from| {
                spots(self.reach(position, from)).map(move |to| Action::Move { from, to })
            })
            .filter(move |&action| !self.returns(position, action))
    }

    /// R3/R4: the empty points the piece on `from` may go to, before R8.
    fn reach(&self, position: &Position, from: Spot) -> u32 {
        let board = self.config.board;
        if self.flies(position, position.to_move) {
            position.empty()
        } else {
            board.neighbours(from) & position.empty()
        }
    }

    /// R8 (and §4.1, §4.9): whether the move takes a piece straight back to the point it
    /// left on its player's previous turn. With `no-return=mill` only a return that
    /// re-forms a mill, after a move that formed one, is forbidden.
    fn returns(&self, position: &Position, action: Action) -> bool {
        let Action::Move { from, to } = action else {
            return false;
        };
        let Some(last) = position.last[position.to_move.index()] else {
            return false;
        };
        if (last.to, last.from) != (from, to) {
            return false;
        }
        match self.config.no_return {
            NoReturn::All => true,
            NoReturn::Mill => last.formed_mill && self.forms_mill(position, action),
            NoReturn::Off => false,
        }
    }

    /// R5: the mills the action forms — the complete mills of the mover through the
    /// point the piece arrives on (a mill through that point cannot have existed before).
    pub fn formed(&self, position: &Position, action: Action) -> Vec<u32> {
        self.mills_formed(position, action).collect()
    }

    /// R5: whether the action forms a mill ([`Mill::formed`] without the list).
    pub fn forms_mill(&self, position: &Position, action: Action) -> bool {
        self.mills_formed(position, action).next().is_some()
    }

    /// The mills the action forms that count (one-time-use mills: not a line whose
    /// points have all been in the mover's earlier mills).
    fn mills_formed(&self, position: &Position, action: Action) -> impl Iterator<Item = u32> {
        let me = position.to_move;
        let mut men = position.men(me) | action.to().bit();
        if let Action::Move { from, .. } = action {
            men &= !from.bit();
        }
        let used = if self.config.preset.one_time_use_mill {
            position.used[me.index()]
        } else {
            0
        };
        self.config
            .board
            .mills_at(action.to(), men)
            .filter(move |&m| m & used != m)
    }

    /// R5/R6: whether the action obliges a removal: it forms a mill and the opponent
    /// has a piece on the board (§4.5).
    fn obliges_removal(&self, position: &Position, action: Action) -> bool {
        self.forms_mill(position, action) && position.on_board(position.to_move.opponent()) > 0
    }

    /// Whose pieces the side to move removes: the opponent's, or its own (El Filja).
    pub fn target(&self, position: &Position) -> Player {
        let me = position.to_move;
        if position.own[me.index()] {
            me
        } else {
            me.opponent()
        }
    }

    /// R6: the pieces the player to move may remove: the opponent's outside its
    /// complete mills, or any if all stand in mills (or always, with "remove from
    /// mills always"); a blocked player's removal takes any piece next to one of its
    /// own.
    pub fn removable(&self, position: &Position) -> u32 {
        let me = position.to_move;
        let target = self.target(position);
        let theirs = position.men(target);
        if self.stalemate_removal(position) {
            if target == me {
                return theirs;
            }
            let board = self.config.board;
            let mine = position.men(me);
            return spots(theirs)
                .filter(|&s| board.neighbours(s) & mine != 0)
                .fold(0, |acc, s| acc | s.bit());
        }
        if self.config.preset.remove_from_mills_always {
            return theirs;
        }
        let free = theirs & !self.config.board.in_mills(theirs);
        if free == 0 { theirs } else { free }
    }

    /// Whether the removal owed is a blocked player's (Zhi Qi): flagged so, or owed
    /// (say for a full board) by a player who cannot move.
    fn stalemate_removal(&self, position: &Position) -> bool {
        position.stalemate
            || (self.config.preset.stalemate == Stalemate::RemoveAndMoveAgain
                && position.hand[position.to_move.index()] == 0
                && position.owes()
                && self.surrounded(position))
    }

    /// Whether the side to move has no move in the moving phase (Sanmill's "all
    /// surrounded"): the board is full, or it does not fly and no piece has an empty
    /// neighbour.
    fn surrounded(&self, position: &Position) -> bool {
        if position.empty() == 0 {
            return true;
        }
        let me = position.to_move;
        if self
            .config
            .preset
            .fly_at
            .is_some_and(|n| position.on_board(me) <= u32::from(n))
        {
            return false;
        }
        let board = self.config.board;
        spots(position.men(me)).all(|s| board.neighbours(s) & position.empty() == 0)
    }

    /// R6: why `victim` may not be removed by the player to move, if it may not.
    fn check_removal(&self, position: &Position, victim: Spot) -> Result<Spot, MoveError> {
        let board = self.config.board;
        let me = position.to_move;
        let them = self.target(position);
        let name = board.point_name(victim);
        match position.owner(victim) {
            Some(p) if p != them => Err(MoveError::illegal(format!(
                "cannot remove one's own piece: {name} is {}'s",
                label(me)
            ))
            .rule("R6")),
            None => Err(MoveError::illegal(format!(
                "there is no {} piece on {name} to remove",
                label(them)
            ))
            .rule("R6")),
            Some(_) if self.removable(position) & victim.bit() == 0 => {
                if self.stalemate_removal(position) {
                    return Err(MoveError::illegal(format!(
                        "{name} is next to no {} piece: a blocked player removes a piece \
                         next to one of its own",
                        label(me)
                    )));
                }
                let mill = board
                    .mills_at(victim, position.men(them))
                    .next()
                    .map_or_else(String::new, |m| board.mill_name(m));
                Err(MoveError::illegal(format!(
                    "{name} is in the mill {mill} and {} has pieces outside mills",
                    label(them)
                ))
                .rule("R6"))
            }
            Some(_) => Ok(victim),
        }
    }

    /// R7: one removal per turn, even when two mills form.
    fn single_removal(removals: &[Spot]) -> Result<Option<Spot>, MoveError> {
        match removals {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            _ => Err(
                MoveError::illegal("only one piece is removed even when two mills form").rule("R7"),
            ),
        }
    }

    /// Legal moves: complete turns (with their removal when a mill forms), or, while a
    /// removal is owed, the removals.
    ///
    /// Sanmill's presets list moves as Sanmill does: a placement or move alone, its
    /// removals then plies of their own.
    pub fn legal(&self, position: &Position) -> Vec<Move> {
        if position.owes() {
            return spots(self.removable(position)).map(Move::Removal).collect();
        }
        let alone = |action| Move::Turn {
            action,
            removals: Victims::NONE,
        };
        if self.config.preset.sanmill {
            return self.actions(position).into_iter().map(alone).collect();
        }
        let victims = self.removable(position);
        let mut moves = Vec::new();
        for action in self.actions(position) {
            if self.obliges_removal(position, action) {
                moves.extend(spots(victims).map(|v| Move::Turn {
                    action,
                    removals: Victims::one(v),
                }));
            } else {
                moves.push(alone(action));
            }
        }
        moves
    }

    /// Matches a token against the position, naming the rule that refuses it.
    pub fn resolve_token(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        match token {
            Token::Turn { action, removals } => {
                if position.owes() {
                    return Err(self.missing_removal(position));
                }
                self.check_action(position, *action)?;
                if self.config.preset.sanmill {
                    return self.resolve_removals(position, *action, removals);
                }
                if !removals.is_empty() && !self.obliges_removal(position, *action) {
                    return Err(self.needless_removal(position, *action));
                }
                let removals = match Self::single_removal(removals)? {
                    Some(v) => Victims::one(self.check_removal(position, v)?),
                    None => Victims::NONE,
                };
                Ok(Move::Turn {
                    action: *action,
                    removals,
                })
            }
            Token::Removal(removals) => {
                if !position.owes() {
                    return Err(
                        MoveError::illegal("nothing to remove: no mill was just formed").rule("R5"),
                    );
                }
                if self.config.preset.sanmill && removals.len() > 1 {
                    return Err(MoveError::illegal(
                        "one removal to a token when written alone (xb4 xa4)",
                    ));
                }
                match Self::single_removal(removals)? {
                    Some(victim) => self.check_removal(position, victim).map(Move::Removal),
                    None => Err(MoveError::illegal("a removal must name a point").rule("R6")),
                }
            }
        }
    }

    /// A Sanmill turn written with its removals (`d6xc3xa4`): each checked in turn
    /// against the position the ones before it leave.
    fn resolve_removals(
        &self,
        position: &Position,
        action: Action,
        removals: &[Spot],
    ) -> Result<Move, MoveError> {
        let mut after = position.clone();
        let mut victims = Victims::NONE;
        self.act(&mut after, action);
        for (written, &v) in removals.iter().enumerate() {
            if !after.owes() || after.to_move != position.to_move {
                return Err(self.removal_not_owed(position, action, written));
            }
            let v = self.check_removal(&after, v)?;
            if !victims.push(v) {
                return Err(self.removal_not_owed(position, action, written));
            }
            self.remove(&mut after, v);
        }
        Ok(Move::Turn {
            action,
            removals: victims,
        })
    }

    /// A Sanmill turn written with more removals than it owes (`written` of them
    /// were owed): why the next one is not.
    fn removal_not_owed(&self, position: &Position, action: Action, written: usize) -> MoveError {
        let preset = self.config.preset;
        let placing = matches!(action, Action::Place(_));
        if written > 0 {
            let (why, rule) = if preset.remove_multiple {
                ("one removal per mill formed", None)
            } else {
                (
                    "only one piece is removed even when two mills form",
                    Some("R7"),
                )
            };
            return MoveError::illegal(format!("{} written, {written} owed: {why}", written + 1))
                .rule(rule);
        }
        match preset.placing_mill {
            PlacingMill::RemoveFromHand if placing && self.forms_mill(position, action) => {
                MoveError::wrong_mark(format!(
                    "the mill takes a piece from {}'s hand, so nothing is removed from the \
                     board (mill formation action)",
                    label(position.to_move.opponent())
                ))
            }
            PlacingMill::ByMillCounts if placing && self.forms_mill(position, action) => {
                MoveError::wrong_mark(
                    "a mill made while placing removes nothing: removals follow the mill \
                     counts when placing ends (mill formation action)",
                )
            }
            _ => self.needless_removal(position, action),
        }
    }

    /// R6: a removal was owed and the token is something else.
    fn missing_removal(&self, position: &Position) -> MoveError {
        let me = position.to_move;
        let example = spots(self.removable(position))
            .next()
            .map_or_else(String::new, |v| {
                format!(", e.g. x{}", self.config.board.name(v))
            });
        MoveError::illegal(format!(
            "no removal after the {}: {} must remove a {} piece first{example}",
            self.pending_mills(position),
            label(me),
            label(self.target(position))
        ))
        .rule("R6")
    }

    /// R6: the mill made by `previous` still owes its removal and `next` starts a new
    /// turn instead; the sentence blames `previous` and shows it written with a removal.
    pub fn abandoned_removal(
        &self,
        position: &Position,
        previous: &str,
        next: &Token,
    ) -> Option<MoveError> {
        if !position.owes() || matches!(next, Token::Removal(_)) {
            return None;
        }
        const SHOWN: usize = 3;
        let victims: Vec<Spot> = spots(self.removable(position)).collect();
        let mut examples: Vec<String> = victims
            .iter()
            .take(SHOWN)
            .map(|&v| format!("`{previous}{}`", write(&self.config, &Move::Removal(v))))
            .collect();
        if victims.len() > SHOWN {
            examples.push("…".to_string());
        }
        let sentence = format!(
            "`{previous}` closes the {} but no removal follows: write {}",
            self.pending_mills(position),
            examples.join(", ")
        );
        Some(MoveError::illegal(sentence).rule("R6"))
    }

    /// R5/§4.5: a removal written on a turn that owes none.
    fn needless_removal(&self, position: &Position, action: Action) -> MoveError {
        if !self.forms_mill(position, action) {
            MoveError::wrong_mark("the turn forms no mill, so nothing may be removed").rule("R5")
        } else {
            MoveError::wrong_mark(format!(
                "{} has no piece on the board, so nothing may be removed",
                label(position.to_move.opponent())
            ))
            .rule("R6")
        }
    }

    /// `mill a1 d1 g1` or `mills a1 d1 g1 and a1 b2 c3`: the mills that made the owed
    /// removal. A removal owed without a mill names its cause: a blocked player (Zhi Qi's
    /// stalemate action), El Filja's mill counts, or a full board.
    pub fn pending_mills(&self, position: &Position) -> String {
        let board = self.config.board;
        let Some(at) = position.pending else {
            return if position.stalemate {
                "blocked position (stalemate action)"
            } else if self.config.preset.placing_mill == PlacingMill::ByMillCounts {
                "mill count when placing ends"
            } else {
                "full board (board-full action)"
            }
            .to_string();
        };
        let mills: Vec<String> = board
            .mills_at(at, position.men(position.to_move))
            .map(|m| board.mill_name(m))
            .collect();
        let noun = if mills.len() > 1 { "mills" } else { "mill" };
        format!("{noun} {}", mills.join(" and "))
    }

    /// R2–R4 and R8: why the placement or move is not open, if it is not.
    fn check_action(&self, position: &Position, action: Action) -> Result<(), MoveError> {
        let board = self.config.board;
        let me = position.to_move;
        let in_hand = position.hand[me.index()];
        // A marked point (Da San Qi) is taken too.
        let occupied = |s: Spot| position.empty() & s.bit() == 0;
        match action {
            Action::Place(to) => {
                PLACEMENT.check_drop(label(me), in_hand, board.point_name(to), occupied(to))?;
            }
            Action::Move { from, to } => {
                let text = || format!("{}-{}", board.name(from), board.name(to));
                if !self.config.preset.move_in_placing {
                    PLACEMENT.check_move(label(me), in_hand)?;
                }
                let owner = position.owner(from);
                if owner != Some(me) {
                    let point = board.name(from);
                    let reason = format!("there is no {} piece on {point}", label(me));
                    let kind = match owner {
                        None => IllegalKind::NoPiece { point },
                        Some(_) => IllegalKind::NotYours { point },
                    };
                    return Err(MoveError::illegal_kind(kind, reason).rule("R3"));
                }
                if occupied(to) {
                    let point = board.name(to);
                    let reason = format!("{point} is occupied");
                    return Err(
                        MoveError::illegal_kind(IllegalKind::Occupied { point }, reason).rule("R3"),
                    );
                }
                if self.reach(position, from) & to.bit() == 0 {
                    return Err(MoveError::illegal(format!(
                        "{} is not along a line to a neighbouring point; {} has {} pieces and \
                         flies only with 3",
                        text(),
                        label(me),
                        position.on_board(me)
                    ))
                    .rule("R3, R4"));
                }
                if self.returns(position, action) {
                    let why = match self.config.no_return {
                        NoReturn::Mill => " to re-form a mill, which no-return=mill forbids",
                        _ => "",
                    };
                    return Err(MoveError::illegal(format!(
                        "{} returns the piece to the point it just left{why}",
                        text()
                    ))
                    .rule("R8"));
                }
            }
        }
        Ok(())
    }

    /// R1 with R2–R8: plays a resolved or generated move.
    pub fn apply(&self, position: &mut Position, mv: &Move) {
        match *mv {
            Move::Turn { action, removals } => {
                self.act(position, action);
                for v in removals.iter() {
                    self.remove(position, v);
                }
            }
            Move::Removal(victim) => self.remove(position, victim),
        }
    }

    /// The placement or move of a turn, and what follows it: a removal owed for the
    /// mills it forms (R5, R6; taken from the hand in Dooz, none before placing ends
    /// in El Filja) or the opponent's turn. Sanmill's n-move and repetition counts
    /// follow moves; a placement resets them.
    pub(super) fn act(&self, position: &mut Position, action: Action) {
        let preset = self.config.preset;
        let me = position.to_move;
        let i = me.index();
        // How many mills the action forms, and their points (no list is made: this
        // runs for every ply).
        let (mills, points) = self
            .mills_formed(position, action)
            .fold((0u8, 0u32), |(n, points), m| (n + 1, points | m));
        match action {
            Action::Place(to) => {
                position.men[i] |= to.bit();
                Placement::take(&mut position.hand[i]);
                position.last[i] = None;
                position.plies = 0;
                position.seen.clear();
            }
            Action::Move { from, to } => {
                position.men[i] = (position.men[i] & !from.bit()) | to.bit();
                if preset.n_move_rule > 0 {
                    position.plies = position.plies.saturating_add(1);
                }
                if self.config.no_return != NoReturn::Off {
                    position.last[i] = Some(LastMove {
                        from,
                        to,
                        formed_mill: mills > 0 && self.config.no_return == NoReturn::Mill,
                    });
                }
            }
        }
        if preset.one_time_use_mill {
            position.used[i] |= points;
        }
        if mills == 0 {
            if matches!(action, Action::Move { .. }) && preset.threefold_repetition {
                position.seen.push(position.key_with(me.opponent()));
            }
            self.end_turn(position, false);
            return;
        }
        let count = if preset.remove_multiple { mills } else { 1 };
        let placing = matches!(action, Action::Place(_));
        let mut taken = 0;
        let owed = match preset.placing_mill {
            PlacingMill::RemoveFromHand if placing => {
                let hand = &mut position.hand[me.opponent().index()];
                taken = count.min(*hand);
                *hand -= taken;
                count - taken
            }
            PlacingMill::ByMillCounts if placing => 0,
            _ => count,
        };
        // §4.5: nothing is removed from an empty board (Sanmill would wait for a
        // removal no one can make).
        let on_board = u8::try_from(position.on_board(me.opponent())).unwrap_or(u8::MAX);
        let owed = owed.min(on_board);
        if owed == 0 {
            self.end_turn(position, taken > 0);
            return;
        }
        position.owed[i] = owed;
        position.pending = Some(action.to());
    }

    /// One removal (R6) by the side to move; its turn ends with the last one owed. A
    /// piece removed while placing in Da San Qi leaves its point marked.
    pub(super) fn remove(&self, position: &mut Position, victim: Spot) {
        let me = position.to_move;
        let target = self.target(position);
        position.men[target.index()] &= !victim.bit();
        if self.config.preset.placing_mill == PlacingMill::MarkAndDelay
            && position.placing
            && target != me
        {
            position.marked |= victim.bit();
        }
        let owed = &mut position.owed[me.index()];
        *owed = owed.saturating_sub(1);
        position.plies = 0;
        position.seen.clear();
        if position.total(target) < 3 {
            // R9: the game is over; nothing more is owed.
            position.owed = [0, 0];
            position.pending = None;
            position.stalemate = false;
            self.count_quiet(position, true);
            position.to_move = me.opponent();
            return;
        }
        if position.owes() {
            return;
        }
        position.pending = None;
        position.own[me.index()] = false;
        if position.stalemate {
            // Zhi Qi: the blocked player moves after its removal.
            position.stalemate = false;
            self.settle(position);
            return;
        }
        self.end_turn(position, true);
    }

    /// The end of a turn: the opponent's turn, placing ends when both hands are
    /// empty, a full board acts (R11 or the preset's board-full action), and a
    /// blocked player removes a piece where the preset says so.
    fn end_turn(&self, position: &mut Position, removed: bool) {
        self.count_quiet(position, removed);
        position.to_move = position.to_move.opponent();
        if position.placing && position.hand == [0, 0] {
            self.end_placing(position);
        }
        if self.config.preset.board_full == BoardFull::BothRemove
            && !position.placing
            && position.empty() == 0
            && position.owed == [0, 0]
        {
            position.owed = [1, 1];
            position.to_move = Player::First;
        }
        self.settle(position);
    }

    /// Placing ends: marked points are freed, El Filja's removals by mill counts are
    /// owed, and the first mover of the moving phase is to move.
    fn end_placing(&self, position: &mut Position) {
        let preset = self.config.preset;
        position.placing = false;
        position.marked = 0;
        let first = if preset.defender_moves_first {
            Player::Second
        } else {
            Player::First
        };
        if preset.placing_mill == PlacingMill::ByMillCounts {
            let count = |p: Player| self.config.board.in_mills_count(position.men(p));
            let (owed, own) = super::preset::Preset::end_of_placing_removals(
                count(Player::First),
                count(Player::Second),
            );
            position.owed = owed;
            position.own = [own, own];
        }
        let keeps_turn =
            preset.placing_mill == PlacingMill::RemoveFromHand || preset.move_in_placing;
        if !keeps_turn || preset.placing_mill == PlacingMill::ByMillCounts {
            position.to_move = first;
        } else if preset.defender_moves_first {
            position.to_move = Player::Second;
        }
    }

    /// Zhi Qi's stalemate action: a player who cannot move, owing nothing, owes a
    /// removal instead (R10 otherwise ends the game, see [`Mill::end`]).
    pub(super) fn settle(&self, position: &mut Position) {
        let me = position.to_move;
        if self.config.preset.stalemate != Stalemate::RemoveAndMoveAgain
            || position.hand[me.index()] > 0
            || position.owes()
            || self.end_but_for_moves(position).is_some()
            || !self.surrounded(position)
        {
            return;
        }
        position.owed[me.index()] = 1;
        position.stalemate = true;
    }

    /// §4.6: turns without a removal while a player flies with three pieces.
    fn count_quiet(&self, position: &mut Position, removed: bool) {
        if !self.config.ten_move_draw {
            return;
        }
        let three = [Player::First, Player::Second]
            .into_iter()
            .any(|p| self.flies(position, p));
        position.quiet = if removed || !three {
            0
        } else {
            position.quiet.saturating_add(1).min(TEN_MOVES)
        };
    }

    /// R9–R11, §4.6 and Sanmill's n-move and repetition rules: how the game has
    /// ended, if it has. Nothing ends while a removal is owed: the turn is not over.
    pub fn end(&self, position: &Position) -> Option<End> {
        if position.owes() {
            return None;
        }
        self.end_but_for_moves(position)
            .or_else(|| (!self.can_act(position)).then_some(End::Blocked(position.to_move)))
    }

    /// [`Mill::end`] but for R10 (the player to move is blocked), with no removal due.
    pub fn end_but_for_moves(&self, position: &Position) -> Option<End> {
        let preset = self.config.preset;
        let me = position.to_move;
        for p in [me, me.opponent()] {
            if position.total(p) <= 2 {
                return Some(End::Reduced(p, position.total(p)));
            }
        }
        // R11 before R10: a full board leaves nobody a move.
        if position.empty() == 0 && position.marked == 0 && position.owed == [0, 0] {
            match preset.board_full {
                BoardFull::Draw => return Some(End::FullBoard),
                BoardFull::FirstPlayerLoses => return Some(End::FullBoardLoss),
                BoardFull::BothRemove => {}
            }
        }
        if preset.threefold_repetition
            && let Some(&last) = position.seen.last()
            && position.seen.iter().filter(|&&k| k == last).count() >= 3
        {
            return Some(End::Repetition);
        }
        if preset.n_move_rule > 0 && position.plies >= preset.n_move_rule {
            return Some(End::NMoves(preset.n_move_rule));
        }
        if self.config.ten_move_draw && position.quiet >= TEN_MOVES {
            return Some(End::TenMoves);
        }
        None
    }

    /// What a move did, for `annotate`: `W places d2, forms mill b2 d2 f2, removes e4`.
    pub fn description(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let board = self.config.board;
        let me = before.to_move;
        let them = me.opponent().index();
        let mut text = match *mv {
            Move::Turn { action, removals } => {
                let mut text = match action {
                    Action::Place(to) => format!("{} places {}", label(me), board.name(to)),
                    Action::Move { from, to } => format!(
                        "{} {} {}-{}",
                        label(me),
                        if self.flies(before, me) {
                            "flies"
                        } else {
                            "moves"
                        },
                        board.name(from),
                        board.name(to)
                    ),
                };
                let mills: Vec<String> = self
                    .formed(before, action)
                    .into_iter()
                    .map(|m| board.mill_name(m))
                    .collect();
                match mills.len() {
                    0 => {}
                    1 => text.push_str(&format!(", forms mill {}", mills[0])),
                    _ if self.config.preset.remove_multiple => {
                        text.push_str(&format!(", forms mills {}", mills.join(" and ")))
                    }
                    _ => text.push_str(&format!(
                        ", forms mills {} (one removal, R7)",
                        mills.join(" and ")
                    )),
                }
                let removed: Vec<String> = removals.iter().map(|v| board.name(v)).collect();
                match removed.first() {
                    Some(_) => text.push_str(&format!(", removes {}", removed.join(", "))),
                    None if after.owes() && after.to_move == me => text.push_str(&format!(
                        " and must remove a {} piece",
                        label(me.opponent())
                    )),
                    None if mills.is_empty() => {}
                    None if after.hand[them] < before.hand[them] => text.push_str(&format!(
                        ", takes a piece from {}'s hand",
                        label(me.opponent())
                    )),
                    None if self.config.preset.placing_mill == PlacingMill::ByMillCounts
                        && matches!(action, Action::Place(_)) =>
                    {
                        text.push_str(" (no removal while placing)");
                    }
                    None => text.push_str(&format!(
                        " ({} has no piece on the board to remove)",
                        label(me.opponent())
                    )),
                }
                text
            }
            Move::Removal(v) => format!("{} removes {}", label(me), board.name(v)),
        };
        if let Some(end) = self.end(after) {
            text.push_str(&format!("; {}", end.sentence()));
        }
        text
    }
}

/// How a game ended (R9–R11, §4.6), for the outcome and for `describe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// R9: the player is down to this many pieces (board + hand).
    Reduced(Player, u32),
    /// R10: the player to move has no legal move.
    Blocked(Player),
    /// R11: all 24 placed, none removed.
    FullBoard,
    /// Sanmill's board-full action "first player loses".
    FullBoardLoss,
    /// Sanmill's threefold repetition.
    Repetition,
    /// Sanmill's n-move rule: this many plies of moves without a placement or removal.
    NMoves(u16),
    /// §4.6 with `ten-move-draw`.
    TenMoves,
}

impl End {
    pub fn result(self) -> GameResult {
        match self {
            End::Reduced(loser, _) | End::Blocked(loser) => GameResult::win_for(loser.opponent()),
            End::FullBoardLoss => GameResult::SecondWins,
            End::FullBoard | End::Repetition | End::NMoves(_) | End::TenMoves => GameResult::Draw,
        }
    }

    /// What happened, without the rule: `B has 2 pieces`.
    fn what(self) -> String {
        match self {
            End::Reduced(p, n) => format!("{} has {n} pieces", label(p)),
            End::Blocked(p) => format!("{} cannot move", label(p)),
            End::FullBoard | End::FullBoardLoss => {
                "the board is full with no piece removed".to_string()
            }
            End::Repetition => "the position has occurred three times".to_string(),
            End::NMoves(n) => format!("{n} plies of moves without a placement or removal"),
            End::TenMoves => {
                "ten moves each without a removal while a player has three pieces".to_string()
            }
        }
    }

    /// Why, in the list every game shares.
    fn ending(self) -> Ending {
        match self {
            End::Reduced(..) => Ending::FewPieces,
            End::Blocked(_) => Ending::NoMoves,
            End::FullBoard | End::FullBoardLoss => Ending::BoardFull,
            End::Repetition => Ending::Repetition,
            End::NMoves(_) | End::TenMoves => Ending::MoveLimit,
        }
    }

    fn rule(self) -> &'static str {
        match self {
            End::Reduced(..) => "R9",
            End::Blocked(_) => "R10",
            End::FullBoard => "R11",
            End::FullBoardLoss => "board-full action",
            End::Repetition => "threefold repetition",
            End::NMoves(_) => "n-move rule",
            End::TenMoves => "ten-move-draw",
        }
    }

    pub fn outcome(self) -> Outcome {
        let rule = self.rule();
        // Only a numbered rule of the rules document; the others name an option.
        let numbered = rule.starts_with('R').then_some(rule);
        Outcome::new(
            self.result(),
            self.ending(),
            numbered,
            format!("{} ({})", self.what(), self.rule()),
        )
    }

    /// `B has 2 pieces: W wins (R9)`.
    pub fn sentence(self) -> String {
        let verdict = match self.result() {
            GameResult::FirstWins => "W wins",
            GameResult::SecondWins => "B wins",
            GameResult::Draw => "drawn",
        };
        format!("{}: {verdict} ({})", self.what(), self.rule())
    }
}
