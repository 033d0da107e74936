/// The preview page, compiled into the binary so a single executable serves it.
/// Inline CSS only (no external CDN), one request for the page; every `{{value}}` is
/// HTML-escaped by Mustache. Its keys are `PreviewPage`'s property names.
enum PreviewTemplate {
    static let page = #"""
        <!doctype html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <title>{{title}}</title>
        <meta name="robots" content="noindex">
        <meta name="unilink:click-id" content="{{clickID}}">
        {{#description}}<meta name="description" content="{{description}}">{{/description}}
        <meta property="og:title" content="{{title}}">
        {{#description}}<meta property="og:description" content="{{description}}">{{/description}}
        {{#imageURL}}<meta property="og:image" content="{{imageURL}}">{{/imageURL}}
        <meta property="og:url" content="{{canonicalURL}}">
        <meta property="og:type" content="website">
        <meta property="og:site_name" content="{{appName}}">
        <meta name="twitter:card" content="{{twitterCard}}">
        <meta name="twitter:title" content="{{title}}">
        {{#description}}<meta name="twitter:description" content="{{description}}">{{/description}}
        {{#imageURL}}<meta name="twitter:image" content="{{imageURL}}">{{/imageURL}}
        {{#appStoreID}}
        <meta name="twitter:app:name:iphone" content="{{appName}}">
        <meta name="twitter:app:id:iphone" content="{{appStoreID}}">
        <meta name="twitter:app:name:ipad" content="{{appName}}">
        <meta name="twitter:app:id:ipad" content="{{appStoreID}}">
        <meta name="apple-itunes-app" content="app-id={{appStoreID}}, app-argument={{canonicalURL}}">
        <meta property="al:ios:app_store_id" content="{{appStoreID}}">
        <meta property="al:ios:app_name" content="{{appName}}">
        {{/appStoreID}}
        {{#iosSchemeURL}}
        <meta name="twitter:app:url:iphone" content="{{iosSchemeURL}}">
        <meta name="twitter:app:url:ipad" content="{{iosSchemeURL}}">
        <meta property="al:ios:url" content="{{iosSchemeURL}}">
        {{/iosSchemeURL}}
        {{#androidPackage}}
        <meta name="twitter:app:name:googleplay" content="{{appName}}">
        <meta name="twitter:app:id:googleplay" content="{{androidPackage}}">
        <meta property="al:android:package" content="{{androidPackage}}">
        <meta property="al:android:app_name" content="{{appName}}">
        {{/androidPackage}}
        {{#androidSchemeURL}}
        <meta name="twitter:app:url:googleplay" content="{{androidSchemeURL}}">
        <meta property="al:android:url" content="{{androidSchemeURL}}">
        {{/androidSchemeURL}}
        {{#webURL}}<meta property="al:web:url" content="{{webURL}}">{{/webURL}}
        <style>
        :root{color-scheme:light dark;--bg:#f5f5f7;--card:#fff;--text:#1d1d1f;--muted:#6e6e73;--accent:#0071e3}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f5f5f7;--muted:#a1a1a6;--accent:#2997ff}}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Noto Sans CJK SC",sans-serif;background:var(--bg);color:var(--text);min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px env(safe-area-inset-bottom)}
        main{width:100%;max-width:420px;background:var(--card);border-radius:20px;overflow:hidden;box-shadow:0 8px 30px rgba(0,0,0,.08)}
        .image{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#ddd}
        .body{padding:20px 22px 24px}
        .app{font-size:13px;font-weight:600;letter-spacing:.02em;text-transform:uppercase;color:var(--muted);margin:0 0 6px}
        h1{font-size:22px;line-height:1.25;margin:0 0 8px}
        p{margin:0 0 18px;color:var(--muted)}
        .button{display:block;text-align:center;text-decoration:none;font-weight:600;border-radius:12px;padding:14px 16px;margin-top:10px}
        .primary{background:var(--accent);color:#fff}
        .secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
        .web{display:block;text-align:center;margin-top:14px;font-size:14px;color:var(--muted)}
        .hint{position:fixed;inset:0;background:rgba(0,0,0,.78);color:#fff;display:flex;flex-direction:column;align-items:flex-end;padding:18px 22px;z-index:10}
        .hint .arrow{font-size:40px;line-height:1;margin-right:4px}
        .hint .box{max-width:300px;text-align:right;font-size:18px;font-weight:600}
        .hint .box small{display:block;font-weight:400;font-size:15px;opacity:.85;margin-top:6px}
        </style>
        </head>
        <body>
        {{#hint}}
        <div class="hint" role="dialog" aria-label="{{text.hintTitle}}">
        <div class="arrow" aria-hidden="true">&#x2197;</div>
        <div class="box">{{text.hintTitle}}<small>{{text.hintBody}}</small></div>
        </div>
        {{/hint}}
        <main>
        {{#imageURL}}<img class="image" src="{{imageURL}}" alt="" loading="eager" decoding="async">{{/imageURL}}
        <div class="body">
        <div class="app">{{appName}}</div>
        <h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>{{/description}}
        {{#openURL}}<a class="button primary" id="open" href="{{openURL}}"{{#pasteboardToken}} data-token="{{pasteboardToken}}"{{/pasteboardToken}}>{{text.open}}</a>{{/openURL}}
        {{#storeURL}}<a class="button secondary" id="store" href="{{storeURL}}">{{text.get}} &middot; {{storeName}}</a>{{/storeURL}}
        {{#webURL}}<a class="web" id="web" href="{{webURL}}">{{text.web}}</a>{{/webURL}}
        </div>
        </main>
        {{#collectsSignals}}
        <script>
        (function () {
          var meta = document.querySelector('meta[name="unilink:click-id"]');
          if (!meta || !window.fetch) return;
          var zone = null;
          try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null; } catch (e) {}
          var body = JSON.stringify({
            screen_width: screen.width, screen_height: screen.height, screen_scale: window.devicePixelRatio || 1,
            time_zone: zone, languages: navigator.languages ? Array.prototype.slice.call(navigator.languages, 0, 5) : [navigator.language]
          });
          function send() {
            fetch('/v1/clicks/' + encodeURIComponent(meta.content) + '/signals',
                  { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body, keepalive: true }).catch(function () {});
          }
          if (document.readyState === 'complete') { setTimeout(send, 0); } else { window.addEventListener('load', function () { setTimeout(send, 0); }); }
          var open = document.getElementById('open');
          if (open && open.dataset.token && navigator.clipboard) {
            open.addEventListener('click', function () { navigator.clipboard.writeText(open.dataset.token).catch(function () {}); });
          }
        })();
        </script>
        {{/collectsSignals}}
        </body>
        </html>
        """#
}
