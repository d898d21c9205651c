# Linchpin's reference shared cache: Varnish standing in for a CDN in front of deploy/nginx.conf
# (docs/server.md, "Deploying at scale"). deploy/stack.ts runs this file as it is.
#  - pages, assets and puzzle files are cached whatever cookies the request carries: no page depends
#    on a cookie (the linchpin_* cookies are read by the browser alone);
#  - /api/* is never cached and reaches the servers with its cookies and body;
#  - a page is kept once per address the servers tell apart (core/routes.ts `pageAddress`): its
#    path without trailing slashes and only the query parameters its route reads, so random query
#    strings (`?utm_source=…`, `?x=<random>`) share one copy instead of each pushing real pages
#    out of the cache (sub linchpin_page_address);
#  - how long is the server's to say: s-maxage (pages and puzzle files: until the next UTC
#    midnight), else max-age (assets: a year, their names change with their content);
#  - nothing answered with Set-Cookie, no-store, no-cache or private is kept;
#  - the owner, and only the owner, clears what a publish changed (deploy/publish.ts): BAN requests
#    are accepted only on the cache's owner address (varnishd -a owner=127.0.0.1:8202, never
#    published: players reach the cache on its other address) and only from this machine.
#    `BAN /puzzles/2026-11.json` drops that path (and the same path with any query) in every
#    encoding; `BAN /` with `X-Ban-Pages: all` drops every page (HTML). Anything else: 405.
vcl 4.1;

import std;

acl owner {
  "127.0.0.1";
  "::1";
}

backend proxy {
  .host = "127.0.0.1";
  .port = "8201";
  .connect_timeout = 2s;
  .first_byte_timeout = 30s;
  .probe = {
    .url = "/api/health";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
  }
}

sub vcl_recv {
  if (req.method == "BAN" || req.method == "PURGE") {
    if (local.socket != "owner" || client.ip !~ owner) {
      return (synth(405, "Not allowed"));
    }
    if (req.http.X-Ban-Pages == "all") {
      ban("obj.http.Content-Type ~ ^text/html");
      return (synth(200, "Banned every page"));
    }
    # Plain paths only, so the path is its own regular expression (a "." matches itself, too).
    if (req.url !~ "^/[A-Za-z0-9/_.-]*$") {
      return (synth(400, "A plain path, please"));
    }
    ban("req.url ~ ^" + req.url + "(\?|$)");
    return (synth(200, "Banned " + req.url));
  }
  if (local.socket == "owner") {
    return (synth(404, "The owner address takes BAN requests only"));
  }
  if (req.url ~ "^/api/") {
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Out of the request and so out of the cache key: every player shares one copy.
  unset req.http.Cookie;
  call linchpin_page_address;
  # Past its s-maxage (midnight), a page is fetched anew while the servers answer; an expired copy
  # is served only while they do not (grace).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 0s;
  }
  return (hash);
}

# A page's URL becomes its address as the servers read it (core/routes.ts `pageAddress` and
# `addressKey`), for the cache key and for the request to the servers alike. A page is what
# core/routes.ts `isPagePath` says: a path whose last part has no file extension, not /api. Its
# path loses its trailing slashes; /game and /ad (READS_QUERY) keep the first `puzzleId` (when not
# empty) and the first `mode` (when retry or solution; otherwise play, left out when there is no
# puzzle id); every other page keeps no query at all. Files (assets, puzzle files, sw.js)
# keep their URL. e2e/varnish-page-address.spec.ts checks this against pageAddress itself.
sub linchpin_page_address {
  if (req.url ~ "^/api(\?|$)" ||
      req.url ~ "^[^?]*/(?!\.\./*(\?|$))[^/?][^/.?]*\.[^/?]*/*(\?|$)") {
    return;
  }
  # Working values in headers of our own (VCL has no variables): never one a client sent.
  unset req.http.X-Page-Puzzle;
  set req.http.X-Page-Path = regsub(regsub(req.url, "\?.*$", ""), "^(.+?)/+$", "\1");
  if (req.http.X-Page-Path !~ "^/(game|ad)$") {
    set req.url = req.http.X-Page-Path;
    unset req.http.X-Page-Path;
    return;
  }
  if (req.url ~ "^[^?]*\?([^&]*&)*puzzleId(=|&|$)") {
    set req.http.X-Page-Puzzle = regsub(req.url,
      "^[^?]*\?(?:[^&]*&)*?puzzleId(?:=([^&]*))?(?:&.*)?$", "\1");
  }
  set req.http.X-Page-Mode = "play";
  if (req.url ~ "^[^?]*\?([^&]*&)*mode(=|&|$)") {
    set req.http.X-Page-Mode = regsub(req.url, "^[^?]*\?(?:[^&]*&)*?mode(?:=([^&]*))?(?:&.*)?$",
      "\1");
    if (req.http.X-Page-Mode !~ "^(retry|solution)$") {
      set req.http.X-Page-Mode = "play";
    }
  }
  if (req.http.X-Page-Puzzle ~ ".") {
    set req.url = req.http.X-Page-Path + "?puzzleId=" + req.http.X-Page-Puzzle + "&mode=" +
      req.http.X-Page-Mode;
  } elsif (req.http.X-Page-Mode != "play") {
    set req.url = req.http.X-Page-Path + "?mode=" + req.http.X-Page-Mode;
  } else {
    set req.url = req.http.X-Page-Path;
  }
  unset req.http.X-Page-Path;
  unset req.http.X-Page-Puzzle;
  unset req.http.X-Page-Mode;
}

sub vcl_backend_response {
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(no-store|no-cache|private)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  set beresp.grace = 1h;
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
