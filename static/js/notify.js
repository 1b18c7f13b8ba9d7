// Telling the player what happens: the live region for screen readers, the page title
// when it is their turn, an optional beep (Web Audio, started by a tap on the setting)
// and a short vibration where the browser has the Vibration API (Safari does not).

let audio = null;

/** A short, quiet beep; the AudioContext is created on first use (a user gesture allows it). */
export function beep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.3);
  } catch { /* no sound then */ }
}

export function vibrate(ms = 150) {
  if (typeof navigator.vibrate === "function") {
    try { navigator.vibrate(ms); } catch { /* not allowed without a user gesture yet */ }
  }
}

/** The live region: messages queued so that quick events are all read, none cut off. */
export class Announcer {
  constructor(el) {
    this.el = el;
    this.queue = [];
    this.timer = null;
  }

  say(text) {
    if (!text) return;
    this.queue.push(text);
    if (!this.timer) this.flush();
  }

  flush() {
    const batch = this.queue.splice(0, this.queue.length);
    if (!batch.length) { this.timer = null; return; }
    const line = document.createElement("p");
    line.textContent = batch.join(". ");
    this.el.append(line);
    while (this.el.childElementCount > 5) this.el.firstElementChild.remove();
    this.timer = setTimeout(() => this.flush(), 700);
  }
}
