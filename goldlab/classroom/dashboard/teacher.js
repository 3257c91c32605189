// The teacher's dashboard of `goldlab classroom` (issue 45).
//
// The token comes from the link's fragment (#token=...), which browsers never send to a server,
// so it reaches no log; it is kept for this tab only (sessionStorage) and taken out of the
// address bar, so a projector does not show it.  Every second the page asks the server whether
// anything changed (GET /api/teacher/summary?since=N answers {"changed": false} at once when not)
// and redraws only when it did, from the server's aggregates: one point per student per ask.
// Names are students' input: they are only ever set as text (textContent, SVG <title> text
// nodes), never as HTML.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const EVERY_MS = 1000;
const W = 460, H = 210, LEFT = 40, RIGHT = 12, TOP = 12, BOTTOM = 34;

const state = { token: null, lesson: null, last: null, timer: null, busy: false };

function readToken() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get("token");
  if (token) {
    sessionStorage.setItem("goldlab-token", token);
    history.replaceState(null, "", window.location.pathname);  // off the projector
    return token;
  }
  return sessionStorage.getItem("goldlab-token");
}

function say(text, error) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.className = error ? "error" : "";
}

async function api(path, body) {
  const options = { headers: { "X-Goldlab-Token": state.token }, cache: "no-store" };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let answer = null;
  try { answer = await response.json(); } catch (e) { answer = null; }
  if (!response.ok || !answer || answer.ok !== true) {
    const reason = answer && typeof answer.error === "string" ? answer.error : `status ${response.status}`;
    const failure = new Error(reason);
    failure.status = response.status;
    throw failure;
  }
  return answer;
}

function el(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  return node;
}

function svg(tag, attributes, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function tooltip(node, text) {  // an SVG tooltip: a <title> child holding a text node
  const title = document.createElementNS(SVG, "title");
  title.textContent = text;
  node.appendChild(title);
}

function label(parent, x, y, text, anchor) {
  const node = svg("text", { x, y, "text-anchor": anchor || "middle" }, parent);
  node.textContent = text;
  return node;
}

function share(x) { return x === null || x === undefined ? "–" : Number(x).toFixed(3); }

function frame(title) {
  const picture = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img" });
  const name = document.createElementNS(SVG, "title");
  name.textContent = title;
  picture.appendChild(name);
  svg("line", { x1: LEFT, y1: H - BOTTOM, x2: W - RIGHT, y2: H - BOTTOM, stroke: "#444" }, picture);
  svg("line", { x1: LEFT, y1: TOP, x2: LEFT, y2: H - BOTTOM, stroke: "#444" }, picture);
  return picture;
}

function exactLine(picture, x1, y1, x2, y2, exact, labelX, labelY, anchor) {
  svg("line", { x1, y1, x2, y2, stroke: "#000", "stroke-dasharray": "5 4", "stroke-width": 1.5 }, picture);
  label(picture, labelX, labelY, `exact ${share(exact)}`, anchor);
}

function predictionPicture(ask) {
  // a dot histogram: each student one dot in the bin of their latest guess
  const picture = frame(ask.title);
  const x = (v) => LEFT + v * (W - LEFT - RIGHT);
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) label(picture, x(tick), H - BOTTOM + 16, tick.toString());
  label(picture, (LEFT + W - RIGHT) / 2, H - 4, "the class's guesses");
  const guessed = ask.points.filter((p) => p.guess !== null && p.guess !== undefined);
  const bin = (guess) => Math.min(19, Math.floor(guess * 20));
  const tallest = new Array(20).fill(0);
  for (const point of guessed) tallest[bin(point.guess)] += 1;
  const dot = Math.max(2, Math.min(7, (H - BOTTOM - TOP) / (2 * Math.max(1, ...tallest))));
  const stacks = new Array(20).fill(0);
  for (const point of guessed) {
    const height = stacks[bin(point.guess)]++;
    const circle = svg("circle", {
      cx: x((bin(point.guess) + 0.5) / 20), cy: H - BOTTOM - dot - height * 2 * dot, r: Math.max(1.5, dot - 0.5),
      fill: point.hidden ? "none" : "#d4a017", stroke: point.hidden ? "#999" : "#7a5c00",
    }, picture);
    tooltip(circle, `${point.name}: ${share(point.guess)}${point.hidden ? " (hidden)" : ""}`);
  }
  if (ask.exact !== null && ask.exact !== undefined) {
    exactLine(picture, x(ask.exact), TOP, x(ask.exact), H - BOTTOM, ask.exact,
              x(ask.exact) + 4, TOP + 10, "start");
  }
  return picture;
}

function trialsPicture(ask) {
  // each student's own share (y) against their trials (x); the class's pooled share and its
  // 95 % interval as a band across
  const picture = frame(ask.title);
  const most = Math.max(10, ...ask.points.map((p) => p.trials));
  const x = (n) => LEFT + (n / (most * 1.06)) * (W - LEFT - RIGHT);  // room for the last dot
  const y = (v) => H - BOTTOM - v * (H - BOTTOM - TOP);
  for (const tick of [0, 0.5, 1]) label(picture, LEFT - 4, y(tick) + 4, tick.toString(), "end");
  label(picture, x(0), H - BOTTOM + 16, "0");
  label(picture, x(most), H - BOTTOM + 16, String(most));
  label(picture, (LEFT + W - RIGHT) / 2, H - 4, "each student's trials (dot: their share)");
  if (ask.trials > 0) {
    const band = svg("rect", { x: LEFT, y: y(ask.high), width: W - LEFT - RIGHT,
                               height: Math.max(1, y(ask.low) - y(ask.high)), fill: "#5b7fa6", opacity: 0.25 }, picture);
    tooltip(band, `the class: ${share(ask.low)} to ${share(ask.high)} (95 %)`);
    svg("line", { x1: LEFT, y1: y(ask.estimate), x2: W - RIGHT, y2: y(ask.estimate), stroke: "#1f3b5a", "stroke-width": 2 }, picture);
  }
  for (const point of ask.points) {
    if (!point.trials) continue;
    const circle = svg("circle", {
      cx: x(point.trials), cy: y(point.successes / point.trials), r: 5,
      fill: point.hidden ? "none" : "#c0392b", stroke: point.hidden ? "#999" : "#7b241c",
    }, picture);
    tooltip(circle, `${point.name}: ${point.successes} of ${point.trials}${point.hidden ? " (hidden)" : ""}`);
  }
  if (ask.exact !== null && ask.exact !== undefined) {
    exactLine(picture, LEFT, y(ask.exact), W - RIGHT, y(ask.exact), ask.exact,
              LEFT + 4, y(ask.exact) - 6, "start");
  }
  return picture;
}

