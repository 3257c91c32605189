// goldlab's game view: draws what Python sends, sends back what the user chose.
// No rule logic lives here: legality is decided in Python, and a refused action
// comes back as an error message while the state stays as it was.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el: root }) {
  const view = el("div", "gl-view");
  const header = el("div", "gl-view-header");
  const board = el("div", "gl-view-board");
  const steps = el("div", "gl-view-steps");
  const actions = el("div", "gl-view-actions");
  const entry = el("div", "gl-view-entry");
  const error = el("div", "gl-view-error");
  const log = el("div", "gl-view-log");

  const input = el("input", "gl-view-input");
  input.placeholder = "type an action, e.g. take green:D";
  const go = el("button", "gl-view-apply", "apply");
  const undo = el("button", "gl-view-undo", "undo");
  const bots = el("button", "gl-view-bots", "let bots move");
  entry.append(input, go, undo, bots);

  const send = (msg) => model.send(msg);
  go.addEventListener("click", () => {
    if (input.value.trim()) send({ type: "apply", action: input.value.trim() });
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && input.value.trim()) send({ type: "apply", action: input.value.trim() });
  });
  undo.addEventListener("click", () => send({ type: "undo" }));
  bots.addEventListener("click", () => send({ type: "bots" }));

  const first = el("button", "gl-step-first", "\u23EE");
  const prev = el("button", "gl-step-prev", "\u25C0");
  const counter = el("span", "gl-step-counter");
  const next = el("button", "gl-step-next", "\u25B6");
  const last = el("button", "gl-step-last", "\u23ED");
  steps.append(first, prev, counter, next, last);
  const goto = (to) => send({ type: "goto", to });
  first.addEventListener("click", () => goto(0));
  prev.addEventListener("click", () => goto(model.get("position") - 1));
  next.addEventListener("click", () => goto(model.get("position") + 1));
  last.addEventListener("click", () => goto(model.get("length")));

  function draw() {
    header.textContent = model.get("title");
    board.innerHTML = model.get("html");
    const replay = model.get("mode") === "replay";
    steps.style.display = replay ? "flex" : "none";
    entry.style.display = replay ? "none" : "flex";
    counter.textContent = `step ${model.get("position")} of ${model.get("length")}`;
    undo.disabled = !model.get("can_undo");
    bots.style.display = model.get("has_bots") ? "" : "none";
    actions.replaceChildren();
    if (!replay) {
      for (const notation of model.get("legal")) {
        const button = el("button", "gl-action", notation);
        button.addEventListener("click", () => send({ type: "apply", action: notation }));
        actions.append(button);
      }
    }
    error.textContent = model.get("error");
    error.style.display = model.get("error") ? "" : "none";
    log.replaceChildren(...model.get("log").map((line) => el("div", "gl-view-log-line", line)));
  }

  for (const name of ["html", "legal", "log", "error", "position", "length", "can_undo", "mode", "title", "has_bots"]) {
    model.on(`change:${name}`, draw);
  }
  view.append(header, board, steps, actions, entry, error, log);
  root.append(view);
  draw();
}

export default { render };
