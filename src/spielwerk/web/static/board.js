// The board: the game's own picture (GET /api/games/{id}/svg as the seat sees it), its parts marked
// `data-target` made clickable; it marks the places that can be picked next and the ones picked.

const SVG = "http://www.w3.org/2000/svg";
// On a narrow screen a picture is never drawn smaller than this share of its own size (its words
// stay legible); the board scrolls sideways instead (style.css).
const LEGIBLE = 0.6;
// Nor smaller than its clickable places allow: a picture that says how wide its smallest hit area is
// (`data-hit`, in its own units) is drawn so that this area is at least 24 CSS px wide, 44 on a touch
// screen (where a finger, not a pointer, picks).
const REACH_POINTER = 24;
const REACH_TOUCH = 44;

export class Board {
  constructor(element, svgUrl, onPick, headers = {}) {
    this.element = element;
    this.svgUrl = svgUrl;
    this.headers = headers; // the seat's Authorization, if any
    this.onPick = onPick;
    this.shownPly = null;
    this.revealedPly = null;
    this.loading = null;
    this.names = new Set();
    // the page's button that fits a board wider than the screen to it (all of it at once, its places
    // smaller than a finger) and back
    this.fit = document.getElementById("fit");
    if (this.fit) {
      this.fit.addEventListener("click", () => {
        element.classList.toggle("fitted");
        this.showFit();
      });
      addEventListener("resize", () => this.showFit());
    }
    element.addEventListener("click", (event) => {
      const part = event.target.closest("[data-target]");
      if (part && this.element.contains(part)) this.onPick(part.getAttribute("data-target"));
    });
  }

  // Load the picture of ply `ply` unless it is shown already; resolves once it is in the page.
  async show(ply) {
    if (this.shownPly === ply) return;
    const loading = (this.loading = fetch(this.svgUrl, { cache: "no-store", headers: this.headers }).then((r) => r.text()));
    const text = await loading;
    if (this.loading !== loading) return; // a newer picture was asked for meanwhile
    this.element.innerHTML = text;
    const svg = this.element.querySelector("svg");
    if (svg) {
      const width = Number(svg.getAttribute("width"));
      if (width > 0) svg.style.setProperty("--legible", `${Math.round(LEGIBLE * width)}px`);
      const hit = Number(svg.getAttribute("data-hit"));
      if (width > 0 && hit > 0) {
        const reach = matchMedia("(pointer: coarse)").matches ? REACH_TOUCH : REACH_POINTER;
        svg.style.setProperty("--reach", `${Math.ceil((reach * width) / hit)}px`);
      }
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("role", "img");
    }
    this.names = new Set([...this.element.querySelectorAll("[data-target]")].map((e) => e.getAttribute("data-target")));
    this.shownPly = ply;
    this.showFit();
  }

  // The fit button: shown while the board is wider than its frame, or fitted to it.
  showFit() {
    if (!this.fit) return;
    const fitted = this.element.classList.contains("fitted");
    this.fit.hidden = !fitted && this.element.scrollWidth <= this.element.clientWidth + 1;
    this.fit.setAttribute("aria-pressed", String(fitted));
    this.fit.textContent = fitted ? this.fit.dataset.full : this.fit.dataset.fit;
  }

  has(name) {
    return this.names.has(name);
  }

