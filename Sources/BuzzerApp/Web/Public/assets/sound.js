// Optional sound for the projector, off until someone switches it on there (browsers only let a
// page play sound after a click anyway). Everything is synthesized with the Web Audio API, so the
// product ships no audio files and needs no licences: a soft lobby loop, a tick for each of the
// last five seconds, a short sting when the answer is revealed, and a drum roll before the winner.

export class Sound {
  constructor() {
    this.context = null;
    this.enabled = false;
    this.lobbyTimer = null;
    this.lastTick = null;
  }

  /** Switches sound on or off; returns the new state. Creating the context needs this click. */
  toggle() {
    this.enabled = !this.enabled;
    if (this.enabled) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) { this.enabled = false; return false; }
      this.context = this.context || new Context();
      this.context.resume?.();
    } else {
      this.lobby(false);
      this.context?.suspend?.();
    }
    return this.enabled;
  }

  /** One soft note: `frequency` Hz, starting `at` seconds from now, for `length` seconds. */
  note(frequency, at = 0, length = 0.4, volume = 0.12, type = 'sine') {
    // Nothing is scheduled on a context the browser holds back: nobody would hear it, and each
    // start() there logs "The AudioContext was not allowed to start" (a projector reloaded before its click).
    if (!this.enabled || this.context?.state !== 'running') return;
    const start = this.context.currentTime + at;
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.05);
  }

  /** The lobby loop: a slow four-note arpeggio every four seconds while `on`. */
  lobby(on) {
    if (!on || !this.enabled) {
      clearInterval(this.lobbyTimer);
      this.lobbyTimer = null;
      return;
    }
    if (this.lobbyTimer) return;
    const phrase = () => [261.63, 329.63, 392.0, 523.25].forEach((f, i) => this.note(f, i * 0.35, 0.9, 0.06, 'triangle'));
    phrase();
    this.lobbyTimer = setInterval(phrase, 4000);
  }

  /** Called with the countdown's whole seconds left: ticks through the last five. */
  second(seconds, open) {
    if (!open || seconds > 5 || seconds <= 0 || seconds === this.lastTick) return;
    this.lastTick = seconds;
    this.note(seconds === 1 ? 1046.5 : 880, 0, 0.12, 0.14, 'square');
  }

  /** The reveal: a rising major chord, `at` seconds from now. */
  sting(at = 0) {
    this.lastTick = null;
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => this.note(f, at + i * 0.08, 0.7, 0.1, 'triangle'));
  }

  /** A podium's entrance (display.css's delays): a note as 3rd rises, a higher one for 2nd, then the roll and the sting for 1st. */
  podium() {
    this.note(392, 0.5, 0.4, 0.12, 'triangle');
    this.note(523.25, 1.8, 0.4, 0.12, 'triangle');
    this.drumroll(2.5, 4.6);
  }

  /** The podium: a snare-like roll growing from `from` seconds to `to`, then the sting for 1st. */
  drumroll(from, to) {
    for (let t = from, i = 0; t < to; t += 0.05, i += 1) this.note(i % 2 ? 180 : 200, t, 0.05, 0.03 + 0.05 * ((t - from) / (to - from)), 'square');
    this.sting(to);
  }
}
