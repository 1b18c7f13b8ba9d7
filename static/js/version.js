// The page's version against the server's: a page whose JavaScript is older (or newer) than the
// server it talks to offers a reload instead of misbehaving. The page was served with its
// version (a meta tag of base.html); the server tells its own in every join's answer.
import { t } from "./i18n.js";

const meta = document.querySelector('meta[name="tichu-version"]');
export const pageVersion = meta ? meta.content : null;

let shown = false;

/** Show the reload banner once if the server's version is not the page's. */
export function checkServerVersion(serverVersion) {
  if (shown || !pageVersion || !serverVersion || serverVersion === pageVersion) return;
  shown = true;
  const bar = document.createElement("div");
  bar.className = "reload-banner";
  bar.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = t("A new version of the game is here. Reload the page to play on with it.");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("Reload");
  button.addEventListener("click", () => window.location.reload());
  bar.append(text, button);
  document.body.prepend(bar);
}
