// The lobby: the games and agents the server offers (GET /api/catalog, its games' names, seats and
// options in the page's language), a form that POSTs /api/games, and each seat's invite link and the
// spectator link from its answer; the games this browser has a seat in, each asked of the server.
// An agent is offered by a plain strength word; its spec shows on hover.

import { spoken, t } from "./i18n.js";
import { forget, remembered } from "./mine.js";
import { showRefusal } from "./refusal.js";
import { showRules } from "./rules.js";
import { agentName } from "./strength.js";
import { authorized } from "./token.js";

const $ = (selector) => document.querySelector(selector);
const HUMAN = "human";
const DEFAULT_STRENGTH = "strong"; // what a seat besides the first is given at first
let catalog = null;
let shown = null; // the catalog entry of the game chosen, as the options typed make it
let asking = null;
let questions = 0;

start();

async function start() {
  catalog = await (await fetch(spoken("/api/catalog"))).json();
  $("#game").replaceChildren(...catalog.games.map((game) => option(game.id, game.words.game)));
  $("#game").addEventListener("change", chooseGame);
  $("#players").addEventListener("change", drawSeats);
  $("#new-game").addEventListener("submit", create);
  chooseGame();
  listMine();
}

// My games, those where it is my turn first; asked again every 20 s while the page is shown, and
// the tab's title counts the games waiting for me.
async function listMine() {
  const items = await Promise.all(remembered().map(describe));
  const shown = items.filter(Boolean);
  const yours = shown.filter((item) => item.dataset.turn === "yours");
  $("#my-games").replaceChildren(...yours, ...shown.filter((item) => item.dataset.turn !== "yours"));
  $("#mine").hidden = !shown.length;
  document.title = yours.length ? `(${yours.length}) ${lobbyTitle}` : lobbyTitle;
  document.body.dataset.yourTurns = String(yours.length);
}

const lobbyTitle = document.title;
setInterval(() => {
  if (!document.hidden) listMine();
}, 20000);

// One of my games as a line: its link, the game, my seat, and whose turn it is (or that it is over).
async function describe(entry) {
  const headers = authorized(entry.token); // asked with the token in a header, never in a URL
  const api = `/api/games/${encodeURIComponent(entry.id)}`;
  try {
    const [seatsAnswer, payloadAnswer] = await Promise.all([fetch(spoken(`${api}/seats`), { headers }), fetch(spoken(api), { headers })]);
    if (seatsAnswer.status === 403 || seatsAnswer.status === 404) {
      forget(entry.id, entry.token); // the server no longer knows it
      return null;
    }
    const seats = await seatsAnswer.json();
    const payload = await payloadAnswer.json();
    if (seats.error !== undefined || payload.error !== undefined) return null;
    const item = document.createElement("li");
    item.dataset.game = entry.id;
    const link = document.createElement("a");
    // the seat's own link, as it was given: the page takes the token out of its address at once
    link.href = `/play/${encodeURIComponent(entry.id)}?token=${encodeURIComponent(entry.token)}`;
    link.textContent = `${seats.words.game} · ${entry.id}`;
    const name = (seat) => seats.seats[seat].display || seats.words.seats[seat];
    const state = document.createElement("span");
    if (payload.is_over) state.textContent = t("over");
    else if (payload.to_move === seats.you) {
      state.textContent = t("your turn");
      state.className = "yours";
      item.dataset.turn = "yours";
    } else state.textContent = payload.to_move === null ? "…" : t("{name} to move", { name: name(payload.to_move) });
    const playing = t("you play {seat}", { seat: seats.words.seats[seats.you] });
    item.append(link, ` — ${playing} — `, state);
    return item;
  } catch {
    return null;
  }
}

function game() {
  return catalog.games.find((g) => g.id === $("#game").value);
}

function chooseGame() {
  const chosen = game();
  shown = chosen;
  showRules(chosen.id);
  showPlayers(chosen);
  $("#options").replaceChildren(
    ...chosen.options.map((item) => {
      const label = document.createElement("label");
      const fixed = item.default !== null; // else the game chooses (for the players, say): its words say how
      label.textContent = fixed ? t("{option} (default {value})", { option: item.label, value: JSON.stringify(item.default) }) : item.label;
      label.title = item.name;
      const input = document.createElement("input");
      input.name = item.name;
      input.dataset.option = item.name;
      input.placeholder = fixed ? JSON.stringify(item.default) : "";
      input.title = item.about;
      const about = document.createElement("small");
      about.className = "hint";
      about.textContent = item.about;
      input.addEventListener("input", () => {
        clearTimeout(asking);
        asking = setTimeout(followOptions, 300);
      });
      label.append(input, about);
      return label;
    }),
  );
  drawSeats();
}

