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

function withoutToken(href) {
  const url = new URL(href, location.href);
  url.searchParams.delete("token");
  return `${url.pathname}${url.search}${url.hash}`;
}