  // Mark `next` (names that can be picked now) and `picked` (the names picked so far, in order),
  // each picked place with the words its pick puts there, if the game gives them (`marks`, by the
  // pick's position: a set-up's "1", "1", "2", … are the heights of the rings placed).
  mark(next, picked, marks = []) {
    const svg = this.element.querySelector("svg");
    if (!svg) return;
    svg.querySelectorAll(".pick-marks").forEach((layer) => layer.remove());
    const layer = document.createElementNS(SVG, "g");
    layer.setAttribute("class", "pick-marks");
    layer.setAttribute("pointer-events", "none");
    const root = svg.getCTM();
    for (const part of svg.querySelectorAll("[data-target]")) {
      const name = part.getAttribute("data-target");
      const isNext = next.has(name);
      const isPicked = picked.includes(name);
      part.classList.toggle("next", isNext);
      part.classList.toggle("picked", isPicked);
      if (!isNext && !isPicked) continue;
      const [x, y, w, h] = box(part, root);
      const r = Math.min(w, h) / 2;
      let mark;
      if (w > 2 * h || Math.min(w, h) >= 80) {
        // a card or a label: a frame around it, which hides none of its words
        mark = document.createElementNS(SVG, "rect");
        const pad = isPicked ? 3 : 1.5;
        mark.setAttribute("x", x - w / 2 - pad);
        mark.setAttribute("y", y - h / 2 - pad);
        mark.setAttribute("width", w + 2 * pad);
        mark.setAttribute("height", h + 2 * pad);
        mark.setAttribute("rx", Math.min(8, h / 2 + pad));
        mark.setAttribute("class", isPicked ? "mark-picked" : "mark-next mark-frame");
      } else if (r < 20 && !isPicked) {
        // a small place (a field, a point): a ring around it, light under dark so that it shows on any ground
        mark = document.createElementNS(SVG, "g");
        mark.setAttribute("class", "mark-next mark-ring");
        for (const line of ["mark-halo", "mark-line"]) {
          const ring = document.createElementNS(SVG, "circle");
          ring.setAttribute("cx", x);
          ring.setAttribute("cy", y);
          ring.setAttribute("r", Math.max(r + 4, 9));
          ring.setAttribute("class", line);
          mark.appendChild(ring);
        }
      } else {
        mark = document.createElementNS(SVG, "circle");
        mark.setAttribute("cx", x);
        mark.setAttribute("cy", y);
        mark.setAttribute("r", isPicked ? (r < 20 ? Math.max(r + 4, 9) : r * 0.9) : r * 0.32);
        mark.setAttribute("class", isPicked ? "mark-picked" : "mark-next");
      }
      mark.setAttribute("data-mark", name);
      layer.appendChild(mark);
      const said = isPicked ? marks[picked.indexOf(name)] : undefined;
      if (said) {
        const label = document.createElementNS(SVG, "text");
        label.setAttribute("x", x);
        label.setAttribute("y", y);
        label.setAttribute("font-size", Math.max(10, Math.min(h, w) * 0.45));
        label.setAttribute("class", "mark-label");
        label.setAttribute("data-mark-label", name);
        label.textContent = said;
        layer.appendChild(label);
      }
    }
    svg.appendChild(layer);
    if (this.revealedPly !== this.shownPly && (next.size || picked.length)) {
      this.revealedPly = this.shownPly;
      this.reveal(layer);
    }
  }

  // A picture wider than the screen scrolls sideways: once a ply, bring the places that can be picked
  // into view (a phone opens a wide board where the player's own part is, not at its left edge).
  reveal(layer) {
    const element = this.element;
    if (element.scrollWidth <= element.clientWidth) return;
    const marks = [...layer.children].map((mark) => mark.getBoundingClientRect()).filter((r) => r.width > 0);
    if (!marks.length) return;
    const left = Math.min(...marks.map((r) => r.left));
    const right = Math.max(...marks.map((r) => r.right));
    const frame = element.getBoundingClientRect();
    const middle = right - left <= frame.width ? (left + right) / 2 : left + frame.width / 2;
    element.scrollLeft += middle - (frame.left + frame.width / 2);
  }
}

// The centre, width and height of a part's drawn box (its invisible hit area left out), in the
// picture's own units.
function box(part, root) {
  const hits = [...part.querySelectorAll(".hit")];
  hits.forEach((hit) => hit.setAttribute("display", "none"));
  const bounds = part.getBBox();
  hits.forEach((hit) => hit.removeAttribute("display"));
  let matrix = part.getCTM();
  if (root && matrix) matrix = root.inverse().multiply(matrix);
  const point = (px, py) => (matrix ? new DOMPoint(px, py).matrixTransform(matrix) : { x: px, y: py });
  const a = point(bounds.x, bounds.y);
  const b = point(bounds.x + bounds.width, bounds.y + bounds.height);
  return [(a.x + b.x) / 2, (a.y + b.y) / 2, Math.abs(b.x - a.x), Math.abs(b.y - a.y)];
}
