//! An engine as `arbiter match --engine` names it: comma-separated keys,
//! `name=A,cmd=/usr/games/stockfish,args=--flag value,option.Hash=16,proto=uci`,
//! `name=B,builtin` or `name=C,grpc=https://host:50051`.

use std::path::PathBuf;
use std::str::FromStr;

use crate::external::Protocol;

/// Where an engine's moves come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EngineKind {
    /// A UCI or UCCI program.
    Command {
        /// The program.
        command: PathBuf,
        /// Its arguments, split at whitespace.
        args: Vec<String>,
        /// Its protocol; detected (UCI first) when `None`.
        protocol: Option<Protocol>,
    },
    /// Arbiter's own engine, in this process.
    Builtin,
    /// A running Arbiter service's `Engine`, at this gRPC address.
    Grpc {
        /// `http://host:port` or `https://host:port`.
        address: String,
    },
}

/// One engine of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EngineSpec {
    /// The name results and records use.
    pub(crate) name: String,
    /// Where its moves come from.
    pub(crate) kind: EngineKind,
    /// `option.NAME=VALUE` pairs, set in order after the handshake.
    pub(crate) options: Vec<(String, String)>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut name = None;
        let mut command = None;
        let mut args = Vec::new();
        let mut protocol = None;
        let mut builtin = false;
        let mut grpc = None;
        let mut options = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = match part.split_once('=') {
                Some((key, value)) => (key.trim(), Some(value.trim())),
                None => (part, None),
            };
            let needs = |value: Option<&str>| {
                value
                    .filter(|v| !v.is_empty())
                    .map(str::to_owned)
                    .ok_or_else(|| format!("`{key}` needs a value (`{key}=…`)"))
            };
            match key {
                "name" => name = Some(needs(value)?),
                "cmd" => command = Some(PathBuf::from(needs(value)?)),
                "args" => {
                    args = needs(value)?
                        .split_whitespace()
                        .map(str::to_owned)
                        .collect()
                }
                "proto" => {
                    protocol = Some(match needs(value)?.as_str() {
                        "uci" => Protocol::Uci,
                        "ucci" => Protocol::Ucci,
                        other => return Err(format!("proto must be uci or ucci, not `{other}`")),
                    });
                }
                "builtin" if value.is_none() => builtin = true,
                "grpc" => grpc = Some(needs(value)?),
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_owned(), value.unwrap_or_default().to_owned()));
                    }
                    _ => {
                        return Err(format!(
                            "unknown key `{key}` (name, cmd, args, option.NAME, proto, builtin, grpc)"
                        ));
                    }
                },
            }
        }
        if command.is_none() && (!args.is_empty() || protocol.is_some()) {
            return Err("args and proto apply only to cmd engines".to_owned());
        }
        let kind = match (command, builtin, grpc) {
            (Some(command), false, None) => EngineKind::Command {
                command,
                args,
                protocol,
            },
            (None, true, None) => EngineKind::Builtin,
            (None, false, Some(address)) => EngineKind::Grpc { address },
            (None, false, None) => {
                return Err("an engine needs one of cmd=PATH, builtin or grpc=ADDRESS".to_owned());
            }
            _ => return Err("an engine takes only one of cmd, builtin and grpc".to_owned()),
        };

        let name = name.unwrap_or_else(|| match &kind {
            EngineKind::Command { command, .. } => command.file_name().map_or_else(
                || command.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            EngineKind::Builtin => "arbiter".to_owned(),
            EngineKind::Grpc { address } => address.clone(),
        });
        Ok(EngineSpec {
            name,
            kind,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_as_documented() {
        let spec: EngineSpec = "name=A,cmd=/usr/games/stockfish,option.Hash=16,option.Threads=1"
            .parse()
            .unwrap();
        assert_eq!(spec.name, "A");
        assert_eq!(
            spec.kind,
            EngineKind::Command {
                command: "/usr/games/stockfish".into(),
                args: vec![],
                protocol: None
            }
        );
        assert_eq!(
            spec.options,
            [("Hash".into(), "16".into()), ("Threads".into(), "1".into())]
        );
        let builtin: EngineSpec = "name=B,builtin".parse().unwrap();
        assert_eq!(builtin.kind, EngineKind::Builtin);
        let grpc: EngineSpec = "grpc=http://127.0.0.1:50051".parse().unwrap();
        assert_eq!(grpc.name, "http://127.0.0.1:50051");
        let ucci: EngineSpec = "cmd=/opt/eleeye,args=-q -x,proto=ucci".parse().unwrap();
        assert_eq!(ucci.name, "eleeye");
        assert!(
            matches!(ucci.kind, EngineKind::Command { ref args, protocol: Some(Protocol::Ucci), .. } if args == &["-q", "-x"])
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (spec, says) in [
            ("name=A", "needs one of"),
            ("builtin,cmd=/bin/x", "only one of"),
            ("cmd=/bin/x,proto=xboard", "uci or ucci"),
            ("cmd=/bin/x,colour=red", "unknown key"),
            ("name=,builtin", "needs a value"),
            ("builtin,args=-x", "only to cmd"),
        ] {
            let error = spec.parse::<EngineSpec>().unwrap_err();
            assert!(error.contains(says), "{spec}: {error}");
        }
    }
}
