//! Xiangqi coordinates as engines write them: ICCS ranks 0-9 (Pikafish,
//! UCCI engines) or 1-10 (Fairy-Stockfish, any engine that plays xiangqi
//! through `UCI_Variant`). Text in, text out: whoever calls judges the move.

/// A xiangqi move from ICCS ranks (0-9) to Fairy-Stockfish's (1-10):
/// `h2e2` → `h3e3`. Anything that is not two ICCS squares is left as it is
/// (the referee judges what comes back).
pub fn ranks_one_based(iccs: &str) -> String {
    let bytes = iccs.as_bytes();
    if bytes.len() == 4 && bytes[1].is_ascii_digit() && bytes[3].is_ascii_digit() {
        let rank = |d: u8| u32::from(d - b'0') + 1;
        format!(
            "{}{}{}{}",
            char::from(bytes[0]),
            rank(bytes[1]),
            char::from(bytes[2]),
            rank(bytes[3])
        )
    } else {
        iccs.to_owned()
    }
}

/// A xiangqi move from ranks 1-10 back to ICCS; `None`-like inputs (that do
/// not read as two squares with ranks 1-10) are left as they are.
pub fn ranks_iccs(one_based: &str) -> String {
    let squares: Option<Vec<(char, u32)>> = {
        let mut squares = Vec::new();
        let mut chars = one_based.chars().peekable();
        while let Some(file) = chars.next() {
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|c| c.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            squares.push((file, digits.parse().unwrap_or(0)));
        }
        Some(squares).filter(|s: &Vec<(char, u32)>| {
            s.len() == 2
                && s.iter()
                    .all(|&(f, r)| ('a'..='i').contains(&f) && (1..=10).contains(&r))
        })
    };
    match squares {
        Some(squares) => squares
            .iter()
            .map(|(file, rank)| format!("{file}{}", rank - 1))
            .collect(),
        None => one_based.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_ranks_convert_both_ways() {
        assert_eq!(ranks_one_based("h2e2"), "h3e3");
        assert_eq!(ranks_one_based("a9a8"), "a10a9");
        assert_eq!(ranks_iccs("a10a9"), "a9a8");
        assert_eq!(ranks_iccs("h3e3"), "h2e2");
        // Not two squares with ranks 1-10: left for the referee to refuse.
        assert_eq!(ranks_iccs("h0e0"), "h0e0");
        assert_eq!(ranks_iccs("(none)"), "(none)");
        assert_eq!(ranks_iccs("j3e3"), "j3e3");
    }
}
