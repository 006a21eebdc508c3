#!/usr/bin/env bash
# A sequential test (SPRT) of the engine in the working tree against a
# previous build, at a fixed number of nodes per move (the same on a busy
# host), one search thread each, two games at a time, each opening of the
# balanced book (tools/sprt/GAME.epd, written by book.py) played twice with
# colours swapped (CONCURRENCY=1 for one game at a time). The match stops at the test's verdict; the statistics are
# pentanomial (over game pairs), see src/arena/sprt.rs.
#
#   tools/sprt/run.sh BASE_REF [GAME] [NODES] [BOUNDS]
#
# BASE_REF is a git revision (built once into target/sprt/, kept for the next
# test); GAME is chess (the default) or xiangqi; NODES defaults to 20000;
# BOUNDS to elo0=0,elo1=10,alpha=0.05,beta=0.05 (use elo0=-5,elo1=0 for a
# simplification). With TC set (e.g. TC=2+0.02, as `arbiter match --tc`),
# the games are played on a clock instead, each engine keeping its table
# between moves as in a real game: for changes a node budget cannot show
# (time management, what survives from one move to the next) and to check
# a fixed-node gain at real depths; the host must then be otherwise idle.
# The games go to target/sprt/games-GAME-PID.pgn; the summary
# is the last lines of the output, to copy into BENCHMARKS.md's table.
# RESUME=FILE continues a test that was stopped (the same change, base and
# settings) from the games in its FILE, appending to it (`--resume`).
# KEEP=1 sets both engines' `Keep Memory`: a fixed-node game's searches then
# continue the table and histories from move to move, as timed ones do (both
# builds must know the option: a base from before it searches each move
# afresh). HASH=MB sets both tables' size (16 by default): a small table
# under a fixed budget is as full as a large one in a longer game, for
# changes to the table itself.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
base_ref=${1:?usage: tools/sprt/run.sh BASE_REF [GAME] [NODES] [BOUNDS]}
game=${2:-chess}
nodes=${3:-20000}
bounds=${4:-elo0=0,elo1=10,alpha=0.05,beta=0.05}
out=$root/target/sprt
mkdir -p "$out"

base_sha=$(git -C "$root" rev-parse --verify "$base_ref^{commit}")
base_bin=$out/arbiter-$base_sha
if [[ ! -x $base_bin ]]; then
    tree=$out/tree-$base_sha
    rm -rf "$tree"
    git -C "$root" worktree add --detach "$tree" "$base_sha" >/dev/null
    trap 'git -C "$root" worktree remove --force "$tree"' EXIT
    # The bases share one target directory, so only the first one builds the dependencies.
    CARGO_TARGET_DIR=$out/build cargo build --release --quiet --bin arbiter --manifest-path "$tree/Cargo.toml"
    cp "$out/build/release/arbiter" "$base_bin"
    git -C "$root" worktree remove --force "$tree"
    trap - EXIT
fi

# Cargo judges a build fresh by modification times: where worktrees share
# one target directory, another tree's later build would otherwise pass for
# this one's. Touching this tree's sources makes them the newest.
find "$root/crates" "$root/src" -name '*.rs' -exec touch {} +
cargo build --release --quiet --bin arbiter --manifest-path "$root/Cargo.toml"
new_bin=$out/arbiter-new-$$
cp "$root/target/release/arbiter" "$new_bin"

# Xiangqi over UCI: the match runner reads ranks 1-10 from an engine that
# offers UCI_Variant, as Fairy-Stockfish writes them.
extra=
[[ $game == xiangqi ]] && extra=",option.Xiangqi Ranks=1-10"
[[ -n ${KEEP:-} ]] && extra="$extra,option.Keep Memory=true"
if [[ -n ${TC:-} ]]; then
    limit=(--tc "$TC")
    per_move="$TC on the clock"
else
    limit=(--nodes "$nodes")
    per_move="$nodes nodes a move"
    [[ -n ${KEEP:-} ]] && per_move="$per_move, memory kept"
fi
pgn=${RESUME:-$out/games-$game-$$.pgn}
resume=()
[[ -n ${RESUME:-} ]] && resume=(--resume)
echo "SPRT $bounds: $game at $per_move, working tree against ${base_sha:0:7}" >&2
exec "$new_bin" match --game "$game" \
    --engine "name=new,cmd=$new_bin,args=uci,option.Hash=${HASH:-16}$extra" \
    --engine "name=base,cmd=$base_bin,args=uci,option.Hash=${HASH:-16}$extra" \
    "${limit[@]}" --concurrency "${CONCURRENCY:-2}" --games 100000 \
    --openings "$root/tools/sprt/$game.epd" \
    --resign-score 1000 --resign-moves 3 --draw-score 10 --draw-moves 8 --draw-after 40 \
    --pgn "$pgn" "${resume[@]}" \
    --sprt "$bounds"
