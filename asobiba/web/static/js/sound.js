// The optional move sound (off by default, remembered in localStorage): a short wooden "tock" made
// by a WebAudio oscillator — no sound files. Browsers let audio start only after a person has
// touched the page, so the audio context is made (or resumed) on a press.

const KEY = "asobiba.sound";
let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) audio();
}

function audio() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

document.addEventListener("pointerdown", () => soundOn() && audio(), { capture: true });

function tone(ac, at, frequency, seconds, volume) {
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(frequency, at);
  osc.frequency.exponentialRampToValueAtTime(frequency * 0.62, at + seconds);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  osc.connect(gain).connect(ac.destination);
  osc.start(at);
  osc.stop(at + seconds + 0.02);
}

/** Play the sound of a move landing; `yourTurn` adds a higher second note (your move next). */
export function moveSound(yourTurn = false) {
  if (!soundOn()) return;
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime;
  tone(ac, now, 420, 0.09, 0.22);
  if (yourTurn) tone(ac, now + 0.12, 660, 0.12, 0.12);
}
