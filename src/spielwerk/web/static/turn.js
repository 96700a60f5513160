// Your turn, noticed: while it is this seat's turn the tab's title begins with "Your turn" and its
// icon turns orange; on the moment it becomes your turn a short tone sounds (if you switched the sound
// on) and, while the page is in the background, a notification appears (if you allowed them). Both
// choices are kept in this browser.

import { t } from "./i18n.js";

const SOUND = "spielwerk.sound";
const NOTIFY = "spielwerk.notify";
const ICONS = {
  yours: icon("#e8590c"),
  other: icon("#868e96"),
};

function icon(colour) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function stored(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false;
  }
}

function store(key, on) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // storage refused: the choice holds for this page only
  }
}

export class TurnSignal {
  // `sound` and `notify`: the page's checkboxes for the two choices.
  constructor(sound, notify) {
    this.yours = null; // unknown until the first payload: no tone for the turn the page opened on
    this.sound = sound;
    this.notify = notify;
    this.icon = document.querySelector('link[rel="icon"]');
    sound.checked = stored(SOUND);
    notify.checked = stored(NOTIFY) && "Notification" in window && Notification.permission === "granted";
    notify.disabled = !("Notification" in window);
    sound.addEventListener("change", () => store(SOUND, sound.checked));
    notify.addEventListener("change", async () => {
      if (notify.checked && Notification.permission !== "granted") {
        notify.checked = (await Notification.requestPermission()) === "granted";
      }
      store(NOTIFY, notify.checked);
    });
  }

  // Show whether it is this seat's turn now (`title`: the tab's title otherwise; `status`: what the
  // game waits for, for a notification).
  show(yours, title, status) {
    document.title = yours ? `${t("Your turn")} · ${title}` : title;
    if (this.icon) this.icon.href = yours ? ICONS.yours : ICONS.other;
    document.body.dataset.turn = yours ? "yours" : "other";
    const began = yours && this.yours === false;
    this.yours = yours;
    if (!began) return;
    if (this.sound.checked) chime();
    if (this.notify.checked && document.hidden && Notification.permission === "granted") {
      new Notification(`${t("Your turn")} · ${title}`, { body: status, tag: title });
    }
  }
}

// Two short tones, made here (no sound file to load).
function chime() {
  try {
    const context = new AudioContext();
    [660, 880].forEach((frequency, index) => {
      const tone = context.createOscillator();
      const volume = context.createGain();
      const start = context.currentTime + index * 0.15;
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.15, start);
      volume.gain.exponentialRampToValueAtTime(0.001, start + 0.14);
      tone.connect(volume).connect(context.destination);
      tone.start(start);
      tone.stop(start + 0.15);
    });
  } catch {
    // no audio here: the title and the icon still tell
  }
}
