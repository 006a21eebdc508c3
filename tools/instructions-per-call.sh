#!/usr/bin/env bash
# Instructions per call of rules_call benches, under callgrind (a count that
# does not depend on the host's speed or load). Usage:
#   tools/instructions-per-call.sh <rules_call bench binary> <bench id>...
# e.g. tools/instructions-per-call.sh target/release/deps/rules_call-<hash> \
#        legal_moves_call/chess_full batch_call/chess_full_4_items
# (`cargo bench --bench rules_call --no-run` prints the binary).
#
# A call is one iteration of the bench: its request decoded, the handler
# run and its answer encoded, inside one `block_on`. The count is the
# inclusive count of criterion's `Bencher::iter` (every iteration) divided by
# the number of `block_on`s, read from whichever of the runtime's
# once-per-`block_on` functions the build kept out of line
# (`context::runtime::enter_runtime`, `CoreGuard::block_on`,
# `Context::enter`): how much is inlined changes from build to build, so no
# single function's own count compares across builds. When only
# `Context::enter` is out of line, a call whose future yields (a Batch chunk
# after its turn) enters it more than once and the figure comes out low.
set -euo pipefail
bin=$1
shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for bench in "$@"; do
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --bench --profile-time 2 "$bench" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --tree=caller "$out" 2>/dev/null | awk -v bench="$bench" '
    /^ *[0-9,]+ \([ 0-9.]+%\)  < / { callers[NR] = $0; next }
    /^ *[0-9,]+ \([ 0-9.]+%\)  \*  .*:criterion::bencher::Bencher<M>::iter \[/ { ir = $1; gsub(",", "", ir); next }
    /^ *[0-9,]+ \([ 0-9.]+%\)  \*  .*:tokio::runtime::(context::runtime::enter_runtime|scheduler::current_thread::CoreGuard::block_on|scheduler::current_thread::Context::enter) \[/ {
      if (calls) next
      for (i = NR - 1; i > 0 && (i in callers); i--)
        if (match(callers[i], /\(([0-9,]+)x\)/)) { c = substr(callers[i], RSTART + 1, RLENGTH - 3); gsub(",", "", c); calls += c }
    }
    END {
      if (!ir || !calls) { print bench ": no count (is the binary built with debug line tables?)"; exit 1 }
      printf "%s: %.0f instructions per call (%d calls)\n", bench, ir / calls, calls
    }'
done
