// goldlab's game view: draws the traits Python syncs, and sends back intents.
//
// No rule logic lives here.  A click on the board sends the clicked element's target id;
// the arrows send "one step forward/back"; the seat menu sends the seat.  Python decides
// what each intent means against the current state and answers by changing the traits
// that changed (goldlab/views/drawing.py lists them), so quick clicks are never lost and
// never applied to a stale position.  Each trait has its own drawing function, called on
// anywidget's change:<trait> event: nothing here works out what changed.

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

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(cls, label, title, icon) {
  const b = el("button", `gl-btn ${cls}`);
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-label", title);
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

function render({ model, el: root }) {
  const send = (msg) => model.send(msg);
  const get = (trait) => model.get(trait) || {};
  const view = el("div", "gl-view");
  view.tabIndex = 0;
  view.setAttribute("role", "application");
  view.setAttribute("aria-label", "goldlab game view: arrow keys step, Home and End jump");

  // ---------------------------------------------------------------- header
  const header = el("div", "gl-view-header");
  const title = el("h3", "gl-view-title");
  const status = el("div", "gl-view-status");
  status.setAttribute("aria-live", "polite");
  const seat = el("select", "gl-seat");
  seat.title = "whose eyes to look through";
  const memory = el("input", "gl-memory");
  memory.type = "checkbox";
  memory.title = "memory mode: cards seen earlier are face down again";
  const memoryField = labelled("memory mode", memory, "gl-memory-field");
  const projector = el("input", "gl-projector-toggle");
  projector.type = "checkbox";
  projector.title = "projector mode: large type; no log, notation box or developer panels";
  header.append(title, status, labelled("view as", seat, "gl-seat-as"), memoryField,
    labelled("projector", projector, "gl-projector-field"));

  // ---------------------------------------------------------------- toolbar
  const toolbar = el("div", "gl-toolbar");
  const newGame = button("gl-new", "New game", "start a new game (new shuffle, same seats)");
  const rematch = button("gl-rematch", "Rematch", "play the same shuffle again");
  const undo = button("gl-undo", "Undo turn", "take back your whole turn and the bots' replies");
  const bots = button("gl-bots", "Let bots move", "let the bots play until a person is to move");
  const glimpseAgain = button("gl-glimpse-again", "Show the last turn again",
    "see the cards turned since your last flip again, as they were turned (the log notes it)");
  const save = button("gl-save", "Save", SAVE_TITLE);
  const loadInput = el("input", "gl-load-input");
  loadInput.type = "file";
  loadInput.accept = ".json,application/json";
  loadInput.title = "load a record (JSON)";
  loadInput.setAttribute("aria-label", "load a record (JSON)");
  const load = labelled("Load", loadInput, "gl-load");
  // Watching bots play live: Python paces their moves (a worker thread) at a speed of its list.
  const watchSpeed = el("select", "gl-watch-speed");
  watchSpeed.title = "how fast the bots move when they play on their own (moves a second)";
  const pause = button("gl-pause", "Pause", "stop the bots (a search is cut short)");
  toolbar.append(newGame, rematch, undo, glimpseAgain, bots,
    labelled("bots", watchSpeed, "gl-watch"), pause, save, load);
  const seats = el("div", "gl-seats");

  // ---------------------------------------------------------------- main area
  const main = el("div", "gl-main");
  const board = el("div", "gl-view-board");
  // A glimpse (memory mode) is drawn over the board, which stays live beneath it.
  const glimpse = el("div", "gl-glimpse");
  glimpse.style.display = "none";
  const boardFrame = el("div", "gl-board-frame");
  boardFrame.append(board, glimpse);
  const side = el("div", "gl-side");
  const banner = el("div", "gl-over");
  banner.setAttribute("role", "status");
  const error = el("div", "gl-view-error");
  error.setAttribute("role", "alert");
  const hint = el("div", "gl-hint");
  const inspector = el("section", "gl-inspector");
  inspector.setAttribute("aria-label", "what happened in this step, and the rule");
  const odds = el("section", "gl-odds");
  odds.setAttribute("aria-label", "exact odds for the player to move");
  side.append(banner, error, hint, inspector, odds);
  main.append(boardFrame, side);

  // ---------------------------------------------------------------- stepping through
  const nav = el("div", "gl-nav");
  const first = button("gl-step-first", "", "to the start (Home)", "first");
  const prev = button("gl-step-prev", "", "one step back (left arrow)", "prev");
  const play = button("gl-play", "", "play through the steps", "play");
  const next = button("gl-step-next", "", "one step forward (right arrow)", "next");
  const last = button("gl-step-last", "", "to the latest position (End)", "last");
  const speed = el("select", "gl-speed");
  for (const [ms, text] of [[1500, "slow"], [800, "normal"], [350, "fast"]]) {
    const option = el("option", "", text);
    option.value = String(ms);
    speed.append(option);
  }
  speed.value = "800";
  speed.title = "how fast play steps through";
  const scrubber = el("input", "gl-scrubber");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.title = "scrub through the game";
  scrubber.setAttribute("aria-label", "position in the game");
  const counter = el("span", "gl-step-counter");
  // A step carried out in parts (the end of a game): one stop per part beside the scrubber.
  const partStrip = el("span", "gl-part-strip");
  partStrip.setAttribute("role", "group");
  partStrip.setAttribute("aria-label", "the parts of this step");
  nav.append(first, prev, play, next, last, labelled("speed", speed), scrubber, partStrip, counter);
  const branch = button("gl-branch", "Play from here", "try another move from the position shown; the game is kept");
  nav.append(branch);
  const moves = el("ol", "gl-moves");
  moves.setAttribute("aria-label", "moves: click one to see the position after it");
  const variation = el("div", "gl-variation-bar");
  variation.setAttribute("role", "status");
  const variationText = el("span", "gl-variation-text");
  const mainLine = button("gl-main-line", "Back to the main line", "leave the variation for the game as it was");
  variation.append(variationText, mainLine);

  const entry = el("div", "gl-view-entry");
  const input = el("input", "gl-view-input");
  input.placeholder = "or type an action";
  input.setAttribute("aria-label", "action notation");
  const go = button("gl-view-apply", "Apply", "apply the typed action");
  entry.append(input, go);
  const log = el("div", "gl-view-log");
  log.setAttribute("aria-label", "log of the latest steps");
  log.tabIndex = 0;

  view.append(header, toolbar, seats, main, nav, variation, moves, entry, log);
  root.append(view);

  // ---------------------------------------------------------------- intents
  let clickedAt = null;
  const timings = [];
  const clickTarget = (node) => {
    clickedAt = performance.now();
    send({ type: "click", target: node.dataset.target });
  };
  board.addEventListener("click", (e) => {
    endGlimpse();  // a click goes on with the game: the glimpse is over
    const node = e.target.closest("[data-target]");
    if (node && board.contains(node)) clickTarget(node);
  });
  board.addEventListener("keydown", (e) => {
    const node = e.target.closest("[data-target]");
    if (node && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      clickTarget(node);
    }
  });
  seat.addEventListener("change", () => send({ type: "seat", value: seat.value }));
  memory.addEventListener("change", () => send({ type: "memory", value: memory.checked }));
  projector.addEventListener("change", () => send({ type: "projector", value: projector.checked }));
  newGame.addEventListener("click", () => send({ type: "new" }));
  rematch.addEventListener("click", () => send({ type: "rematch" }));
  undo.addEventListener("click", () => send({ type: "undo" }));
  glimpseAgain.addEventListener("click", () => send({ type: "glimpse" }));
  bots.addEventListener("click", () => send({ type: "bots" }));
  watchSpeed.addEventListener("change", () => send({ type: "speed", value: Number(watchSpeed.value) }));
  pause.addEventListener("click", () => send({ type: "pause" }));
  branch.addEventListener("click", () => send({ type: "branch" }));
  mainLine.addEventListener("click", () => send({ type: "main" }));
  save.addEventListener("click", () => send({ type: "save" }));
  loadInput.addEventListener("change", () => {
    const file = loadInput.files && loadInput.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => send({ type: "load", value: String(reader.result) });
    reader.readAsText(file);
    loadInput.value = "";
  });
  const apply = () => {
    if (input.value.trim()) {
      clickedAt = performance.now();
      send({ type: "notation", value: input.value.trim() });
    }
  };
  go.addEventListener("click", apply);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") apply();
  });
  first.addEventListener("click", () => send({ type: "home" }));
  prev.addEventListener("click", () => send({ type: "step", value: -1 }));
  next.addEventListener("click", () => send({ type: "step", value: 1 }));
  last.addEventListener("click", () => send({ type: "end" }));
  scrubber.addEventListener("input", () => send({ type: "goto", value: Number(scrubber.value) }));

  let timer = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    setIcon(play, "play", "play through the steps");
  };
  const atEnd = () => {
    const at = get("status");
    const page = get("inspector");
    return at.index >= at.last && page.page + 1 >= page.pages;
  };
  const start = () => {
    if (atEnd()) send({ type: "home" });
    timer = setInterval(() => send({ type: "step", value: 1 }), Number(speed.value));
    setIcon(play, "pause", "pause");
  };
  play.addEventListener("click", () => (timer === null ? start() : stop()));
  speed.addEventListener("change", () => {
    if (timer !== null) {
      stop();
      start();
    }
  });

  view.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const keys = { ArrowLeft: ["step", -1], ArrowRight: ["step", 1], Home: ["home"], End: ["end"] };
    const intent = keys[e.key];
    if (!intent) return;
    e.preventDefault();
    send(intent.length > 1 ? { type: intent[0], value: intent[1] } : { type: intent[0] });
  });

  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "download") {
      const blob = new Blob([msg.text], { type: "application/json" });
      const link = el("a");
      link.href = URL.createObjectURL(blob);
      link.download = msg.filename;
      view.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }
  });

  // ---------------------------------------------------------------- drawing
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

  // Whose eyes, memory mode, and who plays each seat: a person or any bot of the game
  // (its description as the title), and for a bot that takes a number a strength menu.
  // Python names every entry and turns the choice into the bot's spec; the menus only
  // send the chosen value.
  function drawSeats() {
    const p = get("seats");
    if (!p.seats) return;
    view.dataset.seat = p.seat;
    seat.replaceChildren(...p.seats.map((s) => {
      const option = el("option", "", s.label);
      option.value = s.value;
      return option;
    }));
    memoryField.style.display = p.memory_toggle ? "" : "none";
    const choices = new Map(p.bot_choices.map((c) => [c.value, c]));
    seats.replaceChildren(...p.bots.map((b) => {
      const field = el("span", "gl-seat-field");
      field.dataset.seat = String(b.seat);
      const select = el("select", "gl-seat-player");
      select.dataset.seat = String(b.seat);
      for (const choice of p.bot_choices) {
        const option = el("option", "", choice.label);
        option.value = choice.value;
        option.title = choice.title;
        select.append(option);
      }
      const chosen = choices.get(b.bot);
      select.title = `who plays ${b.name}${chosen ? `: ${chosen.title}` : ""}`;
      select.addEventListener("change", () => {
        const picked = choices.get(select.value);
        send({ type: "bot", seat: b.seat, value: picked ? picked.default : select.value });
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
        strength.addEventListener("change", () => send({ type: "bot", seat: b.seat, value: strength.value }));
        field.append(labelled("strength", strength));
      }
      return field;
    }));
  }

  // Every menu and switch shows what Python holds: after each intent (a refused choice
  // leaves the traits as they were, so the control must be set back).
  function showChoices() {
    const p = get("seats");
    if (p.seats) {
      seat.value = p.seat;
      memory.checked = p.memory;
      for (const b of p.bots) {
        const player = seats.querySelector(`select.gl-seat-player[data-seat="${b.seat}"]`);
        const strength = seats.querySelector(`select.gl-seat-strength[data-seat="${b.seat}"]`);
        if (player) player.value = b.bot;
        if (strength) strength.value = b.value;
      }
    }
    projector.checked = Boolean(get("lock").projector);
    watchSpeed.value = String(get("speeds").speed || 0);
  }

  // While a searching bot decides, Python says who is thinking (its own trait, sent at once).
  // The bot thinks on a worker thread, so New game, Rematch, Undo, Load and the seat menus
  // stay live: Python stops the search and drops its move.  Playing waits meanwhile.
  // The one place that says which of them are live.
  const waitWhileThinking = [bots, input, go];
  function drawControls() {
    const thinking = Boolean(model.get("thinking"));
    for (const control of waitWhileThinking) control.disabled = thinking;
    const p = get("status");
    if (p.title) {
      undo.disabled = !p.can_undo;
      bots.disabled = thinking || !p.live || Boolean(p.bots_running);
      pause.disabled = !p.bots_running;
      branch.disabled = !p.can_branch;
    }
  }
  // A teacher's lock: Python refuses these intents; the page hides their controls too.
  function drawLock() {
    const p = get("lock");
    const locked = Boolean(p.locked);
    view.classList.toggle("gl-locked", locked);
    view.classList.toggle("gl-projector", Boolean(p.projector));
    for (const control of [seat, memory, rematch, loadInput]) if (locked) control.disabled = true;
    if (locked) view.querySelectorAll(".gl-seats select").forEach((s) => { s.disabled = true; });
  }
  let thoughts = 0;
  function drawThinking() {
    const text = model.get("thinking") || "";
    view.classList.toggle("gl-is-thinking", Boolean(text));
    drawControls();
    if (text) {
      thoughts += 1;
      view.dataset.thinkingSeen = String(thoughts);
      status.textContent = text;
    } else {
      const p = get("status");
      if (p.title) status.textContent = statusText(p);
    }
  }
  model.on("change:thinking", drawThinking);

  function drawInspector() {
    const page = get("inspector");
    if (!page.title && page.title !== "") return;
    const head = el("h4", "gl-inspector-title", page.title);
    const parts = [head];
    if (page.pages > 1) parts.push(el("div", "gl-page-counter", `part ${page.page + 1} of ${page.pages}`));
    if (page.rule) parts.push(el("div", "gl-rule", page.rule));
    if (page.quote) parts.push(quoteBlock(page.quote));
    const body = el("div", "gl-inspector-body");
    body.innerHTML = page.html;
    parts.push(body);
    inspector.replaceChildren(...parts);
  }

  let exactShown = false;  // the exact fractions, on demand
  function drawOdds() {
    const p = { ...get("odds"), projector: Boolean(get("lock").projector) };
    if (!p.odds) return;
    odds.style.display = p.odds.length ? "" : "none";
    if (!p.odds.length) return;
    if (p.projector) {
      // A few lines a room can read: the first rows, as percentages.
      const list = el("ul", "gl-odds-short");
      for (const row of p.odds.slice(0, ODDS_ON_PROJECTOR)) {
        const li = el("li", "", `${row.label}: `);
        li.append(el("b", "gl-num", row.percent || `${Math.round(row.decimal * 100)} %`));
        if (row.about) li.append(` (${row.about})`);
        li.title = `${row.fraction}${row.note ? ` \u2014 ${row.note}` : ""}`;
        list.append(li);
      }
      odds.replaceChildren(el("h4", "", `Odds for ${p.odds_for}`), list);
      return;
    }
    // As a teacher says them: a percentage and "about 1 in 3"; the exact fraction on
    // demand (the toggle, or a row's tooltip); a row that repeats a number says why; the
    // method above the table, not only in a tooltip.
    const table = el("table", "gl-table gl-odds-table");
    const head = el("tr");
    head.append(el("th", "", "chance"), el("th", "", "%"), el("th", "", "in words"));
    if (exactShown) head.append(el("th", "", "exact"), el("th", "", "decimal"));
    table.append(head);
    for (const row of p.odds) {
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
    const toggle = button("gl-odds-exact", exactShown ? "hide fractions" : "exact fractions",
      exactShown ? "hide the exact fractions" : "show each chance as an exact fraction");
    toggle.setAttribute("aria-pressed", String(exactShown));
    toggle.addEventListener("click", () => {
      exactShown = !exactShown;
      drawOdds();
    });
    const parts = [el("h4", "", `Odds for ${p.odds_for}`)];
    if (p.odds_method) parts.push(el("p", "gl-odds-method", p.odds_method));
    parts.push(table, toggle);
    odds.replaceChildren(...parts);
  }

  // The move list is rebuilt only when the moves change; a step just moves the marker.
  const gotoMove = (node) => send({ type: "goto", value: Number(node.dataset.index),
    page: Number(node.dataset.page || 0) });
  partStrip.addEventListener("click", (e) => {
    const node = e.target.closest(".gl-part");
    if (node) gotoMove(node);
  });
  moves.addEventListener("click", (e) => {
    const node = e.target.closest(".gl-part") || e.target.closest(".gl-move");
    if (node) gotoMove(node);
  });
  moves.addEventListener("keydown", (e) => {
    const node = e.target.closest(".gl-part") || e.target.closest(".gl-move");
    if (node && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      gotoMove(node);
    }
  });

  function drawMoves() {
    const p = get("moves");
    if (!p.moves) return;
    const from = p.variation ? p.variation.from : -1;
    variation.style.display = p.variation ? "" : "none";
    if (p.variation) variationText.textContent = p.variation.label;
    mainLine.textContent = p.variation ? p.variation.back : "";
    const notations = p.moves_notation || [];
    moves.replaceChildren(...["start", ...p.moves].map((text, i) => {
      const li = el("li", from >= 0 && i > from ? "gl-move gl-variation" : "gl-move", text);
      if (i > 0 && notations[i - 1]) li.title = notations[i - 1];  // the notation
      li.dataset.index = String(i);
      li.tabIndex = 0;
      li.setAttribute("role", "button");
      return li;
    }));
  }

  // The step shown: marked in the move list (centred), its parts listed under it.
  function markCurrentMove() {
    const old = moves.querySelector(".gl-current");
    const current = moves.children[get("status").index];
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
    drawParts();
    centreCurrentMove();
  }

  // The parts of the step looked at, under its move and beside the scrubber: click one to
  // see the table as after it.
  function drawParts() {
    for (const old of moves.querySelectorAll(".gl-parts")) old.remove();
    const page = get("inspector");
    const index = get("status").index;
    const current = moves.querySelector(".gl-current");
    const titles = page.titles || [];
    const part = (title, i, tag) => {
      const node = el(tag, `gl-part${i === page.page ? " gl-current-part" : ""}`,
        tag === "li" ? title : String(i + 1));
      node.dataset.index = String(index);
      node.dataset.page = String(i);
      node.tabIndex = 0;
      node.title = title;
      node.setAttribute("role", "button");
      if (i === page.page) node.setAttribute("aria-current", "step");
      return node;
    };
    if (titles.length > 1 && current) {
      const list = el("ol", "gl-parts");
      list.append(...titles.map((t, i) => part(t, i, "li")));
      current.append(list);
    }
    const where = el("span", "gl-part-counter", `part ${page.page + 1} of ${titles.length}`);
    partStrip.replaceChildren(...(titles.length > 1
      ? [where, ...titles.map((t, i) => part(t, i, "button"))] : []));
    partStrip.style.display = titles.length > 1 ? "" : "none";
  }

  // Centre the current move in the list (only the list scrolls, never the page); again
  // once the list is laid out (a view drawn before it is on the page has no sizes yet).
  function centreCurrentMove() {
    const current = moves.querySelector(".gl-current");
    if (current && moves.scrollHeight > moves.clientHeight) {
      const box = moves.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      moves.scrollTop += item.top - box.top - (moves.clientHeight - item.height) / 2;
    }
  }
  let movesHeight = 0;
  const movesResized = new ResizeObserver(() => {
    if (moves.clientHeight !== movesHeight) {
      movesHeight = moves.clientHeight;
      centreCurrentMove();
    }
  });
  movesResized.observe(moves);

  function statusText(p) {
    return p.live ? p.status : `${p.status} (looking back: step ${p.index} of ${p.last})`;
  }

  // Scale to fit: a part of the board wider than its box (a scrolling strip) is zoomed
  // out until it fits, so the board never scrolls sideways and every target stays whole.
  let zoomed = [];
  function fitBoard() {
    for (const node of zoomed) node.style.zoom = "";
    zoomed = fit(board);
  }
  function fit(root) {
    const found = [];
    for (const scroller of [root, ...root.querySelectorAll("*")]) {
      const room = scroller.clientWidth;
      const need = scroller.scrollWidth;
      if (room <= 0 || need <= room + 1) continue;  // cheap: one layout serves every node
      const overflow = getComputedStyle(scroller).overflowX;
      if (overflow !== "auto" && overflow !== "scroll") continue;
      const zoom = String(Math.floor((room / need) * 1000) / 1000);
      for (const c of scroller.children) {
        if (c.tagName === "STYLE") continue;
        c.style.zoom = zoom;
        found.push(c);
      }
    }
    return found;
  }
  // A glimpse: its moments one after another over the board, then the board as it is now.
  let glimpseShown = 0;
  let glimpseTimer = null;
  function endGlimpse() {
    if (glimpseTimer !== null) clearTimeout(glimpseTimer);
    glimpseTimer = null;
    glimpse.style.display = "none";
    glimpse.replaceChildren();
  }
  function playGlimpse(moments) {
    endGlimpse();
    let next = 0;
    const show = () => {
      if (next >= moments.length) {
        endGlimpse();
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
      glimpse.replaceChildren(caption, picture);
      glimpse.style.display = "";
      fit(picture);  // as narrow as the board: zoomed out as the board is
      glimpseTimer = setTimeout(show, next === moments.length ? GLIMPSE_MS * 1.5 : GLIMPSE_MS);
    };
    show();
  }

  let fittedWidth = 0;
  const resized = new ResizeObserver(() => {
    if (board.clientWidth !== fittedWidth) {
      fittedWidth = board.clientWidth;
      fitBoard();
    }
  });
  resized.observe(board);

  function drawWatchSpeed() {
    const speeds = get("speeds").speeds || [];
    watchSpeed.replaceChildren(...speeds.map((v) => {
      const option = el("option", "", v ? `${v} move${v === 1 ? "" : "s"}/s` : "at once");
      option.value = String(v);
      return option;
    }));
  }

  // The picture: drawn anew only when Python sends a new one.
  function drawBoard() {
    const p = get("board");
    if (p.board === undefined) return;
    board.innerHTML = p.board;
    fitBoard();
    board.classList.toggle("gl-acting", Boolean(p.acting));
    if (p.highlight) {
      const node = board.querySelector(`[data-target="${CSS.escape(p.highlight)}"]`);
      if (node) node.classList.add("gl-last-move");
    }
    entry.style.display = p.acting ? "" : "none";
  }

  // Where the game stands: status, the step shown, the final banner, a glimpse, buttons.
  function drawStatus() {
    const p = get("status");
    if (!p.title) return;
    title.textContent = p.title;
    status.textContent = model.get("thinking") || statusText(p);
    banner.replaceChildren();
    if (p.over) {
      banner.append(el("h4", "gl-over-verdict", `Game over: ${p.over.verdict}`));
      if (p.over.tiebreak) banner.append(el("div", "gl-over-tiebreak", p.over.tiebreak));
      const t = el("div");
      t.innerHTML = p.over.html;
      banner.append(t);
    }
    banner.style.display = p.over ? "" : "none";
    scrubber.max = String(p.last);
    scrubber.value = String(p.index);
    counter.textContent = `step ${p.index} of ${p.last}`;
    drawControls();
    glimpseAgain.style.display = p.can_glimpse ? "" : "none";
    save.title = p.save_refused || SAVE_TITLE;  // pressed anyway, Python says why it waits
    save.setAttribute("aria-label", save.title);
    if (p.glimpse && p.glimpse.id !== glimpseShown) {
      glimpseShown = p.glimpse.id;
      playGlimpse(p.glimpse.moments);
    }
    input.placeholder = p.example ? `or type an action, e.g. ${p.example}` : "or type an action";
  }

  // The step buttons: the start and the game as it stands (its last part) end them.
  function drawNav() {
    const index = get("status").index;
    first.disabled = prev.disabled = index === 0;
    next.disabled = last.disabled = atEnd();
    if (timer !== null && atEnd()) stop();
  }

  function drawLog() {
    log.replaceChildren(...(model.get("log_lines") || []).map((line) => el("div", "gl-view-log-line", line)));
    log.scrollTop = log.scrollHeight;
  }

  // The notice changes with every redraw (its revision): the hint and the error.
  function drawNotice() {
    const p = get("notice");
    hint.textContent = p.hint || "";
    hint.style.display = p.hint ? "" : "none";
    error.replaceChildren();
    if (p.error) {
      error.append(el("div", "gl-error-text", p.error));
      if (p.error_quote) error.append(quoteBlock(p.error_quote));
    }
    error.style.display = p.error ? "" : "none";
  }

  // Each trait's drawing, in the order a redraw draws them.  anywidget says which traits
  // changed (change:<trait>); the traits of one redraw arrive together, and are drawn
  // together once they all have (a microtask), each once, then what depends on several.
  const drawers = {
    seats: drawSeats, speeds: drawWatchSpeed, lock: () => { drawLock(); drawOdds(); },
    moves: drawMoves, board: drawBoard, inspector: drawInspector, status: drawStatus,
    odds: drawOdds, log_lines: drawLog, notice: drawNotice, thinking: drawThinking,
  };
  const changed = new Set();
  function drawChanged() {
    const traits = Object.keys(drawers).filter((trait) => changed.has(trait));
    changed.clear();
    for (const trait of traits) drawers[trait]();
    if (traits.some((t) => t === "moves" || t === "status" || t === "inspector")) {
      markCurrentMove();  // the step shown, its parts, the step buttons
      drawNav();
    }
    showChoices();  // every menu and switch as Python holds it (after a refused choice too)
    if (clickedAt !== null && traits.includes("notice")) {
      timings.push(performance.now() - clickedAt);
      clickedAt = null;
      view.dataset.updates = String(timings.length);
      view.dataset.lastUpdateMs = timings[timings.length - 1].toFixed(1);
      window.__goldlabTimings = window.__goldlabTimings || [];
      window.__goldlabTimings.push(timings[timings.length - 1]);
    }
  }
  for (const trait of Object.keys(drawers)) {
    model.on(`change:${trait}`, () => {
      if (changed.size === 0) queueMicrotask(drawChanged);
      changed.add(trait);
    });
    changed.add(trait);
  }
  drawChanged();
  return () => {
    stop();
    endGlimpse();
    resized.disconnect();
    movesResized.disconnect();
  };
}

export default { render };
