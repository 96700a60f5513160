// The games this browser was given a seat in: each page of a seat keeps its token here
// (localStorage), and the lobby asks the server about each. There are no accounts on the server.

const KEY = "spielwerk.games";
const MOST = 50;

export function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((item) => item && typeof item.id === "string" && typeof item.token === "string") : [];
  } catch {
    return [];
  }
}

export function remember(id, token) {
  const others = remembered().filter((item) => !(item.id === id && item.token === token));
  const list = [{ id, token, at: Date.now() }, ...others].slice(0, MOST);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or refused: the link itself still works
  }
}

export function forget(id, token) {
  localStorage.setItem(KEY, JSON.stringify(remembered().filter((item) => !(item.id === id && item.token === token))));
}
