// A refusal of the server ({"error", "rule", "said", "sentence"}) in the page's language: what was
// wrong (`said`, rendered by the server from the game's words) and, beneath it, the rule's sentence
// with its id. The engine's English (`error`) is the API's; the page shows it only where the server
// has no words for a refusal (a page that could not reach the server).

import { capital } from "./i18n.js";

export function showRefusal(target, answer) {
  const first = document.createElement("span");
  first.className = "said";
  first.textContent = capital(answer.said || answer.error || "");
  const parts = [first];
  const rule = answer.sentence ? `${answer.sentence} (${answer.rule})` : answer.rule;
  if (rule && answer.sentence !== answer.said) {
    const second = document.createElement("small");
    second.className = "detail";
    second.textContent = rule;
    parts.push(second);
  }
  target.replaceChildren(...parts);
}
