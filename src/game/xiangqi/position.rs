//! The validated position: placement, side to move, clocks and an incremental zobrist hash.

use super::attacks::{
    ADVISOR_STEPS, Bits, GENERAL_STEPS, HALF, HORSE_ATTACKERS, LINES, PALACE, RAYS,
    SOLDIER_ATTACKERS, SOLDIER_STEPS, ZOBRIST_BLACK_TO_MOVE, ZOBRIST_PIECES, between,
    cannon_captures, chariot_attacks, elephant_attacks, first_blocker, horse_attackers,
    horse_attacks,
};
use super::fen_error::{FenError, FenStrictness};
use super::types::{Move, Piece, PieceKind, SQUARES, Square, side_index};
use crate::game::Side;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A legal xiangqi position. Fields are private: every `Position` passed FEN validation
/// (or was reached by legal moves from one), so movegen can rely on exactly one general
/// per side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Piece code per point (0 = empty), see `Piece::code`.
    mailbox: [u8; SQUARES],
    by_side: [u128; 2],
    by_kind: [u128; 7],
    side: Side,
    halfmove_clock: u32,
    fullmove_number: u32,
    zobrist: u64,
}

/// Tells whether moves of one position give check without playing them: a played copy
/// per move cost a move list more than the test itself.
///
/// The mover checks from its new point if the board after the move lets it reach the
/// opposing general: one line lookup for a chariot or cannon, the horse's legs, a soldier's
/// fixed steps. Every other piece of the mover's side stays where it is, so its attack on
/// the general can change only where the move empties or fills a point of that attack:
/// between the general and a chariot, cannon or general of the mover's side on its lines,
/// on the leg of a horse aimed at it, or the attacker's own point. Those points are
/// `discovery`; a move that touches none of them leaves the other pieces' attacks as they
/// were: check only if the general was attacked before the move (`already`). A move that
/// touches one, when nothing attacked the general before, is looked up on the lines through
/// the two points it touched and over the horses' legs. No position read from a FEN has
/// its side not to move in check; one a chase ruling relocates may, and then every attacker
/// is tested.
#[derive(Debug, Clone, Copy)]
pub struct CheckTest {
    general: Option<usize>,
    discovery: u128,
    already: bool,
}

impl CheckTest {
    /// Whether the legal move `m` of `pos` (the position this test was made for) leaves the
    /// opponent in check.
    #[must_use]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let Some(k) = self.general else {
            return false;
        };
        let Some(mover) = pos.piece_at(m.from) else {
            return false;
        };
        let us = pos.side;
        let (from_bb, to_bb) = (m.from.bit(), m.to.bit());
        let occ = (pos.occupied() ^ from_bb) | to_bb;
        let to = m.to.index();
        let direct = match mover.kind {
            PieceKind::Chariot | PieceKind::General => {
                LINES[k] & to_bb != 0 && between(k, to) & occ == 0
            }
            PieceKind::Cannon => LINES[k] & to_bb != 0 && (between(k, to) & occ).count_ones() == 1,
            PieceKind::Horse => horse_attackers(k, occ) & to_bb != 0,
            PieceKind::Soldier => SOLDIER_ATTACKERS[side_index(us)][k] & to_bb != 0,
            PieceKind::Advisor | PieceKind::Elephant => false,
        };
        if direct {
            return true;
        }
        let touched = from_bb | to_bb;
        if touched & self.discovery == 0 {
            return self.already;
        }
        let staying = pos.side_bits(us) & !from_bb;
        if self.already {
            return pos.general_attackers(k, us, occ, staying) != 0;
        }
        // Nothing attacked the general before the move, so an attack now runs along a
        // line through a point the move emptied or filled, or over a leg it emptied.
        let riders = staying
            & (pos.by_kind[PieceKind::Chariot as usize] | pos.by_kind[PieceKind::General as usize]);
        let cannons = staying & pos.by_kind[PieceKind::Cannon as usize];
        for (dir, rays) in RAYS.iter().enumerate() {
            let ray = rays[k];
            let blockers = ray & occ;
            if ray & touched == 0 || blockers == 0 {
                continue;
            }
            let first = first_blocker(dir, blockers);
            if riders & (1u128 << first) != 0 {
                return true;
            }
            let beyond = rays[first] & occ;
            if beyond != 0 && cannons & (1u128 << first_blocker(dir, beyond)) != 0 {
                return true;
            }
        }
        horse_attackers(k, occ) & staying & pos.by_kind[PieceKind::Horse as usize] != 0
    }
}

