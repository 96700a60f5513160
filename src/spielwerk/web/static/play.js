// The page of one seat (or a spectator): renders each payload it receives, nothing more. Whose turn,
// what the game waits for, the last action and the log in words (the server renders them in the
// page's language: `narration`, `words`), the seat's own hand, an agent thinking, the result; the
// board and the actions narrow together as a hand card and places are picked. Engine text goes in as
// textContent.

import { Actions } from "./actions.js";
import { Board } from "./board.js";
import { Clocks } from "./clock.js";
import { capital, spoken, t } from "./i18n.js";
import { lastLine, showLog } from "./log.js";
import { remember } from "./mine.js";
import { decided, head, narrow, playedWith, stopHere } from "./narrow.js";
import { Prose } from "./prose.js";
import { showRefusal } from "./refusal.js";
import { showRules } from "./rules.js";
import { connect } from "./socket.js";
import { agentName } from "./strength.js";
import { TurnSignal } from "./turn.js";
import { authorized, handOn, linked, seatToken } from "./token.js";

const $ = (selector) => document.querySelector(selector);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = seatToken(gameId);
const headers = authorized(token); // the token goes in a header, never in a URL
const api = `/api/games/${encodeURIComponent(gameId)}`;

let seats = null; // {game, name, you, seats: [{seat, name, kind}], words: {game, seats}}
let payload = null;
let picked = [];
let card = null; // the hand card picked: {index, name}, its name as the view writes it ("3", "rainbow")

const board = new Board($("#board"), spoken(`${api}/svg`), pick, headers);
const prose = new Prose($("#prose"), spoken(`${api}/texts`), headers);
const actions = new Actions($("#act"), spoken(`${api}/actions`), render, headers);
const clocks = new Clocks($("#clocks"));
const turn = new TurnSignal($("#turn-sound"), $("#turn-notify"));
actions.onType = () => refresh();
$("#clear").addEventListener("click", letGo);
$("#hand").addEventListener("click", (event) => {
  const chip = event.target.closest("button.card");
  if (chip && !chip.disabled) pickCard(Number(chip.dataset.index));
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && (card || picked.length)) letGo();
});
$("#replay-link").href = `/replay/${encodeURIComponent(gameId)}${linked(gameId, token)}`;
$("#resign").addEventListener("click", () => confirmResign(true));
$("#resign-cancel").addEventListener("click", () => confirmResign(false));
$("#resign-confirm").addEventListener("click", async () => {
  confirmResign(false);
  // the ply this page showed: a resignation meant for it is not applied to a later one
  const answer = await post(spoken(`${api}/resign`), payload ? { ply: payload.ply } : {}, "#tools-error");
  if (answer) render(answer);
});
$("#name-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("#name-form input").value.trim();
  const answer = await post(spoken(`${api}/name`), { name }, "#tools-error");
  if (answer) {
    seats = answer;
    refresh();
  }
});
$("#rematch").addEventListener("click", async () => {
  const answer = await post(spoken(`${api}/rematch`), {}, "#rematch-error");
  const mine = answer && answer.seats.find((seat) => seat.token);
  if (mine) {
    remember(answer.id, mine.token);
    // the new seat's token goes through this tab's storage, not through the address
    location.assign(handOn(answer.id, mine.token) ? `/play/${encodeURIComponent(answer.id)}` : mine.url);
  }
});

start();

async function start() {
  const answer = await (await fetch(spoken(`${api}/seats`), { headers })).json();
  if (answer.error !== undefined) {
    fail(answer);
    return;
  }
  seats = answer;
  actions.game = seats.game;
  document.title = `${seats.words.game} · spielwerk`;
  $("#title").textContent = seats.words.game;
  showRules(seats.game);
  $("#seat").textContent = seats.you === null ? t("You watch (spectator)") : t("You play {seat}", { seat: nameOf(seats.you) });
  if (seats.you !== null) {
    remember(gameId, token);
    $("#seat-tools").hidden = false;
    $("#name-form input").value = seats.seats[seats.you].display || "";
  }
  actions.socket = connect(gameId, token, render, connection);
}

// Who sits where may change (a name chosen, a rematch made): asked again with every payload.
async function reseat() {
  const answer = await (await fetch(spoken(`${api}/seats`), { headers })).json();
  if (answer.error === undefined) {
    seats = answer;
    refresh();
  }
}

async function post(url, body, errorAt) {
  $(errorAt).hidden = true;
  let answer;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    answer = await response.json();
  } catch (failure) {
    answer = { error: t("not sent: {reason}", { reason: failure.message }), rule: null };
  }
  if (answer.error === undefined) return answer;
  $(errorAt).hidden = false;
  showRefusal($(errorAt), answer, seats && seats.game);
  return null;
}

