//! Every problem of a xiangqi FEN, for [`validate_position`]: the rules of
//! spec 3.3 that [`Position::from_setup`] checks, each looked for on its own
//! (from_setup stops at the first it finds), with the sides and points
//! involved. Which ones refuse a position under which strictness is
//! from_setup's, kept in step by the tests that diagnose every position
//! from_setup judges.
//!
//! [`validate_position`]: crate::validate_position

use super::attacks::{Bits, PALACE, between};
use super::fen::MAX_FEN_LEN;
use super::position::Position;
use super::setup::{Setup, advisor_points_mask, elephant_points_mask};
use super::types::{side_index, side_name, square};
use crate::diagnosis::{PositionProblem, ProblemKind, Sanitized};
use crate::{PieceKind, Side, Strictness};

/// The problems of `fen` as a xiangqi start position read under
/// `strictness`, and with `sanitize` its canonical FEN when the strictness
/// accepts it (xiangqi has no castling right or en-passant square to drop:
/// a FEN's third and fourth fields are read and ignored).
pub(crate) fn diagnose(
    fen: &str,
    strictness: Strictness,
    sanitize: bool,
) -> (Vec<PositionProblem>, Option<Sanitized>) {
    if fen.trim().is_empty() {
        let start = Position::startpos().to_fen();
        return (
            Vec::new(),
            Some(Sanitized {
                fen: start,
                dropped: Vec::new(),
            }),
        );
    }
    let syntax = |message: String| {
        (
            vec![PositionProblem::new(ProblemKind::Syntax, message)],
            None,
        )
    };
    if fen.len() > MAX_FEN_LEN {
        return syntax(super::FenError::TooLong(fen.len()).to_string());
    }
    let setup = match Setup::from_fen(fen) {
        Ok(setup) => setup,
        Err(error) => return syntax(error.to_string()),
    };
    let mut problems = Vec::new();
    if setup.fullmove_number == 0 {
        let mut zero = PositionProblem::new(
            ProblemKind::Syntax,
            "bad full-move number '0', expected a number from 1",
        );
        zero.tolerated = strictness == Strictness::Lenient;
        problems.push(zero);
    }
    let position = unjudged(&setup);
    for side in [Side::White, Side::Black] {
        always(&position, side, &mut problems);
    }
    for side in [Side::White, Side::Black] {
        let before = problems.len();
        strict(&position, side, &mut problems);
        for problem in &mut problems[before..] {
            problem.tolerated = strictness == Strictness::Lenient;
        }
    }
    checks(&position, &mut problems);
    let sanitized = if sanitize {
        Position::from_setup(setup, strictness)
            .ok()
            .map(|position| Sanitized {
                fen: position.to_fen(),
                dropped: Vec::new(),
            })
    } else {
        None
    };
    (problems, sanitized)
}

/// The setup as a position without judging it, to ask the position's
/// questions (pieces by kind, attacks) of it; never handed out.
fn unjudged(setup: &Setup) -> Position {
    let board = &setup.board;
    Position {
        mailbox: board.mailbox,
        by_side: board.by_side,
        by_kind: board.by_kind,
        side: setup.side_to_move,
        halfmove_clock: setup.halfmove_clock,
        fullmove_number: setup.fullmove_number,
        zobrist: board.zobrist,
    }
}

fn points(bits: u128) -> impl Iterator<Item = String> {
    Bits(bits).map(|i| square(i).to_string())
}

fn list(bits: u128) -> String {
    points(bits).collect::<Vec<_>>().join(", ")
}

/// What refuses a position under any strictness: the side's general
/// (exactly one, in its palace) and its piece count.
fn always(position: &Position, side: Side, found: &mut Vec<PositionProblem>) {
    let name = side_name(side);
    let generals = position.pieces(side, PieceKind::General);
    match generals.count_ones() {
        0 => found.push(
            PositionProblem::new(ProblemKind::NoGeneral, format!("no {name} general")).of(side),
        ),
        1 => {}
        n => found.push(
            PositionProblem::new(
                ProblemKind::TooManyGenerals,
                format!("{n} {name} generals ({}), one allowed", list(generals)),
            )
            .of(side)
            .at(points(generals)),
        ),
    }
    let outside = generals & !PALACE[side_index(side)];
    if outside != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::GeneralOutsidePalace,
                format!("{name} general outside its palace at {}", list(outside)),
            )
            .of(side)
            .at(points(outside)),
        );
    }
    let count = position.by_side[side_index(side)].count_ones();
    if count > 16 {
        found.push(
            PositionProblem::new(
                ProblemKind::TooManyPieces,
                format!("{count} {name} pieces, at most 16 allowed"),
            )
            .of(side),
        );
    }
}

