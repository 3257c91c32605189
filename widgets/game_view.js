// goldlab's game view: draws the traits Python syncs, and sends back intents.
//
// No rule logic lives here.  A click on the board sends the clicked element's target id;
// the arrows send "one step forward/back"; the seat menu sends the seat.  Python decides
// what each intent means against the current state and answers by changing the traits
// that changed (goldlab/views/drawing.py lists them), so quick clicks are never lost and
// never applied to a stale position.
//
// How this file reads: `render` builds the skeleton (the build* functions) and wires the
// parts.  Each part (seats, controls, lock, thinking, inspector, odds, moves, parts, board,
// status, nav, log, notice, glimpse, fit) is one top-level function that wires its own
// buttons and says which traits it draws with `watch(ctx, [traits], draw)`: anywidget's
// change:<trait> events mark it to be drawn again, so nothing here works out what changed.
// The parts share one small context object `ctx` (the model, `send`, `get`, the DOM nodes
// in `ctx.n` and the little state a part keeps), never the variables of one big closure.
// It stays one file: anywidget loads it from a blob URL, where relative imports fail.

const ICONS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  prev: "M18 5v14L7 12z",
  play: "M7 5v14l12-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  next: "M6 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
};

const ODDS_ON_PROJECTOR = 3;  // rows of odds shown in projector mode
const GLIMPSE_MS = 1200;  // how long each moment of a glimpse shows (the last one half again)
const SAVE_TITLE = "download the game as a record (JSON)";
const PLAY_SPEEDS = [[1500, "slow"], [800, "normal"], [350, "fast"]];  // ms a step, its name

// ------------------------------------------------------------------ small helpers

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A button named by its words (the title describes it), or by its title when it shows
// only an icon: a screen reader says what the button shows (WCAG's "label in name").
function button(cls, label, title, icon) {
  const b = el("button", `gl-btn ${cls}`);
  b.type = "button";
  b.title = title;
  if (!label) b.setAttribute("aria-label", title);
  if (icon) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "gl-icon");
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", ICONS[icon]);
    svg.append(path);
    b.append(svg);
    if (label) b.append(el("span", "gl-btn-text", label));
  } else {
    b.textContent = label;
  }
  return b;
}

function labelled(text, control, cls) {
  const label = el("label", `gl-field ${cls || ""}`);
  label.append(el("span", "gl-field-name", text), control);
  return label;
}

function checkbox(cls, title) {
  const box = el("input", cls);
  box.type = "checkbox";
  box.title = title;
  return box;
}

// Text that acts as a button inside a list item (the list keeps its items).
function pressable(cls, text) {
  const node = el("span", cls, text);
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  return node;
}

// On the page for screen readers, out of sight (not display:none, which they skip).
const VISUALLY_HIDDEN = {
  position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: "0",
  overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap", border: "0",
};

function setIcon(b, icon, text) {
  b.title = text;
  b.setAttribute("aria-label", text);
  b.querySelector("path").setAttribute("d", ICONS[icon]);
}

function quoteBlock(quote) {
  const block = el("blockquote", "gl-quote");
  block.append(el("span", "gl-quote-text", `\u201C${quote.sentence}\u201D`));
  const cite = el("cite", "gl-quote-source", ` [${quote.section}]${quote.source ? ` ${quote.source}` : ""}`);
  block.append(cite);
  return block;
}

function statusText(p) {
  return p.live ? p.status : `${p.status} (looking back: step ${p.index} of ${p.last})`;
}

// ------------------------------------------------------------------ the parts' context

function context(model) {
  return {
    model,
    send: (msg) => model.send(msg),
    get: (trait) => model.get(trait) || {},
    n: {},  // the DOM nodes, by name
    parts: [],  // each part's draw, in the order the parts were wired
    dirty: new Set(),  // the parts to draw again
    cleanups: [],  // what the view stops when it is taken off the page
  };
}

// A part draws `traits`: each change:<trait> marks it.  The traits of one redraw arrive
// together, so the marked parts are drawn once they all have (a microtask), each once, in
// the order they were wired (a part that reads another's nodes is wired after it).
function watch(ctx, traits, draw) {
  const part = { draw };
  ctx.parts.push(part);
  for (const trait of traits) {
    ctx.model.on(`change:${trait}`, () => {
      if (ctx.dirty.size === 0) queueMicrotask(() => drawMarked(ctx));
      ctx.dirty.add(part);
    });
  }
  ctx.dirty.add(part);  // every part is drawn once when the view is made
}

function drawMarked(ctx) {
  const marked = ctx.parts.filter((part) => ctx.dirty.has(part));
  ctx.dirty.clear();
  for (const part of marked) part.draw();
}

// ------------------------------------------------------------------ the skeleton

function buildHeader(n) {
  const header = el("div", "gl-view-header");
  n.title = el("h3", "gl-view-title");
  n.status = el("div", "gl-view-status");
  n.status.setAttribute("aria-live", "polite");
  n.seat = el("select", "gl-seat");
  n.seat.title = "whose eyes to look through";
  n.memory = checkbox("gl-memory", "memory mode: cards seen earlier are face down again");
  n.memoryField = labelled("memory mode", n.memory, "gl-memory-field");
  n.projector = checkbox("gl-projector-toggle",
    "projector mode: large type; no log, notation box or developer panels");
  header.append(n.title, n.status, labelled("view as", n.seat, "gl-seat-as"), n.memoryField,
    labelled("projector", n.projector, "gl-projector-field"));
  return header;
}

