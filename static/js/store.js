// What the browser keeps: the display name, a secret seat token per table, and preferences.

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
  setName: (name) => set("tichu.name", name),
  token: (code) => get(`tichu.token.${code}`),
  setToken: (code, token) => set(`tichu.token.${code}`, token),
  forgetToken: (code) => set(`tichu.token.${code}`, null),
  get: (key) => get(`tichu.pref.${key}`),
  set: (key, value) => set(`tichu.pref.${key}`, value),
};
