// What the engine says, in the page's language. The server sends the engine's English (a refusal's
// `error`, a view's `waiting_for`, a result's `reason`); the page carries a table (<script
// id="engine-words">: each rule id's sentence, the engine's lines as patterns, the seat names) whose
// words are in the page's dictionary. A refusal shows the sentence of its rule, with the engine's
// exact English beneath it; a line that matches a pattern is said in this language, its seat names too.
// English pages show the engine's words as they are.

import { lang, named, t } from "./i18n.js";

const element = document.getElementById("engine-words");
const table = element ? JSON.parse(element.textContent) : { rules: {}, lines: [], names: [] };
const fixed = (line) => line.replace(/\{\w+\}/g, "").length;
const patterns = [...table.lines].sort((a, b) => fixed(b) - fixed(a)).map(compile);

function compile(line) {
  const parts = line.split(/\{(\w+)\}/);
  const source = parts.map((part, index) => (index % 2 ? "(.+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return { line, keys: parts.filter((part, index) => index % 2), regex: new RegExp(`^${source.join("")}$`) };
}

// A hole's text with its seat names (and "and") in this language: "red and blue" -> "Rot und Blau".
function holed(text) {
  return text.replace(/[A-Za-z]+/g, (word) => {
    if (table.names.includes(word.toLowerCase())) return named(word.toLowerCase());
    return word === "and" ? t("and") : word;
  });
}

// An engine's status line or end reason in this language (unchanged where no pattern fits).
export function line(text) {
  if (lang === "en" || typeof text !== "string") return text;
  for (const { line: pattern, keys, regex } of patterns) {
    const found = regex.exec(text);
    if (found) {
      const values = Object.fromEntries(keys.map((key, index) => [key, holed(found[index + 1])]));
      const said = t(pattern, values);
      return said.charAt(0).toUpperCase() + said.slice(1);
    }
  }
  return text;
}

// A refusal ({"error", "rule"}) as `{main, detail}`: the rule's sentence in this language (null on
// English pages or for a rule without one) and the engine's words with the rule id.
export function refusal(answer) {
  const detail = answer.rule ? `${answer.error} (${answer.rule})` : answer.error;
  const sentence = answer.rule && Object.hasOwn(table.rules, answer.rule) ? table.rules[answer.rule] : null;
  return { main: lang !== "en" && sentence ? t(sentence) : null, detail };
}

// Show a refusal in `target`: the sentence, and the engine's exact words beneath it.
export function showRefusal(target, answer) {
  const { main, detail } = refusal(answer);
  if (!main) {
    target.textContent = detail;
    return;
  }
  const first = document.createElement("span");
  first.className = "said";
  first.textContent = main;
  const second = document.createElement("small");
  second.className = "detail";
  second.lang = "en";
  second.textContent = detail;
  target.replaceChildren(first, second);
}

// The name a game gives the actions beginning like `text` (its `move_labels`, as the terminal's move
// list names them), in this language: `{prefix, label}` for the longest prefix of `text` (cut after a
// space, ">", "-" or "/") that a pattern of the game matches whole; null where none does.
export function actionLabel(game, text) {
  const table = (table_labels()[game] || []).map(([pattern, label]) => [new RegExp(`^(?:${pattern})$`), label]);
  for (let end = text.length - 1; end > 0; end -= 1) {
    if (!" >-/".includes(text[end - 1])) continue;
    const prefix = text.slice(0, end);
    for (const [regex, label] of table) {
      const found = regex.exec(prefix);
      if (found) return { prefix, label: t(label, Object.fromEntries(found.slice(1).map((value, index) => [String(index), holed(value)]))) };
    }
  }
  return null;
}

// A text of the notation with its seat names in this language, for a button's face ("blue" -> "Blau").
export function faced(text) {
  return lang === "en" ? text : holed(text);
}

function table_labels() {
  return table.labels || {};
}