function buildToolbar(n) {
  const toolbar = el("div", "gl-toolbar");
  n.newGame = button("gl-new", "New game", "start a new game (new shuffle, same seats)");
  n.rematch = button("gl-rematch", "Rematch", "play the same shuffle again");
  n.undo = button("gl-undo", "Undo turn", "take back your whole turn and the bots' replies");
  n.bots = button("gl-bots", "Let bots move", "let the bots play until a person is to move");
  n.glimpseAgain = button("gl-glimpse-again", "Show the last turn again",
    "see the cards turned since your last flip again, as they were turned (the log notes it)");
  n.save = button("gl-save", "Save", SAVE_TITLE);
  n.loadInput = el("input", "gl-load-input");
  n.loadInput.type = "file";
  n.loadInput.accept = ".json,application/json";
  n.loadInput.title = "load a record (JSON)";
  n.loadInput.setAttribute("aria-label", "load a record (JSON)");
  // Watching bots play live: Python paces their moves (a worker thread) at a speed of its list.
  n.watchSpeed = el("select", "gl-watch-speed");
  n.watchSpeed.title = "how fast the bots move when they play on their own (moves a second)";
  n.pause = button("gl-pause", "Pause", "stop the bots (a search is cut short)");
  toolbar.append(n.newGame, n.rematch, n.undo, n.glimpseAgain, n.bots,
    labelled("bots", n.watchSpeed, "gl-watch"), n.pause, n.save,
    labelled("Load", n.loadInput, "gl-load"));
  return toolbar;
}

function buildMain(n) {
  const main = el("div", "gl-main");
  n.board = el("div", "gl-view-board");
  // A glimpse (memory mode) is drawn over the board, which stays live beneath it.
  n.glimpse = el("div", "gl-glimpse");
  n.glimpse.style.display = "none";
  const boardFrame = el("div", "gl-board-frame");
  boardFrame.append(n.board, n.glimpse);
  const side = el("div", "gl-side");
  n.banner = el("div", "gl-over");
  n.banner.setAttribute("role", "status");
  n.error = el("div", "gl-view-error");
  n.hint = el("div", "gl-hint");
  n.inspector = el("section", "gl-inspector");
  n.inspector.setAttribute("aria-label", "what happened in this step, and the rule");
  n.odds = el("section", "gl-odds");
  n.odds.setAttribute("aria-label", "exact odds for the player to move");
  side.append(n.banner, n.error, n.hint, n.inspector, n.odds);
  main.append(boardFrame, side);
  return main;
}

function buildNav(n) {
  const nav = el("div", "gl-nav");
  n.first = button("gl-step-first", "", "to the start (Home)", "first");
  n.prev = button("gl-step-prev", "", "one step back (left arrow)", "prev");
  n.play = button("gl-play", "", "play through the steps", "play");
  n.next = button("gl-step-next", "", "one step forward (right arrow)", "next");
  n.last = button("gl-step-last", "", "to the latest position (End)", "last");
  n.speed = el("select", "gl-speed");
  for (const [ms, text] of PLAY_SPEEDS) {
    const option = el("option", "", text);
    option.value = String(ms);
    n.speed.append(option);
  }
  n.speed.value = "800";
  n.speed.title = "how fast play steps through";
  n.scrubber = el("input", "gl-scrubber");
  n.scrubber.type = "range";
  n.scrubber.min = "0";
  n.scrubber.title = "scrub through the game";
  n.scrubber.setAttribute("aria-label", "position in the game");
  n.counter = el("span", "gl-step-counter");
  // A step carried out in parts (the end of a game): one stop per part beside the scrubber.
  n.partStrip = el("span", "gl-part-strip");
  n.partStrip.setAttribute("role", "group");
  n.partStrip.setAttribute("aria-label", "the parts of this step");
  n.branch = button("gl-branch", "Play from here",
    "try another move from the position shown, under the game's own luck; the game is kept");
  n.branchFresh = button("gl-branch-fresh", "Play from here with new luck",
    "try another move from the position shown with new cards to come; the game is kept");
  nav.append(n.first, n.prev, n.play, n.next, n.last, labelled("speed", n.speed), n.scrubber,
    n.partStrip, n.counter, n.branch, n.branchFresh);
  return nav;
}

function buildFoot(n) {
  n.moves = el("ol", "gl-moves");
  n.moves.setAttribute("aria-label", "moves: click one to see the position after it");
  n.variation = el("div", "gl-variation-bar");
  n.variation.setAttribute("role", "status");
  n.variationText = el("span", "gl-variation-text");
  n.mainLine = button("gl-main-line", "Back to the main line", "leave the variation for the game as it was");
  n.variation.append(n.variationText, n.mainLine);
  n.entry = el("div", "gl-view-entry");
  n.input = el("input", "gl-view-input");
  n.input.placeholder = "or type an action";
  n.input.setAttribute("aria-label", "action notation");
  n.go = button("gl-view-apply", "Apply", "apply the typed action");
  n.entry.append(n.input, n.go);
  n.log = el("div", "gl-view-log");
  n.log.setAttribute("role", "region");  // a label needs a role to name
  n.log.setAttribute("aria-label", "log of the latest steps");
  n.log.tabIndex = 0;
  n.announce = el("div", "gl-announce");
  n.announce.setAttribute("aria-live", "polite");
  Object.assign(n.announce.style, VISUALLY_HIDDEN);
  return [n.variation, n.moves, n.entry, n.log, n.announce];
}

// ------------------------------------------------------------------ seats

