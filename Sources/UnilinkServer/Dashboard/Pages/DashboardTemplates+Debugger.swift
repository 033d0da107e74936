/// The link debugger. Each visitor is a block, not a table row, so a long URL or user
/// agent wraps inside it instead of squeezing the other columns (a phone is 375 px wide).
extension DashboardTemplates {
    static let debug = #"""
        {{> head}}<style>
        .visitor h3{font-size:16px;margin:0 0 6px}.visitor details{margin:0 0 8px}.visitor details code,.destinations code,.claims code{overflow-wrap:anywhere;word-break:break-word}
        .destinations{list-style:none;margin:8px 0 0;padding:0}.destinations li{padding:8px 0;border-top:1px solid var(--line)}
        .destinations code{padding:1px 4px;background:var(--bg);border-radius:4px}.destinations button{margin-left:6px;padding:2px 8px;font-size:13px}.destinations .why{display:block;font-size:13px;overflow-wrap:anywhere}
        main code{overflow-wrap:anywhere}.claims .claim{padding:8px 0;border-top:1px solid var(--line);overflow-wrap:anywhere}.claims .claim:first-child{border-top:0}
        .rules ol{margin:4px 0 0;padding-left:20px}.rules .held{color:var(--ok,#1a7f37)}.rules .missed{color:var(--muted,#666)}
        </style><h1>Link debugger</h1><section><form method="get" action="/debug"><div class="row"><input type="text" aria-label="Link to explain" name="url" value="{{url}}" placeholder="https://go.example.com/abc123 or a long link with parameters" style="flex:1;min-width:0" id="debug-url">
        <button type="submit">Explain</button></div>
        {{#simulates}}<details id="visitor-fields"{{#country}} open{{/country}}{{#languages}} open{{/languages}}{{#at}} open{{/at}}><summary>Every visitor's country, languages and time (routing rules read them)</summary><div class="grid">
        <div><label for="debug-country">Country (ISO 3166-1, like DE)</label><input type="text" id="debug-country" name="country" value="{{country}}" maxlength="2" placeholder="none, as without a country database"></div>
        <div><label for="debug-languages">Languages (as Accept-Language)</label><input type="text" id="debug-languages" name="languages" value="{{languages}}" placeholder="en"></div>
        <div><label for="debug-at">Time (UTC)</label><input type="datetime-local" id="debug-at" name="at" value="{{at}}"></div></div></details>{{/simulates}}</form>
        {{#problems}}<p class="notice problem">{{.}}; that field was left at its default.</p>{{/problems}}</section>
        {{#resolved}}<section><p>Host <code>{{host}}</code> ({{role}}) of {{#signedIn}}<a href="/apps/{{appID}}">{{appName}}</a>{{/signedIn}}{{^signedIn}}{{appName}}{{/signedIn}}. {{#linkID}}Stored link {{#signedIn}}<a href="/links/{{linkID}}">{{linkID}}</a>{{/signedIn}}{{^signedIn}}{{linkID}}{{/signedIn}}.{{/linkID}}{{^linkID}}Ad-hoc long link.{{/linkID}}</p>
        <p>Content: path <code>{{path}}</code>{{#value}}, deep_link_value <code>{{value}}</code>{{/value}}</p></section>
        {{#warnings}}<p class="notice">{{.}}</p>{{/warnings}}{{#ignored}}<p class="muted"><code>{{name}}</code>: {{reason}}</p>{{/ignored}}
        <h2>What each visitor gets</h2><p class="muted">Every URL as the server sends it. <code>{{clickID}}</code> stands for the id each click gets (in <code>ul_click</code> and Play's <code>referrer</code>).</p>
        <div id="visitors">{{#visitors}}<section class="visitor" id="visitor-{{id}}"><h3>{{name}}</h3>
        <details><summary>User agent</summary><code class="agent">{{agent}}</code></details>
        <p><span class="summary">{{summary}}</span> Counted as: <strong class="outcome">{{outcome}}</strong>.</p>
        {{#inAppBrowser}}<p class="muted in-app">In-app browser table: {{inAppBrowser}}</p>{{/inAppBrowser}}
        {{#rules}}<div class="rules"><p class="verdict">{{verdict}}</p>{{#hasTried}}<details><summary>Rules tried</summary><ol>{{#tried}}<li value="{{number}}" data-rule="{{state}}">{{#name}}“{{name}}” {{/name}}{{#fromApp}}(app default) {{/fromApp}}<span class="muted">{{joiner}} of:</span> {{#conditions}}<span class="{{#holds}}held{{/holds}}{{^holds}}missed{{/holds}}">{{#holds}}✓{{/holds}}{{^holds}}✗{{/holds}} {{text}} (visitor: {{seen}})</span>; {{/conditions}}{{#holds}}<strong>holds</strong>, gives {{gives}}{{/holds}}{{^holds}}does not hold{{/holds}}</li>{{/tried}}</ol></details>{{/hasTried}}</div>{{/rules}}
        <ul class="destinations">{{#destinations}}<li data-step="{{step}}"><span class="label">{{label}}</span> <code data-url-kind="{{kind}}">{{url}}</code><button type="button" class="secondary" data-copy="{{url}}">Copy</button>{{#why}}<span class="muted why">{{why}}</span>{{/why}}</li>{{/destinations}}
        {{^destinations}}<li class="muted">No URL: nothing to follow.</li>{{/destinations}}</ul></section>{{/visitors}}</div>
        <h2>Which AASA rule claims the link</h2><section class="claims" id="claims">
        {{#claims}}<div class="claim" data-decision="{{decision}}"><strong>{{host}}</strong> · {{appID}} · <strong>{{decision}}</strong><br><code>{{url}}</code><br><span class="reason">{{reason}}</span></div>{{/claims}}
        {{^claims}}<p class="muted">The app has no iOS app id, so no AASA rule applies.</p>{{/claims}}</section>
        {{#signedIn}}<h2>Recent clicks</h2><section><div class="table-wrap" role="region" tabindex="0" aria-label="Recent clicks"><table><thead><tr><th>When</th><th>Platform</th><th>Outcome</th><th>In-app browser</th></tr></thead><tbody>
        {{#clicks}}<tr><td><time datetime="{{time.iso}}" title="{{time.iso}}">{{time.relative}}</time></td><td>{{platform}}</td><td>{{outcome}}</td><td>{{inApp}}</td></tr>{{/clicks}}{{^clicks}}<tr><td colspan="4" class="muted">No clicks recorded yet.</td></tr>{{/clicks}}</tbody></table></div></section>{{/signedIn}}{{/resolved}}{{> foot}}
        """#
}
