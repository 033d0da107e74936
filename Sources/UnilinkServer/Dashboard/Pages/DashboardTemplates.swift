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
        "webhooks": webhooks, "webhook_form": webhookForm, "webhook_log": webhookLog, "link_qr": linkQR, "qr_design": qrDesign,
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
        header .brand{font-weight:700;text-decoration:none;color:var(--text)}header nav{display:flex;gap:4px 14px;flex:1;flex-wrap:wrap}header nav a{white-space:nowrap}header form{margin:0}
        main{max-width:1040px;margin:0 auto;padding:20px}a{color:var(--accent)}h1{font-size:24px;margin:8px 0 16px}h2{font-size:18px;margin:24px 0 8px}
        section,.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin:0 0 16px}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}
        th{white-space:nowrap;font-size:13px}th a{color:inherit}th[aria-sort=ascending] a::after{content:" ▲"}th[aria-sort=descending] a::after{content:" ▼"}
        .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.table-wrap{overflow-x:auto}td.pick,th.pick{width:28px}
        code,.url,.id,td.changes{overflow-wrap:anywhere}.id{font-family:ui-monospace,monospace;font-size:13px}time{white-space:nowrap}
        .tag{display:inline-block;margin:2px 4px 0 0;padding:0 7px;border-radius:10px;background:var(--bg);border:1px solid var(--line);font-size:12px}
        .badge{display:inline-block;padding:0 6px;border-radius:4px;background:#fef3c7;color:#78350f;font-size:12px}
        .field-error{color:var(--bad);font-size:13px;margin:2px 0 0}[aria-invalid=true]{border-color:var(--bad)!important;outline:1px solid var(--bad)}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .filters,.bulk{display:flex;gap:8px 12px;flex-wrap:wrap;align-items:flex-end;margin:0 0 12px}.filters>div,.bulk>div{flex:1 1 140px}.filters .filter-q{flex:3 1 220px}
        .filters label,.bulk label{margin-top:0}.filter-go{flex:0 0 auto!important}.bulk{margin:12px 0 0;padding-top:12px;border-top:1px solid var(--line)}
        dl.pairs{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}dl.pairs dt{font-weight:600;font-size:13px}dl.pairs dd{margin:0;min-width:0}
        .platforms{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:12px;margin-top:12px}.platform{border:1px solid var(--line);border-radius:8px;padding:8px 12px}.platform h3{margin:0 0 6px}
        button.small{padding:2px 8px;font-size:13px}.ranges{display:flex;gap:6px;flex-wrap:wrap;margin:0 0 10px}.ranges a{padding:3px 10px;border:1px solid var(--line);border-radius:14px;text-decoration:none}.ranges a[aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}
        .delta{font-size:13px;color:var(--muted)}svg text{fill:var(--muted)}
        @media (max-width:640px){th{white-space:normal}main{padding:12px}header{padding:8px 12px}.hide-phone{display:none}h1{font-size:21px}dl.pairs{grid-template-columns:1fr}}
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
        document.querySelectorAll('time[datetime]').forEach(function(t){var d=new Date(t.dateTime);if(!isNaN(d))t.title=d.toLocaleString()});
        var bulk=document.getElementById('bulk');if(bulk)bulk.addEventListener('submit',function(e){var n=document.querySelectorAll('input[form=bulk]:checked').length;
        if(bulk.elements['action'].value==='delete'&&!confirm('Delete '+n+' link(s)? They stop working everywhere.'))e.preventDefault()});
        </script></body></html>
        """#

    static let signIn = #"""
        {{> head}}<h1>Sign in</h1>{{#provider}}<section><a class="button" href="/sign-in/sso" id="sso">Sign in with {{provider}}</a></section>{{/provider}}<section><form method="post" action="/sign-in" id="sign-in">
        <label for="email">E-mail address</label><input type="email" id="email" name="email" value="{{email}}" autocomplete="email" required>
        <label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
        <p><button type="submit">Sign in</button></p></form></section>
        <details><summary>Sign in with a token instead</summary><section><form method="post" action="/sign-in" id="sign-in-token">
        <label for="token">Admin token or an app's secret key</label><input type="password" id="token" name="token" autocomplete="current-password" required>
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

    static let message = #"""
        {{> head}}<h1>{{heading}}</h1><section><p>{{text}}</p><p><a href="/">Back to the dashboard</a></p></section>{{> foot}}
        """#
}