// Whose eyes, memory mode, and who plays each seat: a person or any bot of the game
// (its description as the title), and for a bot that takes a number a strength menu.
// Python names every entry and turns the choice into the bot's spec; the menus only
// send the chosen value.
function seatsPart(ctx) {
  const { n, send } = ctx;
  n.seat.addEventListener("change", () => send({ type: "seat", value: n.seat.value }));
  n.memory.addEventListener("change", () => send({ type: "memory", value: n.memory.checked }));
  n.projector.addEventListener("change", () => send({ type: "projector", value: n.projector.checked }));
  watch(ctx, ["seats"], () => {
    const p = ctx.get("seats");
    if (!p.seats) return;
    n.view.dataset.seat = p.seat;
    n.seat.replaceChildren(...p.seats.map((s) => {
      const option = el("option", "", s.label);
      option.value = s.value;
      return option;
    }));
    n.memoryField.style.display = p.memory_toggle ? "" : "none";
    const choices = new Map(p.bot_choices.map((c) => [c.value, c]));
    n.seats.replaceChildren(...p.bots.map((b) => seatField(ctx, b, p.bot_choices, choices)));
  });
}

// One seat's menus: who plays it, and the bot's strength when it takes one.
function seatField(ctx, b, botChoices, choices) {
  const field = el("span", "gl-seat-field");
  field.dataset.seat = String(b.seat);
  const select = el("select", "gl-seat-player");
  select.dataset.seat = String(b.seat);
  for (const choice of botChoices) {
    const option = el("option", "", choice.label);
    option.value = choice.value;
    option.title = choice.title;
    select.append(option);
  }
  const chosen = choices.get(b.bot);
  select.title = `who plays ${b.name}${chosen ? `: ${chosen.title}` : ""}`;
  select.addEventListener("change", () => {
    const picked = choices.get(select.value);
    ctx.send({ type: "bot", seat: b.seat, value: picked ? picked.default : select.value });
  });
  field.append(labelled(b.name, select));
  if (b.strengths.length) {
    const strength = el("select", "gl-seat-strength");
    strength.dataset.seat = String(b.seat);
    for (const s of b.strengths) {
      const option = el("option", "", s.label);
      option.value = s.value;
      strength.append(option);
    }
    strength.title = `strength of ${b.name}'s ${b.bot}: ${chosen ? chosen.strength : ""}`;
    strength.setAttribute("aria-label", `strength of ${b.name}'s ${b.bot}`);
    strength.addEventListener("change", () => ctx.send({ type: "bot", seat: b.seat, value: strength.value }));
    field.append(labelled("strength", strength));
  }
  return field;
}

// Every menu and switch shows what Python holds: after each intent (a refused choice
// leaves the traits as they were, so the control must be set back; the notice changes
// with every redraw).
function choicesPart(ctx) {
  const { n, get } = ctx;
  watch(ctx, ["seats", "lock", "speeds", "notice"], () => {
    const p = get("seats");
    if (p.seats) {
      n.seat.value = p.seat;
      n.memory.checked = p.memory;
      for (const b of p.bots) {
        const player = n.seats.querySelector(`select.gl-seat-player[data-seat="${b.seat}"]`);
        const strength = n.seats.querySelector(`select.gl-seat-strength[data-seat="${b.seat}"]`);
        if (player) player.value = b.bot;
        if (strength) strength.value = b.value;
      }
    }
    n.projector.checked = Boolean(get("lock").projector);
    n.watchSpeed.value = String(get("speeds").speed || 0);
  });
}

// ------------------------------------------------------------------ toolbar and controls

function toolbarPart(ctx) {
  const { n, send } = ctx;
  const intents = [[n.newGame, "new"], [n.rematch, "rematch"], [n.undo, "undo"],
    [n.glimpseAgain, "glimpse"], [n.bots, "bots"], [n.pause, "pause"], [n.save, "save"]];
  for (const [control, type] of intents) control.addEventListener("click", () => send({ type }));
  n.watchSpeed.addEventListener("change", () => send({ type: "speed", value: Number(n.watchSpeed.value) }));
  n.loadInput.addEventListener("change", () => {
    const file = n.loadInput.files && n.loadInput.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => send({ type: "load", value: String(reader.result) });
    reader.readAsText(file);
    n.loadInput.value = "";
  });
  watch(ctx, ["speeds"], () => {
    const speeds = ctx.get("speeds").speeds || [];
    n.watchSpeed.replaceChildren(...speeds.map((v) => {
      const option = el("option", "", v ? `${v} move${v === 1 ? "" : "s"}/s` : "at once");
      option.value = String(v);
      return option;
    }));
  });
}

// While a searching bot decides, Python says who is thinking (its own trait, sent at once).
// The bot thinks on a worker thread, so New game, Rematch, Undo, Load and the seat menus
// stay live: Python stops the search and drops its move.  Playing waits meanwhile.
// The one place that says which of them are live.
function controlsPart(ctx) {
  const { n, model } = ctx;
  watch(ctx, ["status", "thinking"], () => {
    const thinking = Boolean(model.get("thinking"));
    for (const control of [n.bots, n.input, n.go]) control.disabled = thinking;
    const p = ctx.get("status");
    if (p.title) {
      n.undo.disabled = !p.can_undo;
      n.bots.disabled = thinking || !p.live || Boolean(p.bots_running);
      n.pause.disabled = !p.bots_running;
      n.branch.disabled = n.branchFresh.disabled = !p.can_branch;
    }
  });
}

