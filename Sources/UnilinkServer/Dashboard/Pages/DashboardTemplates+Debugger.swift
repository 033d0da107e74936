/// The link debugger.
extension DashboardTemplates {
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
}
