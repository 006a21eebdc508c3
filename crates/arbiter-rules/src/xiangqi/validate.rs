//! Explains why an arbitrary (from, to) pair is not a legal move.

use super::attacks::{ADVISOR_STEPS, GENERAL_STEPS, HALF, between};
use super::position::Position;
use super::types::{Move, Square, side_index, side_name};
use crate::PieceKind;
use crate::{IllegalMove, IllegalReason};

fn reject(reason: IllegalReason, detail: String) -> Result<Move, IllegalMove> {
    Err(IllegalMove { reason, detail })
}

impl Position {
    /// Checks an arbitrary move and returns it if legal, else the first rule it breaks
    /// (movement rules first, then the safety of the own general).
    pub fn validate(&self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        use IllegalReason as R;
        let Some(piece) = self.piece_at(from) else {
            return reject(R::NoPiece, format!("there is no piece on {from}"));
        };
        let us = self.side_to_move();
        if piece.side != us {
            return reject(
                R::OpponentPiece,
                format!(
                    "the {piece} on {from} belongs to the opponent; {} is to move",
                    side_name(us)
                ),
            );
        }
        if let Some(target) = self.piece_at(to).filter(|t| t.side == us) {
            return reject(
                R::CapturesOwnPiece,
                format!("the {piece} on {from} cannot capture its own {target} on {to}"),
            );
        }
        let s = side_index(us);
        let df = i32::from(to.file()) - i32::from(from.file());
        let dr = i32::from(to.rank()) - i32::from(from.rank());
        let forward = if s == 0 { dr } else { -dr };
        let occ = self.occupied();
        let name = piece.kind.name();
        let shape = |rule: &str| {
            reject(
                R::IllegalPieceMovement,
                format!("a {name} cannot move from {from} to {to}: {rule}"),
            )
        };
        match piece.kind {
            PieceKind::General => {
                if df.abs() + dr.abs() != 1 {
                    return shape("it moves one point orthogonally");
                }
                if GENERAL_STEPS[s][from.index()] & to.bit() == 0 {
                    return reject(
                        R::MustStayInPalace,
                        format!("the general cannot leave its palace ({to} is outside)"),
                    );
                }
            }
            PieceKind::Advisor => {
                if df.abs() != 1 || dr.abs() != 1 {
                    return shape("it moves one point diagonally");
                }
                if ADVISOR_STEPS[s][from.index()] & to.bit() == 0 {
                    return reject(
                        R::MustStayInPalace,
                        format!("an advisor cannot leave its palace ({to} is outside)"),
                    );
                }
            }
            PieceKind::Elephant => {
                if df.abs() != 2 || dr.abs() != 2 {
                    return shape("it moves exactly two points diagonally");
                }
                if HALF[s] & to.bit() == 0 {
                    return reject(
                        R::ElephantCrossesRiver,
                        format!("an elephant cannot cross the river ({to} is on the far side)"),
                    );
                }
                let eye = offset(from, df / 2, dr / 2);
                if occ & eye.bit() != 0 {
                    return reject(
                        R::ElephantEyeBlocked,
                        format!("the elephant on {from} is blocked: its eye {eye} is occupied"),
                    );
                }
            }
            PieceKind::Horse => {
                let (la, lb) = (df.abs(), dr.abs());
                if !((la == 1 && lb == 2) || (la == 2 && lb == 1)) {
                    return shape("it moves one point orthogonally then one diagonally");
                }
                let leg = if la == 2 {
                    offset(from, df / 2, 0)
                } else {
                    offset(from, 0, dr / 2)
                };
                if occ & leg.bit() != 0 {
                    return reject(
                        R::HorseLegBlocked,
                        format!("the horse on {from} is hobbled: its leg {leg} is occupied"),
                    );
                }
            }
            PieceKind::Chariot | PieceKind::Cannon => {
                if (df == 0) == (dr == 0) {
                    return shape("it moves along a rank or a file");
                }
                let screens = (between(from.index(), to.index()) & occ).count_ones();
                let capture = self.piece_at(to).is_some();
                if piece.kind == PieceKind::Cannon && capture {
                    if screens != 1 {
                        return reject(
                            R::CannonNeedsOneScreen,
                            format!(
                                "a cannon captures by jumping exactly one piece; \
                                 there are {screens} between {from} and {to}"
                            ),
                        );
                    }
                } else if screens != 0 {
                    return reject(
                        R::PathBlocked,
                        format!(
                            "the {name} on {from} cannot pass the pieces between {from} and {to}"
                        ),
                    );
                }
            }
            PieceKind::Soldier => {
                let crossed = HALF[s] & from.bit() == 0;
                if forward < 0 {
                    return reject(R::SoldierBackward, "a soldier never moves backward".into());
                }
                if forward == 0 && df.abs() == 1 && !crossed {
                    return reject(
                        R::SoldierSidewaysBeforeRiver,
                        format!(
                            "the soldier on {from} may move sideways only after crossing the river"
                        ),
                    );
                }
                if !((forward == 1 && df == 0) || (forward == 0 && df.abs() == 1)) {
                    return shape("it moves one point forward (or sideways across the river)");
                }
            }
            PieceKind::Pawn
            | PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::King => return shape("it is not a xiangqi piece"),
        }
        let m = Move::new(from, to);
        let mut after = self.clone();
        after.play(m);
        let red = after.general(crate::Side::White);
        let black = after.general(crate::Side::Black);
        if red.file() == black.file() && between(red.index(), black.index()) & after.occupied() == 0
        {
            return reject(
                R::GeneralsFacing,
                format!(
                    "after {m} the generals would face each other on file {}",
                    char::from(b'a' + red.file())
                ),
            );
        }
        let general = after.general(us);
        if let Some(attacker) = after.attackers_to(general, us.opponent()).iter().next() {
            let by = after
                .piece_at(attacker)
                .map_or_else(String::new, |p| format!(" by the {p} on {attacker}"));
            let detail = if self.in_check() {
                format!(
                    "{m} leaves the {} general on {general} in check{by}",
                    side_name(us)
                )
            } else {
                format!(
                    "{m} exposes the {} general on {general} to attack{by}",
                    side_name(us)
                )
            };
            return reject(R::LeavesKingInCheck, detail);
        }
        Ok(m)
    }
}

fn offset(sq: Square, df: i32, dr: i32) -> Square {
    let file = (i32::from(sq.file()) + df).clamp(0, 8) as u8;
    let rank = (i32::from(sq.rank()) + dr).clamp(0, 9) as u8;
    Square::new(file, rank).unwrap_or(sq)
}