// A teacher's lock: Python refuses these intents; the page hides their controls too.
function lockPart(ctx) {
  const { n } = ctx;
  watch(ctx, ["lock", "seats"], () => {
    const p = ctx.get("lock");
    const locked = Boolean(p.locked);
    n.view.classList.toggle("gl-locked", locked);
    n.view.classList.toggle("gl-projector", Boolean(p.projector));
    for (const control of [n.seat, n.memory, n.rematch, n.loadInput]) if (locked) control.disabled = true;
    if (locked) n.view.querySelectorAll(".gl-seats select").forEach((s) => { s.disabled = true; });
  });
}

function thinkingPart(ctx) {
  const { n } = ctx;
  let thoughts = 0;
  watch(ctx, ["thinking"], () => {
    const text = ctx.model.get("thinking") || "";
    n.view.classList.toggle("gl-is-thinking", Boolean(text));
    if (text) {
      thoughts += 1;
      n.view.dataset.thinkingSeen = String(thoughts);
      n.status.textContent = text;
    } else {
      const p = ctx.get("status");
      if (p.title) n.status.textContent = statusText(p);
    }
  });
}

// ------------------------------------------------------------------ the side panels

function inspectorPart(ctx) {
  watch(ctx, ["inspector"], () => {
    const page = ctx.get("inspector");
    if (!page.title && page.title !== "") return;
    const parts = [el("h4", "gl-inspector-title", page.title)];
    if (page.pages > 1) parts.push(el("div", "gl-page-counter", `part ${page.page + 1} of ${page.pages}`));
    if (page.rule) parts.push(el("div", "gl-rule", page.rule));
    if (page.quote) parts.push(quoteBlock(page.quote));
    const body = el("div", "gl-inspector-body");
    body.innerHTML = page.html;
    parts.push(body);
    ctx.n.inspector.replaceChildren(...parts);
  });
}

function oddsPart(ctx) {
  const odds = ctx.n.odds;
  const shown = { exact: false };  // the exact fractions, on demand
  const draw = () => {
    const p = { ...ctx.get("odds"), projector: Boolean(ctx.get("lock").projector) };
    if (!p.odds) return;
    odds.style.display = p.odds.length ? "" : "none";
    if (!p.odds.length) return;
    const head = el("h4", "", `Odds for ${p.odds_for}`);
    if (p.projector) {
      odds.replaceChildren(head, shortOdds(p.odds));
      return;
    }
    const toggle = button("gl-odds-exact", shown.exact ? "hide fractions" : "exact fractions",
      shown.exact ? "hide the exact fractions" : "show each chance as an exact fraction");
    toggle.setAttribute("aria-pressed", String(shown.exact));
    toggle.addEventListener("click", () => {
      shown.exact = !shown.exact;
      draw();
    });
    const parts = [head];
    if (p.odds_method) parts.push(el("p", "gl-odds-method", p.odds_method));
    parts.push(oddsTable(p.odds, shown.exact), toggle);
    odds.replaceChildren(...parts);
  };
  watch(ctx, ["odds", "lock"], draw);
}

// A few lines a room can read (projector mode): the first rows, as percentages.
function shortOdds(rows) {
  const list = el("ul", "gl-odds-short");
  for (const row of rows.slice(0, ODDS_ON_PROJECTOR)) {
    const li = el("li", "", `${row.label}: `);
    li.append(el("b", "gl-num", row.percent || `${Math.round(row.decimal * 100)} %`));
    if (row.about) li.append(` (${row.about})`);
    li.title = `${row.fraction}${row.note ? ` \u2014 ${row.note}` : ""}`;
    list.append(li);
  }
  return list;
}

// As a teacher says them: a percentage and "about 1 in 3"; the exact fraction on demand
// (the toggle, or a row's tooltip); a row that repeats a number says why; the method
// above the table, not only in a tooltip.
function oddsTable(rows, exactShown) {
  const table = el("table", "gl-table gl-odds-table");
  const head = el("tr");
  head.append(el("th", "", "chance"), el("th", "", "%"), el("th", "", "in words"));
  if (exactShown) head.append(el("th", "", "exact"), el("th", "", "decimal"));
  table.append(head);
  for (const row of rows) {
    const tr = el("tr");
    const what = el("td", "", row.label);
    const exact = `exactly ${row.fraction} = ${row.decimal.toFixed(3)}`;
    tr.title = row.note ? `${exact} \u2014 ${row.note}` : exact;
    if (row.same_as) {
      const why = el("div", "gl-odds-why",
        `the same number as \u201c${row.same_as}\u201d${row.note ? `: ${row.note}` : ""}`);
      what.append(why);
    }
    const percent = row.percent || row.decimal.toFixed(2);
    tr.append(what, el("td", "gl-num", percent), el("td", "gl-odds-about", row.about || "expected value"));
    if (exactShown) tr.append(el("td", "gl-num", row.fraction), el("td", "gl-num", row.decimal.toFixed(3)));
    table.append(tr);
  }
  return table;
}

// ------------------------------------------------------------------ moves and parts

function gotoMove(ctx, node) {
  ctx.send({ type: "goto", value: Number(node.dataset.index), page: Number(node.dataset.page || 0) });
}

