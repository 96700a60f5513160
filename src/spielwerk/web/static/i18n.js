// The interface's words in the page's language: the dictionary the server put in the page
// (<script id="messages">, msgid -> words; empty in English), and `t()`, which looks a text up and
// fills in its {placeholders}. Every text of the interface a person reads goes through `t()`, so that
// `pybabel extract` finds it for the catalogue. The engine's words (names, status lines, the log)
// come rendered in this language with each answer of the server, which the page asks with `?lang=`.

const element = document.getElementById("messages");
const words = element ? JSON.parse(element.textContent) : {};

export const lang = document.documentElement.lang || "en";

export function t(message, values = {}) {
  const text = Object.hasOwn(words, message) ? words[message] : message;
  return text.replace(/\{(\w+)\}/g, (all, key) => (Object.hasOwn(values, key) ? String(values[key]) : all));
}

// A text as it begins a line: its first letter a capital ("die Partie ist vorbei" -> "Die …").
export function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// `url` with this page's language added to its query, so that the server answers in it.
export function spoken(url) {
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}