/// What refuses a position when strict only: more pieces of a kind than a
/// set holds, and advisors, elephants and soldiers on points they can never
/// reach.
fn strict(position: &Position, side: Side, found: &mut Vec<PositionProblem>) {
    let name = side_name(side);
    let s = side_index(side);
    for (kind, max) in [
        (PieceKind::Advisor, 2),
        (PieceKind::Elephant, 2),
        (PieceKind::Horse, 2),
        (PieceKind::Chariot, 2),
        (PieceKind::Cannon, 2),
        (PieceKind::Soldier, 5),
    ] {
        let pieces = position.pieces(side, kind);
        let count = pieces.count_ones();
        if count > max {
            found.push(
                PositionProblem::new(
                    ProblemKind::TooManyOfKind,
                    format!("{count} {name} {}s, at most {max} allowed", kind.name()),
                )
                .of(side)
                .at(points(pieces)),
            );
        }
    }
    let off = position.pieces(side, PieceKind::Advisor) & !(PALACE[s] & advisor_points_mask());
    if off != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::AdvisorOffPoints,
                format!("{name} advisor off its five points at {}", list(off)),
            )
            .of(side)
            .at(points(off)),
        );
    }
    let off = position.pieces(side, PieceKind::Elephant) & !elephant_points_mask(s);
    if off != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::ElephantOffPoints,
                format!("{name} elephant off its seven points at {}", list(off)),
            )
            .of(side)
            .at(points(off)),
        );
    }
    let (mut behind, mut off_files) = (0u128, 0u128);
    for i in Bits(position.pieces(side, PieceKind::Soldier)) {
        let point = square(i);
        let (is_behind, crossed) = match side {
            Side::White => (point.rank() < 3, point.rank() >= 5),
            Side::Black => (point.rank() > 6, point.rank() <= 4),
        };
        if is_behind {
            behind |= point.bit();
        } else if !crossed && point.file() % 2 == 1 {
            off_files |= point.bit();
        }
    }
    if behind != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::SoldierBehindStart,
                format!("{name} soldier behind its start rank at {}", list(behind)),
            )
            .of(side)
            .at(points(behind)),
        );
    }
    if off_files != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::SoldierOffStartFiles,
                format!(
                    "{name} soldier at {} has not crossed the river but is off the five start files",
                    list(off_files)
                ),
            )
            .of(side)
            .at(points(off_files)),
        );
    }
}

/// The generals facing on an open file, and the side not to move in check
/// by any other piece; judged when each side has exactly one general.
fn checks(position: &Position, found: &mut Vec<PositionProblem>) {
    let one = |side| position.pieces(side, PieceKind::General).count_ones() == 1;
    if !one(Side::White) || !one(Side::Black) {
        return;
    }
    let red = position.general(Side::White);
    let black = position.general(Side::Black);
    let occupied = position.occupied();
    let facing = red.file() == black.file() && between(red.index(), black.index()) & occupied == 0;
    if facing {
        found.push(
            PositionProblem::new(
                ProblemKind::GeneralsFacing,
                format!(
                    "the generals face each other on file {} ({red} and {black})",
                    char::from(b'a' + red.file())
                ),
            )
            .at([red, black]),
        );
    }
    let waiting = position.side.opponent();
    let general = position.general(waiting);
    let mut attackers = position.attackers_of_general(waiting, occupied);
    if facing {
        // The flying general is the problem above, not a check.
        attackers &= !position.general(waiting.opponent()).bit();
    }
    if attackers != 0 {
        found.push(
            PositionProblem::new(
                ProblemKind::OppositeCheck,
                format!(
                    "the side not to move ({}) is in check: its general on {general} is attacked from {}",
                    side_name(waiting),
                    list(attackers)
                ),
            )
            .of(waiting)
            .at(std::iter::once(general.to_string()).chain(points(attackers))),
        );
    }
}
