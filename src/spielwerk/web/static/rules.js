// The link to a game's how-to-play (GET /rules/{game}), shown once the page knows the game.

export function showRules(game, element = document.querySelector("#rules")) {
  if (!element || !game) return;
  element.href = `/rules/${encodeURIComponent(game)}`;
  element.hidden = false;
}
