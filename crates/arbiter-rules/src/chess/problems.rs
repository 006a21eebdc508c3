//! Every problem of a chess FEN, for [`validate_position`]: the FEN read
//! into shakmaty's `Setup` as a load reads it, shakmaty's `from_setup`
//! judging it for the variant (its `PositionErrorKinds` are every flag at
//! once, not the first), and each flag told as the problems it stands for,
//! with the sides and squares found on the board. The checks are
//! shakmaty's; this file only names what they found, and splits a check by
//! more than two pieces (`TooManyCheckers`) from the other impossible checks.
//!
//! [`validate_position`]: crate::validate_position

use shakmaty::{
    Bitboard, Board, Castles, Color, PositionError, PositionErrorKinds, Role, Setup, Square,
    variant::{Variant as ShakmatyVariant, VariantPosition},
};

use super::fen::{self, FenError};
use super::variant::{CHESS960_POSITIONS, ChessRules, chess960_setup};
use crate::diagnosis::{Dropped, PositionProblem, ProblemKind, Sanitized};
use crate::{Side, Strictness, Variant};

/// The problems of `fen` as a start position of `variant` (a chess
/// variant) read under `strictness`, and the sanitized FEN when asked for
/// and possible.
pub(crate) fn diagnose(
    variant: Variant,
    fen: &str,
    strictness: Strictness,
    sanitize: bool,
) -> (Vec<PositionProblem>, Option<Sanitized>) {
    let Some(rules) = ChessRules::of(variant) else {
        return (Vec::new(), None);
    };
    if fen.trim().is_empty() {
        let start = fen::format(&rules.start_position());
        return (
            Vec::new(),
            Some(Sanitized {
                fen: start,
                dropped: Vec::new(),
            }),
        );
    }
    let setup = match read(fen, rules) {
        Ok(setup) => setup,
        Err(error) => {
            return (
                vec![PositionProblem::new(ProblemKind::Syntax, error.to_string())],
                None,
            );
        }
    };
    let verdict = VariantPosition::from_setup(rules.variant, setup.clone(), rules.castling);
    let error = match verdict {
        Ok(pos) => {
            let clean = Sanitized {
                fen: fen::format(&pos),
                dropped: Vec::new(),
            };
            return (Vec::new(), sanitize.then_some(clean));
        }
        Err(error) => error,
    };
    let kinds = error.kinds();
    let mut problems = problems(kinds, &setup, rules);
    if strictness == Strictness::Lenient {
        for problem in &mut problems {
            problem.tolerated = matches!(
                problem.kind,
                ProblemKind::InvalidCastlingRights
                    | ProblemKind::InvalidEnPassant
                    | ProblemKind::ImpossibleCheck
                    | ProblemKind::TooManyCheckers
                    | ProblemKind::TooMuchMaterial
            );
        }
    }
    let sanitized = if sanitize {
        sanitized(error, strictness, &setup, rules)
    } else {
        None
    };
    (problems, sanitized)
}

/// The FEN's setup, read as [`ChessGame::load`](super::ChessGame::load)
/// reads it: standard chess by this crate's reader, the variants by
/// shakmaty's; a Chess960 start-position number is its setup.
fn read(fen: &str, rules: ChessRules) -> Result<Setup, FenError> {
    if rules.is_standard() {
        return fen::read_setup(fen);
    }
    let text = fen.trim();
    if rules.castling == shakmaty::CastlingMode::Chess960
        && text.bytes().all(|b| b.is_ascii_digit())
    {
        return match text.parse::<u32>() {
            Ok(index) if index < CHESS960_POSITIONS => Ok(chess960_setup(index)),
            _ => Err(FenError::Chess960Number(text.to_owned())),
        };
    }
    fen::read_variant_setup(fen)
}

/// The position with the castling rights and the en-passant square that
/// cannot be dropped, when nothing else stops the strictness from accepting
/// it (lenient: an impossible check and too much material are accepted, as
/// a lenient load accepts them).
fn sanitized(
    error: PositionError<VariantPosition>,
    strictness: Strictness,
    setup: &Setup,
    rules: ChessRules,
) -> Option<Sanitized> {
    let kinds = error.kinds();
    let mut verdict = error
        .ignore_invalid_castling_rights()
        .or_else(PositionError::ignore_invalid_ep_square);
    if strictness == Strictness::Lenient {
        verdict = verdict
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_too_much_material);
    }
    let pos = verdict.ok()?;
    let mut dropped: Vec<Dropped> = (setup.castling_rights & !kept_rights(setup, rules))
        .into_iter()
        .map(|rook| Dropped::CastlingRight {
            side: side_of_rank(rook),
            rook: rook.to_string(),
        })
        .collect();
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
        && let Some(square) = setup.ep_square
    {
        dropped.push(Dropped::EnPassantSquare(square.to_string()));
    }
    Some(Sanitized {
        fen: fen::format(&pos),
        dropped,
    })
}