// The player counts `entry` allows, keeping the one chosen where it still fits.
function showPlayers(entry) {
  const before = Number($("#players").value);
  const counts = [];
  for (let n = entry.min_players; n <= entry.max_players; n++) counts.push(option(String(n), String(n)));
  $("#players").replaceChildren(...counts);
  $("#players").disabled = counts.length === 1;
  if (before >= entry.min_players && before <= entry.max_players) $("#players").value = String(before);
}

function drawSeats() {
  const count = Number($("#players").value);
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const name = document.createElement("span");
    const kind = document.createElement("select");
    kind.dataset.seat = String(seat);
    const agents = shown.agents.map((agent) => {
      const choice = option(agent.spec, agentName(agent.spec, agent.strength));
      choice.title = agent.spec;
      choice.dataset.strength = agent.strength;
      return choice;
    });
    kind.replaceChildren(option(HUMAN, t("a person")), ...agents);
    const strong = shown.agents.find((agent) => agent.strength === DEFAULT_STRENGTH) || shown.agents[0];
    kind.value = seat === 0 || !strong ? HUMAN : strong.spec;
    row.append(name, kind);
    rows.push(row);
  }
  $("#seat-rows").replaceChildren(...rows);
  nameSeats();
}

// Each seat row named as the game entry shown names its seat.
function nameSeats() {
  document.querySelectorAll("#seat-rows .seat-row").forEach((row, seat) => {
    const name = shown.words.seats[seat] || String(seat + 1);
    row.querySelector("span").textContent = name;
    row.querySelector("[data-seat]").setAttribute("aria-label", t("who plays {seat}", { seat: name }));
  });
}

// Options may change the players and the seats' names (a game's choice of characters): the server tells the
// game's entry for the options typed; options it refuses leave the last entry shown.
async function followOptions() {
  const gameId = $("#game").value;
  const question = ++questions;
  let answer = null;
  try {
    const response = await fetch(spoken(`/api/catalog/${encodeURIComponent(gameId)}?options=${encodeURIComponent(JSON.stringify(chosenOptions()))}`));
    if (response.ok) answer = await response.json();
  } catch {
    return;
  }
  if (!answer || question !== questions || gameId !== $("#game").value) return;
  const count = Number($("#players").value);
  shown = answer;
  showPlayers(answer);
  if (Number($("#players").value) !== count) drawSeats();
  else nameSeats();
}

// The options typed in the form, each as JSON where it reads as JSON, else as text.
function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const text = input.value.trim();
    if (!text) continue;
    try {
      options[input.dataset.option] = JSON.parse(text);
    } catch {
      options[input.dataset.option] = text;
    }
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("[data-seat]")].map((select) => select.value);
  const body = { game: $("#game").value, players: Number($("#players").value), seats, options: chosenOptions() };
  const clock = $("#clock").value.trim();
  if (clock) body.clock = clock;
  const response = await fetch(spoken("/api/games"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  $("#error").hidden = response.ok;
  if (!response.ok) {
    showRefusal($("#error"), answer);
    return;
  }
  const items = answer.seats.map((seat) => {
    const item = document.createElement("li");
    const name = shown.words.seats[seat.seat] || seat.name;
    if (seat.url) {
      item.append(`${name}: `);
      const link = document.createElement("a");
      link.href = seat.url;
      link.textContent = seat.url;
      link.dataset.seatLink = seat.name;
      item.appendChild(link);
    } else item.textContent = `${name}: ${strengthOf(seat.kind)}`;
    return item;
  });
  $("#seat-links").replaceChildren(...items);
  $("#spectate").href = answer.spectate;
  $("#spectate").textContent = answer.spectate;
  $("#links").hidden = false;
}

// An agent spec as the lobby offers it, by its strength word; another spec as it is written.
function strengthOf(spec) {
  const offered = shown.agents.find((agent) => agent.spec === spec);
  return agentName(spec, offered ? offered.strength : null);
}

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}
