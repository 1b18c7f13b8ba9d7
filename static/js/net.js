// The connection to a table: joins (again after every reconnect), keeps the document
// and its version, drops duplicates, asks for a snapshot on a gap, sends requests with acks.
// Status: joining, online, reconnecting (the socket is trying again), offline (the
// browser has no network), refused. A phone tab that comes back from the background
// reconnects, or quietly asks for a snapshot, without any message.
/* global io */
import { applyPatch } from "./patch.js";
import { store } from "./store.js";

export class TableConnection {
  constructor(code, { onState, onStatus }) {
    this.code = code;
    this.onState = onState;
    this.onStatus = onStatus;
    this.doc = null;
    this.version = null;
    this.syncing = false;
    this.status = null;
    this.socket = io({ reconnectionDelayMax: 4000 });
    this.socket.on("connect", () => this.join());
    this.socket.on("disconnect", () => this.setStatus(navigator.onLine === false ? "offline" : "reconnecting"));
    this.socket.io.on("reconnect_attempt", () => this.setStatus(navigator.onLine === false ? "offline" : "reconnecting"));
    this.socket.on("state", (msg) => this.receive(msg));
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
    let ack = await this.request("join", token ? { code: this.code, token } : { code: this.code });
    if (!ack.ok && ack.code === "bad_token") {
      store.forgetToken(this.code);
      ack = await this.request("join", { code: this.code });
    }
    this.setStatus(ack.ok ? "online" : "refused", ack);
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
      this.socket.timeout(timeout).emit(event, payload, (err, ack) => {
        resolve(err ? { ok: false, code: "timeout", message: "The server did not answer. Please try again." } : ack);
      });
    });
  }
}