/// A set of points, returned by the attack queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    #[must_use]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn iter(self) -> impl Iterator<Item = Square> {
        Bits(self.0).map(|i| Square::from_index_unchecked(i as u32))
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [
            PieceKind::Chariot,
            PieceKind::Horse,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::General,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Chariot,
        ];
        for (file, kind) in (0u8..).zip(back) {
            pos.put(sq(file, 0), Piece::new(Side::White, kind));
            pos.put(sq(file, 9), Piece::new(Side::Black, kind));
        }
        for file in [1, 7] {
            pos.put(sq(file, 2), Piece::new(Side::White, PieceKind::Cannon));
            pos.put(sq(file, 7), Piece::new(Side::Black, PieceKind::Cannon));
        }
        for file in [0, 2, 4, 6, 8] {
            pos.put(sq(file, 3), Piece::new(Side::White, PieceKind::Soldier));
            pos.put(sq(file, 6), Piece::new(Side::Black, PieceKind::Soldier));
        }
        pos
    }

    fn empty() -> Position {
        Position {
            mailbox: [0; SQUARES],
            by_side: [0; 2],
            by_kind: [0; 7],
            side: Side::White,
            halfmove_clock: 0,
            fullmove_number: 1,
            zobrist: 0,
        }
    }

    fn put(&mut self, sq: Square, piece: Piece) {
        let i = sq.index();
        self.mailbox[i] = piece.code();
        self.by_side[side_index(piece.side)] |= sq.bit();
        self.by_kind[piece.kind as usize] |= sq.bit();
        self.zobrist ^= ZOBRIST_PIECES[piece.code() as usize][i];
    }

    /// Parses and validates a FEN (spec 3.2/3.3). Accepts `r` for Red, `E`/`H` piece
    /// letters and FENs with only the board and side fields.
    pub fn from_fen(fen: &str, strictness: FenStrictness) -> Result<Position, FenError> {
        // Fixed arrays rather than collected vectors: a move list's whole load is a few
        // hundred nanoseconds, and two allocations were a tenth of it.
        let mut fields = [""; 6];
        let mut count = 0;
        for field in fen.split_whitespace() {
            if let Some(slot) = fields.get_mut(count) {
                *slot = field;
            }
            count += 1;
        }
        if count == 0 {
            return Err(FenError::Empty);
        }
        if count > 6 {
            return Err(FenError::TooManyFields(count));
        }
        let fields = &fields[..count];
        let mut pos = Position::empty();
        let ranks = fields[0].bytes().filter(|&b| b == b'/').count() + 1;
        if ranks != 10 {
            return Err(FenError::WrongRankCount(ranks));
        }
        // Read byte by byte: every character the board may hold is ASCII, and a
        // `chars()` walk over `split` pieces was a third of reading the FEN.
        let board = fields[0];
        let mut rank: u8 = 9;
        let mut file: u8 = 0;
        for (at, byte) in board.bytes().enumerate() {
            match byte {
                b'/' => {
                    if file < 9 {
                        return Err(FenError::TooFewFiles { rank, files: file });
                    }
                    // Ten ranks were counted above, so this stops at rank 0.
                    rank = rank.saturating_sub(1);
                    file = 0;
                }
                b'1'..=b'9' => {
                    file += byte - b'0';
                    if file > 9 {
                        return Err(FenError::TooManyFiles { rank });
                    }
                }
                _ => {
                    // A byte that is not ASCII starts a character here: every byte
                    // before it was ASCII.
                    let ch = board
                        .get(at..)
                        .and_then(|rest| rest.chars().next())
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    let Some(piece) = Piece::from_fen_char(ch) else {
                        return Err(FenError::BadCharacter { rank, ch });
                    };
                    if file >= 9 {
                        return Err(FenError::TooManyFiles { rank });
                    }
                    pos.put(sq(file, rank), piece);
                    file += 1;
                }
            }
        }
        if file < 9 {
            return Err(FenError::TooFewFiles { rank, files: file });
        }
        if let Some(side) = fields.get(1) {
            pos.side = match side.as_bytes() {
                [b'w' | b'W' | b'r' | b'R'] => Side::White,
                [b'b' | b'B'] => Side::Black,
                _ => return Err(FenError::BadSide((*side).to_string())),
            };
        }
        if pos.side == Side::Black {
            pos.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        }
        // Fields 3 and 4 (castling, en passant) are accepted and ignored.
        if let Some(clock) = fields.get(4) {
            pos.halfmove_clock = clock
                .parse()
                .map_err(|_| FenError::BadHalfmoveClock((*clock).to_string()))?;
        }
        if let Some(number) = fields.get(5) {
            let n: u32 = number
                .parse()
                .map_err(|_| FenError::BadFullmoveNumber((*number).to_string()))?;
            pos.fullmove_number = match (n, strictness) {
                (0, FenStrictness::Strict) => {
                    return Err(FenError::BadFullmoveNumber((*number).to_string()));
                }
                (0, FenStrictness::Lenient) => 1,
                (n, _) => n,
            };
        }
        pos.check_placement(strictness)?;
        Ok(pos)
    }

    fn check_placement(&self, strictness: FenStrictness) -> Result<(), FenError> {
        for side in [Side::White, Side::Black] {
            let s = side_index(side);
            let generals = self.pieces(side, PieceKind::General);
            match generals.count_ones() {
                0 => return Err(FenError::NoGeneral(side)),
                1 => {}
                _ => return Err(FenError::MoreThanOneGeneral(side)),
            }
            if generals & !PALACE[s] != 0 {
                return Err(FenError::GeneralOutsidePalace(side, self.general(side)));
            }
            let count = self.by_side[s].count_ones();
            if count > 16 {
                return Err(FenError::TooManyPieces { side, count });
            }
        }
        if strictness == FenStrictness::Strict {
            for side in [Side::White, Side::Black] {
                self.check_strict_placement(side)?;
            }
        }
        let red = self.general(Side::White);
        let black = self.general(Side::Black);
        if red.file() == black.file() && between(red.index(), black.index()) & self.occupied() == 0
        {
            return Err(FenError::GeneralsFacing {
                file: char::from(b'a' + red.file()),
            });
        }
        let waiting = self.side.opponent();
        if self.attackers_of_general(waiting, self.occupied()) != 0 {
            return Err(FenError::SideNotToMoveInCheck(waiting));
        }
        Ok(())
    }

    fn check_strict_placement(&self, side: Side) -> Result<(), FenError> {
        let s = side_index(side);
        for (kind, max) in [
            (PieceKind::Advisor, 2),
            (PieceKind::Elephant, 2),
            (PieceKind::Horse, 2),
            (PieceKind::Chariot, 2),
            (PieceKind::Cannon, 2),
            (PieceKind::Soldier, 5),
        ] {
            let count = self.pieces(side, kind).count_ones();
            if count > max {
                return Err(FenError::TooManyOfKind {
                    side,
                    kind,
                    count,
                    max,
                });
            }
        }
        let advisor_points = PALACE[s] & advisor_points_mask();
        if let Some(i) = Bits(self.pieces(side, PieceKind::Advisor) & !advisor_points).next() {
            return Err(FenError::AdvisorOffPoints(side, square(i)));
        }
        let elephant_points = elephant_points_mask(s);
        if let Some(i) = Bits(self.pieces(side, PieceKind::Elephant) & !elephant_points).next() {
            return Err(FenError::ElephantOffPoints(side, square(i)));
        }
        for i in Bits(self.pieces(side, PieceKind::Soldier)) {
            let sq = square(i);
            let (start_rank, crossed) = match side {
                Side::White => (3, sq.rank() >= 5),
                Side::Black => (6, sq.rank() <= 4),
            };
            let behind = match side {
                Side::White => sq.rank() < start_rank,
                Side::Black => sq.rank() > start_rank,
            };
            if behind {
                return Err(FenError::SoldierBehindStartRank(side, sq));
            }
            if !crossed && sq.file() % 2 == 1 {
                return Err(FenError::SoldierOffStartFiles(side, sq));
            }
        }
        Ok(())
    }

    /// Canonical FEN: `K A B N R C P` letters, `w`/`b`, `- -`, both clocks.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.piece_at(sq(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Side::White => 'w',
            Side::Black => 'b',
        };
        out.push(' ');
        out.push(side);
        out.push_str(" - - ");
        push_decimal(&mut out, self.halfmove_clock);
        out.push(' ');
        push_decimal(&mut out, self.fullmove_number);
        out
    }

    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.mailbox[sq.index()])
    }

    /// Hash of placement and side to move (clocks excluded), maintained incrementally.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// [`Self::zobrist`] after the quiet move `m` (its target empty), without
    /// playing it: listing moves asks this of every quiet move to find the
    /// ones that would repeat a position.
    #[must_use]
    pub fn zobrist_after_quiet(&self, m: Move) -> u64 {
        let code = self.mailbox[m.from.index()] as usize;
        self.zobrist
            ^ ZOBRIST_PIECES[code][m.from.index()]
            ^ ZOBRIST_PIECES[code][m.to.index()]
            ^ ZOBRIST_BLACK_TO_MOVE
    }

    /// Plies since the last capture (soldier moves do not reset it).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Starts at 1 and increases after each Black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Where `side`'s general stands.
    #[must_use]
    pub fn general(&self, side: Side) -> Square {
        square(self.pieces(side, PieceKind::General).trailing_zeros() as usize)
    }

    /// All points holding a piece of `side`.
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> SquareSet {
        SquareSet(self.by_side[side_index(side)])
    }

    /// All points holding a piece of this side and kind.
    #[must_use]
    pub fn pieces_of(&self, piece: Piece) -> SquareSet {
        SquareSet(self.pieces(piece.side, piece.kind))
    }

    /// All occupied points.
    #[must_use]
    pub fn occupied_set(&self) -> SquareSet {
        SquareSet(self.occupied())
    }

    pub(crate) fn pieces(&self, side: Side, kind: PieceKind) -> u128 {
        self.by_side[side_index(side)] & self.by_kind[kind as usize]
    }

    pub(crate) fn occupied(&self) -> u128 {
        self.by_side[0] | self.by_side[1]
    }

    pub(crate) fn side_bits(&self, side: Side) -> u128 {
        self.by_side[side_index(side)]
    }

    pub(crate) fn kind_bits(&self, kind: PieceKind) -> u128 {
        self.by_kind[kind as usize]
    }

    /// The points the piece on `from` attacks (could capture on if an enemy stood there),
    /// with the current occupancy. Empty if `from` is empty. The general's flying attack
    /// along an open file is included.
    #[must_use]
    pub fn attacks_from(&self, from: Square) -> SquareSet {
        match self.piece_at(from) {
            Some(piece) => SquareSet(self.attacks_of(piece, from.index(), self.occupied())),
            None => SquareSet(0),
        }
    }

    pub(crate) fn attacks_of(&self, piece: Piece, from: usize, occ: u128) -> u128 {
        let s = side_index(piece.side);
        match piece.kind {
            PieceKind::General => {
                let enemy_general = self.pieces(piece.side.opponent(), PieceKind::General);
                GENERAL_STEPS[s][from] | (chariot_attacks(from, occ) & enemy_general)
            }
            PieceKind::Advisor => ADVISOR_STEPS[s][from],
            PieceKind::Elephant => elephant_attacks(s, from, occ),
            PieceKind::Horse => horse_attacks(from, occ),
            PieceKind::Chariot => chariot_attacks(from, occ),
            PieceKind::Cannon => cannon_captures(from, occ),
            PieceKind::Soldier => SOLDIER_STEPS[s][from],
        }
    }

    /// Pieces of `by` attacking `target` with the current occupancy: every kind, the
    /// general's flying attack included.
    #[must_use]
    pub fn attackers_to(&self, target: Square, by: Side) -> SquareSet {
        SquareSet(self.attackers_with(target.index(), by, self.occupied(), self.side_bits(by)))
    }

    /// Attackers of `by` among `their` pieces to `target` under occupancy `occ`.
    /// Static exchange evaluation calls it with pieces taken off one by one: a removed
    /// piece can unblock a chariot or a horse's leg, and give a cannon its screen or
    /// take it away.
    pub(crate) fn attackers_with(&self, target: usize, by: Side, occ: u128, their: u128) -> u128 {
        let b = side_index(by);
        let t = 1u128 << target;
        let mut att = (chariot_attacks(target, occ)
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::General as usize]))
            | (cannon_captures(target, occ) & self.by_kind[PieceKind::Cannon as usize])
            | (horse_attackers(target, occ) & self.by_kind[PieceKind::Horse as usize])
            | (SOLDIER_ATTACKERS[b][target] & self.by_kind[PieceKind::Soldier as usize]);
        // The general steps one point inside its palace and flies only along a file;
        // advisors and elephants only reach points of their own palace or half.
        for i in Bits(their & self.by_kind[PieceKind::General as usize]) {
            let flies = i % 9 == target % 9 && self.by_kind[PieceKind::General as usize] & t != 0;
            if !flies && GENERAL_STEPS[b][i] & t == 0 {
                att &= !(1u128 << i);
            }
        }
        for i in Bits(their & self.by_kind[PieceKind::Advisor as usize]) {
            if ADVISOR_STEPS[b][i] & t != 0 {
                att |= 1u128 << i;
            }
        }
        for i in Bits(their & self.by_kind[PieceKind::Elephant as usize]) {
            if elephant_attacks(b, i, occ) & t != 0 {
                att |= 1u128 << i;
            }
        }
        att & their
    }

    /// Pieces of the side opposing `side` that attack `side`'s general under `occ`.
    /// Only chariots, cannons, horses, soldiers and the flying general can ever reach a
    /// general, which keeps this cheaper than `attackers_with`.
    pub(crate) fn attackers_of_general(&self, side: Side, occ: u128) -> u128 {
        let them = side.opponent();
        let k = self.pieces(side, PieceKind::General).trailing_zeros() as usize;
        self.general_attackers(k, them, occ, self.side_bits(them))
    }

    /// Attackers among `their` (pieces of `them`) on a general standing on `k`.
    #[inline]
    pub(crate) fn general_attackers(&self, k: usize, them: Side, occ: u128, their: u128) -> u128 {
        ((chariot_attacks(k, occ)
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::General as usize]))
            | (cannon_captures(k, occ) & self.by_kind[PieceKind::Cannon as usize])
            | (horse_attackers(k, occ) & self.by_kind[PieceKind::Horse as usize])
            | (SOLDIER_ATTACKERS[side_index(them)][k] & self.by_kind[PieceKind::Soldier as usize]))
            & their
    }

    /// Whether the legal move `m` leaves the opponent in check. For many moves of one
    /// position, [`Self::check_test`] once and [`CheckTest::gives_check`] per move.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        self.check_test().gives_check(self, m)
    }

    /// What [`CheckTest::gives_check`] needs of this position, computed once per move list.
    #[must_use]
    pub fn check_test(&self) -> CheckTest {
        let us = self.side;
        let general = self.pieces(us.opponent(), PieceKind::General);
        if general == 0 {
            return CheckTest {
                general: None,
                discovery: 0,
                already: false,
            };
        }
        let k = general.trailing_zeros() as usize;
        let ours = self.side_bits(us);
        let occ = self.occupied();
        let riders = ours
            & LINES[k]
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::Cannon as usize]
                | self.by_kind[PieceKind::General as usize]);
        let mut discovery = riders;
        for s in Bits(riders) {
            discovery |= between(k, s);
        }
        let horses = ours & self.by_kind[PieceKind::Horse as usize];
        for step in &HORSE_ATTACKERS[k] {
            if step.target & horses != 0 {
                discovery |= step.block | (step.target & horses);
            }
        }
        discovery |=
            SOLDIER_ATTACKERS[side_index(us)][k] & ours & self.by_kind[PieceKind::Soldier as usize];
        CheckTest {
            general: Some(k),
            discovery,
            already: self.general_attackers(k, us, occ, ours) != 0,
        }
    }

    /// Whether the side to move is in check (facing generals cannot occur in a position).
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.attackers_of_general(self.side, self.occupied()) != 0
    }

    /// Alias of [`Position::in_check`].
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.in_check()
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        SquareSet(self.attackers_of_general(self.side, self.occupied()))
    }

    /// The position with the turn passed (for null-move pruning), or `None` when the side to
    /// move is in check, since passing would let its general be captured.
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        next.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        if next.side == Side::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.side = next.side.opponent();
        Some(next)
    }

    /// Plays `m`, which must be legal in this position (from `legal_moves`, `validate` or a
    /// notation parser); legality is not re-checked, to keep search and perft fast. Returns
    /// the captured piece. As a cheap guard that keeps one general per side, a move that
    /// does not start on a piece of the side to move, or lands on an own piece or a
    /// general, is ignored.
    pub fn play(&mut self, m: Move) -> Option<Piece> {
        let from = m.from.index();
        let to = m.to.index();
        let code = self.mailbox[from];
        let piece = Piece::from_code(code).filter(|p| p.side == self.side)?;
        let captured_code = self.mailbox[to];
        let captured = Piece::from_code(captured_code);
        if captured.is_some_and(|c| c.side == self.side || c.kind == PieceKind::General) {
            return None;
        }
        let from_bb = 1u128 << from;
        let to_bb = 1u128 << to;
        if let Some(victim) = captured {
            self.by_side[side_index(victim.side)] &= !to_bb;
            self.by_kind[victim.kind as usize] &= !to_bb;
            self.zobrist ^= ZOBRIST_PIECES[captured_code as usize][to];
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        let move_bb = from_bb | to_bb;
        self.by_side[side_index(piece.side)] ^= move_bb;
        self.by_kind[piece.kind as usize] ^= move_bb;
        self.mailbox[to] = code;
        self.mailbox[from] = 0;
        self.zobrist ^= ZOBRIST_PIECES[code as usize][from] ^ ZOBRIST_PIECES[code as usize][to];
        self.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        if self.side == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = self.side.opponent();
        captured
    }

    /// The piece on `from` moved to `to` whoever's turn it is, capturing what stands there;
    /// the side to move and the clocks are unchanged. Chase rulings use it to look at
    /// hypothetical captures and recaptures. A no-op when `from` is empty.
    pub(crate) fn relocated(&self, from: Square, to: Square) -> Position {
        let mut next = self.clone();
        let (f, t) = (from.index(), to.index());
        let code = next.mailbox[f];
        let Some(piece) = Piece::from_code(code) else {
            return next;
        };
        let to_bb = 1u128 << t;
        if let Some(victim) = Piece::from_code(next.mailbox[t]) {
            next.by_side[side_index(victim.side)] &= !to_bb;
            next.by_kind[victim.kind as usize] &= !to_bb;
            next.zobrist ^= ZOBRIST_PIECES[victim.code() as usize][t];
        }
        let move_bb = (1u128 << f) | to_bb;
        next.by_side[side_index(piece.side)] ^= move_bb;
        next.by_kind[piece.kind as usize] ^= move_bb;
        next.mailbox[t] = code;
        next.mailbox[f] = 0;
        next.zobrist ^= ZOBRIST_PIECES[code as usize][f] ^ ZOBRIST_PIECES[code as usize][t];
        next
    }

    /// Whether `side`'s general is attacked (or faces the other general), whoever is to
    /// move: after a hypothetical move of `side`, that move was illegal.
    pub(crate) fn general_exposed(&self, side: Side) -> bool {
        self.attackers_of_general(side, self.occupied()) != 0
    }

    /// Zobrist hash computed from scratch (for tests of the incremental one).
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == Side::Black {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for (i, &code) in self.mailbox.iter().enumerate() {
            if code != 0 {
                h ^= ZOBRIST_PIECES[code as usize][i];
            }
        }
        h
    }

    /// True when neither side has a chariot, horse, cannon or soldier (spec 9, `BASIC`).
    #[must_use]
    pub fn only_defenders_left(&self) -> bool {
        let attackers = self.by_kind[PieceKind::Chariot as usize]
            | self.by_kind[PieceKind::Horse as usize]
            | self.by_kind[PieceKind::Cannon as usize]
            | self.by_kind[PieceKind::Soldier as usize];
        attackers == 0
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::from_index_unchecked(u32::from(rank) * 9 + u32::from(file))
}

fn square(index: usize) -> Square {
    Square::from_index_unchecked(index as u32)
}

/// d0 f0 e1 d2 f2 and their mirrors: the advisor points of both palaces.
fn advisor_points_mask() -> u128 {
    let mut m = 0;
    for (f, r) in [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)] {
        m |= sq(f, r).bit() | sq(f, 9 - r).bit();
    }
    m
}

