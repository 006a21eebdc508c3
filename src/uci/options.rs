//! The UCI options `arbiter uci` offers, their defaults and ranges, and how a
//! `setoption` changes them.

use std::time::Duration;

use arbiter_engine::strength::{FULL_STRENGTH, MAX_ELO, MIN_ELO, MIN_LEVEL};
use arbiter_rules::{RuleSet, Variant};

/// Largest `Hash`, in MiB.
const MAX_HASH_MB: usize = 4096;
/// Most MultiPV lines (as the service).
const MAX_MULTIPV: usize = 5;
/// Largest `Move Overhead`, in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5000;

/// `UCI_Variant`'s values (`Variant::uci_variant`), in the contract's order.
fn uci_variants() -> impl Iterator<Item = &'static str> {
    Variant::ALL.into_iter().filter_map(Variant::uci_variant)
}

/// The session's settings.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Options {
    pub(crate) hash_mb: usize,
    pub(crate) multipv: usize,
    pub(crate) limit_strength: bool,
    pub(crate) elo: u32,
    pub(crate) skill: u8,
    /// `UCI_Variant`: never Chess960, which is [`Self::chess960`].
    pub(crate) variant: Variant,
    /// `UCI_Chess960`: standard chess from any back-rank arrangement,
    /// castling written king takes rook.
    pub(crate) chess960: bool,
    /// Xiangqi moves with ranks 1–10 (Fairy-Stockfish) instead of 0–9.
    pub(crate) one_based: bool,
    pub(crate) show_wdl: bool,
    pub(crate) overhead: Duration,
    pub(crate) xiangqi_rules: RuleSet,
    /// `Keep Memory`: searches bounded by nodes or depth also continue the
    /// previous search's table and histories, as timed ones do (for
    /// fixed-node self-play tests; such searches are not reproducible).
    pub(crate) keep_memory: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 16,
            multipv: 1,
            limit_strength: false,
            elo: MAX_ELO,
            skill: FULL_STRENGTH,
            variant: Variant::Chess,
            chess960: false,
            one_based: false,
            show_wdl: false,
            overhead: Duration::from_millis(30),
            xiangqi_rules: RuleSet::Axf,
            keep_memory: false,
        }
    }
}

/// What a `setoption` changed that the session must act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Changed {
    /// Nothing beyond the setting itself.
    Setting,
    /// The table size: a new table.
    Hash,
    /// `Clear Hash`.
    ClearHash,
    /// The game or its notation: the position starts over.
    Game,
}

impl Options {
    /// The game the session plays: `UCI_Variant`, made Chess960 by
    /// `UCI_Chess960` (which the other variants ignore).
    pub(crate) fn game(&self) -> Variant {
        if self.chess960 && self.variant == Variant::Chess {
            Variant::Chess960
        } else {
            self.variant
        }
    }

