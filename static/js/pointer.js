// Whether the player clicks or taps, so the page's words say which: a pointer that hovers and
// aims finely (a mouse, a trackpad) clicks; a touch screen taps (a laptop with a touch screen
// and a mouse: whichever the browser calls its main pointer).
const fine = window.matchMedia ? window.matchMedia("(hover: hover) and (pointer: fine)") : null;

/** True where the player clicks (a mouse or a trackpad), false on a touch screen. */
export const clicks = () => Boolean(fine && fine.matches);