/// The castling rights shakmaty keeps of `setup`'s: those whose king and
/// rook stand where the variant castles from (none in antichess and racing
/// kings, which do not castle).
fn kept_rights(setup: &Setup, rules: ChessRules) -> Bitboard {
    match rules.variant {
        ShakmatyVariant::Antichess | ShakmatyVariant::RacingKings => Bitboard::EMPTY,
        _ => match Castles::from_setup(setup, rules.castling) {
            Ok(castles) | Err(castles) => castles.castling_rights(),
        },
    }
}

/// A castling right's side, by its rook's rank (rights are read on the back ranks).
fn side_of_rank(square: Square) -> Side {
    if square.rank() == shakmaty::Rank::First {
        Side::White
    } else {
        Side::Black
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// shakmaty's flags as problems, with the sides and squares each concerns.
fn problems(kinds: PositionErrorKinds, setup: &Setup, rules: ChessRules) -> Vec<PositionProblem> {
    let board = &setup.board;
    let variant = rules.variant;
    let mut found = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        found.push(PositionProblem::new(
            ProblemKind::EmptyBoard,
            "the board is empty",
        ));
    }
    if kinds.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
        kings(kinds, board, variant, &mut found);
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        for color in Color::ALL {
            let pawns = board.by_piece(color.pawn()) & backrank_pawn_squares(board, color, variant);
            if pawns.any() {
                found.push(
                    PositionProblem::new(
                        ProblemKind::PawnsOnBackRank,
                        format!(
                            "{} pawns on the first or last rank ({})",
                            side(color),
                            list(pawns)
                        ),
                    )
                    .of(side(color))
                    .at(pawns),
                );
            }
        }
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        let dropped = setup.castling_rights & !kept_rights(setup, rules);
        for color in Color::ALL {
            let rooks = dropped & Bitboard::from_rank(color.backrank());
            if rooks.any() {
                found.push(
                    PositionProblem::new(
                        ProblemKind::InvalidCastlingRights,
                        format!(
                            "{} has castling rights with the rook on {}, but its king or that rook is not where castling starts",
                            side(color),
                            list(rooks)
                        ),
                    )
                    .of(side(color))
                    .at(rooks),
                );
            }
        }
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        let squares: Vec<Square> = setup.ep_square.into_iter().collect();
        found.push(
            PositionProblem::new(
                ProblemKind::InvalidEnPassant,
                format!(
                    "the en-passant square {} does not follow a double pawn push by the side that just moved",
                    list(squares.iter().copied())
                ),
            )
            .at(squares),
        );
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        let waiting = !setup.turn;
        let (king, checkers) = checkers(board, waiting);
        found.push(
            PositionProblem::new(
                ProblemKind::OppositeCheck,
                format!(
                    "the side not to move ({}) is in check: its king on {} is attacked from {}",
                    side(waiting),
                    list(king),
                    list(checkers)
                ),
            )
            .of(side(waiting))
            .at(king.into_iter().chain(checkers)),
        );
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        found.push(impossible_check(board, setup.turn, variant));
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        material(board, variant, &mut found);
    }
    if kinds.contains(PositionErrorKinds::VARIANT) {
        found.push(PositionProblem::new(
            ProblemKind::VariantRule,
            match variant {
                ShakmatyVariant::ThreeCheck => "both sides have already given three checks",
                ShakmatyVariant::Crazyhouse => {
                    "the board and the pockets hold more than 64 pieces together"
                }
                ShakmatyVariant::RacingKings => {
                    "racing kings has no pawns, and both kings cannot stand on the eighth rank with black to move"
                }
                _ => "the position breaks a rule of the variant",
            },
        ));
    }
    found
}

/// The kings missing or doubled, side by side (antichess kings are ordinary
/// pieces; the horde has none), or one problem when only a crazyhouse
/// pocket holds the extra king.
fn kings(
    kinds: PositionErrorKinds,
    board: &Board,
    variant: ShakmatyVariant,
    found: &mut Vec<PositionProblem>,
) {
    let before = found.len();
    let horde = variant == ShakmatyVariant::Horde;
    for color in Color::ALL {
        let kings = board.by_piece(color.king());
        if horde && board.kings().count() == 1 {
            // Horde wants exactly one king on the board, the black one.
            continue;
        }
        if kings.is_empty()
            && kinds.contains(PositionErrorKinds::MISSING_KING)
            && !(horde && color == Color::White)
        {
            found.push(
                PositionProblem::new(ProblemKind::NoKing, format!("{} has no king", side(color)))
                    .of(side(color)),
            );
        } else if kings.more_than_one() && kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
            found.push(
                PositionProblem::new(
                    ProblemKind::TooManyKings,
                    format!(
                        "{} has {} kings ({})",
                        side(color),
                        kings.count(),
                        list(kings)
                    ),
                )
                .of(side(color))
                .at(kings),
            );
        }
    }
    if found.len() == before {
        let (kind, message) = if kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
            (
                ProblemKind::TooManyKings,
                "too many kings (on the board or in a pocket)",
            )
        } else {
            (
                ProblemKind::NoKing,
                "a king the variant requires is missing",
            )
        };
        found.push(PositionProblem::new(kind, message));
    }
}

