//! Which chess is played: the one home of the difference between standard
//! chess, Chess960 and the Lichess variants. Everything else in `chess/`
//! plays a `VariantPosition` through shakmaty's `Position` trait and asks
//! this file only what differs: the start position, how a FEN is read, how
//! castling is written, and which variant ending a position has reached.

use shakmaty::{
    Bitboard, Board, CastlingMode, Color, File, KnownOutcome, Position, Rank, Role, Setup, Square,
    variant::{Variant as ShakmatyVariant, VariantPosition},
};

use crate::{Outcome, Reason, Variant};

use super::notation::side;

/// How one of the chess variants differs from the next: shakmaty's variant
/// and how castling is written. Made once from the domain's [`Variant`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChessRules {
    /// shakmaty's move generator and endings (Chess960 is `Chess`).
    pub(crate) variant: ShakmatyVariant,
    /// Chess960 castles king-takes-rook and reads X-FEN / Shredder-FEN.
    pub(crate) castling: CastlingMode,
}

/// Start positions of Chess960, numbered 0-959 (Scharnagl); 518 is chess.
pub(crate) const CHESS960_POSITIONS: u32 = 960;

impl ChessRules {
    /// The rules of a chess variant; `None` for xiangqi.
    #[must_use]
    pub(crate) fn of(variant: Variant) -> Option<ChessRules> {
        let (variant, castling) = match variant {
            Variant::Xiangqi => return None,
            Variant::Chess => (ShakmatyVariant::Chess, CastlingMode::Standard),
            Variant::Chess960 => (ShakmatyVariant::Chess, CastlingMode::Chess960),
            Variant::Atomic => (ShakmatyVariant::Atomic, CastlingMode::Standard),
            Variant::Antichess => (ShakmatyVariant::Antichess, CastlingMode::Standard),
            Variant::KingOfTheHill => (ShakmatyVariant::KingOfTheHill, CastlingMode::Standard),
            Variant::ThreeCheck => (ShakmatyVariant::ThreeCheck, CastlingMode::Standard),
            Variant::Crazyhouse => (ShakmatyVariant::Crazyhouse, CastlingMode::Standard),
            Variant::RacingKings => (ShakmatyVariant::RacingKings, CastlingMode::Standard),
            Variant::Horde => (ShakmatyVariant::Horde, CastlingMode::Standard),
        };
        Some(ChessRules { variant, castling })
    }

    /// Standard chess, whose FEN keeps its own strict reader.
    #[must_use]
    pub(crate) fn is_standard(self) -> bool {
        self.variant == ShakmatyVariant::Chess && self.castling == CastlingMode::Standard
    }

    /// Whether the variant has endings of its own beyond mate and stalemate
    /// (shakmaty's `variant_outcome` can be known).
    #[must_use]
    pub(crate) fn has_variant_endings(self) -> bool {
        !matches!(
            self.variant,
            ShakmatyVariant::Chess | ShakmatyVariant::Crazyhouse
        )
    }

    /// The variant's start position (Chess960: the standard arrangement,
    /// number 518, with Chess960 castling).
    #[must_use]
    pub(crate) fn start_position(self) -> VariantPosition {
        if self.castling == CastlingMode::Chess960 {
            return chess960_position(518);
        }
        VariantPosition::new(self.variant)
    }
}

/// Chess960 start position `index` (< 960) by the Scharnagl numbering: the
/// light-squared bishop, the dark-squared one, the queen, the knights, and
/// rook, king, rook on the three squares left.
#[must_use]
pub(crate) fn chess960_setup(index: u32) -> Setup {
    let mut n = index % CHESS960_POSITIONS;
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[(n % 4 * 2 + 1) as usize] = Some(Role::Bishop);
    n /= 4;
    rank[(n % 4 * 2) as usize] = Some(Role::Bishop);
    n /= 4;
    let mut place = |role: Role, mut nth: u32| {
        for slot in rank.iter_mut().filter(|slot| slot.is_none()) {
            if nth == 0 {
                *slot = Some(role);
                return;
            }
            nth -= 1;
        }
    };
    place(Role::Queen, n % 6);
    n /= 6;
    const KNIGHTS: [(u32, u32); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n as usize % 10];
    // The second knight's index counts the squares left after the first.
    place(Role::Knight, first);
    place(Role::Knight, second - 1);
    place(Role::Rook, 0);
    place(Role::King, 0);
    place(Role::Rook, 0);
    let mut board = Board::empty();
    let mut castling_rights = Bitboard::EMPTY;
    for (file, role) in rank.iter().enumerate() {
        let Some(role) = *role else { continue };
        let file = File::new(file as u32);
        for color in Color::ALL {
            let square = Square::from_coords(file, color.backrank());
            board.set_piece_at(square, role.of(color));
            board.set_piece_at(
                Square::from_coords(file, color.relative_rank(Rank::Second)),
                Role::Pawn.of(color),
            );
            if role == Role::Rook {
                castling_rights.add(square);
            }
        }
    }
    Setup {
        board,
        castling_rights,
        ..Setup::initial()
    }
}

