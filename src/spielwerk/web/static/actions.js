// The actions a seat may take: every legal text as a button, grouped by how it begins; a box for
// notation; sending an action and showing the server's answer (a refusal in the page's language).
// The names of the groups and the words beside a button come from the server, rendered from the
// game's words (`words.groups`: beginning -> name, `words.labels`: text -> words); a button's face
// is the notation, which is the same in every language.

import { t } from "./i18n.js";
import { group } from "./narrow.js";
import { showRefusal } from "./refusal.js";

export class Actions {
  constructor(root, actionsUrl, onAnswer, headers = {}) {
    this.list = root.querySelector("[data-actions-list]");
    this.form = root.querySelector("form");
    this.input = this.form.querySelector("input");
    this.error = root.querySelector("[data-actions-error]");
    this.actionsUrl = actionsUrl;
    this.headers = headers; // the seat's Authorization, if any
    this.onAnswer = onAnswer;
    this.onType = () => {};
    this.game = null; // the game's id, for the links of refusals to its rules (set by the page)
    this.groups = {}; // a beginning of texts -> the name the game gives it (set by the page)
    this.labels = {}; // action text -> the words the game gives it, shown beside it
    this.socket = null; // the game's socket (set by the page): actions go on it while it is open
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text) this.send(text);
    });
    this.input.addEventListener("input", () => this.onType(this.typed()));
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button) this.send(button.getAttribute("data-action"));
    });
  }

  typed() {
    return this.input.value.trim().toLowerCase();
  }

  // Show `texts` (the legal ones left after the picks), grouped; `enabled` false while not our turn.
  show(texts, enabled) {
    this.form.querySelector("button").disabled = !enabled;
    this.input.disabled = !enabled;
    const typed = this.typed();
    const shown = typed ? texts.filter((text) => text.toLowerCase().startsWith(typed)) : texts;
    const groups = new Map();
    for (const text of shown) {
      const { key, heading, face } = this.place(text);
      if (!groups.has(key)) groups.set(key, { heading, members: [] });
      groups.get(key).members.push([text, face]);
    }
    const rows = [];
    for (const { heading, members } of groups.values()) {
      const row = document.createElement("div");
      row.className = "group";
      if (heading) {
        const name = document.createElement("span");
        name.className = "group-name";
        name.textContent = heading;
        row.appendChild(name);
      }
      for (const [text, face] of members) row.appendChild(this.button(text, face));
      rows.push(row);
    }
    this.list.replaceChildren(...rows);
  }

  button(text, face) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.title = text;
    button.setAttribute("data-action", text);
    const notation = document.createElement("span");
    notation.className = "face";
    notation.textContent = face;
    button.appendChild(notation);
    if (Object.hasOwn(this.labels, text)) {
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = this.labels[text];
      button.classList.add("labelled");
      button.appendChild(label);
    }
    return button;
  }

  // Where a text is listed: under the name the game gives the longest beginning it names ("Karte 3 →
  // Feld" for `3 17`, the button then shows the rest, "17"; "Drache: C4 →" for `dragon C4>17`, where
  // the game names `dragon ` too), else under its first word or place, unnamed where that is the
  // whole text (`refresh`).
  place(text) {
    const key = group(text);
    const named = Object.keys(this.groups)
      .filter((prefix) => text.startsWith(prefix) && prefix.length < text.length)
      .sort((a, b) => b.length - a.length)[0];
    if (named === undefined) return { key, heading: key === text ? "" : key, face: text };
    const space = text.indexOf(" ");
    const first = space > 0 ? text.slice(0, space + 1) : null;
    const outer = first && first !== named && Object.hasOwn(this.groups, first) ? bare(this.groups[first]) : key;
    const name = bare(this.groups[named]);
    const heading = first === named || named.trim() === key ? name : `${outer}: ${name}`;
    return { key: `${key}\u0000${named}`, heading, face: text.slice(named.length) };
  }

  async send(text) {
    this.showError(null);
    // the ply this page rendered: a retry or a double click is answered, not played twice
    const body = this.ply === undefined ? { action: text } : { action: text, ply: this.ply };
    let answer = this.socket ? await this.socket.request(body) : null;
    if (answer) {
      answer = answer.payload ?? answer; // a refusal is the reply itself
    } else {
      answer = await this.post(body);
    }
    if (answer.error !== undefined) {
      this.showError(answer);
      return;
    }
    this.input.value = "";
    this.onAnswer(answer);
  }

  async post(body) {
    try {
      const response = await fetch(this.actionsUrl, {
        method: "POST",
        headers: { ...this.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return await response.json();
    } catch (failure) {
      return { error: t("not sent: {reason}", { reason: failure.message }), rule: null };
    }
  }

  showError(answer) {
    this.error.hidden = !answer;
    if (answer) showRefusal(this.error, answer, this.game);
  }
}

// A group's name without the colon a list's heading may end with ("geben:", "voyager :").
function bare(name) {
  return name.replace(/\s*:\s*$/, "");
}
