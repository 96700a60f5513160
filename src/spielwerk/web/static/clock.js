// The clocks of a game with one: each seat's time from the payload's `clock` (`left_ms` as of when it
// was sent, `running`: the seat whose time runs), counted down here between two payloads; while
// `waiting`, a line says that no time runs before everyone has opened their link.

import { t } from "./i18n.js";

export class Clocks {
  constructor(element) {
    this.element = element;
    this.clock = null;
    this.received = 0;
    this.names = [];
    setInterval(() => this.draw(), 200);
  }

  show(clock, names) {
    this.clock = clock || null;
    this.names = names;
    this.received = performance.now();
    this.element.hidden = !this.clock;
    this.draw();
  }

  draw() {
    if (!this.clock) return;
    const passed = performance.now() - this.received;
    const rows = this.clock.left_ms.map((left, seat) => {
      const item = document.createElement("li");
      item.dataset.seat = String(seat);
      const running = seat === this.clock.running;
      const now = left === null ? null : Math.max(0, running ? left - passed : left);
      item.className = running ? "running" : "";
      if (now !== null && now < 10_000) item.classList.add("low");
      item.textContent = `${this.names[seat] || seat}: ${now === null ? "—" : format(now)}`;
      return item;
    });
    if (this.clock.waiting) {
      const note = document.createElement("li");
      note.className = "waiting";
      note.textContent = t("The clocks start once everyone has opened their link.");
      rows.push(note);
    }
    this.element.replaceChildren(...rows);
  }
}

export function format(ms) {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
