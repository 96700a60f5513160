// The websocket of one game: hands every payload it receives on (in the page's language, asked for
// at connect), and reconnects with backoff after a lost connection (a closed laptop, a restarted
// server) until the server refuses the socket for good. A seat's socket also carries its actions:
// `request({action, ply})` resolves with the server's reply (`{payload}` or a refusal), or with null
// where the socket is not open or no reply came in time (the caller then POSTs: the ply keeps a
// repeat from being played twice).

import { spoken } from "./i18n.js";

const REFUSED = new Set([4403, 4404]); // a wrong token or no such game: trying again cannot help
const PATIENCE = 5000; // ms a reply may take before the caller sends the request another way

export function connect(gameId, token, onPayload, onStatus) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = spoken(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  // The token rides in a subprotocol (a header), never in the socket's URL, so no log shows it.
  const protocols = token ? ["spielwerk", `token.${token}`] : [];
  let delay = 250;
  let socket = null;
  let stopped = false;
  let asked = 0;
  const waiting = new Map(); // request id -> resolve

  function settleAll() {
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  }

  function open() {
    onStatus("connecting");
    socket = new WebSocket(url, protocols);
    socket.onopen = () => {
      delay = 250;
      onStatus("live");
    };
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.reply === undefined) return onPayload(frame);
      const resolve = waiting.get(frame.reply);
      waiting.delete(frame.reply);
      if (resolve) resolve(frame);
    };
    socket.onclose = (event) => {
      settleAll();
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
    request(message) {
      if (!token || !socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
      const id = ++asked;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ ...message, id }));
        setTimeout(() => {
          if (waiting.delete(id)) resolve(null);
        }, PATIENCE);
      });
    },
    close() {
      stopped = true;
      settleAll();
      if (socket) socket.close();
    },
  };
}
