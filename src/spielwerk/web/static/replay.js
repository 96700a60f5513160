// The replay of a finished game: its record's actions one by one (first, back, forward, last, a
// slider), each picture asked of the server (GET /api/games/{id}/svg?ply=N); no rule is known here.

import { ending } from "./ending.js";
import { lang, t } from "./i18n.js";
import { showRules } from "./rules.js";
import { line, showRefusal } from "./said.js";

const $ = (selector) => document.querySelector(selector);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.search).get("token");
const api = `/api/games/${encodeURIComponent(gameId)}`;
const withToken = (params) => {
  const query = new URLSearchParams(params);
  if (token) query.set("token", token);
  return query.toString();
};

let actions = [];
let ply = 0;
let loading = null;

start();

async function start() {
  $("#back-to-game").href = `/play/${encodeURIComponent(gameId)}${token ? `?${withToken({})}` : ""}`;
  const payload = await (await fetch(`${api}?${withToken({})}`)).json();
  if (payload.error !== undefined) return fail(payload);
  if (!payload.is_over) return fail(t("The replay is shown once the game is over."));
  const seats = await (await fetch(`${api}/seats?${withToken({})}`)).json();
  const title = t("Replay: {game}", { game: t(seats.name) });
  document.title = `${title} · spielwerk`;
  $("#title").textContent = title;
  showRules(seats.game);
  actions = payload.record.actions;
  const said = payload.ended ? ending(payload.ended, seats) : payload.view && payload.view.result ? line(payload.view.result.reason || "") : "";
  $("#over-reason").textContent = said || "";
  $("#history").replaceChildren(
    ...actions.map((text, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "action";
      button.textContent = text;
      button.addEventListener("click", () => go(index + 1));
      item.appendChild(button);
      return item;
    }),
  );
  $("#ply").max = String(actions.length);
  $("#ply").addEventListener("input", () => go(Number($("#ply").value)));
  $("#first").addEventListener("click", () => go(0));
  $("#back").addEventListener("click", () => go(ply - 1));
  $("#forward").addEventListener("click", () => go(ply + 1));
  $("#last-ply").addEventListener("click", () => go(actions.length));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(ply - 1);
    if (event.key === "ArrowRight") go(ply + 1);
  });
  await go(actions.length);
}

async function go(next) {
  ply = Math.max(0, Math.min(actions.length, next));
  $("#ply").value = String(ply);
  $("#status").textContent = t("Ply {ply} of {count}", { ply, count: actions.length });
  $("#last").textContent = ply ? t("Last: {action}", { action: actions[ply - 1] }) : t("The start");
  $("#first").disabled = $("#back").disabled = ply === 0;
  $("#forward").disabled = $("#last-ply").disabled = ply === actions.length;
  document.querySelectorAll("#history li").forEach((item, index) => item.classList.toggle("current", index + 1 === ply));
  const asked = ply;
  const fetching = (loading = fetch(`${api}/svg?${withToken({ ply: String(asked), lang })}`).then((r) => r.text()));
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

// A message, or the server's refusal ({"error", "rule"}).
function fail(message) {
  $("#fatal").hidden = false;
  if (typeof message === "string") $("#fatal").textContent = message;
  else showRefusal($("#fatal"), message);
}
