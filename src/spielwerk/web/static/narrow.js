// Narrowing the legal action texts by the places a player clicks, from the texts alone.
//
// An action text reads as words, then places: its last word names places joined by "-", "/" or ">"
// ("b1-c3/e5", "G5-G2", "3 17", "bridge H1>X2", "rainbow R1-K"), unless the server gives its places
// (`words.places`: a set-up of six digits may be six cells). The server may give a group of places
// picked in any order (["a1", "f1"]: the two 1-rings of a set-up): a place alone is a group of one.
// A click picks the next place; the texts whose places begin with the picked ones stay. No rule and
// no game is known here.
//
// A card in a seat's hand plays the texts that begin with the card as the view writes it (`view.hand`:
// card "3" plays `3 17`, card "rainbow" plays `rainbow R1-K`): a game with a hand writes its texts so.

// A text's places as groups, in the order they are picked.
export function places(text, given = {}) {
  if (Object.hasOwn(given, text)) return given[text].map((group) => (Array.isArray(group) ? group : [group]));
  const words = text.trim().split(/\s+/);
  return words[words.length - 1].split(/[-/>]/).filter(Boolean).map((name) => [name]);
}

// The places that may be picked after `picked` for a text of these `groups`: [] once they are all
// picked, null where the picks do not begin the text's places.
export function following(groups, picked) {
  let start = 0;
  for (const group of groups) {
    const taken = picked.slice(start, start + group.length);
    if (!taken.every((name, i) => group.includes(name) && taken.indexOf(name) === i)) return null;
    if (taken.length < group.length) return group.filter((name) => !taken.includes(name));
    start += group.length;
  }
  return start === picked.length ? [] : null;
}

export function narrow(legal, picked, given = {}) {
  const remaining = [];
  const next = new Set();
  const complete = [];
  for (const text of legal) {
    const coming = following(places(text, given), picked);
    if (coming === null) continue;
    remaining.push(text);
    if (coming.length) coming.forEach((name) => next.add(name));
    else complete.push(text);
  }
  return { remaining, next, complete };
}

// A second click on the last place picked: the text to send where the picks make a whole action
// (a point where a move may stop or go on: it stops there), else null (the pick is taken back).
export function stopHere(legal, picked, given = {}) {
  const here = narrow(legal, picked, given);
  return here.complete.length === 1 ? here.complete[0] : null;
}

// The text to send once the picks leave no choice: one text left, or one complete text and nothing
// more on the board to click. Otherwise null: the player picks on, or chooses from the list.
export function decided(narrowed, clickable) {
  if (narrowed.remaining.length === 1) return narrowed.remaining[0];
  const more = [...narrowed.next].some((name) => clickable(name));
  if (!more && narrowed.complete.length === 1) return narrowed.complete[0];
  return null;
}

// The first word of a text: the card that plays it, where a hand holds one ("3" of `3 17`).
export function head(text) {
  return text.trim().split(/\s+/)[0];
}

// The texts played with `card` (every text where no card is picked).
export function playedWith(legal, card) {
  return card === null ? legal : legal.filter((text) => head(text) === card);
}

// The group a text is listed under: its first word or place ("b1", "block", "3").
export function group(text) {
  return text.trim().split(/[\s\-/>]+/)[0] || text;
}
