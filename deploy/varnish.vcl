# Linchpin's reference shared cache: Varnish standing in for a CDN in front of deploy/nginx.conf
# (docs/server.md, "Deploying at scale"). deploy/stack.ts runs this file as it is.
#  - pages, assets and puzzle files are cached whatever cookies the request carries: no page depends
#    on a cookie (the linchpin_* cookies are read by the browser alone);
#  - /api/* is never cached and reaches the servers with its cookies and body;
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
  # Past its s-maxage (midnight), a page is fetched anew while the servers answer; an expired copy
  # is served only while they do not (grace).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 0s;
  }
  return (hash);
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