// The move list is rebuilt only when the moves change; a step just moves the marker.
// Each line is a list item holding a button (a span with the button's role, so the list's
// own look stays): Enter and Space press it, as a click does.
function movesPart(ctx) {
  const { n, send } = ctx;
  const moveOf = (e) => e.target.closest(".gl-part") || e.target.closest(".gl-move");
  n.moves.addEventListener("click", (e) => {
    const node = moveOf(e);
    if (node) gotoMove(ctx, node);
  });
  n.moves.addEventListener("keydown", (e) => {
    const node = moveOf(e);
    if (node && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      gotoMove(ctx, node);
    }
  });
  n.branch.addEventListener("click", () => send({ type: "branch" }));
  n.branchFresh.addEventListener("click", () => send({ type: "branch", value: true }));
  n.mainLine.addEventListener("click", () => send({ type: "main" }));
  watch(ctx, ["moves"], () => {
    const p = ctx.get("moves");
    if (!p.moves) return;
    const from = p.variation ? p.variation.from : -1;
    n.variation.style.display = p.variation ? "" : "none";
    if (p.variation) n.variationText.textContent = p.variation.label;
    n.mainLine.textContent = p.variation ? p.variation.back : "";
    const notations = p.moves_notation || [];
    n.moves.replaceChildren(...["start", ...p.moves].map((text, i) => {
      const li = el("li", from >= 0 && i > from ? "gl-move gl-variation" : "gl-move");
      const press = pressable("gl-move-button", text);
      if (i > 0 && notations[i - 1]) press.title = notations[i - 1];  // the notation
      li.dataset.index = String(i);
      li.append(press);
      return li;
    }));
  });
}

// The step shown: marked in the move list (centred), its parts listed under it and beside
// the scrubber: click one to see the table as after it.
function partsPart(ctx) {
  const { n } = ctx;
  n.partStrip.addEventListener("click", (e) => {
    const node = e.target.closest(".gl-part");
    if (node) gotoMove(ctx, node);
  });
  let movesHeight = 0;
  const movesResized = new ResizeObserver(() => {
    if (n.moves.clientHeight !== movesHeight) {
      movesHeight = n.moves.clientHeight;
      centreCurrentMove(n.moves);
    }
  });
  movesResized.observe(n.moves);
  ctx.cleanups.push(() => movesResized.disconnect());
  watch(ctx, ["moves", "status", "inspector"], () => {
    const old = n.moves.querySelector(".gl-current");
    const current = n.moves.children[ctx.get("status").index];
    if (old !== current) {
      if (old) {
        old.classList.remove("gl-current");
        old.removeAttribute("aria-current");
      }
      if (current) {
        current.classList.add("gl-current");
        current.setAttribute("aria-current", "step");
      }
    }
    drawParts(ctx);
    centreCurrentMove(n.moves);
  });
}

function drawParts(ctx) {
  const { n } = ctx;
  for (const old of n.moves.querySelectorAll(".gl-parts")) old.remove();
  const page = ctx.get("inspector");
  const index = ctx.get("status").index;
  const current = n.moves.querySelector(".gl-current");
  const titles = page.titles || [];
  const part = (title, i, tag) => {  // a list item holding a button, or a button
    const node = el(tag, `gl-part${i === page.page ? " gl-current-part" : ""}`);
    const press = tag === "li" ? pressable("gl-part-button", title) : node;
    if (tag === "li") node.append(press);
    else press.textContent = String(i + 1);
    press.title = title;
    if (tag !== "li") {
      press.type = "button";
      press.setAttribute("aria-label", `part ${i + 1}: ${title}`);
    }
    node.dataset.index = String(index);
    node.dataset.page = String(i);
    if (i === page.page) press.setAttribute("aria-current", "step");
    return node;
  };
  if (titles.length > 1 && current) {
    const list = el("ol", "gl-parts");
    list.append(...titles.map((t, i) => part(t, i, "li")));
    current.append(list);
  }
  const where = el("span", "gl-part-counter", `part ${page.page + 1} of ${titles.length}`);
  n.partStrip.replaceChildren(...(titles.length > 1
    ? [where, ...titles.map((t, i) => part(t, i, "button"))] : []));
  n.partStrip.style.display = titles.length > 1 ? "" : "none";
}

// Centre the current move in the list (only the list scrolls, never the page); again
// once the list is laid out (a view drawn before it is on the page has no sizes yet).
function centreCurrentMove(moves) {
  const current = moves.querySelector(".gl-current");
  if (current && moves.scrollHeight > moves.clientHeight) {
    const box = moves.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    moves.scrollTop += item.top - box.top - (moves.clientHeight - item.height) / 2;
  }
}

// ------------------------------------------------------------------ the board

function clickTarget(ctx, node) {
  ctx.clickedAt = performance.now();
  ctx.send({ type: "click", target: node.dataset.target });
}

// The picture: drawn anew only when Python sends a new one.  The typed notation box
// shows while a person is to act.  The board is one stop of the Tab key: its targets
// keep a roving tabindex (rovingPart), and a redraw gives focus back to the board when
// the board had it.
function boardPart(ctx) {
  const { n } = ctx;
  n.board.tabIndex = -1;  // holds focus while a redraw has no target to give it to
  n.board.addEventListener("click", (e) => {
    endGlimpse(ctx);  // a click goes on with the game: the glimpse is over
    const node = e.target.closest("[data-target]");
    if (node && n.board.contains(node)) clickTarget(ctx, node);
  });
  const apply = () => {
    if (n.input.value.trim()) {
      ctx.clickedAt = performance.now();
      ctx.send({ type: "notation", value: n.input.value.trim() });
    }
  };
  n.go.addEventListener("click", apply);
  n.input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") apply();
  });
  watch(ctx, ["board"], () => {
    const p = ctx.get("board");
    if (p.board === undefined) return;
    const hadFocus = n.board.contains(document.activeElement);
    n.board.innerHTML = p.board;
    nameByWords(n.board);
    fitBoard(ctx);
    rove(ctx, hadFocus);
    n.board.classList.toggle("gl-acting", Boolean(p.acting));
    if (p.highlight) {
      const node = n.board.querySelector(`[data-target="${CSS.escape(p.highlight)}"]`);
      if (node) node.classList.add("gl-last-move");
    }
    n.entry.style.display = p.acting ? "" : "none";
  });
}

