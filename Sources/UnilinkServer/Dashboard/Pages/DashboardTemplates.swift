/// The dashboard's pages, compiled into the binary (no build step, no CDN). Each is
/// rendered from its `DashboardPage` model; a key is the model's property name
/// (`PageModelTests` fails for one that is not). Every `{{value}}` is
/// HTML-escaped by Mustache; `{{{...}}}` is used only for `TrustedHTML`, SVG the server
/// drew itself.
enum DashboardTemplates {
    static let all: [String: String] = [
        "head": head, "foot": foot, "sign_in": signIn, "sign_in_code": signInCode, "landing": landing, "apps": apps, "app": app, "app_form": appForm,
        "link": link, "link_form": linkForm, "numbers": numbers, "numbers_body": numbersBody, "debug": debug, "message": message,
        "password": password, "account": account, "two_factor": twoFactor, "people": people, "audit": audit,
        "webhooks": webhooks, "webhook_form": webhookForm, "webhook_log": webhookLog,
    ]

    static let head = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex"><title>{{title}} · Unilink</title>
        <style>
        :root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#1d1d1f;--muted:#6b7280;--line:#e5e7eb;--accent:#2563eb;--bad:#b91c1c}
        @media (prefers-color-scheme:dark){:root{--bg:#111;--card:#1c1c1e;--text:#f3f4f6;--muted:#9ca3af;--line:#333;--accent:#60a5fa;--bad:#f87171}}
        *{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
        header{display:flex;gap:16px;align-items:center;flex-wrap:wrap;padding:10px 20px;background:var(--card);border-bottom:1px solid var(--line)}
        header .brand{font-weight:700;text-decoration:none;color:var(--text)}header nav{display:flex;gap:14px;flex:1}header form{margin:0}
        main{max-width:1040px;margin:0 auto;padding:20px}a{color:var(--accent)}h1{font-size:24px;margin:8px 0 16px}h2{font-size:18px;margin:24px 0 8px}
        section,.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin:0 0 16px}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top;word-break:break-word}
        label{display:block;margin:10px 0 2px;font-weight:600;font-size:13px}input[type=text],input[type=email],input[type=password],input[type=url],input[type=date],input[type=number],select,textarea{width:100%;padding:8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--text);font:inherit}
        textarea{min-height:70px;font-family:ui-monospace,monospace;font-size:13px}fieldset{border:1px solid var(--line);border-radius:8px;margin:12px 0;padding:4px 12px 12px}
        button,.button{display:inline-block;padding:7px 14px;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;font:inherit;cursor:pointer;text-decoration:none}
        button.secondary,.button.secondary{background:transparent;color:var(--accent)}button.danger{background:var(--bad);border-color:var(--bad)}
        .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:0 16px}.muted{color:var(--muted)}.error{color:var(--bad);font-weight:600}
        .notice{background:#fef3c7;color:#78350f;padding:10px;border-radius:6px}pre{overflow:auto;background:var(--bg);padding:10px;border-radius:6px;font-size:12px;max-height:360px}
        code{font-family:ui-monospace,monospace;font-size:13px}.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}.stat{font-size:22px;font-weight:700}
        .card-preview{max-width:360px;border:1px solid var(--line);border-radius:12px;overflow:hidden}.card-preview img{width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#ddd;display:block}
        .card-preview div{padding:8px 12px}.card-preview strong{display:block}
        </style></head><body>
        <header><a class="brand" href="/">Unilink</a>{{#session}}<nav><a href="/">Apps</a><a href="/debug">Link debugger</a>{{#owner}}<a href="/people" id="nav-people">People</a><a href="/audit" id="nav-audit">Audit log</a>{{/owner}}</nav>
        {{#person}}<a href="/account" id="nav-account">{{who}}</a>{{/person}}{{^person}}<span class="muted">{{who}}</span>{{/person}}<form method="post" action="/sign-out"><input type="hidden" name="csrf" value="{{csrf}}"><button class="secondary" id="sign-out">Sign out</button></form>{{/session}}</header>
        <main>{{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}{{#error}}<p class="error" role="alert" id="error">{{error}}</p>{{/error}}
        """#

    static let foot = #"""
        </main><script>
        document.querySelectorAll('[data-copy]').forEach(function(b){b.addEventListener('click',function(){navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent='Copied'})})});
        document.querySelectorAll('form[data-confirm]').forEach(function(f){f.addEventListener('submit',function(e){if(!confirm(f.dataset.confirm))e.preventDefault()})});
        </script></body></html>
        """#

    static let signIn = #"""
        {{> head}}<h1>Sign in</h1>{{#provider}}<section><a class="button" href="/sign-in/sso" id="sso">Sign in with {{provider}}</a></section>{{/provider}}<section><form method="post" action="/sign-in" id="sign-in">
        <label for="email">E-mail address</label><input type="email" id="email" name="email" value="{{email}}" autocomplete="username" required>
        <label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
        <p><button type="submit">Sign in</button></p></form></section>
        <details><summary>Sign in with a token instead</summary><section><form method="post" action="/sign-in" id="sign-in-token">
        <label for="token">Admin token or an app's secret key</label><input type="password" id="token" name="token" autocomplete="off" required>
        <p class="muted">The admin token is printed when the server first starts (or set with UNILINK_ADMIN_TOKEN). An app's secret key (sk_…) signs in to that app only.</p>
        <button type="submit">Sign in with the token</button></form></section></details>{{> foot}}
        """#

    static let landing = #"""
        {{> head}}<h1>Signed in</h1><meta http-equiv="refresh" content="0;url=/"><p><a href="/" id="continue">Continue to the dashboard</a></p>{{> foot}}
        """#

    static let signInCode = #"""
        {{> head}}<h1>Two-factor code</h1><section><form method="post" action="/sign-in/code" id="sign-in-code">
        <label for="code">The 6-digit code from your authenticator app</label><input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required autofocus>
        <p><button type="submit">Continue</button></p></form></section>{{> foot}}
        """#

    static let apps = #"""
        {{> head}}<div class="row"><h1 style="flex:1">Apps</h1>{{#canCreate}}<a class="button" href="/apps/new" id="new-app">New app</a>{{/canCreate}}</div>
        <section><table><thead><tr><th>Name</th><th>Hosts</th><th>Created</th></tr></thead><tbody>
        {{#apps}}<tr><td><a href="/apps/{{id}}">{{name}}</a></td><td>{{hosts}}</td><td class="muted">{{created}}</td></tr>{{/apps}}
        {{^apps}}<tr><td colspan="3" class="muted">No apps yet{{^canCreate}}: an owner or an app's admin adds you to one{{/canCreate}}.</td></tr>{{/apps}}</tbody></table></section>{{> foot}}
        """#

    static let app = #"""
        {{> head}}<div class="row"><h1 style="flex:1" id="app-name">{{appName}}</h1>{{#admin}}<a class="button secondary" href="/apps/{{appID}}/edit">Edit app</a>{{/admin}}
        {{#admin}}<a class="button secondary" href="/apps/{{appID}}/audit" id="app-audit">Audit log</a>{{/admin}}
        {{#admin}}<a class="button secondary" href="/apps/{{appID}}/webhooks" id="app-webhooks">Webhooks</a>{{/admin}}
        <a class="button secondary" href="/apps/{{appID}}/numbers">Numbers</a>{{#editor}}<a class="button" href="/apps/{{appID}}/links/new" id="new-link">New link</a>{{/editor}}</div>
        {{#secretKey}}<section class="notice"><strong>Secret key (shown once):</strong> <code id="secret-key">{{secretKey}}</code> <button class="secondary" data-copy="{{secretKey}}">Copy</button></section>{{/secretKey}}
        <section><div class="grid"><div><label>App id</label><code>{{appID}}</code></div><div><label>Publishable key (SDK)</label><code>{{publishableKey}}</code></div>
        <div><label>iOS</label>{{ios}}</div><div><label>Android</label>{{android}}</div><div><label>Web fallback</label>{{web}}</div></div></section>
        <h2>Links</h2><section><form method="get" action="/apps/{{appID}}" class="row"><input type="text" name="q" value="{{query}}" placeholder="Search path, alias, campaign, deep_link_value" style="flex:1" id="search">
        <button type="submit" class="secondary">Search</button></form>
        <table id="links"><thead><tr><th>Link</th><th>Path / value</th><th>Campaign</th><th>Created</th></tr></thead><tbody>
        {{#links}}<tr><td><a href="/links/{{id}}">{{url}}</a></td><td>{{path}} {{#value}}<span class="muted">{{value}}</span>{{/value}}</td><td>{{campaign}}</td><td class="muted">{{created}}</td></tr>{{/links}}
        {{^links}}<tr><td colspan="4" class="muted">No links{{#searched}} match “{{searched}}”{{/searched}}.</td></tr>{{/links}}</tbody></table>
        {{#next}}<p><a href="/apps/{{appID}}?cursor={{next}}&amp;q={{query}}">Older links →</a></p>{{/next}}</section>
        <h2>People</h2><section><table id="members"><thead><tr><th>Person</th><th>Role</th>{{#admin}}<th></th>{{/admin}}</tr></thead><tbody>
        {{#members}}<tr><td>{{name}} <span class="muted">{{email}}</span></td><td>{{role}}</td>{{#admin}}<td><form method="post" action="/apps/{{appID}}/members/{{user}}/remove" data-confirm="Remove {{email}} from this app?"><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">Remove</button></form></td>{{/admin}}</tr>{{/members}}
        {{^members}}<tr><td colspan="3" class="muted">Only the organisation's owners have this app.</td></tr>{{/members}}</tbody></table>
        {{#admin}}<form method="post" action="/apps/{{appID}}/members" class="row" id="add-member"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <input type="email" name="email" placeholder="E-mail address of a person with an account" aria-label="E-mail address" style="flex:1" required>
        <select name="role" aria-label="Role" style="width:auto"><option value="viewer">viewer</option><option value="editor">editor</option><option value="admin">admin</option></select>
        <button type="submit">Add</button></form>{{/admin}}</section>
        <h2>Hosts</h2>{{#hosts}}<section class="host"><h3>{{name}} <span class="muted">({{role}})</span></h3>
        <p>{{#issuesCount}}<span class="error">The validator reports {{issuesCount}} issue(s):</span>{{/issuesCount}}{{^issuesCount}}The validator finds nothing wrong with this file.{{/issuesCount}}</p>
        {{#issues}}<p><code>{{.}}</code></p>{{/issues}}
        <details open><summary>apple-app-site-association served at https://{{name}}/.well-known/apple-app-site-association</summary><pre>{{aasa}}</pre></details>
        <details><summary>assetlinks.json served at https://{{name}}/.well-known/assetlinks.json</summary><pre>{{assetlinks}}</pre></details>
        </section>{{/hosts}}
        <section><h3>Xcode: Signing &amp; Capabilities → Associated Domains</h3><pre>{{entitlements}}</pre>
        <h3>Android manifest: intent filter of the activity that opens links</h3><pre>{{intentFilter}}</pre></section>{{> foot}}
        """#

    static let appForm = #"""
        {{> head}}<h1>{{heading}}</h1><form method="post" action="{{action}}" id="app-form"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <section><label for="name">Name</label><input type="text" id="name" name="name" value="{{form.name}}" required>
        <label for="domains">Hosts, one per line: host and role (primary, short or alternate)</label><textarea id="domains" name="domains" placeholder="example.com primary&#10;go.example.com short">{{form.domains}}</textarea>
        <div class="grid"><div><label for="paths">Paths the app opens (AASA patterns)</label><textarea id="paths" name="paths">{{form.paths}}</textarea></div>
        <div><label for="exclude_paths">Excluded paths</label><textarea id="exclude_paths" name="exclude_paths">{{form.excludePaths}}</textarea></div></div></section>
        <fieldset><legend>iOS</legend><div class="grid"><div><label for="ios_team_id">Team id</label><input type="text" id="ios_team_id" name="ios_team_id" value="{{form.iosTeamID}}"></div>
        <div><label for="ios_bundle_id">Bundle id</label><input type="text" id="ios_bundle_id" name="ios_bundle_id" value="{{form.iosBundleID}}"></div>
        <div><label for="ios_app_store_id">App Store id</label><input type="text" id="ios_app_store_id" name="ios_app_store_id" value="{{form.iosAppStoreID}}"></div>
        <div><label for="ios_scheme">URL scheme</label><input type="text" id="ios_scheme" name="ios_scheme" value="{{form.iosScheme}}"></div></div></fieldset>
        <fieldset><legend>Android</legend><div class="grid"><div><label for="android_package">Package</label><input type="text" id="android_package" name="android_package" value="{{form.androidPackage}}"></div>
        <div><label for="android_scheme">URL scheme</label><input type="text" id="android_scheme" name="android_scheme" value="{{form.androidScheme}}"></div></div>
        <label for="android_fingerprints">SHA-256 certificate fingerprints, one per line</label><textarea id="android_fingerprints" name="android_fingerprints">{{form.androidFingerprints}}</textarea></fieldset>
        <fieldset><legend>Web and matching</legend><label for="web_fallback_url">Web fallback URL</label><input type="url" id="web_fallback_url" name="web_fallback_url" value="{{form.webFallbackURL}}">
        <label for="web_allowed_hosts">Other hosts links may send people to, one per line</label><textarea id="web_allowed_hosts" name="web_allowed_hosts">{{form.webAllowedHosts}}</textarea>
        <div class="grid"><div><label for="match_window_seconds">Deferred match window (seconds)</label><input type="text" id="match_window_seconds" name="match_window_seconds" value="{{form.matchWindowSeconds}}"></div>
        <div><label><input type="checkbox" name="pasteboard_token" {{#form.pasteboardToken}}checked{{/form.pasteboardToken}}> Pasteboard token on the preview page</label></div></div></fieldset>
        <button type="submit" id="save-app">Save app</button></form>{{> foot}}
        """#

    static let link = #"""
        {{> head}}<div class="row"><h1 style="flex:1">{{heading}}</h1>{{#editor}}<a class="button secondary" href="/links/{{link.id}}/edit">Edit</a>{{/editor}}
        <a class="button secondary" href="/debug?url={{debugURL}}" id="debug-link">Debug</a></div>
        <section class="grid"><div><label>Short URL</label><div class="row"><code id="short-url">{{link.shortURL}}</code>{{#link.shortURL}}<button class="secondary" data-copy="{{link.shortURL}}">Copy</button>{{/link.shortURL}}</div>
        <label>Long URL</label><div class="row"><code>{{link.longURL}}</code>{{#link.longURL}}<button class="secondary" data-copy="{{link.longURL}}">Copy</button>{{/link.longURL}}</div>
        <label>Path</label><code>{{link.path}}</code><label>deep_link_value</label><code>{{link.deepLinkValue}}</code>
        <label>App</label><a href="/apps/{{appID}}">{{appName}}</a></div>
        <div><label>QR code</label><img id="qr" src="/links/{{link.id}}/qr.png?size=240" width="240" height="240" alt="QR code of {{link.shortURL}}">
        <p><a href="/links/{{link.id}}/qr.svg?size=512" download>SVG</a> · <a href="/links/{{link.id}}/qr.png?size=1024" download>PNG</a></p></div></section>
        {{#social}}<h2>How it looks when shared</h2><div class="card-preview">{{#imageURL}}<img src="{{imageURL}}" alt="">{{/imageURL}}<div><strong>{{title}}</strong><span class="muted">{{description}}</span><br><span class="muted">{{host}}</span></div></div>{{/social}}
        {{> numbers_body}}
        {{#editor}}<h2>Delete</h2><form method="post" action="/links/{{link.id}}/delete" data-confirm="Delete this link? It stops working everywhere."><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="danger" id="delete-link">Delete link</button></form>{{/editor}}{{> foot}}
        """#

    static let linkForm = #"""
        {{> head}}<h1>{{heading}}</h1><form method="post" action="{{action}}" id="link-form"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <section><div class="grid"><div><label for="path">Path in the app</label><input type="text" id="path" name="path" value="{{form.path}}" placeholder="/product/42"></div>
        <div><label for="alias">Alias (readable short code)</label><input type="text" id="alias" name="alias" value="{{form.alias}}"></div>
        <div><label for="deep_link_value">deep_link_value</label><input type="text" id="deep_link_value" name="deep_link_value" value="{{form.deepLinkValue}}"></div></div>
        <div class="grid"><div><label for="data">Custom data, key=value per line</label><textarea id="data" name="data">{{form.data}}</textarea></div>
        <div><label for="subs">deep_link_sub1…10, n=value per line</label><textarea id="subs" name="subs">{{form.subs}}</textarea></div></div></section>
        <fieldset><legend>Destinations</legend><div class="grid"><div><label for="web_url">Web</label><input type="url" id="web_url" name="web_url" value="{{form.webURL}}"></div>
        <div><label for="ios_url">iOS without the app</label><input type="url" id="ios_url" name="ios_url" value="{{form.iosURL}}"></div>
        <div><label for="android_url">Android without the app</label><input type="url" id="android_url" name="android_url" value="{{form.androidURL}}"></div>
        <div><label for="desktop_url">Desktop</label><input type="url" id="desktop_url" name="desktop_url" value="{{form.desktopURL}}"></div></div>
        <label><input type="checkbox" name="web_only" {{#form.webOnly}}checked{{/form.webOnly}}> Web only (never open the app)</label></fieldset>
        <fieldset><legend>Social card</legend><div class="grid"><div><label for="social_title">Title</label><input type="text" id="social_title" name="social_title" value="{{form.socialTitle}}">
        <label for="social_description">Description</label><input type="text" id="social_description" name="social_description" value="{{form.socialDescription}}">
        <label for="social_image_url">Image URL</label><input type="url" id="social_image_url" name="social_image_url" value="{{form.socialImageURL}}"></div>
        <div><label>Preview in Messages and Slack</label><div class="card-preview" id="card-preview"><img id="card-image" alt="" hidden><div><strong id="card-title"></strong><span class="muted" id="card-description"></span></div></div></div></div></fieldset>
        <fieldset><legend>Campaign</legend><div class="grid"><div><label for="channel">Channel</label><input type="text" id="channel" name="channel" value="{{form.channel}}"></div>
        <div><label for="campaign">Campaign</label><input type="text" id="campaign" name="campaign" value="{{form.campaign}}"></div>
        <div><label for="feature">Feature</label><input type="text" id="feature" name="feature" value="{{form.feature}}"></div>
        <div><label for="source">Source</label><input type="text" id="source" name="source" value="{{form.source}}"></div>
        <div><label for="medium">Medium</label><input type="text" id="medium" name="medium" value="{{form.medium}}"></div></div></fieldset>
        <fieldset><legend>Rules</legend><div class="grid"><div><label for="expires_at">Expires at (ISO 8601)</label><input type="text" id="expires_at" name="expires_at" value="{{form.expiresAt}}" placeholder="2027-01-31T00:00:00Z"></div>
        <div><label for="min_ios">Minimum iOS app version</label><input type="text" id="min_ios" name="min_ios" value="{{form.minIOS}}"></div>
        <div><label for="min_android">Minimum Android app version</label><input type="text" id="min_android" name="min_android" value="{{form.minAndroid}}"></div>
        <div><label for="match_window_seconds">Deferred match window (seconds)</label><input type="text" id="match_window_seconds" name="match_window_seconds" value="{{form.matchWindowSeconds}}"></div></div></fieldset>
        <button type="submit" id="save-link">Save link</button></form>
        <script>
        (function(){var t=document.getElementById('social_title'),d=document.getElementById('social_description'),i=document.getElementById('social_image_url'),p=document.getElementById('path');
        function show(){document.getElementById('card-title').textContent=t.value||p.value||'(title from the app)';document.getElementById('card-description').textContent=d.value;
        var img=document.getElementById('card-image');if(/^https?:\/\//.test(i.value)){img.src=i.value;img.hidden=false}else{img.hidden=true}}
        [t,d,i,p].forEach(function(e){e.addEventListener('input',show)});show()})();
        </script>{{> foot}}
        """#

    static let numbersBody = #"""
        {{#numbers}}<h2>Numbers</h2><section><form method="get" class="row"><label for="from">From</label><input type="date" id="from" name="from" value="{{from}}" style="width:auto">
        <label for="to">to</label><input type="date" id="to" name="to" value="{{to}}" style="width:auto">
        <label for="tz">days of</label><input id="tz" name="tz" value="{{tz}}" style="width:12em" placeholder="UTC"><button type="submit" class="secondary">Show</button>
        <a href="{{csvURL}}" id="csv">CSV by UTC day</a><a href="{{rawCSVURL}}" id="raw-csv">Raw clicks (CSV)</a></form>
        <div class="grid"><div><span class="stat" id="clicks-total">{{clicks}}</span><br><span class="muted">clicks</span></div><div><span class="stat">{{installs}}</span><br><span class="muted">installs</span></div>
        <div><span class="stat">{{opens}}</span><br><span class="muted">opens</span></div></div>{{{chart}}}
        <div class="grid"><div><h3>By platform</h3><table>{{#platforms}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/platforms}}</table></div>
        <div><h3>By outcome</h3><table>{{#outcomes}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/outcomes}}</table></div></div>
        {{#groups}}<h3>By {{name}}</h3><table>{{#rows}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/rows}}</table>{{/groups}}</section>{{/numbers}}
        """#

    static let numbers = #"""
        {{> head}}<h1>Numbers of {{appName}}</h1><p><a href="/apps/{{appID}}">← {{appName}}</a></p>{{> numbers_body}}{{> foot}}
        """#

    static let debug = #"""
        {{> head}}<h1>Link debugger</h1><section><form method="get" action="/debug" class="row"><input type="text" name="url" value="{{url}}" placeholder="https://go.example.com/abc123 or a long link with parameters" style="flex:1" id="debug-url">
        <button type="submit">Explain</button></form></section>
        {{#resolved}}<section><p>Host <code>{{host}}</code> ({{role}}) of {{#signedIn}}<a href="/apps/{{appID}}">{{appName}}</a>{{/signedIn}}{{^signedIn}}{{appName}}{{/signedIn}}. {{#linkID}}Stored link {{#signedIn}}<a href="/links/{{linkID}}">{{linkID}}</a>{{/signedIn}}{{^signedIn}}{{linkID}}{{/signedIn}}.{{/linkID}}{{^linkID}}Ad-hoc long link.{{/linkID}}</p>
        <p>Content: path <code>{{path}}</code>{{#value}}, deep_link_value <code>{{value}}</code>{{/value}}</p></section>
        {{#warnings}}<p class="notice">{{.}}</p>{{/warnings}}{{#ignored}}<p class="muted"><code>{{name}}</code>: {{reason}}</p>{{/ignored}}
        <h2>What each visitor gets</h2><section><table id="visitors"><thead><tr><th>Visitor</th><th>What happens</th><th>Counted as</th></tr></thead><tbody>
        {{#visitors}}<tr><td><strong>{{name}}</strong><br><span class="muted">{{agent}}</span></td><td>{{what}}</td><td>{{outcome}}</td></tr>{{/visitors}}</tbody></table></section>
        <h2>Which AASA rule claims the path</h2><section><table><thead><tr><th>Host</th><th>App id</th><th>Decision</th><th>Rule</th></tr></thead><tbody>
        {{#claims}}<tr><td>{{host}}</td><td>{{appID}}</td><td>{{decision}}</td><td><code>{{rule}}</code> {{note}}</td></tr>{{/claims}}
        {{^claims}}<tr><td colspan="4" class="muted">The app has no iOS app id, so no AASA rule applies.</td></tr>{{/claims}}</tbody></table></section>
        {{#signedIn}}<h2>Recent clicks</h2><section><table><thead><tr><th>When (UTC)</th><th>Platform</th><th>Outcome</th><th>In-app browser</th></tr></thead><tbody>
        {{#clicks}}<tr><td>{{time}}</td><td>{{platform}}</td><td>{{outcome}}</td><td>{{inApp}}</td></tr>{{/clicks}}{{^clicks}}<tr><td colspan="4" class="muted">No clicks recorded yet.</td></tr>{{/clicks}}</tbody></table></section>{{/signedIn}}{{/resolved}}{{> foot}}
        """#

    static let message = #"""
        {{> head}}<h1>{{heading}}</h1><section><p>{{text}}</p><p><a href="/">Back to the dashboard</a></p></section>{{> foot}}
        """#
}