function confirmResign(asking) {
  $("#resign").hidden = asking;
  $("#resign-confirm").hidden = !asking;
  $("#resign-cancel").hidden = !asking;
}

async function render(next) {
  if (payload && next.ply < payload.ply) return; // an answer older than what the socket brought
  const moved = !payload || next.ply !== payload.ply;
  payload = next;
  if (moved) {
    picked = [];
    card = null;
  }
  reseat();
  await Promise.all([board.show(next.ply), prose.show(next.ply)]);
  if (payload === next) refresh();
}

function mine() {
  return payload && seats.you !== null && payload.to_move === seats.you ? payload.legal : [];
}

// The legal texts left to choose from: those of the hand card picked, if one is.
function usable() {
  return playedWith(mine(), card && card.name);
}

function pick(name) {
  const legal = usable();
  if (!legal.length) return;
  const given = payload.words.places || {};
  if (picked.length && picked[picked.length - 1] === name) {
    const text = stopHere(legal, picked, given); // a second click on the last pick: stop there ...
    if (text) actions.send(text);
    else {
      picked.pop(); // ... or take it back
      refresh();
    }
    return;
  }
  let narrowed = narrow(legal, [...picked, name], given);
  if (narrowed.remaining.length) picked = [...picked, name];
  else {
    narrowed = narrow(legal, [name], given); // begin again from this place
    if (!narrowed.remaining.length) return;
    picked = [name];
  }
  refresh();
  const text = decided(narrowed, (place) => board.has(place));
  if (text) actions.send(text);
}

// A click on a hand card picks it (the actions and the board narrow to those it plays); a second
// click on it lets it go.
function pickCard(index) {
  const hand = payload && payload.view && Array.isArray(payload.view.hand) ? payload.view.hand : [];
  if (index >= hand.length || (card && card.index === index)) card = null;
  else {
    card = { index, name: String(hand[index]) };
    if (!narrow(usable(), picked, payload.words.places || {}).remaining.length) picked = [];
    board.revealedPly = null; // a board wider than the screen scrolls to the card's places
  }
  refresh();
}

function letGo() {
  picked = [];
  card = null;
  refresh();
}

function refresh() {
  if (!payload || !seats) return;
  const legal = usable();
  const narrowed = narrow(legal, picked, payload.words.places || {});
  board.mark(legal.length ? narrowed.next : new Set(), picked, payload.words.pick_marks || []);
  actions.ply = payload.ply;
  actions.groups = payload.words.groups;
  actions.labels = { ...prose.labels, ...payload.words.labels };
  actions.show(narrowed.remaining, legal.length > 0);
  showTurn();
  showHand(payload.view, payload.words.hand);
  $("#picked").hidden = !picked.length && !card;
  const cardName = card ? $(`#hand button[data-index="${card.index}"]`).textContent : null;
  $("#picked-names").textContent = [...(card ? [cardName] : []), ...picked].join(" → ");
  showLog($("#log"), payload.narration, payload.history);
  $("#log-count").textContent = String(payload.narration.length);
  $("#last").textContent = lastLine(payload.narration, t("No move yet"));
  showOver();
  clocks.show(payload.clock, seats.seats.map((seat) => shownName(seat.seat)));
  $("#seat-tools .resign-row").hidden = payload.is_over;
  $("#view").textContent = JSON.stringify(payload.view, null, 1);
  // what is shown: the payload of this ply and its picture (a refresh may come before the picture)
  if (board.shownPly === payload.ply) document.body.dataset.ply = String(payload.ply);
}

function showTurn() {
  const status = $("#status");
  const mover = payload.to_move;
  const kind = mover === null ? null : seats.seats[mover].kind;
  let text;
  if (payload.is_over) text = t("Game over");
  else if (mover === null) text = "…";
  else if (mover === seats.you) text = t("Your turn");
  else if (kind !== "human") text = t("{name} is thinking…", { name: nameOf(mover) });
  else text = t("{name} to move", { name: nameOf(mover) });
  status.textContent = text;
  turn.show(!payload.is_over && mover !== null && mover === seats.you, `${seats.words.game} · spielwerk`,
    capital(payload.words.status));
  status.dataset.state = payload.is_over ? "over" : mover === seats.you ? "yours" : kind && kind !== "human" ? "thinking" : "waiting";
  const waiting = payload.is_over ? "" : capital(payload.words.status);
  // one status line: the game's own words only where they say more than whose turn it is
  const plain = mover === null ? "" : t("{name} to move", { name: nameOf(mover) }).toLowerCase();
  const same = [text.toLowerCase(), plain].includes(waiting.toLowerCase());
  $("#waiting").textContent = same ? "" : waiting;
  const rows = seats.seats.map((seat) => {
    const item = document.createElement("li");
    const who = seat.seat === seats.you ? t("{name} (you)", { name: shownName(seat.seat) }) : shownName(seat.seat);
    const kind = seat.kind === "human" ? t("a person") : agentName(seat.kind, seat.strength);
    item.textContent = `${who} · ${kind}`;
    if (seat.seat === mover) item.className = "to-move";
    return item;
  });
  $("#seats").replaceChildren(...rows);
}

