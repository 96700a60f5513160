// The words of the page in its language: the dictionary the server put in the page
// (<script id="messages">, msgid -> words; empty in English), and `t()`, which looks a text up and
// fills in its {placeholders}. Every text a person reads goes through `t()`, so that `pybabel extract`
// finds it for the catalogue.

const element = document.getElementById("messages");
const words = element ? JSON.parse(element.textContent) : {};

export const lang = document.documentElement.lang || "en";

export function t(message, values = {}) {
  const text = Object.hasOwn(words, message) ? words[message] : message;
  return text.replace(/\{(\w+)\}/g, (all, key) => (Object.hasOwn(values, key) ? String(values[key]) : all));
}

// A seat's (or game's) name from the engine, as people read it in this language: "south" -> "Süd".
export function named(name) {
  const text = t(name);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