    /// The `option` lines of the `uci` answer.
    pub(crate) fn describe() -> Vec<String> {
        let variants: String = uci_variants().map(|name| format!(" var {name}")).collect();
        vec![
            format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"),
            "option name Clear Hash type button".to_owned(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name UCI_LimitStrength type check default false".to_owned(),
            format!("option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}"),
            format!(
                "option name Skill Level type spin default {FULL_STRENGTH} min {MIN_LEVEL} max {FULL_STRENGTH}"
            ),
            format!("option name UCI_Variant type combo default chess{variants}"),
            "option name UCI_Chess960 type check default false".to_owned(),
            "option name Xiangqi Ranks type combo default 0-9 var 0-9 var 1-10".to_owned(),
            "option name Xiangqi Rules type combo default AXF var AXF var SIMPLE var CASUAL var CHINESE"
                .to_owned(),
            "option name UCI_ShowWDL type check default false".to_owned(),
            format!("option name Move Overhead type spin default 30 min 0 max {MAX_OVERHEAD_MS}"),
            "option name Keep Memory type check default false".to_owned(),
        ]
    }

    /// Applies `setoption name <name> value <value>`; an error is a sentence
    /// for an `info string`.
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<Changed, String> {
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| format!("{name} must be {min} to {max}, got '{value}'"))
        };
        let check = || -> Result<bool, String> {
            match value.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("{name} must be true or false, got '{value}'")),
            }
        };
        let lower = name.trim().to_ascii_lowercase();
        match lower.as_str() {
            "hash" => {
                self.hash_mb = usize::try_from(spin(1, MAX_HASH_MB as u64)?).unwrap_or(16);
                Ok(Changed::Hash)
            }
            "clear hash" => Ok(Changed::ClearHash),
            "multipv" => {
                self.multipv = usize::try_from(spin(1, MAX_MULTIPV as u64)?).unwrap_or(1);
                Ok(Changed::Setting)
            }
            "uci_limitstrength" => {
                self.limit_strength = check()?;
                Ok(Changed::Setting)
            }
            "uci_elo" => {
                self.elo =
                    u32::try_from(spin(u64::from(MIN_ELO), u64::from(MAX_ELO))?).unwrap_or(MAX_ELO);
                Ok(Changed::Setting)
            }
            "skill level" => {
                self.skill = u8::try_from(spin(u64::from(MIN_LEVEL), u64::from(FULL_STRENGTH))?)
                    .unwrap_or(FULL_STRENGTH);
                Ok(Changed::Setting)
            }
            "uci_variant" => {
                let value = value.trim().to_ascii_lowercase();
                let name = if value == "standard" {
                    "chess"
                } else {
                    value.as_str()
                };
                self.variant = Variant::from_uci_variant(name).ok_or_else(|| {
                    let known: Vec<&str> = uci_variants().collect();
                    format!(
                        "UCI_Variant must be one of {}, got '{value}'",
                        known.join(", ")
                    )
                })?;
                Ok(Changed::Game)
            }
            "uci_chess960" => {
                self.chess960 = check()?;
                Ok(Changed::Game)
            }
            "xiangqi ranks" => {
                self.one_based = match value.trim() {
                    "0-9" => false,
                    "1-10" => true,
                    _ => return Err(format!("Xiangqi Ranks must be 0-9 or 1-10, got '{value}'")),
                };
                Ok(Changed::Game)
            }
            "xiangqi rules" => {
                self.xiangqi_rules = match value.trim().to_ascii_uppercase().as_str() {
                    "AXF" => RuleSet::Axf,
                    "SIMPLE" => RuleSet::Simple,
                    "CASUAL" => RuleSet::Casual,
                    "CHINESE" => RuleSet::Chinese,
                    _ => {
                        return Err(format!(
                            "Xiangqi Rules must be AXF, SIMPLE, CASUAL or CHINESE, got '{value}'"
                        ));
                    }
                };
                Ok(Changed::Game)
            }
            "uci_showwdl" => {
                self.show_wdl = check()?;
                Ok(Changed::Setting)
            }
            "move overhead" => {
                self.overhead = Duration::from_millis(spin(0, MAX_OVERHEAD_MS)?);
                Ok(Changed::Setting)
            }
            "keep memory" => {
                self.keep_memory = check()?;
                Ok(Changed::Setting)
            }
            // Set by bot frameworks and match tools for every engine; one
            // search thread is what this engine has.
            "threads" | "ponder" => Ok(Changed::Setting),
            _ => Err(format!("no such option: {name}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_change_and_refuse_bad_values() {
        let mut o = Options::default();
        assert_eq!(o.set("Hash", "64"), Ok(Changed::Hash));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("Hash", "0").is_err());
        assert_eq!(o.set("skill level", "3"), Ok(Changed::Setting));
        assert_eq!(o.skill, 3);
        assert_eq!(o.set("UCI_Variant", "xiangqi"), Ok(Changed::Game));
        assert_eq!(o.variant, Variant::Xiangqi);
        assert_eq!(o.set("Xiangqi Ranks", "1-10"), Ok(Changed::Game));
        assert!(o.one_based);
        assert_eq!(o.set("UCI_Variant", "3check"), Ok(Changed::Game));
        assert_eq!(o.game(), Variant::ThreeCheck);
        assert!(o.set("UCI_Variant", "giveaway").is_err());
        assert_eq!(o.set("UCI_Variant", "chess"), Ok(Changed::Game));
        assert_eq!(o.set("UCI_Chess960", "true"), Ok(Changed::Game));
        assert_eq!(o.game(), Variant::Chess960);
        assert_eq!(o.set("UCI_Variant", "atomic"), Ok(Changed::Game));
        assert_eq!(o.game(), Variant::Atomic);
        assert!(o.set("UCI_Elo", "99").is_err());
        assert!(o.set("Bogus", "1").is_err());
        assert_eq!(o.set("Keep Memory", "true"), Ok(Changed::Setting));
        assert!(o.keep_memory);
        assert!(o.set("Keep Memory", "1").is_err());
    }
}
