// Sudoku Forge page: plain JavaScript over the service's JSON API.
"use strict";

const SHAPES = { 16: [2, 2], 36: [2, 3], 64: [2, 4], 81: [3, 3], 100: [2, 5],
  144: [3, 4], 256: [4, 4], 400: [4, 5], 625: [5, 5] };
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQ";
const $ = (id) => document.getElementById(id);

const state = {
  n: 9, br: 3, bc: 3,   // grid side, box rows, box columns
  givens: [],           // 0 = empty
  values: [],           // the player's digits (0 = none)
  pencil: [],           // Set of digits per cell
  wrong: new Set(),     // cells flagged by a hint
  pencilMode: false,
  focus: 0,
  steps: null,          // explanation steps when stepping
  step: -1,
  shapeSpec: "",
};

function cellName(i) { return "r" + (Math.floor(i / state.n) + 1) + "c" + (i % state.n + 1); }
function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.n + Number(m[2]) - 1 : -1;
}
function symbol(d) { return d > 0 ? SYMBOLS[d - 1] : "."; }
function parseSymbol(ch) {
  const d = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
  return d >= 1 && d <= state.n ? d : 0;
}
function line(cells) { return cells.map(symbol).join(""); }
function currentGrid() { return state.givens.map((g, i) => g || state.values[i]); }

function setShape(n, br, bc) {
  Object.assign(state, { n, br, bc });
  state.givens = new Array(n * n).fill(0);
  state.values = new Array(n * n).fill(0);
  state.pencil = Array.from({ length: n * n }, () => new Set());
  state.wrong = new Set();
  state.focus = 0;
}

// A puzzle line (or anything the server reads) into the board; pasted
// grids and other formats go through the server's own parser (explain).
function loadLine(text) {
  const compact = text.replace(/\s+/g, "");
  const shape = SHAPES[compact.length];
  if (!shape || /[^0-9A-Za-z.\-_*]/.test(compact)) return false;
  let [br, bc] = shape;
  if (state.shapeSpec) [br, bc] = state.shapeSpec.split("x").map(Number);
  const n = br * bc;
  if (n * n !== compact.length) return false;
  setShape(n, br, bc);
  for (let i = 0; i < compact.length; i++) {
    const ch = compact[i];
    state.givens[i] = /[.0\-_*]/.test(ch) ? 0 : parseSymbol(ch);
  }
  return true;
}

function status(text, isError) {
  $("status").textContent = text;
  $("status").className = "status" + (isError ? " error" : "");
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  let json = {};
  try { json = await res.json(); } catch (e) { json = { error: "unreadable answer (" + res.status + ")" }; }
  return { ok: res.ok, status: res.status, json };
}

// ---- drawing -------------------------------------------------------------

function stepView() {
  // The grid before step `state.step`, its candidates, and what the step
  // touches.
  const n = state.n;
  const grid = state.givens.slice();
  const removed = Array.from({ length: n * n }, () => new Set());
  for (let s = 0; s < state.step; s++) {
    for (const p of state.steps[s].placements || []) grid[cellIndex(p.cell)] = p.digit;
    for (const e of state.steps[s].eliminations || []) removed[cellIndex(e.cell)].add(e.digit);
  }
  const cands = grid.map((v, i) => {
    if (v) return null;
    const set = new Set();
    for (let d = 1; d <= n; d++) if (!removed[i].has(d) && !seesDigit(grid, i, d)) set.add(d);
    return set;
  });
  const step = state.steps[state.step] || {};
  return { grid, cands, step };
}

function seesDigit(grid, i, d) {
  const n = state.n, r = Math.floor(i / n), c = i % n;
  const r0 = r - (r % state.br), c0 = c - (c % state.bc);
  for (let k = 0; k < n; k++) {
    if (grid[r * n + k] === d || grid[k * n + c] === d) return true;
    const rr = r0 + Math.floor(k / state.bc), cc = c0 + (k % state.bc);
    if (grid[rr * n + cc] === d) return true;
  }
  return false;
}