/// Where `color`'s pawns may not stand: both back ranks, except that the
/// horde's kingless side may stand on its own first rank.
fn backrank_pawn_squares(board: &Board, color: Color, variant: ShakmatyVariant) -> Bitboard {
    if variant == ShakmatyVariant::Horde && board.by_piece(color.king()).is_empty() {
        Bitboard::from_rank((!color).backrank())
    } else {
        Bitboard::BACKRANKS
    }
}

/// The king of `color` (when it has exactly one) and the pieces checking it.
fn checkers(board: &Board, color: Color) -> (Option<Square>, Bitboard) {
    match board.king_of(color) {
        Some(king) => (Some(king), board.attacks_to(king, !color, board.occupied())),
        None => (None, Bitboard::EMPTY),
    }
}

/// The check on the side to move that no last move explains: by more than
/// two pieces, or otherwise impossible.
fn impossible_check(board: &Board, turn: Color, variant: ShakmatyVariant) -> PositionProblem {
    let (king, checkers) = checkers(board, turn);
    let squares = king.into_iter().chain(checkers);
    if variant == ShakmatyVariant::RacingKings {
        return PositionProblem::new(
            ProblemKind::ImpossibleCheck,
            format!(
                "no check may be given in racing kings, but {} is in check",
                side(turn)
            ),
        )
        .of(side(turn))
        .at(squares);
    }
    if checkers.count() > 2 {
        return PositionProblem::new(
            ProblemKind::TooManyCheckers,
            format!(
                "the king on {} is checked by {} pieces ({}): a move gives check with two at most",
                list(king),
                checkers.count(),
                list(checkers)
            ),
        )
        .of(side(turn))
        .at(squares);
    }
    PositionProblem::new(
        ProblemKind::ImpossibleCheck,
        format!(
            "the check on the king on {} (from {}) cannot follow any move: aligned or stepping checkers, or a check the en-passant square contradicts",
            list(king),
            list(checkers)
        ),
    )
    .of(side(turn))
    .at(squares)
}

/// Each side with more material than promotions explain (crazyhouse,
/// racing kings and the horde count by their own rules: one problem
/// without a side when the count is not per side).
fn material(board: &Board, variant: ShakmatyVariant, found: &mut Vec<PositionProblem>) {
    let per_side = !matches!(
        variant,
        ShakmatyVariant::Crazyhouse | ShakmatyVariant::RacingKings | ShakmatyVariant::Horde
    );
    let before = found.len();
    if per_side {
        for color in Color::ALL {
            let (pawns, promoted) = promoted_pieces(board, color);
            if pawns + promoted > 8 {
                found.push(
                    PositionProblem::new(
                        ProblemKind::TooMuchMaterial,
                        format!(
                            "{} has {pawns} pawns and {promoted} pieces beyond a set's: at most 8 pawns can have promoted",
                            side(color)
                        ),
                    )
                    .of(side(color)),
                );
            }
        }
    }
    if found.len() == before {
        found.push(PositionProblem::new(
            ProblemKind::TooMuchMaterial,
            if variant == ShakmatyVariant::Crazyhouse {
                "more pieces on the board and in the pockets than a game can hold"
            } else {
                "more material than the variant's set and promotions could produce"
            },
        ));
    }
}

/// `color`'s pawns, and its pieces beyond a set's (a queen, two rooks, two
/// knights, a bishop of each square colour): each must have been a pawn,
/// shakmaty's `is_standard_material` count.
fn promoted_pieces(board: &Board, color: Color) -> (usize, usize) {
    let ours = board.by_color(color);
    let count = |role: Role| (board.by_role(role) & ours).count();
    let bishops = board.bishops() & ours;
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + (bishops & Bitboard::LIGHT_SQUARES)
            .count()
            .saturating_sub(1)
        + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1);
    (count(Role::Pawn), promoted)
}

/// Squares as a list for a sentence (`e1, e8`).
fn list(squares: impl IntoIterator<Item = Square>) -> String {
    let names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    names.join(", ")
}