/// [`chess960_setup`] as a position with Chess960 castling.
#[must_use]
pub(crate) fn chess960_position(index: u32) -> VariantPosition {
    VariantPosition::from_setup(
        ShakmatyVariant::Chess,
        chess960_setup(index),
        CastlingMode::Chess960,
    )
    // Every numbered arrangement is a legal position: the fallback is never taken.
    .unwrap_or_default()
}

/// The variant ending `pos` has reached, or [`Outcome::Ongoing`]: atomic's
/// exploded king, antichess's empty or stalemated side (which wins), the
/// king on the hill, the third check, the race's finish (won or drawn) and
/// the destroyed horde. Mate and stalemate are judged by the caller.
#[must_use]
pub(crate) fn variant_ending(pos: &VariantPosition) -> Outcome {
    let reason = match pos.variant() {
        ShakmatyVariant::Chess | ShakmatyVariant::Crazyhouse => return Outcome::Ongoing,
        ShakmatyVariant::Atomic => Reason::KingExploded,
        ShakmatyVariant::Antichess => {
            if pos.us().is_empty() {
                Reason::PiecesGivenAway
            } else {
                Reason::Stalemate
            }
        }
        ShakmatyVariant::KingOfTheHill => Reason::KingOfTheHill,
        ShakmatyVariant::ThreeCheck => Reason::ThirdCheck,
        ShakmatyVariant::RacingKings => Reason::RaceFinished,
        ShakmatyVariant::Horde => Reason::HordeDestroyed,
    };
    match pos.variant_outcome() {
        shakmaty::Outcome::Known(KnownOutcome::Decisive { winner }) => Outcome::Decisive {
            winner: side(winner),
            reason,
        },
        shakmaty::Outcome::Known(KnownOutcome::Draw) => Outcome::Draw { reason },
        shakmaty::Outcome::Unknown => Outcome::Ongoing,
    }
}

/// The perft suites' start positions of every chess variant (chess's own
/// suite and the variants' one), each with its rules: the positions the
/// unit tests play out.
#[cfg(test)]
pub(super) fn perft_positions() -> Vec<(ChessRules, VariantPosition)> {
    let chess = include_str!("../../../../tests/data/chess.epd")
        .lines()
        .map(|line| ("chess", line));
    let variants = include_str!("../../../../tests/data/chess_variants.epd")
        .lines()
        .filter_map(|line| line.split_once(':'));
    chess
        .chain(variants)
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(name, line)| {
            let variant = match name {
                "3check" => Variant::ThreeCheck,
                "kingofthehill" => Variant::KingOfTheHill,
                "racingkings" => Variant::RacingKings,
                other => *Variant::ALL.iter().find(|v| v.name() == other).unwrap(),
            };
            let rules = ChessRules::of(variant).unwrap();
            let fen = line.split(';').next().unwrap_or_default().trim();
            let pos = super::fen::parse_variant(fen, rules, crate::Strictness::Lenient).unwrap();
            (rules, pos)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use shakmaty::{EnPassantMode, fen::Fen};

    use super::*;

    /// Numbers and arrangements as published with the Scharnagl numbering.
    #[test]
    fn chess960_numbers() {
        for (index, rank) in [
            (0, "bbqnnrkr"),
            (518, "rnbqkbnr"),
            (959, "rkrnnqbb"),
            (1, "bqnbnrkr"),
            // These as python-chess's `Board.from_chess960_pos` gives them.
            (3, "bqnnrkrb"),
            (100, "qbbnrnkr"),
            (250, "nrkqbbnr"),
            (417, "brnbqnkr"),
            (600, "rbqnbkrn"),
            (777, "qrkbbnrn"),
            (888, "rbqkbrnn"),
        ] {
            let fen = Fen::try_from_setup(chess960_setup(index))
                .unwrap()
                .to_string();
            let white = rank.to_ascii_uppercase();
            assert!(
                fen.starts_with(&format!("{rank}/pppppppp/8/8/8/8/PPPPPPPP/{white} w ")),
                "{index}: {fen}"
            );
        }
        for index in 0..CHESS960_POSITIONS {
            let pos = chess960_position(index);
            assert!((18..=22).contains(&pos.legal_moves().len()), "{index}");
            assert_eq!(pos.castles().castling_rights().count(), 4, "{index}");
            let _ = Fen::from_position(&pos, EnPassantMode::Legal);
        }
    }
}
