// A refusal of the server ({"error", "rule", "said", "sentence"}) in the page's language: what was
// wrong (`said`, rendered by the server from the game's words) and, beneath it, the rule's sentence
// with its id. The engine's English (`error`) is the API's; the page shows it only where the server
// has no words for a refusal (a page that could not reach the server).

import { capital } from "./i18n.js";

// Show `answer` in `target`; with `game`, a rule of the game links to its sentence on the game's
// rules page (/rules/{game}#{rule}).
export function showRefusal(target, answer, game = null) {
  const first = document.createElement("span");
  first.className = "said";
  first.textContent = capital(answer.said || answer.error || "");
  const parts = [first];
  if (answer.rule && answer.sentence !== answer.said) {
    const second = document.createElement("small");
    second.className = "detail";
    const rule = document.createElement(game && !answer.rule.startsWith("web.") ? "a" : "span");
    rule.textContent = answer.rule;
    if (rule.tagName === "A") {
      rule.href = `/rules/${encodeURIComponent(game)}#${encodeURIComponent(answer.rule)}`;
      rule.target = "_blank";
    }
    second.append(answer.sentence ? `${answer.sentence} (` : "(", rule, ")");
    parts.push(second);
  }
  target.replaceChildren(...parts);
}