/// The seven elephant points of one side.
fn elephant_points_mask(side: usize) -> u128 {
    let mut m = 0;
    for (f, r) in [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)] {
        m |= if side == 0 {
            sq(f, r).bit()
        } else {
            sq(f, 9 - r).bit()
        };
    }
    m & HALF[side]
}

/// Appends `n` in decimal without going through the formatting machinery.
fn push_decimal(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        // `n % 10` is a single digit, so the cast cannot truncate.
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::game::xiangqi::fen_error::FenStrictness;

    /// The board-reading check test must agree with playing the move, on every move three
    /// plies deep from every reference position (cannon screens made and removed, horse legs
    /// freed, discovered chariot lines among them).
    #[test]
    fn gives_check_agrees_with_the_played_position() {
        let suite = include_str!("../../../tests/data/xiangqi.epd");
        let (mut moves, mut checks) = (0, 0);
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let root = Position::from_fen(fen, FenStrictness::Lenient).unwrap();
            let mut frontier = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &frontier {
                    for m in pos.legal_moves() {
                        let mut after = pos.clone();
                        after.play(m);
                        assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                        checks += usize::from(after.in_check());
                        moves += 1;
                        next.push(after);
                    }
                }
                frontier = next;
            }
        }
        assert!(moves > 100_000 && checks > 1_000, "{moves} {checks}");
    }

    /// Checks that only a piece other than the mover gives: a horse's leg freed, a chariot's
    /// line opened, a cannon's second screen taken away, a cannon's screen put in place.
    #[test]
    fn discovered_checks_are_seen() {
        for fen in [
            "4k4/3P5/3H5/9/9/9/9/9/9/3K5 w - - 0 1",
            "4k4/9/9/9/4H4/9/9/9/4R4/3K5 w - - 0 1",
            "4k4/9/9/9/4H4/9/4P4/9/4C4/3K5 w - - 0 1",
            "4k4/9/9/9/9/9/9/9/4C4/3K1H3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen, FenStrictness::Lenient).unwrap();
            let mut checks = 0;
            for m in pos.legal_moves() {
                let mut after = pos.clone();
                after.play(m);
                assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                checks += usize::from(after.in_check());
            }
            assert!(checks > 0, "{fen}");
        }
    }

    /// A position whose side not to move is in check already (no FEN gives one; a
    /// relocation can): a move keeps the check unless it takes the checking piece off its
    /// line or leg, or fills its path.
    #[test]
    fn gives_check_from_a_position_already_in_check() {
        use crate::game::xiangqi::Square;
        let point = |file: u32, rank: u32| Square::from_index_unchecked(rank * 9 + file);
        for (fen, from, to) in [
            (
                "4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1",
                point(3, 1),
                point(4, 1),
            ),
            (
                "4k4/9/9/9/4P4/9/9/9/3C5/3K5 w - - 0 1",
                point(3, 1),
                point(4, 1),
            ),
            (
                "4k4/9/9/3H5/9/9/9/9/9/3K5 w - - 0 1",
                point(3, 6),
                point(3, 7),
            ),
            (
                "3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1",
                point(3, 7),
                point(3, 8),
            ),
        ] {
            let pos = Position::from_fen(fen, FenStrictness::Lenient)
                .unwrap()
                .relocated(from, to);
            let after_moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .map(|&m| (m, pos.clone()))
                .collect();
            let (mut kept, mut lifted) = (0, 0);
            for (m, mut after) in after_moves {
                after.play(m);
                assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                if after.in_check() {
                    kept += 1;
                } else {
                    lifted += 1;
                }
            }
            assert!(
                kept > 0 && lifted > 0,
                "{fen}: {kept} kept, {lifted} lifted"
            );
        }
    }
}
