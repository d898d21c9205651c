#!/usr/bin/env bash
# Renders the Twodle teaser shown on /twodle: public/media/twodle-demo.webm (VP9, muted, 7.5 s) and
# public/media/twodle-poster.webp. Every frame is drawn by an HTML page as a pure function of time,
# captured by Playwright in Debian's Chromium, then encoded by ffmpeg.
# Needs: node_modules (npm ci), /usr/bin/chromium, ffmpeg (`apt-get install -y ffmpeg`).
# Usage: bash scripts/make-twodle-video.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

FPS=30
SECONDS_LONG=7.5
WIDTH=960
HEIGHT=540
POSTER_AT=2.9

command -v ffmpeg >/dev/null || { echo "ffmpeg is missing: apt-get install -y ffmpeg" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "/usr/bin/chromium is missing: apt-get install -y chromium" >&2; exit 1; }
mkdir -p "$OUT" "$WORK/frames"

cat >"$WORK/teaser.html" <<'HTML'
<!doctype html>
<html>
<head>
<meta charset="utf-8">
<style>
  html, body { margin: 0; width: 960px; height: 540px; overflow: hidden; }
  body {
    background: radial-gradient(circle at 50% 35%, #2e2645 0%, #15131b 70%);
    color: #f2eff8; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif;
  }
  .abs { position: absolute; left: 0; right: 0; text-align: center; }
  #title { top: 48px; font-size: 72px; font-weight: 800; letter-spacing: -2px; }
  #title span { color: #a58bff; }
  #tagline { top: 150px; font-size: 28px; color: #bdb6cf; }
  .tile {
    position: absolute; top: 230px; width: 200px; height: 110px; margin-left: -100px;
    display: grid; place-items: center; border-radius: 18px; font-size: 40px; font-weight: 800;
    letter-spacing: 2px; background: #ffffff; color: #1d1a24; border: 4px solid #a58bff;
    box-shadow: 0 8px 24px rgb(0 0 0 / 35%);
  }
  .sign { position: absolute; top: 250px; width: 60px; margin-left: -30px; text-align: center;
    font-size: 56px; font-weight: 800; color: #a58bff; }
  .result { top: 380px; font-size: 52px; font-weight: 800; letter-spacing: 3px; color: #6fdc9a; }
  #end { top: 210px; }
  #end .big { font-size: 64px; font-weight: 800; }
  #end .small { margin-top: 18px; font-size: 28px; color: #bdb6cf; }
</style>
</head>
<body>
  <div id="title" class="abs">Two<span>dle</span></div>
  <div id="tagline" class="abs">Two words. One new word.</div>
  <div id="a-left" class="tile">RAIN</div><div id="a-plus" class="sign">+</div><div id="a-right" class="tile">BOW</div>
  <div id="a-result" class="abs result">RAINBOW</div>
  <div id="b-left" class="tile">FIRE</div><div id="b-plus" class="sign">+</div><div id="b-right" class="tile">FLY</div>
  <div id="b-result" class="abs result">FIREFLY</div>
  <div id="end" class="abs"><div class="big">Coming soon</div><div class="small">A sister game to Linchpin</div></div>
<script>
  const clamp = (x) => Math.min(1, Math.max(0, x));
  const ease = (x) => { const t = clamp(x); return 1 - Math.pow(1 - t, 3); };
  const ramp = (t, from, to) => ease((t - from) / (to - from));
  const $ = (id) => document.getElementById(id);
  // One pair of tiles: slide in, meet, turn green, show the joined word, fade away.
  function pair(prefix, t, start) {
    const s = t - start;
    const fade = 1 - ramp(s, 2.35, 2.6);
    const inL = ramp(s, 0, 0.6), inR = ramp(s, 0.2, 0.8), meet = ramp(s, 1.0, 1.35);
    const left = $(prefix + '-left'), right = $(prefix + '-right');
    const leftX = -120 + (350 + 120) * inL + 30 * meet;
    const rightX = 1080 - (1080 - 610) * inR - 30 * meet;
    left.style.left = leftX + 'px'; right.style.left = rightX + 'px';
    const visible = s > -0.01 && s < 2.7;
    for (const el of [left, right]) {
      el.style.opacity = visible ? fade : 0;
      const joined = s >= 1.35;
      el.style.background = joined ? '#1f7a45' : '#ffffff';
      el.style.color = joined ? '#ffffff' : '#1d1a24';
      el.style.borderColor = joined ? '#6fdc9a' : '#a58bff';
      el.style.borderRadius = joined ? (el === left ? '18px 0 0 18px' : '0 18px 18px 0') : '18px';
      el.style.borderWidth = joined ? (el === left ? '4px 2px 4px 4px' : '4px 4px 4px 2px') : '4px';
    }
    const plus = $(prefix + '-plus');
    plus.style.left = '480px';
    plus.style.opacity = visible ? ramp(s, 0.6, 0.9) * (1 - meet) : 0;
    const result = $(prefix + '-result');
    result.style.opacity = visible ? ramp(s, 1.35, 1.7) * fade : 0;
    result.style.transform = `scale(${0.8 + 0.2 * ramp(s, 1.35, 1.7)})`;
  }
  window.renderAt = (t) => {
    const headFade = 1 - ramp(t, 5.9, 6.2);
    $('title').style.opacity = ramp(t, 0, 0.5) * headFade;
    $('title').style.transform = `translateY(${(1 - ramp(t, 0, 0.5)) * -20}px)`;
    $('tagline').style.opacity = ramp(t, 0.4, 0.9) * headFade;
    pair('a', t, 1.0);
    pair('b', t, 3.6);
    const end = $('end');
    end.style.opacity = ramp(t, 6.2, 6.6);
    end.style.transform = `scale(${0.9 + 0.1 * ramp(t, 6.2, 6.6)})`;
  };
  window.renderAt(0);
</script>
</body>
</html>
HTML

cd "$ROOT"
FPS=$FPS SECONDS_LONG=$SECONDS_LONG WIDTH=$WIDTH HEIGHT=$HEIGHT POSTER_AT=$POSTER_AT WORK="$WORK" \
  node --input-type=module -e '
import { chromium } from "@playwright/test";
const { FPS, SECONDS_LONG, WIDTH, HEIGHT, POSTER_AT, WORK } = process.env;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(WIDTH), height: Number(HEIGHT) } });
await page.goto(`file://${WORK}/teaser.html`);
const frames = Math.round(Number(FPS) * Number(SECONDS_LONG));
for (let i = 0; i < frames; i++) {
  await page.evaluate((t) => window.renderAt(t), i / Number(FPS));
  await page.screenshot({ path: `${WORK}/frames/${String(i).padStart(4, "0")}.png` });
}
await page.evaluate((t) => window.renderAt(t), Number(POSTER_AT));
await page.screenshot({ path: `${WORK}/poster.png` });
await browser.close();
console.log(`rendered ${frames} frames`);
'

ffmpeg -loglevel error -y -framerate "$FPS" -i "$WORK/frames/%04d.png" \
  -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 0 -crf 38 -row-mt 1 -deadline good -an \
  "$OUT/twodle-demo.webm"
ffmpeg -loglevel error -y -i "$WORK/poster.png" -c:v libwebp -quality 82 "$OUT/twodle-poster.webp"

ls -l "$OUT/twodle-demo.webm" "$OUT/twodle-poster.webp"
