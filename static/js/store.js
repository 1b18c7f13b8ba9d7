// What the browser keeps: the display name, the player's secret key (their games and
// statistics, app/web/pages/players.py), a secret seat token per table, and preferences.

/** A new player key: 24 random bytes, base64url (the server keeps only its hash). */
function newKey() {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function get(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function set(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* private mode: kept for this page only */ }
}

export const store = {
  name: () => get("tichu.name") || "",
  /** The player's key, made on the first visit (null where the browser keeps nothing). */
  player: () => {
    let key = get("tichu.player");
    if (!key) {
      set("tichu.player", newKey());
      key = get("tichu.player");
    }
    return key;
  },
  setPlayer: (key) => set("tichu.player", key),
  forgetPlayer: () => set("tichu.player", null),
  setName: (name) => set("tichu.name", name),
  token: (code) => get(`tichu.token.${code}`),
  setToken: (code, token) => set(`tichu.token.${code}`, token),
  forgetToken: (code) => set(`tichu.token.${code}`, null),
  get: (key) => get(`tichu.pref.${key}`),
  set: (key, value) => set(`tichu.pref.${key}`, value),
};
