// Motion: a new play travels from its seat to the trick, and a won trick sweeps to its
// winner. Nothing moves for people who ask for reduced motion (prefers-reduced-motion).
// Uses the Web Animations API (element.animate), which Chromium, Firefox and Safari have.

const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

export const motionReduced = () => reduced.matches;

/** What the page looks like before a render: where the trick is, to sweep it afterwards. */
export function before(root) {
  if (reduced.matches) return null;
  const trick = root.querySelector(".trick .plays");
  if (!trick) return null;
  return { node: trick.cloneNode(true), rect: trick.getBoundingClientRect() };
}

function seatRect(root, seat) {
  const el = root.querySelector(`.seat[data-seat="${seat}"]`);
  return el ? el.getBoundingClientRect() : null;
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** After a render: animate what changed between the two documents. Returns the new play's
 * flight (an Animation) while it is under way, else null. */
export function after(root, prev, oldView, view, me) {
  if (reduced.matches || !oldView || !view || oldView.round !== view.round) return null;
  const fresh = view.history.slice(oldView.history.length);
  const swept = fresh.find((e) => e.act === "trick");
  if (swept && prev) sweep(root, prev, swept.to);
  const plays = view.trick.plays;
  if (plays.length > oldView.trick.plays.length || (swept && plays.length)) {
    const last = root.querySelector(".trick .play.top .cards");
    const play = plays[plays.length - 1];
    const from = play.seat === me ? root.querySelector(".hand") : root.querySelector(`.seat[data-seat="${play.seat}"]`);
    if (last && from) return travel(last, from.getBoundingClientRect());
  }
  return null;
}

function travel(el, fromRect) {
  const to = el.getBoundingClientRect();
  const a = centre(fromRect);
  const b = centre(to);
  return el.animate([
    { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.7)`, opacity: 0.3 },
    { transform: "none", opacity: 1 },
  ], { duration: 280, easing: "cubic-bezier(.2,.7,.3,1)" });
}

function sweep(root, prev, winner) {
  const target = seatRect(root, winner);
  if (!target) return;
  const ghost = prev.node;
  ghost.classList.add("ghost");
  Object.assign(ghost.style, { position: "fixed", left: `${prev.rect.left}px`, top: `${prev.rect.top}px`,
    width: `${prev.rect.width}px`, margin: "0", pointerEvents: "none", zIndex: "30" });
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  const a = centre(prev.rect);
  const b = centre(target);
  const anim = ghost.animate([
    { transform: "none", opacity: 1 },
    { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.25)`, opacity: 0 },
  ], { duration: 420, easing: "ease-in", fill: "forwards" });
  anim.onfinish = () => ghost.remove();
  anim.oncancel = () => ghost.remove();
}