function candidatesNode(set, marks) {
  const box = document.createElement("div");
  box.className = "cands";
  const side = Math.ceil(Math.sqrt(state.n));
  box.style.gridTemplateColumns = "repeat(" + side + ", 1fr)";
  for (let d = 1; d <= state.n; d++) {
    const s = document.createElement("span");
    if (set.has(d)) {
      s.textContent = symbol(d);
      if (marks && marks[d]) s.className = marks[d];
    }
    box.appendChild(s);
  }
  return box;
}

function draw() {
  const board = $("board");
  const n = state.n;
  board.style.gridTemplateColumns = "repeat(" + n + ", 1fr)";
  board.style.setProperty("--digit", Math.max(0.7, 14 / n) + "rem");
  board.style.setProperty("--cand", Math.max(0.35, 5 / n) + "rem");
  const stepping = state.steps !== null;
  const view = stepping ? stepView() : null;
  const marks = {}, pattern = new Set(), targets = new Set();
  if (stepping) {
    for (const c of view.step.pattern_cells || []) pattern.add(cellIndex(c));
    const mark = (list, cls) => { for (const x of list || []) {
      const i = cellIndex(x.cell); (marks[i] = marks[i] || {})[x.digit] = cls; targets.add(i); } };
    for (const x of view.step.pattern_candidates || []) {
      const i = cellIndex(x.cell); (marks[i] = marks[i] || {})[x.digit] = "pat"; pattern.add(i); }
    mark(view.step.eliminations, "elim");
    mark(view.step.placements, "place");
  }
  board.replaceChildren();
  for (let i = 0; i < n * n; i++) {
    const cell = document.createElement("div");
    const r = Math.floor(i / n), c = i % n;
    let cls = "cell";
    if ((c + 1) % state.bc === 0 && c + 1 < n) cls += " box-right";
    if ((r + 1) % state.br === 0 && r + 1 < n) cls += " box-bottom";
    const value = stepping ? view.grid[i] : (state.givens[i] || state.values[i]);
    if (state.givens[i]) cls += " given";
    else if (value) cls += " user";
    if (!stepping && state.wrong.has(i)) cls += " wrong";
    if (pattern.has(i)) cls += " pattern";
    if (targets.has(i) && !pattern.has(i)) cls += " target";
    cell.className = cls;
    cell.tabIndex = i === state.focus ? 0 : -1;
    cell.setAttribute("role", "gridcell");
    cell.dataset.index = i;
    cell.setAttribute("aria-label", cellName(i) + (value ? " " + symbol(value) : " empty"));
    if (value) cell.textContent = symbol(value);
    else if (stepping) cell.appendChild(candidatesNode(view.cands[i], marks[i]));
    else if (state.pencil[i].size) cell.appendChild(candidatesNode(state.pencil[i]));
    board.appendChild(cell);
  }
  const line_ = line(state.givens);
  for (const [id, fmt] of [["download-svg", "svg"], ["download-pdf", "pdf"]])
    $(id).href = "api/v1/render?format=" + fmt + "&puzzle=" + encodeURIComponent(line_);
}

function focusCell(i, focus) {
  state.focus = Math.max(0, Math.min(state.n * state.n - 1, i));
  for (const el of $("board").children) el.tabIndex = -1;
  const el = $("board").children[state.focus];
  el.tabIndex = 0;
  if (focus !== false) el.focus();
}

// ---- play ----------------------------------------------------------------

function enter(i, d) {
  if (state.steps !== null || state.givens[i]) return;
  state.wrong.delete(i);
  if (d === 0) { state.values[i] = 0; state.pencil[i].clear(); }
  else if (state.pencilMode) {
    state.values[i] = 0;
    if (state.pencil[i].has(d)) state.pencil[i].delete(d); else state.pencil[i].add(d);
  } else state.values[i] = state.values[i] === d ? 0 : d;
  draw();
  focusCell(i);
  if (currentGrid().every((v) => v)) status("Grid full: ask for a hint to check it.");
}

