// The websocket of one game: hands every payload it receives on (in the page's language, asked for
// at connect), and reconnects with backoff after a lost connection (a closed laptop, a restarted
// server) until the server refuses the socket for good.

import { spoken } from "./i18n.js";

const REFUSED = new Set([4403, 4404]); // a wrong token or no such game: trying again cannot help

export function connect(gameId, token, onPayload, onStatus) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = spoken(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  // The token rides in a subprotocol (a header), never in the socket's URL, so no log shows it.
  const protocols = token ? ["spielwerk", `token.${token}`] : [];
  let delay = 250;
  let socket = null;
  let stopped = false;

  function open() {
    onStatus("connecting");
    socket = new WebSocket(url, protocols);
    socket.onopen = () => {
      delay = 250;
      onStatus("live");
    };
    socket.onmessage = (event) => onPayload(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (stopped) return;
      if (REFUSED.has(event.code)) {
        onStatus("refused", event.reason);
        return;
      }
      onStatus("offline");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }

  open();
  return {
    close() {
      stopped = true;
      if (socket) socket.close();
    },
  };
}
