// The replay of a finished game: its record's actions one by one (first, back, forward, last, a
// slider, a line of the log; the keys ←, →, Home and End), each picture asked of the server (GET /api/games/{id}/svg?ply=N); the
// log in words and the result as the server renders them in the page's language. No rule is known here.

import { capital, spoken, t } from "./i18n.js";
import { showLog } from "./log.js";
import { showRefusal } from "./refusal.js";
import { showRules } from "./rules.js";
import { authorized, linked, seatToken } from "./token.js";

const $ = (selector) => document.querySelector(selector);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = seatToken(gameId);
const api = `/api/games/${encodeURIComponent(gameId)}`;
const headers = authorized(token); // the token goes in a header, never in a URL

let actions = [];
let narration = [];
let history = [];
let ply = 0;
let loading = null;

start();

async function start() {
  $("#back-to-game").href = `/play/${encodeURIComponent(gameId)}${linked(gameId, token)}`;
  const payload = await (await fetch(spoken(api), { headers })).json();
  if (payload.error !== undefined) return fail(payload);
  if (!payload.is_over) return fail(t("The replay is shown once the game is over."));
  const title = t("Replay: {game}", { game: payload.words.game });
  document.title = `${title} · spielwerk`;
  $("#title").textContent = title;
  const seats = await (await fetch(spoken(`${api}/seats`), { headers })).json();
  if (seats.error === undefined) showRules(seats.game);
  actions = payload.record.actions;
  narration = payload.narration;
  history = payload.history;
  $("#over-reason").textContent = capital(payload.words.reason || "");
  $("#ply").max = String(actions.length);
  $("#ply").addEventListener("input", () => go(Number($("#ply").value)));
  $("#first").addEventListener("click", () => go(0));
  $("#back").addEventListener("click", () => go(ply - 1));
  $("#forward").addEventListener("click", () => go(ply + 1));
  $("#last-ply").addEventListener("click", () => go(actions.length));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: actions.length }[event.key];
    if (to === undefined) return;
    event.preventDefault(); // Home and End would scroll the page
    go(to);
  });
  await go(actions.length);
}

async function go(next) {
  ply = Math.max(0, Math.min(actions.length, next));
  $("#ply").value = String(ply);
  $("#status").textContent = t("Ply {ply} of {count}", { ply, count: actions.length });
  $("#last").textContent = ply ? narration[ply - 1] : t("The start");
  $("#first").disabled = $("#back").disabled = ply === 0;
  $("#forward").disabled = $("#last-ply").disabled = ply === actions.length;
  showLog($("#log"), narration, history, go, ply);
  const asked = ply;
  const fetching = (loading = fetch(spoken(`${api}/svg?ply=${asked}`), { headers }).then((r) => r.text()));
  const text = await fetching;
  if (loading !== fetching) return;
  $("#board").innerHTML = text;
  const svg = $("#board svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
  }
  document.body.dataset.ply = String(asked);
}

// A message, or the server's refusal ({"error", "rule", "said", "sentence"}).
function fail(message) {
  $("#fatal").hidden = false;
  if (typeof message === "string") $("#fatal").textContent = message;
  else showRefusal($("#fatal"), message);
}