// The seat's cards, by the names the game gives them (`words.hand`), each card's own text on hover:
// buttons that pick a card (pressed while picked), disabled where no legal action is played with it.
// The buttons stay while the hand does, so that a card clicked keeps the focus.
function showHand(view, names) {
  const hand = view && Array.isArray(view.hand) ? view.hand : null;
  $("#hand-box").hidden = !hand;
  if (!hand) return;
  const element = $("#hand");
  const legal = mine();
  const used = new Set(legal.map(head));
  const shown = hand.map((one, index) => (names && names[index] !== undefined ? names[index] : String(one)));
  let chips = [...element.children];
  const same = chips.length === hand.length &&
    chips.every((chip, index) => chip.dataset.card === String(hand[index]) && chip.textContent === shown[index]);
  if (!same) {
    chips = hand.map((one, index) => {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "card";
      chip.dataset.index = String(index);
      chip.dataset.card = String(one);
      chip.textContent = shown[index];
      chip.title = String(one);
      return chip;
    });
    element.replaceChildren(...chips);
  }
  element.dataset.live = String(legal.length > 0);
  chips.forEach((chip, index) => {
    chip.disabled = !used.has(String(hand[index]));
    chip.setAttribute("aria-pressed", String(card !== null && card.index === index));
  });
}

function showOver() {
  const panel = $("#over");
  panel.hidden = !payload.is_over;
  if (!payload.is_over) return;
  const result = payload.result || [];
  const best = Math.max(...result);
  const winners = result.map((value, seat) => (value === best ? seat : null)).filter((seat) => seat !== null);
  let headline;
  const together = result.length > 0 && result.every((value) => value === result[0]) && (best === 1 || best === 0);
  if (together && best === 1) headline = result.length === 1 ? t("You win") : t("Everyone wins");
  else if (together) headline = result.length === 1 ? t("The game is lost") : t("Everyone loses");
  else if (winners.length === result.length) headline = t("A draw");
  else if (winners.includes(seats.you)) headline = winners.length > 1 ? t("You share the win") : t("You win");
  else if (winners.length > 1) {
    const and = t("and");
    headline = t("{names} win", { names: winners.map(nameOf).join(` ${and} `) });
  } else headline = t("{name} wins", { name: nameOf(winners[0]) });
  $("#over-headline").textContent = headline;
  $("#over-reason").textContent = capital(payload.words.reason || "");
  $("#rematch").hidden = seats.you === null;
  $("#rematch").textContent = seats.rematch ? t("Join the rematch") : t("Rematch");
  $("#rematch-note").hidden = !seats.rematch;
  $("#rematch-note").textContent = seats.rematch ? t("A rematch is ready: everyone moves one seat on.") : "";
}

function connection(state, reason) {
  const names = { connecting: t("connecting…"), live: t("live"), offline: t("reconnecting…"), refused: reason || t("refused") };
  const element = $("#connection");
  element.textContent = names[state] || state;
  element.dataset.state = state;
  if (state === "refused") fail(reason || t("this link is not valid"));
}

// A refusal that leaves nothing to show: a message, or the server's answer ({"error", "rule"}).
function fail(message) {
  const element = $("#fatal");
  element.hidden = false;
  if (typeof message === "string") element.textContent = message;
  else showRefusal(element, message);
}

// A seat as people read it: the name its person chose, with the seat's own ("Ada (South)").
function shownName(seat) {
  const found = seats.seats[seat];
  return found && found.display ? `${found.display} (${nameOf(seat)})` : nameOf(seat);
}

// A seat's own name in this language ("North", "Nord"), as the server says it.
function nameOf(seat) {
  const names = payload ? payload.words.seats : seats.words.seats;
  return names[seat] !== undefined ? names[seat] : String(seat + 1);
}
