//! The swap algorithm of static exchange evaluation, shared by the games: each
//! game says which piece recaptures next, this decides what the exchange nets.

/// Material the first capture nets when both sides keep recapturing on its
/// square, each free to stop. `recapture` takes the next side's least valuable
/// attacker off the board and returns its value, or `None` when that side has
/// no attacker left.
pub fn swap(victim: i32, mover: i32, mut recapture: impl FnMut() -> Option<i32>) -> i32 {
    // gains[d]: what the side making capture d nets if nobody recaptures after it.
    let mut gains = [0i32; 32];
    gains[0] = victim;
    let mut on_square = mover;
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some(value) = recapture() else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value;
    }
    // Unwind: each side recaptures only when that beats stopping.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::swap;

    fn recaptures(values: &[i32]) -> impl FnMut() -> Option<i32> + '_ {
        let mut next = values.iter();
        move || next.next().copied()
    }

    #[test]
    fn undefended_victim_is_won_outright() {
        assert_eq!(swap(100, 900, recaptures(&[])), 100);
    }

    #[test]
    fn one_recapture_costs_the_mover() {
        assert_eq!(swap(100, 900, recaptures(&[320])), 100 - 900);
    }

    #[test]
    fn the_last_recapture_is_taken_when_it_helps() {
        // Rook takes a pawn, the defending pawn takes the rook, the second rook
        // takes that pawn back: 100 - 500 + 100.
        assert_eq!(swap(100, 500, recaptures(&[100, 500])), -300);
    }

    #[test]
    fn a_side_stops_when_recapturing_would_lose() {
        // Knight takes a pawn, a pawn retakes; taking back with the queen would
        // lose her to the next pawn, so the exchange ends at 100 - 320.
        assert_eq!(swap(100, 320, recaptures(&[100, 900, 100])), 100 - 320);
        // Pawn takes a knight defended by a knight that a pawn guards: retaking
        // would cost the second knight, so the defender declines.
        assert_eq!(swap(320, 100, recaptures(&[320, 100])), 320);
    }

    #[test]
    fn equal_trade_is_even() {
        assert_eq!(swap(500, 500, recaptures(&[500])), 0);
    }
}
