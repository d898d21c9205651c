import { EARLY_INPUT_GLOBAL } from './early-input-global';
import { storedName } from './stored-items';

/**
 * The three small scripts every page carries inline, as fixed texts: the server writes them into
 * each page exactly as they are here, and the Content-Security-Policy allows them by the hash of
 * these texts (server/security-headers.ts). They are plain ES5, so any browser runs them.
 */

const cookie = (key: Parameters<typeof storedName>[0]) => JSON.stringify(storedName(key));

/**
 * First in <head>: applies the player's choices, read from their cookies, before the first paint.
 * The page's HTML is the same for everyone (a first visit's); CSS then follows these attributes of
 * <html> (src/styles/global.css, "Before the app"): the theme and palette, whether the cookie
 * banner shows, and the parts of a page that differ for a returning player. Preferences count only
 * with consent "accepted", as src/lib/player-data/storage.ts reads them.
 */
export const PREPAINT_SCRIPT =
  '(function(){var d=document.documentElement,c={},a=document.cookie?document.cookie.split("; "):[],i,j;' +
  'for(i=0;i<a.length;i++){j=a[i].indexOf("=");if(j>0)c[a[i].slice(0,j)]=a[i].slice(j+1)}' +
  `var k=c[${cookie('consent')}];if(k!=="accepted"&&k!=="rejected")return;` +
  'd.setAttribute("data-consent",k);if(k!=="accepted")return;' +
  `var t=c[${cookie('darkMode')}];if(t==="true"||t==="false")d.setAttribute("data-theme",t==="true"?"dark":"light");` +
  `if(c[${cookie('colorMode')}]==="colorBlind")d.setAttribute("data-palette","colorBlind");` +
  `t=c[${cookie('difficulty')}];if(t==="easy"||t==="hard")d.setAttribute("data-difficulty",t);` +
  `if(c[${cookie('gameMode')}]==="dragAndDrop")d.setAttribute("data-game-mode","dragAndDrop");` +
  `if(c[${cookie('seenHowToPlay')}]==="true")d.setAttribute("data-seen-how-to-play","");` +
  `if(c[${cookie('seenNote')}]==="true")d.setAttribute("data-seen-note","")})()`;

/**
 * Second in <head>: keeps what a player does before the app has hydrated. A page paints from its
 * HTML long before its code has arrived; until the app takes over, a press of one of its controls
 * (a button, a radio or checkbox or its label), a key press other than typing (arrows, Escape) and
 * a form's submission are held, in order, and the control shows at once that it was pressed
 * (`data-early`, styled in global.css). Links navigate as usual, and text typed into a field stays
 * in the field. The app takes the queue once it has hydrated and applied the player's data, and
 * replays each input exactly once (src/lib/start-up/early-input.ts); from then on the recorder does nothing.
 * Each input also keeps the path of child indexes from #root to its control, so a page rendered
 * afresh (another day, an offline copy) replays it on the control in the same place. `path` is the
 * one definition of such a path: the app asks the recorder for the path of the focused control
 * and of typed fields too, and only reads paths back (src/lib/start-up/early-input.ts).
 */
