// How the server ended a game (`ended` of the payload: a seat resigned or ran out of time), in words.

import { named, t } from "./i18n.js";

export function ending(ended, seats) {
  const seat = seats && seats.seats[ended.seat];
  if (!seat) return ended.reason;
  const name = named(seat.name);
  if (ended.by === "resign") return t("{name} resigned", { name });
  if (ended.by === "time") return t("{name} ran out of time", { name });
  return ended.reason;
}
