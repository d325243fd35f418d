/**
 * React Router's `<Scripts/>`, started after the first paint instead of before it.
 *
 * `<Scripts/>` renders a `<link rel="modulepreload">` for every module of the page (which React
 * hoists into `<head>`, ahead of the stylesheet) and the module script that hydrates it: on a
 * slow link those ~130 KB of JavaScript (gzip) download alongside the stylesheet and the first
 * photo and hold back the first paint, although the page needs none of it to show (forms work
 * before JavaScript). Here its output is rendered inside `<noscript>`, where a browser running
 * scripts keeps it as text (and React neither hoists nor hydrates it), and a small inline script
 * right after it:
 * - runs React Router's context script at once, in place, as `<Scripts/>` would have (the data
 *   streamed after it needs `window.__reactRouterContext`);
 * - adds the module preloads and the module script once the browser has reported the page's
 *   first contentful paint (Paint Timing; where that is missing, a rendering frame, then a
 *   task), so they download after the HTML, the stylesheet and the first photo; four
 *   elements a task, the module script last: each starts a request, and the page's ~19 added in
 *   one task made a 25 ms task on this machine, 100 ms and more at 4× CPU, the page's longest
 *   after its first paint (decision 033).
 * Every script it adds carries the page's CSP nonce. In development `<Scripts/>` is used as is.
 * Measured with `npm run bench:lighthouse` (docs/performance.md).
 */
import { Scripts } from "react-router";

const LOADER = `(function () {
  var me = document.currentScript, nonce = me.nonce, held = document.createElement("template"), later = [];
  held.innerHTML = me.previousElementSibling.textContent;
  held.content.querySelectorAll("link[rel=modulepreload], script").forEach(function (original) {
    var copy = document.createElement(original.tagName);
    for (var i = 0; i < original.attributes.length; i++) if (original.attributes[i].name !== "nonce") copy.setAttribute(original.attributes[i].name, original.attributes[i].value);
    copy.nonce = nonce;
    if (original.tagName !== "SCRIPT") later.push(copy);
    else if ((copy.text = original.text), original.type === "module") later.push(copy);
    else document.head.appendChild(copy);
  });
  function start() {
    if (!later) return;
    var queue = later;
    later = null;
    (function next() {
      queue.splice(0, 4).forEach(function (element) { document.head.appendChild(element); });
      if (queue.length) setTimeout(next, 0);
    })();
  }
  // After the browser reports the first contentful paint: a frame's callback, or a task after
  // it, runs before the frame is on the screen, and scripts asked for then could arrive first.
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf("paint") < 0) throw new Error("no paint entries");
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    // No Paint Timing: a frame, then a task.
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // A tab opened in the background paints no frame until it is shown.
  setTimeout(start, 3000);
})();`;

export function DeferredScripts({ nonce }: { nonce?: string }) {
  if (import.meta.env.DEV) return <Scripts nonce={nonce} />;
  return (
    <>
      <noscript>
        <Scripts nonce={nonce} />
      </noscript>
      {/* The loader runs once, from the server's HTML: the browser's bundle need not carry it (hydration leaves a script's text as it is). */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? LOADER : "" }} />
    </>
  );
}
