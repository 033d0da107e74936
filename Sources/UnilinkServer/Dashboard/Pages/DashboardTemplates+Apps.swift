/// The pages of apps: the list, an app's page and its form.
extension DashboardTemplates {
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
}