export const EARLY_INPUT_SCRIPT =
  '(function(){var w=window,d=document,q=[],on=1,T=["click","keydown","submit"];' +
  'function path(n){var p=[],r=d.getElementById("root");while(n&&n!==r){var i=0,s=n;while((s=s.previousElementSibling))i++;p.unshift(i);n=n.parentElement}return n?p:null}' +
  'function rec(e){if(!on)return;var t=e.target,el=null,r=d.getElementById("root");' +
  'if(!t||!t.closest||!r||!r.contains(t))return;' +
  'if(e.type==="click"){var a=t.closest("a[href]");' +
  'el=t.closest("button,summary,[role=button],input[type=radio],input[type=checkbox],input[type=submit],label");' +
  'if(!el||(a&&el.contains(a)))return;' +
  'if(el.tagName==="LABEL"&&!(el.control&&/^(radio|checkbox)$/.test(el.control.type)))return}' +
  'else if(e.type==="keydown"){if(e.isComposing||/^(Tab| |Enter|Shift|Control|Alt|Meta)$/.test(e.key)||t.closest("input,textarea,select,[contenteditable]"))return;el=t}' +
  'else el=t;' +
  'e.preventDefault();e.stopImmediatePropagation();' +
  'q.push({type:e.type,el:el,path:path(el),key:e.key,code:e.code,shiftKey:e.shiftKey,ctrlKey:e.ctrlKey,altKey:e.altKey,metaKey:e.metaKey});' +
  'if(el.setAttribute)el.setAttribute("data-early","");d.documentElement.setAttribute("data-early-input","")}' +
  'for(var i=0;i<T.length;i++)w.addEventListener(T[i],rec,true);' +
  `w[${JSON.stringify(EARLY_INPUT_GLOBAL)}]={path:path,take:function(){on=0;for(var i=0;i<T.length;i++)w.removeEventListener(T[i],rec,true);var t=q;q=[];return t}}})()`;

/**
 * Last in <body>: starts the app's code after the first paint, so a page paints from its HTML and
 * styles alone, with no script fetched on the way; then loads the entry (and preloads the route's
 * chunks, listed in #page-modules) to hydrate. It waits on the browser's paint entries, not on
 * timers (a test's frozen clock would hold timers back). Before that, it sets each part of the
 * countdown to the next UTC midnight (`data-countdown`, as `countdownPart` in core/dates.ts
 * reads it: the whole hours, minutes or seconds left, two digits for a doubled letter) to this
 * moment's value: a page is rendered once a day and kept, so the value it was rendered with is old
 * by the time anyone sees it. Only numbers: the countdown's words are the component's.
 */
export const MODULE_LOADER_SCRIPT =
  '(function(){var started=0,x=document.querySelectorAll("[data-countdown]"),t=Math.min(86399,Math.floor((864e5-Date.now()%864e5)/1e3)),v={h:Math.floor(t/3600),m:Math.floor(t%3600/60),s:t%60},i,k;' +
  'for(i=0;i<x.length;i++){k=x[i].getAttribute("data-countdown");x[i].textContent=(k.length>1&&v[k[0]]<10?"0":"")+v[k[0]]}' +
  'function start(){if(started)return;started=1;' +
  'var m=JSON.parse(document.getElementById("page-modules").textContent),h=document.head;' +
  // The entry first: the largest file, and the one everything waits for, gets the first connection.
  'var s=document.createElement("script");s.type="module";s.src=m[0];h.appendChild(s);' +
  // Then the route's chunks, two links a task, the first in the next task: each request's start
  // costs the main thread a few milliseconds on a phone. Twenty at once (/game) made a task of
  // 60-70 ms after the first paint, and the entry with four links one of 55-124 ms at the bench's
  // calibrated speed (issue 42's trace). A message, not a timer, yields between them (a frozen
  // clock holds timers). Last, the links nothing on the first paint needs (the web app
  // manifest), kept inert until now.
  'var r=m.slice(1),c=new MessageChannel();c.port1.onmessage=p;function p(){r.splice(0,2).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});if(r.length)c.port2.postMessage(0);else{var t=document.getElementById("late-links");if(t)h.appendChild(t.content)}}c.port2.postMessage(0)}' +
  // After the first paint: a paint entry is reported only once the frame is drawn. At load, only
  // if a paint already happened (a fast load can come before the first frame).
  'try{new PerformanceObserver(function(l){if(l.getEntries().length)start()}).observe({type:"paint",buffered:true})}catch(e){}' +
  'addEventListener("load",function(){if(!window.PerformanceObserver||performance.getEntriesByType("paint").length)start()})})()';

/** Every inline script a page may carry: the Content-Security-Policy allows exactly these. */
export const INLINE_SCRIPTS = [PREPAINT_SCRIPT, EARLY_INPUT_SCRIPT, MODULE_LOADER_SCRIPT] as const;