// ------------------------------------------------------------------ the board by keyboard

// A target that shows words (a card's colour and value) is named by them, as a button is:
// its label (the picture's sentence, "blue donkey on offer: click to take it") stays its
// title, which screen readers read as its description.  A target with no words (a face-
// down card, a free space) keeps its label as its name.
function nameByWords(board) {
  for (const node of board.querySelectorAll("[data-target][aria-label]")) {
    if (node.textContent.trim()) {
      if (!node.title) node.title = node.getAttribute("aria-label");
      node.removeAttribute("aria-label");
    }
  }
}

// The board's targets in reading order: its legal targets (the picture marks them
// gl-legal), or, when none is legal (a bot to move, a look back), every target, each
// clickable to show its rule.  Rows are read top to bottom, each left to right.
function targetsInReadingOrder(board) {
  const all = [...board.querySelectorAll("[data-target]")];
  const legal = all.filter((node) => node.classList.contains("gl-legal"));
  const placed = (legal.length ? legal : all).map((node) => ({ node, box: node.getBoundingClientRect() }));
  placed.sort((a, b) => a.box.top - b.box.top);
  const rows = [];
  for (const p of placed) {
    const row = rows[rows.length - 1];
    if (row && p.box.top < row[0].box.top + row[0].box.height / 2) row.push(p);
    else rows.push([p]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.left - b.box.left).map((p) => p.node));
}

// A roving tabindex: the current target has tabindex 0, every other target -1, so Tab
// enters and leaves the board in one step.  The current target is the one last focused
// if it is still there, else the first in reading order.  With `focus`, it takes focus.
function rove(ctx, focus) {
  const board = ctx.n.board;
  const targets = targetsInReadingOrder(board);
  for (const node of board.querySelectorAll("[data-target]")) node.tabIndex = -1;
  const current = targets.find((node) => node.dataset.target === ctx.boardTarget) || targets[0];
  if (current) current.tabIndex = 0;
  if (focus) (current || board).focus({ preventScroll: true });
}

// Arrows move between the targets in reading order (right and down to the next, left and
// up to the one before), Home and End to the first and the last; Enter or Space plays the
// focused target, as a click does.
function rovingPart(ctx) {
  const board = ctx.n.board;
  board.addEventListener("focusin", (e) => {
    const node = e.target.closest("[data-target]");
    if (!node || node.tabIndex === 0) return;
    ctx.boardTarget = node.dataset.target;
    rove(ctx, false);
  });
  board.addEventListener("keydown", (e) => {
    const node = e.target.closest("[data-target]");
    if (!node) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      ctx.boardTarget = node.dataset.target;
      clickTarget(ctx, node);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    e.stopPropagation();  // on the board the keys move focus, not through the game
    const targets = targetsInReadingOrder(board);
    const at = targets.indexOf(node);
    const wanted = e.key === "Home" ? 0 : e.key === "End" ? targets.length - 1 : at + step;
    const next = targets[Math.min(Math.max(wanted, 0), targets.length - 1)];
    if (next && next !== node) {
      ctx.boardTarget = next.dataset.target;
      rove(ctx, true);
    }
  });
}

// Scale to fit: a part of the board wider than its box (a scrolling strip) is zoomed
// out until it fits, so the board never scrolls sideways and every target stays whole.
// In projector mode the whole board is zoomed out too, until it ends on the screen
// (fitToScreen); it is fitted again when the mode or the window's size changes.
function fitPart(ctx) {
  ctx.zoomed = [];
  let fittedWidth = 0;
  const resized = new ResizeObserver(() => {
    if (ctx.n.board.clientWidth !== fittedWidth) {
      fittedWidth = ctx.n.board.clientWidth;
      fitBoard(ctx);
    }
  });
  resized.observe(ctx.n.board);
  let projector = false;
  const switched = new MutationObserver(() => {
    if (ctx.n.view.classList.contains("gl-projector") !== projector) {
      projector = !projector;
      fitBoard(ctx);
    }
  });
  switched.observe(ctx.n.view, { attributeFilter: ["class"] });
  const refit = () => fitBoard(ctx);
  window.addEventListener("resize", refit);
  ctx.cleanups.push(() => {
    resized.disconnect();
    switched.disconnect();
    window.removeEventListener("resize", refit);
  });
}

function fitBoard(ctx) {
  for (const node of ctx.zoomed) node.style.zoom = "";
  ctx.zoomed = [...fitToScreen(ctx.n.view, ctx.n.board), ...fit(ctx.n.board)];
}

