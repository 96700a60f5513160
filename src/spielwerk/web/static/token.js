// A seat's token leaves the address bar on the first visit: kept in this tab's sessionStorage (a
// reload finds it there) and the page's URL replaced without it (history.replaceState), so it is in
// no history entry, bookmark or shared screenshot; the language links lose it too. Where storage is
// off the URL keeps it.

export function seatToken(gameId) {
  const key = `spielwerk:token:${gameId}`;
  const params = new URLSearchParams(location.search);
  let token = params.get("token");
  try {
    if (token) sessionStorage.setItem(key, token);
    else token = sessionStorage.getItem(key);
  } catch {
    return token;
  }
  if (params.has("token")) {
    history.replaceState(history.state, "", withoutToken(location.href));
    for (const link of document.querySelectorAll("nav.languages a[href]")) {
      link.setAttribute("href", withoutToken(link.href));
    }
  }
  return token;
}

// Hands `token` on to the page of game `gameId` that this tab opens next (a rematch): true where
// this tab's storage keeps it, so the link needs none; false where storage is off.
export function handOn(gameId, token) {
  try {
    sessionStorage.setItem(`spielwerk:token:${gameId}`, token);
    return true;
  } catch {
    return false;
  }
}

// The query a link to another page of game `gameId` needs: none where this tab's storage keeps the
// token (the page opened finds it there), `?token=` only where storage is off.
export function linked(gameId, token) {
  return !token || handOn(gameId, token) ? "" : `?token=${encodeURIComponent(token)}`;
}

// The headers that name a seat to the server (`Authorization: Bearer TOKEN`; none for a spectator):
// every request of a page sends its token so, never in a URL, so no log or history holds it.
export function authorized(token, headers = {}) {
  return token ? { ...headers, Authorization: `Bearer ${token}` } : { ...headers };
}

function withoutToken(href) {
  const url = new URL(href, location.href);
  url.searchParams.delete("token");
  return `${url.pathname}${url.search}${url.hash}`;
}
