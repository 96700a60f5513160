// The log in words: what happened, one line per action (the narration the server rendered in the
// page's language, as this seat may know it), newest first; each line's notation shows on hover.
// Built with textContent only: no engine text is ever read as HTML.

export function showLog(list, narration, history, onPick = null, current = null) {
  const items = narration.map((line, index) => {
    const item = document.createElement("li");
    item.value = index + 1;
    item.dataset.ply = String(index + 1);
    item.title = history[index] || "";
    if (onPick) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "line";
      button.textContent = line;
      button.addEventListener("click", () => onPick(index + 1));
      item.appendChild(button);
    } else item.textContent = line;
    if (current !== null) {
      item.classList.toggle("current", index + 1 === current);
      item.classList.toggle("later", index + 1 > current);
    }
    return item;
  });
  list.replaceChildren(...items.reverse());
}

// The line of the last action, or `none` before the first.
export function lastLine(narration, none) {
  return narration.length ? narration[narration.length - 1] : none;
}