// Projector mode: the board, the status line above it and the seat to move on it all on
// one screen.  The room is what the window shows below the view's top once the view is
// scrolled to its top (in JupyterLab: what the notebook's panel shows); the board's
// picture is zoomed out (never in) until it ends there.  The CSS lays each board out wide
// enough that its card values stay large (docs/views.md, "Projector mode").
function fitToScreen(view, board) {
  const picture = [...board.children].find((c) => c.tagName !== "STYLE");
  if (!picture || !view.classList.contains("gl-projector")) return [];
  let top = 0;
  let bottom = window.innerHeight;
  for (let node = view.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight + 1) {
      const box = node.getBoundingClientRect();
      top = Math.max(top, box.top);
      bottom = Math.min(bottom, box.bottom);
      break;
    }
  }
  const above = board.getBoundingClientRect().top - view.getBoundingClientRect().top;
  const room = bottom - top - above - 8;
  const need = picture.getBoundingClientRect().height;
  if (room <= 0 || need <= room + 1) return [];
  const fits = (zoom) => {
    picture.style.zoom = String(zoom);
    return picture.getBoundingClientRect().height <= room + 1;
  };
  // Zoomed out in proportion it fits (a picture given more room wraps no more), and may
  // fit larger (it wraps less): the largest zoom that fits, to a few per cent.  A redraw
  // mostly needs the zoom the last picture took: the search starts around it.
  let low = room / need;
  let high = 1;
  const last = parseFloat(board.dataset.screenZoom || "0");
  if (last > low && last < high) {
    if (fits(last)) [low, high] = [last, Math.min(1, last + 0.04)];
    else high = last;
  }
  for (let step = 0; step < 4 && high - low > 0.01; step += 1) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  const zoom = String(Math.floor(low * 1000) / 1000);
  picture.style.zoom = zoom;
  board.dataset.screenZoom = zoom;
  return [picture];
}

function fit(root) {
  const found = [];
  for (const scroller of [root, ...root.querySelectorAll("*")]) {
    const room = scroller.clientWidth;
    const need = scroller.scrollWidth;
    if (room <= 0 || need <= room + 1) continue;  // cheap: one layout serves every node
    const overflow = getComputedStyle(scroller).overflowX;
    if (overflow !== "auto" && overflow !== "scroll") continue;
    const zoom = Math.floor((room / need) * 1000) / 1000;
    for (const c of scroller.children) {
      if (c.tagName === "STYLE") continue;
      c.style.zoom = String(zoom * (parseFloat(c.style.zoom) || 1));  // on any zoom to the screen
      found.push(c);
    }
  }
  return found;
}

// ------------------------------------------------------------------ a glimpse

// A glimpse (memory mode): its moments one after another over the board, then the board
// as it is now.  Python numbers each glimpse; a new number plays it.
function glimpsePart(ctx) {
  ctx.glimpseShown = 0;
  ctx.glimpseTimer = null;
  watch(ctx, ["status"], () => {
    const p = ctx.get("status");
    if (p.glimpse && p.glimpse.id !== ctx.glimpseShown) {
      ctx.glimpseShown = p.glimpse.id;
      playGlimpse(ctx, p.glimpse.moments);
    }
  });
}

function endGlimpse(ctx) {
  if (ctx.glimpseTimer !== null) clearTimeout(ctx.glimpseTimer);
  ctx.glimpseTimer = null;
  ctx.n.glimpse.style.display = "none";
  ctx.n.glimpse.replaceChildren();
}

function playGlimpse(ctx, moments) {
  endGlimpse(ctx);
  let next = 0;
  const show = () => {
    if (next >= moments.length) {
      endGlimpse(ctx);
      return;
    }
    const moment = moments[next];
    next += 1;
    const caption = el("div", "gl-glimpse-caption", moment.caption);
    caption.setAttribute("role", "status");
    const picture = el("div", "gl-glimpse-board");
    picture.innerHTML = moment.board;
    for (const node of picture.querySelectorAll("[data-target]")) {
      for (const name of ["data-target", "tabindex", "role"]) node.removeAttribute(name);
    }
    ctx.n.glimpse.replaceChildren(caption, picture);
    ctx.n.glimpse.style.display = "";
    fit(picture);  // as narrow as the board: zoomed out as the board is
    ctx.glimpseTimer = setTimeout(show, next === moments.length ? GLIMPSE_MS * 1.5 : GLIMPSE_MS);
  };
  show();
}

// ------------------------------------------------------------------ status, nav, log, notice

// Where the game stands: status, the step shown, the final banner, the buttons' titles.
function statusPart(ctx) {
  const { n } = ctx;
  watch(ctx, ["status"], () => {
    const p = ctx.get("status");
    if (!p.title) return;
    n.title.textContent = p.title;
    n.status.textContent = ctx.model.get("thinking") || statusText(p);
    n.banner.replaceChildren();
    if (p.over) {
      n.banner.append(el("h4", "gl-over-verdict", `Game over: ${p.over.verdict}`));
      if (p.over.tiebreak) n.banner.append(el("div", "gl-over-tiebreak", p.over.tiebreak));
      const t = el("div");
      t.innerHTML = p.over.html;
      n.banner.append(t);
    }
    n.banner.style.display = p.over ? "" : "none";
    n.scrubber.max = String(p.last);
    n.scrubber.value = String(p.index);
    n.counter.textContent = `step ${p.index} of ${p.last}`;
    n.glimpseAgain.style.display = p.can_glimpse ? "" : "none";
    n.save.title = p.save_refused || SAVE_TITLE;  // pressed anyway, Python says why it waits
    n.input.placeholder = p.example ? `or type an action, e.g. ${p.example}` : "or type an action";
  });
}

// The game as it stands (its last step, its last part) ends the stepping.
function atEnd(ctx) {
  const at = ctx.get("status");
  const page = ctx.get("inspector");
  return at.index >= at.last && page.page + 1 >= page.pages;
}

function stopPlaying(ctx) {
  if (ctx.timer !== null) clearInterval(ctx.timer);
  ctx.timer = null;
  setIcon(ctx.n.play, "play", "play through the steps");
}