function figureLine(ask) {
  const line = el("p", null, { class: "figure" });
  const exact = ask.exact === null || ask.exact === undefined ? "" : ` · exact ${share(ask.exact)}`;
  if (ask.kind === "prediction") {
    line.append(el("b", ask.count ? `mean guess ${share(ask.mean)}` : "no guesses yet"),
                `${exact} · ${ask.count} student${ask.count === 1 ? "" : "s"}`);
  } else {
    line.append(el("b", ask.trials ? `class: ${ask.successes} of ${ask.trials} = ${share(ask.estimate)}` : "no trials yet"),
                ask.trials ? ` (95 % interval ${share(ask.low)} to ${share(ask.high)})${exact} · ${ask.students} student${ask.students === 1 ? "" : "s"}`
                           : exact);
  }
  return line;
}

function drawAsks(asks) {
  const holder = document.getElementById("asks");
  holder.replaceChildren();
  for (const ask of asks) {
    const box = el("article", null, { class: "ask", "data-key": ask.key });
    box.append(el("h2", ask.title), figureLine(ask),
               ask.kind === "prediction" ? predictionPicture(ask) : trialsPicture(ask));
    const reveal = el("button", ask.revealed ? "Revealed to the class" : "Reveal to the class",
                      { type: "button", class: "reveal" });
    reveal.disabled = ask.revealed;
    reveal.addEventListener("click", () => act(() => api("/api/teacher/reveal", { lesson: state.lesson, key: ask.key })));
    box.append(reveal);
    holder.append(box);
  }
}

function drawStudents(students) {
  const body = document.querySelector("#students tbody");
  body.replaceChildren();
  for (const student of students) {
    const row = el("tr", null, student.hidden ? { class: "hidden-row" } : {});
    const shown = el("input", null, { type: "checkbox", "aria-label": "shown in the class's figures" });
    shown.checked = !student.hidden;
    shown.addEventListener("change", () => act(() => api("/api/teacher/hide", { student: student.id, hidden: !shown.checked })));
    const rename = el("button", "Rename", { type: "button" });
    rename.addEventListener("click", () => {
      const name = window.prompt("The new name, as the class will see it:", student.name);
      if (name !== null) act(() => api("/api/teacher/rename", { student: student.id, name }));
    });
    const cells = [el("td", student.name), el("td"), el("td")];
    cells[1].append(shown);
    cells[2].append(rename);
    row.append(...cells);
    body.append(row);
  }
}

async function act(request) {
  try {
    await request();
    state.last = null;  // redraw now
    await poll();
  } catch (failure) {
    say(failure.message, true);
  }
}

async function poll() {
  if (state.busy) return;
  state.busy = true;
  try {
    const since = state.last === null ? "" : `&since=${state.last}`;
    const summary = await api(`/api/teacher/summary?lesson=${encodeURIComponent(state.lesson)}${since}`);
    if (summary.changed) {
      drawAsks(summary.asks);
      drawStudents(summary.students);
      const count = summary.students.length;
      say(`${count} student${count === 1 ? "" : "s"} in the class; ${summary.rows} rows so far.`);
    }
    state.last = summary.last;
  } catch (failure) {
    if (failure.status === 403) {
      clearInterval(state.timer);
      say("This link has no valid teacher token: open the teacher's link the server printed.", true);
    } else {
      say(`The class server does not answer (${failure.message}); trying again.`, true);
    }
  } finally {
    state.busy = false;
  }
}

async function exportRows() {
  try {
    const response = await fetch("/api/teacher/export.csv", { headers: { "X-Goldlab-Token": state.token } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const link = el("a", null, { download: "class.csv" });
    link.href = URL.createObjectURL(await response.blob());
    document.body.append(link);
    link.click();
    link.remove();
  } catch (failure) {
    say(`The rows could not be downloaded (${failure.message}).`, true);
  }
}

async function start() {
  state.token = readToken();
  if (!state.token) {
    say("Open this page with the teacher's link the server printed (it ends in #token=...).", true);
    return;
  }
  let info;
  try {
    info = await api("/api/class");
  } catch (failure) {
    say(`The class server does not answer (${failure.message}).`, true);
    return;
  }
  document.getElementById("class-title").textContent = info.class;
  const choose = document.getElementById("lesson");
  for (const lesson of info.lessons) {
    choose.append(el("option", lesson.replace(/-/g, " ").replace(/^(\d+) /, "$1. "), { value: lesson }));
  }
  state.lesson = info.lessons[0];
  choose.addEventListener("change", () => { state.lesson = choose.value; state.last = null; poll(); });
  document.getElementById("export").addEventListener("click", exportRows);
  await poll();
  state.timer = setInterval(poll, EVERY_MS);
}

document.addEventListener("DOMContentLoaded", start);
