"""The installed package against a running server (clients/check.sh runs it):

    python live_check.py GRPC_ADDR ENGINE_TOKEN

Plays a game on one Play session (moves, an illegal one, an undo, the mate),
catches a ValidationError naming its field, and makes one call of each other
kind: legal_moves, validate_move, game_status, perft, batch, best_move,
analyze, parse_records, format_record; an Engine call without the token is
UNAUTHENTICATED.
"""

import sys

import grpc

import arbiter_client
from arbiter_client import Arbiter, ArbiterError, ValidationError, rules_pb2
from arbiter_client import common_pb2

target, token = sys.argv[1], sys.argv[2]
print(f"arbiter_client from {arbiter_client.__file__}")
checks = 0


def check(name: str, ok: bool) -> None:
    global checks
    if not ok:
        raise SystemExit(f"FAIL {name}")
    checks += 1
    print(f"ok {name}")


with Arbiter(target, token=token, timeout=30) as arbiter:
    # A game on one Play session: Scholar's mate, with an illegal move and an undo.
    with arbiter.play("chess") as game:
        check("play: start", game.plies == 0 and game.status.outcome.result == common_pb2.RESULT_ONGOING)
        for move in ["e4", "e5", "Bc4", "Nc6", "Qh5"]:
            check(f"play: {move}", game.move(move).legal)
        illegal = game.move("Ke6")
        check("play: Ke6 refused", not illegal.legal and illegal.detail != "" and game.plies == 5)
        check("play: Nf6", game.move("Nf6").legal)
        check("play: undo", game.undo().move.san == "Nf6" and game.plies == 5)
        check("play: Nf6 again", game.move("Nf6").legal)
        mate = game.move("Qxf7")
        check("play: Qxf7#", mate.move.san == "Qxf7#" and game.status.outcome.reason == common_pb2.OUTCOME_REASON_CHECKMATE)
        try:
            game.move("zz")
            check("play: unparseable move raises", False)
        except ValidationError as error:
            check("play: unparseable move raises", error.field_violations[0].field == "move")

    # An error naming its field.
    try:
        arbiter.legal_moves("chess", ["e4", "Ke3"])
        check("ValidationError raised", False)
    except ValidationError as error:
        check("ValidationError raised", error.code == grpc.StatusCode.INVALID_ARGUMENT)
        check("ValidationError names position.moves[1]", [v.field for v in error.field_violations] == ["position.moves[1]"])

    check("legal_moves", len(arbiter.legal_moves("xiangqi").moves) == 44)
    check("validate_move", arbiter.validate_move("C2=5", "xiangqi").move.chinese == "炮二平五")
    check("game_status", arbiter.game_status("chess", ["f3", "e5", "g4", "Qh4"]).outcome.result == common_pb2.RESULT_BLACK_WINS)
    check("perft", arbiter.perft(3).nodes == 8902)
    diagnosis = arbiter.validate_position("chess", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", sanitize=True)
    check("validate_position", any(p.kind == rules_pb2.PROBLEM_KIND_INVALID_CASTLING_RIGHTS for p in diagnosis.problems)
          and diagnosis.sanitized_fen.startswith("4k3/8/8/8/8/8/8/4K2R w K -"))
    results = arbiter.batch(
        [rules_pb2.LegalMovesRequest(position=arbiter_client.position("chess")),
         rules_pb2.GameStatusRequest(position=arbiter_client.position("chess", ["e2e4", "e2e4"]))]
    )
    check("batch", [r.WhichOneof("result") for r in results] == ["legal_moves", "error"])
    check("batch: item error", ArbiterError.from_status(results[1].error).field_violations[0].field == "position.moves[1]")
    check("best_move", arbiter.best_move("chess", depth=3).best_move.uci != "")
    events = list(arbiter.analyze("xiangqi", depth=3))
    check("analyze", events[-1].WhichOneof("event") == "best_move" and events[0].WhichOneof("event") == "info")
    games = arbiter.parse_records('[Event "Live"]\n\n1. e4 e5 2. Nf3 *\n')
    check("parse_records", list(games[0].position.moves) == ["e2e4", "e7e5", "g1f3"])
    check("format_record", "1. e4 e5 *" in arbiter.format_record("chess", ["e4", "e5"]).decode())

with Arbiter(target) as anonymous:
    try:
        anonymous.best_move(depth=1)
        check("Engine without the token", False)
    except ArbiterError as error:
        check("Engine without the token", error.code == grpc.StatusCode.UNAUTHENTICATED)

print(f"python client: {checks} passed, 0 failed")