function startPlaying(ctx) {
  if (atEnd(ctx)) ctx.send({ type: "home" });
  ctx.timer = setInterval(() => ctx.send({ type: "step", value: 1 }), Number(ctx.n.speed.value));
  setIcon(ctx.n.play, "pause", "pause");
}

// Stepping through: the buttons, the scrubber, play at a speed, and the keys on the view.
function navPart(ctx) {
  const { n, send } = ctx;
  ctx.timer = null;
  n.first.addEventListener("click", () => send({ type: "home" }));
  n.prev.addEventListener("click", () => send({ type: "step", value: -1 }));
  n.next.addEventListener("click", () => send({ type: "step", value: 1 }));
  n.last.addEventListener("click", () => send({ type: "end" }));
  n.scrubber.addEventListener("input", () => send({ type: "goto", value: Number(n.scrubber.value) }));
  n.play.addEventListener("click", () => (ctx.timer === null ? startPlaying(ctx) : stopPlaying(ctx)));
  n.speed.addEventListener("change", () => {
    if (ctx.timer !== null) {
      stopPlaying(ctx);
      startPlaying(ctx);
    }
  });
  n.view.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const keys = { ArrowLeft: ["step", -1], ArrowRight: ["step", 1], Home: ["home"], End: ["end"] };
    const intent = keys[e.key];
    if (!intent) return;
    e.preventDefault();
    send(intent.length > 1 ? { type: intent[0], value: intent[1] } : { type: intent[0] });
  });
  watch(ctx, ["moves", "status", "inspector"], () => {
    const index = ctx.get("status").index;
    n.first.disabled = n.prev.disabled = index === 0;
    n.next.disabled = n.last.disabled = atEnd(ctx);
    if (ctx.timer !== null && atEnd(ctx)) stopPlaying(ctx);
  });
}

function logPart(ctx) {
  const log = ctx.n.log;
  watch(ctx, ["log_lines"], () => {
    log.replaceChildren(...(ctx.model.get("log_lines") || []).map((line) => el("div", "gl-view-log-line", line)));
    log.scrollTop = log.scrollHeight;
  });
}

// The notice changes with every redraw (its revision): the hint and the error.
function noticePart(ctx) {
  const { n } = ctx;
  watch(ctx, ["notice"], () => {
    const p = ctx.get("notice");
    n.hint.textContent = p.hint || "";
    n.hint.style.display = p.hint ? "" : "none";
    n.error.replaceChildren();
    if (p.error) {
      n.error.append(el("div", "gl-error-text", p.error));
      if (p.error_quote) n.error.append(quoteBlock(p.error_quote));
    }
    n.error.style.display = p.error ? "" : "none";
  });
}

// Said to screen readers: a polite live region, on the page but not seen, reads out each
// move as the move list words it (the moves added since it last spoke: a person's, then
// the bots' replies) and each refusal as the error box words it.
function announcePart(ctx) {
  const { n } = ctx;
  const say = (text) => n.announce.replaceChildren(el("p", "", text));
  let spoken = (ctx.get("moves").moves || []).length;  // moves at the start are not news
  watch(ctx, ["moves"], () => {
    const moves = ctx.get("moves").moves || [];
    if (moves.length > spoken) say(moves.slice(spoken).join(". "));
    spoken = moves.length;
  });
  watch(ctx, ["notice"], () => {
    const error = ctx.get("notice").error;
    if (error) say(error);
  });
}

// Click to redraw: a click or typed action stamps the time, the redraw's notice (last
// drawn) reads it; the browser tests read the figures from the page.
function timingPart(ctx) {
  ctx.clickedAt = null;
  const timings = [];
  watch(ctx, ["notice"], () => {
    if (ctx.clickedAt === null) return;
    timings.push(performance.now() - ctx.clickedAt);
    ctx.clickedAt = null;
    ctx.n.view.dataset.updates = String(timings.length);
    ctx.n.view.dataset.lastUpdateMs = timings[timings.length - 1].toFixed(1);
    window.__goldlabTimings = window.__goldlabTimings || [];
    window.__goldlabTimings.push(timings[timings.length - 1]);
  });
}

// Save: Python sends the record's text, the page hands it to the browser as a download.
function downloadPart(ctx) {
  ctx.model.on("msg:custom", (msg) => {
    if (msg && msg.type === "download") {
      const blob = new Blob([msg.text], { type: "application/json" });
      const link = el("a");
      link.href = URL.createObjectURL(blob);
      link.download = msg.filename;
      ctx.n.view.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }
  });
}

// ------------------------------------------------------------------ render

function render({ model, el: root }) {
  const ctx = context(model);
  const n = ctx.n;
  n.view = el("div", "gl-view");
  n.view.tabIndex = 0;
  n.view.setAttribute("role", "application");
  n.view.setAttribute("aria-label", "goldlab game view: arrow keys step, Home and End jump");
  n.seats = el("div", "gl-seats");
  n.view.append(buildHeader(n), buildToolbar(n), n.seats, buildMain(n), buildNav(n), ...buildFoot(n));
  root.append(n.view);
  // Wired in the order a redraw draws them (a part reading another's nodes comes after it).
  for (const part of [seatsPart, toolbarPart, lockPart, movesPart, fitPart, boardPart,
    rovingPart, inspectorPart, statusPart, glimpsePart, controlsPart, oddsPart, logPart, noticePart,
    thinkingPart, partsPart, navPart, choicesPart, announcePart, timingPart, downloadPart]) part(ctx);
  drawMarked(ctx);
  return () => {
    stopPlaying(ctx);
    endGlimpse(ctx);
    for (const stop of ctx.cleanups) stop();
  };
}

export default { render };
