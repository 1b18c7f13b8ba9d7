// The connection to a table: joins (again after every reconnect), keeps the document
// and its version, drops duplicates, asks for a snapshot on a gap, sends requests with acks.
// Actions carry the version they were decided on and an id; one whose answer was lost
// (the connection dropped, no answer in time) is sent again with the same id once joined
// again, and the server answers a repeat as it answered the first (it acts once).
// Status: joining, online, reconnecting (the socket is trying again), offline (the
// browser has no network), refused. A phone tab that comes back from the background
// reconnects, or quietly asks for a snapshot, without any message.
/* global io */
import { applyPatch } from "./patch.js";
import { store } from "./store.js";
import { checkServerVersion } from "./version.js";

const RETRIES = 3;
const LOST = { ok: false, code: "timeout", message: "The server did not answer. Please try again." };

function newId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export class TableConnection {
  constructor(code, { onState, onStatus }) {
    this.code = code;
    this.onState = onState;
    this.onStatus = onStatus;
    this.doc = null;
    this.version = null;
    this.syncing = false;
    this.status = null;
    this.pending = new Set();  // resolvers of requests waiting for their answer
    this.waiting = [];  // resolvers waiting for the next successful join
    this.clockOffset = 0;  // server time minus this browser's (for countdowns)
    // The table's code in the connection's address: behind nginx (deploy/templates/nginx-site.conf) every
    // connection of a table reaches the same process, which then never has to catch up.
    this.socket = io({ reconnectionDelayMax: 4000, query: { table: code } });
    this.socket.on("connect", () => this.join());
    this.socket.on("disconnect", () => {
      this.setStatus(navigator.onLine === false ? "offline" : "reconnecting");
      for (const resolve of [...this.pending]) resolve(LOST);  // their answers went with the connection
    });
    this.socket.io.on("reconnect_attempt", () => this.setStatus(navigator.onLine === false ? "offline" : "reconnecting"));
    this.socket.on("state", (msg) => this.receive(msg));
    // The server is restarting (it drains): connect again at once, to another process behind
    // the proxy, or to this server when it is back (socket.io tries again until then).
    this.socket.on("restart", () => { this.socket.disconnect(); this.socket.connect(); });
    // A draining server refuses new connections with a reason: socket.io does not try again
    // by itself after a refusal, so the page does, shortly.
    this.socket.on("connect_error", (err) => {
      if (err && err.data && err.data.code === "draining") setTimeout(() => this.socket.connect(), 500);
    });
    window.addEventListener("offline", () => this.setStatus("offline"));
    window.addEventListener("online", () => this.resume());
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") this.resume(); });
    window.addEventListener("pageshow", (e) => { if (e.persisted) this.resume(); });
  }

  setStatus(status, ack) {
    this.status = status;
    this.onStatus(status, ack);
  }

  /** Back from the background or the network: reconnect, or check we missed nothing. */
  resume() {
    if (!this.socket.connected) {
      if (this.status !== "offline") this.setStatus("reconnecting");
      this.socket.connect();
    } else {
      if (this.status === "offline" || this.status === "reconnecting") this.setStatus("online");
      if (this.version !== null) this.resync();
    }
  }

  async join() {
    this.setStatus(this.status === null ? "joining" : "reconnecting");
    this.version = null;  // a new connection starts from a snapshot
    const token = store.token(this.code);
    let sent = Date.now();
    let ack = await this.request("join", token ? { code: this.code, token } : { code: this.code });
    if (!ack.ok && ack.code === "bad_token") {
      store.forgetToken(this.code);
      sent = Date.now();
      ack = await this.request("join", { code: this.code });
    }
    // The server's clock read `now` after we sent: taken as read when we sent, countdowns can
    // only run early (by the way there), never show more time than is left, as they did by
    // the way back when the answer was slow.
    if (ack.ok && typeof ack.now === "number") this.clockOffset = ack.now * 1000 - sent;
    if (ack.ok) checkServerVersion(ack.server);
    this.setStatus(ack.ok ? "online" : "refused", ack);
    if (ack.ok) for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves once joined (at once if joined now). */
  joined() {
    if (this.socket.connected && this.status === "online") return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A game action decided on `version`: sent with a new id, again with the same id while its
   * answer is lost. A `stale` refusal asks for the current state at once. */
  async act(action, version) {
    const payload = { action, version, id: newId() };
    let ack = LOST;
    for (let attempt = 0; attempt <= RETRIES && ack.code === "timeout"; attempt++) {
      await this.joined();
      ack = await this.request("act", payload);
    }
    if (ack.code === "stale") this.resync();
    return ack;
  }

  receive(msg) {
    if (msg.t === "snapshot") {
      if (this.version !== null && msg.v < this.version) return;
      this.doc = msg.doc;
      this.version = msg.v;
    } else if (msg.t === "patch") {
      if (this.version !== null && msg.v <= this.version) return;  // seen already
      if (this.version === null || msg.base !== this.version) return this.resync();
      try {
        this.doc = applyPatch(this.doc, msg.ops);
      } catch (err) {
        console.warn("patch does not fit, asking for a snapshot", err);
        this.version = null;
        return this.resync();
      }
      this.version = msg.v;
    } else {
      return;
    }
    this.onState(this.doc, this.version);
  }

  resync() {
    if (this.syncing) return;
    this.syncing = true;
    this.request("sync", {}).finally(() => { this.syncing = false; });
  }

  request(event, payload, timeout = 10000) {
    return new Promise((resolve) => {
      const done = (ack) => {
        if (!this.pending.delete(done)) return;  // answered already (or lost)
        resolve(ack);
      };
      this.pending.add(done);
      this.socket.timeout(timeout).emit(event, payload, (err, ack) => done(err ? LOST : ack));
    });
  }
}
