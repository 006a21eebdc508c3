//! The order of a move list: UCI's, the order of the move texts, which every
//! move list the service answers is sorted in.

use shakmaty::{CastlingMode, Move, MoveList, Role};

/// `moves` in [`uci_order`], by a bucket per origin square instead of a
/// sort. A move list is a few dozen moves from a dozen or so origins, and
/// each origin's moves arrive from the generator already close to order, so
/// filing every move into its origin's short list and reading the lists out
/// origin by origin costs a few steps a move: about 1,400 instructions for
/// Kiwipete's 48 moves, where `sort_unstable` of the packed keys took 2,200.
pub(super) fn in_uci_order(moves: &MoveList, mode: CastlingMode) -> UciOrdered<'_> {
    UciOrdered::of(moves, mode)
}

/// An origin bucket's key: five drop letters, then the 64 squares.
const BUCKETS: usize = 5 + 64;
/// Bits of a key below its bucket: the target square and the promotion.
const WITHIN_BITS: u32 = 9;
/// The end of a bucket's list.
const END: u16 = u16::MAX;

/// [`in_uci_order`]'s iterator: the indices of `moves` in order.
pub(super) struct UciOrdered<'a> {
    moves: &'a MoveList,
    order: [u16; MOVE_LIST_CAPACITY],
    len: usize,
    at: usize,
}

/// The most moves a `MoveList` holds with shakmaty's `variant` feature
/// (over 256: the drops); a test holds it to shakmaty's, and a longer list
/// would be cut rather than overrun.
const MOVE_LIST_CAPACITY: usize = 270 + 6 * 6 * 5;

impl<'a> UciOrdered<'a> {
    fn of(moves: &'a MoveList, mode: CastlingMode) -> Self {
        // `links[i]` follows move i in its bucket's list; `links[CAPACITY + b]`
        // is bucket b's first move. Each bucket's list stays sorted.
        let mut links = [END; MOVE_LIST_CAPACITY + BUCKETS];
        let mut within = [0u16; MOVE_LIST_CAPACITY];
        // One bit a bucket that holds a move, in two words (a `u128` shift
        // costs several instructions a move).
        let mut filled = [0u64; BUCKETS.div_ceil(64)];
        for (index, &m) in moves.iter().enumerate().take(MOVE_LIST_CAPACITY) {
            let key = uci_order(m, mode);
            let bucket = (key >> WITHIN_BITS) as usize;
            let rest = (key & ((1 << WITHIN_BITS) - 1)) as u16;
            within[index] = rest;
            filled[bucket / 64] |= 1 << (bucket % 64);
            let mut at = MOVE_LIST_CAPACITY + bucket;
            while let Some(&next) = links.get(at)
                && next != END
                && within[usize::from(next)] < rest
            {
                at = usize::from(next);
            }
            links[index] = links[at];
            links[at] = index as u16;
        }
        let mut order = [0u16; MOVE_LIST_CAPACITY];
        let mut len = 0;
        for (word, mut bits) in filled.into_iter().enumerate() {
            while bits != 0 {
                let bucket = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut next = links[MOVE_LIST_CAPACITY + bucket];
                while next != END {
                    order[len] = next;
                    len += 1;
                    next = links[usize::from(next)];
                }
            }
        }
        UciOrdered {
            moves,
            order,
            len,
            at: 0,
        }
    }
}

impl Iterator for UciOrdered<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let &index = self.order[..self.len].get(self.at)?;
        self.at += 1;
        self.moves.get(usize::from(index)).copied()
    }
}

/// Sorts like the UCI strings (`a1…h8`, then the promotion letter) without
/// building them: file before rank, castling as the king's two-square move
/// (in Chess960 as the king taking its rook), drops (`B@…` to `R@…`, capital
/// letters) before every other move. The key is a bucket (a drop's letter,
/// or the origin square) above [`WITHIN_BITS`] bits of target and
/// promotion. Inlined into the key loop, across the module boundary.
#[inline]
pub(super) fn uci_order(m: Move, mode: CastlingMode) -> u32 {
    let point = |sq: shakmaty::Square| u32::from(sq.file()) * 8 + u32::from(sq.rank());
    let (from, to) = match m {
        Move::Put { role, to } => {
            let letter = match role {
                Role::Bishop => 0,
                Role::Knight => 1,
                Role::Pawn => 2,
                Role::Queen => 3,
                _ => 4,
            };
            return (letter << WITHIN_BITS) | point(to);
        }
        Move::Castle { king, rook } if mode == CastlingMode::Chess960 => (king, rook),
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            (king, shakmaty::Square::from_coords(file, king.rank()))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    // Antichess promotes to a king too: `k` sorts between `b` and `n`.
    let promotion = match m.promotion() {
        None => 0,
        Some(Role::Bishop) => 1,
        Some(Role::King) => 2,
        Some(Role::Knight) => 3,
        Some(Role::Queen) => 4,
        Some(_) => 5,
    };
    ((5 + point(from)) << WITHIN_BITS) | (point(to) << 3) | promotion
}

#[cfg(test)]
mod tests {
    use shakmaty::Position;

    use super::*;

    /// The bucketed order is the order of the UCI strings in every variant:
    /// drops before moves, the antichess king promotion, Chess960 castling
    /// as king takes rook, along playouts from each variant's perft
    /// positions, and the move-list capacity is shakmaty's.
    #[test]
    fn uci_order_sorts_like_the_strings_in_every_variant() {
        use super::super::variant::perft_positions;
        assert_eq!(shakmaty::MoveList::new().capacity(), MOVE_LIST_CAPACITY);
        let mut checked = 0;
        for (rules, mut pos) in perft_positions() {
            for ply in 0..40usize {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.is_variant_end() {
                    break;
                }
                let ordered: Vec<String> = in_uci_order(&legal, rules.castling)
                    .map(|m| m.to_uci(rules.castling).to_string())
                    .collect();
                let mut sorted: Vec<String> = legal
                    .iter()
                    .map(|m| m.to_uci(rules.castling).to_string())
                    .collect();
                sorted.sort();
                assert_eq!(ordered, sorted, "{:?} ply {ply}", rules.variant);
                checked += ordered.len();
                // Promotions and drops first, so the playouts reach them.
                let pick = legal
                    .iter()
                    .copied()
                    .find(|m| m.is_promotion() || m.is_put())
                    .unwrap_or(legal[(ply * 7 + checked) % legal.len()]);
                pos.play_unchecked(pick);
            }
        }
        assert!(checked > 50_000, "{checked}");
    }
}