function onKey(ev) {
  const i = state.focus, n = state.n;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  if (moves[ev.key] !== undefined) { focusCell(i + moves[ev.key]); ev.preventDefault(); return; }
  if (ev.key === "Backspace" || ev.key === "Delete" || ev.key === "0") { enter(i, 0); ev.preventDefault(); return; }
  const k = ev.key.toLowerCase();
  if (k === "p") { togglePencil(); return; }
  if (k === "h") { hint(); return; }
  if (k === "n" && state.steps) { showStep(state.step + 1); return; }
  if (k === "b" && state.steps) { showStep(state.step - 1); return; }
  const d = ev.key.length === 1 ? parseSymbol(ev.key) : 0;
  if (d) { enter(i, d); ev.preventDefault(); }
}

function togglePencil() {
  state.pencilMode = !state.pencilMode;
  $("pencil").setAttribute("aria-pressed", String(state.pencilMode));
  $("pencil").textContent = "Pencil: " + (state.pencilMode ? "on" : "off");
}

async function hint() {
  if (state.steps !== null) endSteps();
  const pencil = state.pencil.some((s) => s.size)
    ? state.pencil.map((s, i) => (state.givens[i] || state.values[i] || !s.size) ? "." : [...s].sort((a, b) => a - b).map(symbol).join("")).join(" ")
    : "";
  const r = await api("api/v1/hint", { puzzle: line(state.givens), grid: line(currentGrid()), pencil, shape: state.shapeSpec });
  const h = r.json;
  state.wrong = new Set();
  if (h.status === "WRONG") for (const w of h.wrong || []) state.wrong.add(cellIndex(w.cell));
  $("hint-text").textContent = h.error || !r.ok ? (h.status ? verdictText(h.status) + ": " : "") + (h.error || "no hint") : h.text;
  draw();
}

// ---- rating and explanation ----------------------------------------------

// The verdict words (README "Verdict words"): the API's status (UNIQUE,
// MULTIPLE, NONE, INVALID, BUDGET_EXCEEDED, OUT_OF_TIME, ...) in lower case,
// as the CLI's text output prints it.
function verdictText(status) {
  return (status || "").toLowerCase();
}

function showVerdict(out, ok) {
  $("verdict").hidden = false;
  $("error").textContent = ok ? "" : (out.error || "error");
  $("level").textContent = ok ? out.level : verdictText(out.status);
  $("level").className = "level " + (ok ? out.level : "");
  $("score").textContent = ok ? "score " + out.score.toFixed(2) + (out.from_store ? " (from the bank)" : "") : "";
  // At the top (top_er set and not the trace's ER), Sudoku Explainer's own
  // ladder rates the puzzle too: the number people quote as "SER".
  const top = ok && out.top_er && out.top_er.toFixed(1) !== out.er.toFixed(1)
    ? " · Sudoku Explainer's ladder: ER " + out.top_er.toFixed(1) : "";
  $("ratings").textContent = ok ? "ER " + out.er.toFixed(1) + " · EP " + out.ep.toFixed(1) + " · ED " + out.ed.toFixed(1) +
    " · hardest: " + out.hardest_technique.replace(/_/g, " ") + top : "";
  const counts = Object.entries(out.technique_counts || {}).sort((a, b) => b[1] - a[1]);
  $("counts").textContent = counts.map(([t, c]) => c + " × " + t.replace(/_/g, " ")).join(", ");
}

