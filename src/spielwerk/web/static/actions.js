// The actions a seat may take: every legal text as a button, grouped by how it begins; a box for
// notation; sending an action and showing the server's answer ({"error", "rule"} when refused: the
// rule's sentence in the page's language, the engine's words beneath).

import { t } from "./i18n.js";
import { group } from "./narrow.js";
import { actionLabel, faced, showRefusal } from "./said.js";

export class Actions {
  constructor(root, actionsUrl, onAnswer) {
    this.list = root.querySelector("[data-actions-list]");
    this.form = root.querySelector("form");
    this.input = this.form.querySelector("input");
    this.error = root.querySelector("[data-actions-error]");
    this.actionsUrl = actionsUrl;
    this.onAnswer = onAnswer;
    this.onType = () => {};
    this.game = null; // the game's id, for the names of its groups of actions (set by the page)
    this.labels = {}; // action text -> the words the game gives it (a verse's option), shown beside it
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
      const label = document.createElement("span");
      label.className = "group-name";
      label.textContent = heading;
      row.appendChild(label);
      for (const [text, face] of members) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "action";
        button.textContent = face;
        if (face !== text) button.title = text;
        button.setAttribute("data-action", text);
        if (Object.hasOwn(this.labels, text)) {
          const label = document.createElement("span");
          label.className = "label";
          label.textContent = this.labels[text];
          button.classList.add("labelled");
          button.appendChild(label);
        }
        row.appendChild(button);
      }
      rows.push(row);
    }
    this.list.replaceChildren(...rows);
  }

  // Where a text is listed: under the name the game gives its beginning ("card 3 → field", the
  // button then shows the rest, "17"), else under its first word or place with the whole text.
  place(text) {
    const key = group(text);
    const named = this.game ? actionLabel(this.game, text) : null;
    if (!named) return { key, heading: key, face: text };
    const heading = named.prefix.trim() === key ? named.label : `${key}: ${named.label}`;
    return { key: `${key}\u0000${named.prefix}`, heading, face: faced(text.slice(named.prefix.length)) };
  }

  async send(text) {
    this.showError(null);
    let answer;
    try {
      const response = await fetch(this.actionsUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: text }),
      });
      answer = await response.json();
    } catch (failure) {
      answer = { error: t("not sent: {reason}", { reason: failure.message }), rule: null };
    }
    if (answer.error !== undefined) {
      this.showError(answer);
      return;
    }
    this.input.value = "";
    this.onAnswer(answer);
  }

  showError(answer) {
    this.error.hidden = !answer;
    if (answer) showRefusal(this.error, answer);
  }
}
