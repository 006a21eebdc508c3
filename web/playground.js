// Arbiter playground: a board that asks the service for everything it shows.
// It calls only the public JSON API (POST /arbiter.v1.<Service>/<Method>,
// canonical proto3 JSON); no rule of either game is written here.
"use strict";

const CHESS = "VARIANT_CHESS";
const XIANGQI = "VARIANT_XIANGQI";
const SVG = "http://www.w3.org/2000/svg";

const GLYPHS = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
const CHESS_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
// Xiangqi pieces as players read them, by side (red: upper-case FEN letters)
// and character set: the pieces' names, not rules.
const XQ_CHARACTERS = {
  traditional: {
    red: { k: "帥", a: "仕", b: "相", e: "相", n: "馬", h: "馬", r: "車", c: "炮", p: "兵" },
    black: { k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒" },
  },
  simplified: {
    red: { k: "帅", a: "仕", b: "相", e: "相", n: "马", h: "马", r: "车", c: "炮", p: "兵" },
    black: { k: "将", a: "士", b: "象", e: "象", n: "马", h: "马", r: "车", c: "炮", p: "卒" },
  },
};
// File numbers: Red counts 一 to 九 from its right, Black １ to ９ from its own right.
const RED_FILES = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const BLACK_FILES = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const WIRE_CHARACTERS = { traditional: "CHINESE_CHARACTERS_TRADITIONAL", simplified: "CHINESE_CHARACTERS_SIMPLIFIED" };
const XQ_NAMES = { k: "general", a: "advisor", b: "elephant", e: "elephant", n: "horse", h: "horse", r: "chariot", c: "cannon", p: "soldier" };
const REASONS = {
  OUTCOME_REASON_CHECKMATE: "checkmate",
  OUTCOME_REASON_STALEMATE: "stalemate",
  OUTCOME_REASON_INSUFFICIENT_MATERIAL: "insufficient material",
  OUTCOME_REASON_THREEFOLD_REPETITION: "threefold repetition",
  OUTCOME_REASON_FIVEFOLD_REPETITION: "fivefold repetition",
  OUTCOME_REASON_FIFTY_MOVE_RULE: "fifty-move rule",
  OUTCOME_REASON_SEVENTY_FIVE_MOVE_RULE: "seventy-five-move rule",
  OUTCOME_REASON_PERPETUAL_CHECK: "perpetual check",
  OUTCOME_REASON_PERPETUAL_CHASE: "perpetual chase",
  OUTCOME_REASON_MUTUAL_PERPETUAL: "mutual perpetual",
  OUTCOME_REASON_REPETITION_DRAW: "repetition",
  OUTCOME_REASON_MOVE_LIMIT: "move limit",
};

// SVG presentation attributes take plain colours.
const $ = (id) => document.getElementById(id);

const state = {
  variant: CHESS,
  startFen: "",
  moves: [], // coordinates, oldest first
  played: [], // the service's Move of each, every notation named
  characters: "simplified", // xiangqi: the pieces' and the Chinese moves' characters
  notation: "chinese", // xiangqi: how moves are written (chinese, wxf, iccs)
  ply: 0, // how many of `moves` the board shows
  legal: null, // the LegalMoves answer for the shown position
  status: null, // the GameStatus answer for the shown position
  selected: null,
  flipped: false,
  analysis: null,
  searching: null, // AbortController of a running Analyze
};

// --- the API -------------------------------------------------------------

class ApiError extends Error {
  constructor(body) {
    super(body.message || body.code || "request failed");
    this.body = body;
  }
}

async function api(method, request, init = {}) {
  const response = await fetch(`/arbiter.v1.${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(init.headers || {}) },
    body: JSON.stringify(request),
    signal: init.signal,
  });
  if (!response.ok) {
    let body;
    try { body = await response.json(); } catch (e) { body = { message: response.statusText }; }
    throw new ApiError(body);
  }
  return init.raw ? response : response.json();
}

function position(ply = state.ply) {
  const request = { variant: state.variant, fen: state.startFen, moves: state.moves.slice(0, ply) };
  if (state.variant === XIANGQI) request.chineseCharacters = WIRE_CHARACTERS[state.characters];
  return request;
}

// A move as the page writes it: SAN for chess; for xiangqi the notation chosen
// (Chinese in the chosen characters, WXF, or ICCS's H2-E2 form of the coordinates).
function moveText(move) {
  if (state.variant !== XIANGQI) return move.san || move.uci;
  if (state.notation === "chinese" && move.chinese) return move.chinese;
  if (state.notation === "iccs") return `${move.uci.slice(0, 2)}-${move.uci.slice(2, 4)}`.toUpperCase();
  return move.san || move.uci;
}

// --- the board -----------------------------------------------------------

function geometry() {
  return state.variant === CHESS
    ? { files: 8, ranks: 8, cell: 60, margin: 22, rankBase: 1 }
    : { files: 9, ranks: 10, cell: 56, margin: 56, rankBase: 0 };
}

// Board placement from a FEN: a map from square name to piece letter.
function placement(fen) {
  const rows = fen.split(" ")[0].split("/");
  const g = geometry();
  const pieces = {};
  rows.forEach((row, i) => {
    const rank = g.ranks - 1 - i + g.rankBase;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      pieces[String.fromCharCode(97 + file) + rank] = ch;
      file += 1;
    }
  });
  return pieces;
}

function sideOf(letter) {
  return letter === letter.toUpperCase() ? "white" : "black";
}

function sideName(side) {
  if (state.variant === XIANGQI) return side === "white" ? "Red" : "Black";
  return side === "white" ? "White" : "Black";
}

function pieceLabel(letter) {
  const names = state.variant === CHESS ? CHESS_NAMES : XQ_NAMES;
  return `${sideName(sideOf(letter))} ${names[letter.toLowerCase()] || letter}`;
}

function toMove() {
  return state.legal && state.legal.sideToMove === "SIDE_BLACK" ? "black" : "white";
}

function squareXY(square) {
  const g = geometry();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - g.rankBase;
  const col = state.flipped ? g.files - 1 - file : file;
  const row = state.flipped ? rank : g.ranks - 1 - rank;
  return { x: g.margin + col * g.cell, y: g.margin + row * g.cell };
}

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function targetsOf(square) {
  if (!state.legal || !square) return [];
  return (state.legal.moves || []).filter((m) => fromOf(m) === square);
}

function fromOf(move) { return move.from || move.uci.slice(0, 2); }
function toOf(move) { return move.to || move.uci.slice(2, 4); }

function render() {
  const g = geometry();
  const width = g.files * g.cell + 2 * g.margin - (state.variant === XIANGQI ? g.cell : 0);

  const height = g.ranks * g.cell + 2 * g.margin - (state.variant === XIANGQI ? g.cell : 0);
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "grid", "aria-label": state.variant === CHESS ? "Chess board" : "Xiangqi board" });
  const pieces = state.legal ? placement(state.legal.fen) : {};
  const targets = new Set(targetsOf(state.selected).map(toOf));
  const last = state.ply > 0 ? state.moves[state.ply - 1] : null;
  const chased = new Set(((state.status && state.status.repetition && state.status.repetition.chased) || []).map((c) => c.squareNow));
  if (state.variant === XIANGQI) drawXiangqiGrid(svg, g, width, height);
  else el("rect", { x: 0, y: 0, width, height, fill: "#4b6a38" }, svg);
  for (let file = 0; file < g.files; file++) {
    for (let r = 0; r < g.ranks; r++) {
      const square = String.fromCharCode(97 + file) + (r + g.rankBase);
      const { x, y } = squareXY(square);
      const piece = pieces[square];
      const label = `${square}${piece ? ", " + pieceLabel(piece) : ", empty"}${targets.has(square) ? ", legal target" : ""}`;
      const group = el("g", { class: "square", "data-square": square, role: "gridcell", tabindex: "0", "aria-label": label }, svg);
      if (state.variant === CHESS) {
        const dark = (file + r) % 2 === 0;
        el("rect", { x, y, width: g.cell, height: g.cell, fill: dark ? "#769656" : "#eeeed2" }, group);
      }
      const cx = state.variant === CHESS ? x + g.cell / 2 : x;
      const cy = state.variant === CHESS ? y + g.cell / 2 : y;
      const half = g.cell / 2;
      // The hit area: the whole cell around the point.
      el("rect", { x: cx - half, y: cy - half, width: g.cell, height: g.cell, fill: "transparent" }, group);
      if (last && (last.slice(0, 2) === square || last.slice(2, 4) === square)) {
        el("rect", { x: cx - half, y: cy - half, width: g.cell, height: g.cell, fill: "rgba(155, 199, 0, 0.41)" }, group);
      }
      if (state.selected === square) {
        el("rect", { x: cx - half, y: cy - half, width: g.cell, height: g.cell, fill: "rgba(255, 215, 0, 0.55)" }, group);
      }
      if (piece) drawPiece(group, piece, cx, cy, g.cell);
      if (chased.has(square)) {
        el("circle", { cx, cy, r: g.cell * 0.47, fill: "none", stroke: "#c0392b", "stroke-width": 4, "stroke-dasharray": "6 4" }, group);
      }
      if (targets.has(square)) {
        if (piece) el("circle", { cx, cy, r: g.cell * 0.46, fill: "none", stroke: "rgba(20, 85, 30, 0.45)", "stroke-width": 5 }, group);
        else el("circle", { cx, cy, r: g.cell * 0.16, fill: "rgba(20, 85, 30, 0.45)" }, group);
      }
    }
  }
  if (state.variant === CHESS) drawChessCoordinates(svg, g);
  else drawXiangqiFiles(svg, g);
  const board = $("board");
  board.replaceChildren(svg);
}

// File letters below the board and rank numbers beside it, outside the squares.
function drawChessCoordinates(svg, g) {
  const attrs = { "font-size": 14, "text-anchor": "middle", fill: "#f4f1ea", class: "piece-text coordinate", "aria-hidden": "true" };
  for (let i = 0; i < 8; i++) {
    const file = state.flipped ? 7 - i : i;
    const rank = state.flipped ? i + 1 : 8 - i;
    el("text", { ...attrs, x: g.margin + i * g.cell + g.cell / 2, y: g.margin + 8 * g.cell + 16 }, svg).textContent = String.fromCharCode(97 + file);
    el("text", { ...attrs, x: g.margin / 2, y: g.margin + i * g.cell + g.cell / 2 + 5 }, svg).textContent = rank;
  }
}

// Each side's file numbers along its own edge: 一…九 by Red's, １…９ by Black's.
function drawXiangqiFiles(svg, g) {
  const attrs = { "font-size": 17, "text-anchor": "middle", fill: "#5b3a1a", class: "piece-text coordinate xq-file", "aria-hidden": "true" };
  for (let file = 0; file < 9; file++) {
    const letter = String.fromCharCode(97 + file);
    const red = squareXY(letter + "0");
    const black = squareXY(letter + "9");
    const outward = (edge, other) => (edge.y > other.y ? 1 : -1);
    const redOut = outward(red, black);
    el("text", { ...attrs, x: red.x, y: red.y + redOut * g.cell * 0.75 + 6 }, svg).textContent = RED_FILES[8 - file];
    el("text", { ...attrs, x: black.x, y: black.y - redOut * g.cell * 0.75 + 6 }, svg).textContent = BLACK_FILES[file];
  }
}

function drawXiangqiGrid(svg, g, width, height) {
  el("rect", { x: 0, y: 0, width, height, fill: "#f0d9a6" }, svg);
  const m = g.margin;
  const c = g.cell;
  const line = (x1, y1, x2, y2) => el("line", { x1, y1, x2, y2, stroke: "#5b3a1a", "stroke-width": 1.5 }, svg);
  for (let r = 0; r < 10; r++) line(m, m + r * c, m + 8 * c, m + r * c);
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) line(m + f * c, m, m + f * c, m + 9 * c);
    else { line(m + f * c, m, m + f * c, m + 4 * c); line(m + f * c, m + 5 * c, m + f * c, m + 9 * c); }
  }
  // The palaces.
  line(m + 3 * c, m, m + 5 * c, m + 2 * c); line(m + 5 * c, m, m + 3 * c, m + 2 * c);
  line(m + 3 * c, m + 7 * c, m + 5 * c, m + 9 * c); line(m + 5 * c, m + 7 * c, m + 3 * c, m + 9 * c);
  // The river's two banks, 楚河 and 漢界, read from Red's side.
  const banks = state.characters === "traditional" ? ["楚 河", "漢 界"] : ["楚 河", "汉 界"];
  const sides = state.flipped ? [banks[1], banks[0]] : banks;
  [m + 1.5 * c, m + 6.5 * c].forEach((x, i) => {
    const river = el("text", { x, y: m + 4.5 * c + 8, "font-size": 24, "text-anchor": "middle", fill: "#5b3a1a", class: "piece-text river", "aria-hidden": "true" }, svg);
    river.textContent = sides[i];
  });
}

function drawPiece(group, letter, cx, cy, cell) {
  const white = sideOf(letter) === "white";
  if (state.variant === CHESS) {
    const text = el("text", { x: cx, y: cy + cell * 0.3, "font-size": cell * 0.82, "text-anchor": "middle", class: "piece-text", fill: white ? "#fff" : "#111", stroke: white ? "#222" : "#111", "stroke-width": 1.2 }, group);
    text.textContent = GLYPHS[letter.toLowerCase()];
  } else {
    el("circle", { cx, cy, r: cell * 0.42, fill: "#fbf3dc", stroke: white ? "#b22222" : "#222", "stroke-width": 3 }, group);
    const text = el("text", { x: cx, y: cy + cell * 0.17, "font-size": cell * 0.5, "text-anchor": "middle", class: "piece-text xq-piece", fill: white ? "#b22222" : "#222" }, group);
    text.textContent = XQ_CHARACTERS[state.characters][white ? "red" : "black"][letter.toLowerCase()] || letter;
  }
}

// --- moves ---------------------------------------------------------------

function say(text) { $("message").textContent = text || ""; }

function gameOver() {
  return state.status && state.status.outcome && state.status.outcome.result !== "RESULT_ONGOING";
}

async function onSquare(square) {
  if (!state.legal) return;
  const pieces = placement(state.legal.fen);
  const piece = pieces[square];
  if (state.selected && state.selected !== square) {
    const candidates = targetsOf(state.selected).filter((m) => toOf(m) === square);
    if (candidates.length) {
      const move = candidates.find((m) => m.uci.endsWith("q")) || candidates[0];
      return play(move.uci);
    }
    if (piece && sideOf(piece) === toMove()) { select(square); return; }
    return explain(state.selected + square);
  }
  if (state.selected === square) { select(null); return; }
  if (gameOver()) { say("The game is over: step back in the move list or start a new game."); return; }
  if (!piece) return;
  if (sideOf(piece) !== toMove()) { say(`${sideName(toMove())} is to move.`); return; }
  select(square);
}

function select(square) {
  state.selected = square;
  say("");
  render();
}

// An illegal attempt: the service says why.
async function explain(uci) {
  state.selected = null;
  try {
    const verdict = await api("Rules/ValidateMove", { position: position(), move: uci });
    if (verdict.legal) return play(uci);
    say(`${uci}: ${verdict.detail || verdict.reason}`);
  } catch (e) {
    say(e.message);
  }
  render();
}

async function play(uci) {
  state.selected = null;
  try {
    const verdict = await api("Rules/ValidateMove", { position: position(), move: uci });
    if (!verdict.legal) { say(`${uci}: ${verdict.detail || verdict.reason}`); render(); return; }
    state.moves = state.moves.slice(0, state.ply).concat([verdict.move.uci]);
    state.played = state.played.slice(0, state.ply).concat([verdict.move]);
    state.ply = state.moves.length;
    say("");
    await refresh();
  } catch (e) {
    say(e.message);
    render();
  }
}

async function refresh() {
  stopAnalysis();
  const [legal, status] = await Promise.all([
    api("Rules/LegalMoves", { position: position() }),
    api("Rules/GameStatus", { position: position() }),
  ]);
  state.legal = legal;
  state.status = status;
  $("fen").value = legal.fen;
  render();
  renderStatus();
  renderMoves();
}

function outcomeText(outcome) {
  const reason = REASONS[outcome.reason] || (outcome.reason || "").toLowerCase();
  if (outcome.result === "RESULT_DRAW") return `Draw by ${reason}`;
  const winner = outcome.result === "RESULT_WHITE_WINS" ? "white" : "black";
  const cap = reason.charAt(0).toUpperCase() + reason.slice(1);
  return `${cap} — ${sideName(winner)} wins`;
}

function renderStatus() {
  const s = state.status;
  const box = $("status");
  box.classList.toggle("over", Boolean(gameOver()));
  if (gameOver()) {
    box.textContent = outcomeText(s.outcome);
  } else {
    const claims = (s.claimableDraws || []).map((r) => REASONS[r] || r);
    box.textContent = `${sideName(toMove())} to move${s.inCheck ? " — check" : ""}` +
      (claims.length ? ` · draw claimable (${claims.join(", ")})` : "");
  }
  const rep = $("repetition");
  const repetition = s.repetition;
  if (repetition && repetition.explanation) {
    rep.hidden = false;
    const chased = (repetition.chased || []).map((c) => `${pieceLabelFromKind(c.piece)} on ${c.squareNow}`);
    rep.textContent = repetition.explanation + (chased.length ? ` Chased: ${chased.join(", ")}.` : "");
  } else {
    rep.hidden = true;
    rep.textContent = "";
  }
}

function pieceLabelFromKind(piece) {
  if (!piece) return "a piece";
  const side = piece.side === "SIDE_BLACK" ? "black" : "white";
  return `${sideName(side)} ${(piece.kind || "").replace("PIECE_KIND_", "").toLowerCase()}`;
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const rep = state.status && state.status.repetition;
  const loop = rep && rep.explanation ? [rep.loopFirstPly || 0, rep.loopLastPly || 0] : null;
  let row = null;
  state.played.forEach((move, i) => {
    const san = moveText(move);
    const number = Math.floor(i / 2) + 1;
    if (i % 2 === 0) {
      row = document.createElement("li");
      const label = document.createElement("span");
      label.className = "number";
      label.textContent = `${number}.`;
      row.appendChild(label);
      list.appendChild(row);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = san;
    button.setAttribute("aria-label", `Go to move ${number}, ${sideName(i % 2 ? "black" : "white")}: ${san}`);
    button.dataset.ply = String(i + 1);
    if (i + 1 === state.ply) button.classList.add("current");
    if (loop && i >= loop[0] && i <= loop[1]) button.classList.add("loop");
    button.addEventListener("click", () => goTo(i + 1));
    row.appendChild(button);
  });
  $("back").disabled = state.ply === 0;
  $("forward").disabled = state.ply >= state.moves.length;
}

async function goTo(ply) {
  state.ply = Math.max(0, Math.min(ply, state.moves.length));
  state.selected = null;
  say("");
  try { await refresh(); } catch (e) { say(e.message); }
}

async function newGame(fen = "") {
  state.startFen = fen;
  state.moves = [];
  state.played = [];
  state.ply = 0;
  state.selected = null;
  clearEval();
  say("");
  try {
    await refresh();
  } catch (e) {
    say(e.message);
  }
}

// The other character set: the board redraws, and the moves played are asked
// for again in it (the service writes Chinese notation; the page does not).
async function setCharacters(characters) {
  state.characters = characters;
  render();
  try {
    const asked = state.moves.map((uci, i) => api("Rules/ValidateMove", { position: position(i), move: uci }));
    state.played = (await Promise.all(asked)).map((verdict) => verdict.move);
    renderMoves();
    // A line shown stays in the characters it came in: it goes until the next analysis.
    if (state.shownLine) { state.shownLine = null; $("eval-pv").textContent = ""; }
  } catch (e) {
    say(e.message);
  }
}

// --- the engine ----------------------------------------------------------

function clearEval() {
  state.shownLine = null;
  $("eval-score").textContent = "–";
  $("eval-depth").textContent = "";
  $("eval-pv").textContent = "";
  setBar(0);
}

// `white` is the score from White's (Red's) side in centipawns.
function setBar(white) {
  const bottomIsWhite = !state.flipped;
  const share = 0.5 + 0.5 * Math.tanh((bottomIsWhite ? white : -white) / 400);
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  $("eval-bar").setAttribute("aria-valuenow", String(Math.round(white)));
}

function showLine(line) {
  const score = line.score || {};
  const black = toMove() === "black";
  let text;
  let white;
  if (score.mate !== undefined) {
    const mate = black ? -score.mate : score.mate;
    text = `${mate > 0 ? "+" : "-"}M${Math.abs(mate)}`;
    white = mate > 0 ? 10000 : -10000;
  } else {
    const cp = (score.centipawns || 0) * (black ? -1 : 1);
    text = `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`;
    white = cp;
  }
  $("eval-score").textContent = text;
  $("eval-depth").textContent = `depth ${line.depth || 0}`;
  $("eval-pv").textContent = (line.pv || []).map(moveText).join(" ");
  state.shownLine = line;
  setBar(white);
}

function stopAnalysis() {
  if (state.searching) { state.searching.abort(); state.searching = null; }
}

async function analyze(playBest) {
  if (gameOver()) { say("The game is over."); return; }
  stopAnalysis();
  const controller = new AbortController();
  state.searching = controller;
  const request = {
    position: position(),
    limits: { movetimeMs: Number($("movetime").value) },
    strength: { level: Number($("level").value) },
  };
  $("analyze").disabled = true;
  let best = null;
  try {
    const response = await api("Engine/Analyze", request, { raw: true, signal: controller.signal, headers: { accept: "application/x-ndjson" } });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line) continue;
        const event = JSON.parse(line);
        if (event.error) throw new ApiError(event.error);
        if (event.info && event.info.line) showLine(event.info.line);
        if (event.bestMove) {
          best = event.bestMove;
          if (best.lines && best.lines[0]) showLine(best.lines[0]);
        }
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") say(e.message);
  } finally {
    $("analyze").disabled = false;
    if (state.searching === controller) state.searching = null;
  }
  if (playBest && best && best.bestMove) await play(best.bestMove.uci);
}

// --- input ---------------------------------------------------------------

function squareAt(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const group = target && target.closest ? target.closest("[data-square]") : null;
  return group ? group.dataset.square : null;
}

function wire() {
  const board = $("board");
  let down = null;
  board.addEventListener("pointerdown", (event) => {
    down = squareAt(event);
  });
  board.addEventListener("pointerup", (event) => {
    const up = squareAt(event);
    if (!down || !up) { down = null; return; }
    if (up === down) onSquare(up);
    else {
      // A drag: select where it began, then drop where it ended.
      if (state.selected !== down) state.selected = down;
      onSquare(up);
    }
    down = null;
  });
  board.addEventListener("keydown", (event) => {
    const group = event.target.closest && event.target.closest("[data-square]");
    if (group && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      onSquare(group.dataset.square);
    }
  });
  $("variant").addEventListener("change", () => {
    state.variant = $("variant").value;
    $("xiangqi-options").hidden = state.variant !== XIANGQI;
    document.body.dataset.game = state.variant === XIANGQI ? "xiangqi" : "chess";
    newGame();
  });
  $("characters").addEventListener("change", () => setCharacters($("characters").value));
  $("notation").addEventListener("change", () => {
    state.notation = $("notation").value;
    renderMoves();
    if (state.shownLine) $("eval-pv").textContent = (state.shownLine.pv || []).map(moveText).join(" ");
  });
  $("new-game").addEventListener("click", () => newGame());
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; render(); });
  $("back").addEventListener("click", () => goTo(state.ply - 1));
  $("forward").addEventListener("click", () => goTo(state.ply + 1));
  $("analyze").addEventListener("click", () => analyze(false));
  $("engine-move").addEventListener("click", () => analyze(true));
  $("fen-form").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame($("fen").value.trim());
  });
  for (let level = 20; level >= 1; level--) {
    const option = document.createElement("option");
    option.value = String(level);
    option.textContent = level === 20 ? "20 (full)" : String(level);
    $("level").appendChild(option);
  }
}

wire();
newGame();
