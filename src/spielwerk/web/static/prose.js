// The game's words beside the board (GET /api/games/{id}/texts, in the page's language): a title
// and a text (a story being read, say) and labels for some action texts, which the action buttons
// show beside their notation. The server makes them from this seat's view; no game is known here.

export class Prose {
  constructor(box, url, headers = {}) {
    this.box = box;
    this.url = url;
    this.headers = headers; // the seat's Authorization, if any
    this.labels = {};
    this.shownPly = null;
    this.loading = null;
  }

  // Ask for the words of ply `ply` unless they are shown already; resolves once they are.
  async show(ply) {
    if (this.shownPly === ply) return;
    const loading = (this.loading = fetch(this.url, { cache: "no-store", headers: this.headers }).then((r) => r.json()).catch(() => null));
    const answer = await loading;
    if (this.loading !== loading || !answer || answer.error !== undefined) return;
    this.labels = answer.labels && typeof answer.labels === "object" ? answer.labels : {};
    this.box.querySelector("[data-prose-title]").textContent = answer.title || "";
    this.box.querySelector("[data-prose-text]").textContent = answer.text || "";
    this.box.hidden = !answer.title && !answer.text;
    this.shownPly = ply;
  }
}
