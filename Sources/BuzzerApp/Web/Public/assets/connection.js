// The buzzer.v1 connection: one WebSocket per page, reopened after an unexpected close. Every
// message it receives goes to the page's store, whose reducer (game-state.js) reads it.
import { t } from './i18n.js';
import { syncClock } from './clock.js';


/**
 * One WebSocket to `/ws` with `buzzer.v1`, reopened with capped, jittered backoff after
 * any unexpected close. `hello()` returns the first message to send on every (re)open
 * (join, resume, host or watch), or null to stay quiet.
 */
export class Connection {
  constructor({ hello, room = () => null, onMessage, onStatus }) {
    this.hello = hello;
    /** The room code this connection is for, if known: `/ws?room=CODE` lets a proxy in front of
     *  several servers send it to the one that holds the room (docs/scale-out.md). */
    this.room = room;
    this.openedFor = null;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
  }
  get open() { return this.socket?.readyState === WebSocket.OPEN; }

  connect() {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const room = this.room();
    this.openedFor = room ?? null;
    const socket = new WebSocket(`${scheme}//${location.host}/ws${room ? `?room=${encodeURIComponent(room)}` : ''}`, 'buzzer.v1');
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.onStatus('online');
      const first = this.hello();
      if (first) this.send(first);
    });
    socket.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      syncClock(message.serverTime);
      this.onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 4003: removed by the host; 4000: this seat opened elsewhere. Neither should retry.
      if (this.stopped || event.code === 4003 || event.code === 4000) {
        this.onStatus(event.code === 4000 ? 'replaced' : 'closed');
        return;
      }
      this.onStatus('offline');
      const delay = Math.min(8000, 400 * 1.8 ** this.attempt) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /** Whether the open socket was opened for `room` (else a request about it must reconnect first). */
  isFor(room) { return this.open && this.openedFor === (room ?? null); }

  send(message) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Closes on purpose (leave, or start over): no reconnect. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  /** Drops the current socket and opens a fresh one (for a new join after an error). */
  restart() {
    this.stopped = false;
    const old = this.socket;
    this.socket = null;
    old?.close(1000);
    this.connect();
  }
}

/** Shows or hides the page's offline banner for a connection status. */
export function showStatus(banner, status) {
  const text = {
    offline: t('status.offline'),
    replaced: t('status.replaced'),
  }[status];
  banner.hidden = !text;
  if (text) banner.textContent = text;
}