async function rate() {
  // The text box when it holds something (any format the server reads),
  // else the grid as typed (givens and entries).
  const text = $("puzzle-line").value.trim();
  const puzzle = text || line(currentGrid());
  status("Rating…");
  const r = await api("api/v1/rate", { puzzle, shape: state.shapeSpec });
  if (!r.ok && r.json.status === undefined) { status(r.json.error || "error", true); showVerdict(r.json, false); return; }
  showVerdict(r.json, r.ok);
  if (r.ok) loadLine(r.json.puzzle);
  status(r.ok ? "Rated." : "Not a proper puzzle.", !r.ok);
  draw();
  if (r.ok) await explain(r.json.puzzle);
}

async function explain(puzzle) {
  const r = await api("api/v1/explain", { puzzle, shape: state.shapeSpec });
  if (!r.ok) { status(r.json.error || "no explanation", true); return; }
  state.steps = r.json.steps || [];
  const list = $("steps-list");
  list.replaceChildren();
  state.steps.forEach((s, k) => {
    const li = document.createElement("li");
    li.textContent = s.rating.toFixed(1) + "  " + s.text;
    li.tabIndex = 0;
    li.addEventListener("click", () => showStep(k));
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") showStep(k); });
    list.appendChild(li);
  });
  $("steps").hidden = false;
  showStep(0);
}

function showStep(k) {
  if (!state.steps || !state.steps.length) return;
  state.step = Math.max(0, Math.min(state.steps.length - 1, k));
  const s = state.steps[state.step];
  $("step-index").textContent = "Step " + (state.step + 1) + " of " + state.steps.length;
  $("step-text").textContent = s.rating.toFixed(1) + " — " + s.text;
  [...$("steps-list").children].forEach((li, j) => li.classList.toggle("current", j === state.step));
  // Scroll the list only (not the page, which keeps the board in view).
  const list = $("steps-list"), cur = list.children[state.step];
  if (cur) list.scrollTop = cur.offsetTop - list.clientHeight / 2;
  draw();
}

function endSteps() {
  state.steps = null;
  state.step = -1;
  $("steps").hidden = true;
  draw();
}

async function generate() {
  status("Generating…");
  const level = $("gen-level").value;
  const shape = state.shapeSpec || "3x3";
  const r = await api("api/v1/generate?level=" + encodeURIComponent(level) + "&shape=" + shape);
  if (!r.ok) { status(r.json.error || "error", true); return; }
  $("puzzle-line").value = r.json.puzzle;
  loadLine(r.json.puzzle);
  state.steps = null;
  $("steps").hidden = true;
  $("verdict").hidden = true;
  $("hint-text").textContent = "";
  status("A " + (r.json.level || level) + " puzzle: play it, or rate it to see its solution.");
  draw();
}

// ---- wiring ----------------------------------------------------------------

function init() {
  setShape(9, 3, 3);
  const board = $("board");
  board.addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (cell) focusCell(Number(cell.dataset.index));
  });
  board.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (e) => {
    if (e.target === document.body && ["n", "b", "h", "p"].includes(e.key.toLowerCase())) onKey(e);
  });
  $("input-form").addEventListener("submit", (e) => {
    e.preventDefault();
    endSteps();
    if (loadLine($("puzzle-line").value)) { status("Loaded."); draw(); }
    else status("Not a puzzle line: press Rate to see what the server reads in it.", true);
  });
  $("shape").addEventListener("change", () => { state.shapeSpec = $("shape").value; });
  $("rate").addEventListener("click", rate);
  $("generate").addEventListener("click", generate);
  $("hint").addEventListener("click", hint);
  $("pencil").addEventListener("click", togglePencil);
  $("clear").addEventListener("click", () => {
    state.values.fill(0); state.pencil.forEach((s) => s.clear()); state.wrong.clear(); draw(); });
  $("new-empty").addEventListener("click", () => {
    endSteps(); setShape(9, 3, 3); $("puzzle-line").value = ""; draw(); focusCell(0); });
  $("step-next").addEventListener("click", () => showStep(state.step + 1));
  $("step-prev").addEventListener("click", () => showStep(state.step - 1));
  $("step-done").addEventListener("click", endSteps);
  draw();
}

init();
