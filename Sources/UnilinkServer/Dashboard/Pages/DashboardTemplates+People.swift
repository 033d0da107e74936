/// The pages of people: choosing a password, one's account, the organisation's people and
/// the audit log.
extension DashboardTemplates {
    static let password = #"""
        {{> head}}<h1>{{heading}}</h1><section><form method="post" action="{{action}}" id="password-form">
        <label for="email">E-mail address</label>{{#fixedEmail}}<input type="email" id="email" value="{{email}}" readonly>{{/fixedEmail}}{{^fixedEmail}}<input type="email" id="email" name="email" value="{{email}}" autocomplete="email" required>{{/fixedEmail}}
        <label for="name">Your name</label><input type="text" id="name" name="name" value="{{name}}" autocomplete="name">
        <label for="password">Password (10 to 72 characters)</label><input type="password" id="password" name="password" autocomplete="new-password" minlength="10" required>
        <label for="confirm">The same password again</label><input type="password" id="confirm" name="confirm" autocomplete="new-password" minlength="10" required>
        <p><button type="submit">Continue</button></p></form></section>{{> foot}}
        """#

    static let account = #"""
        {{> head}}<h1>Your account</h1>{{#newToken}}<section class="notice"><strong>New API token (shown once):</strong> <code id="new-token">{{newToken}}</code> <button class="secondary" data-copy="{{newToken}}">Copy</button></section>{{/newToken}}
        <section><div class="grid"><div><label>E-mail address</label>{{email}}</div><div><label>Name</label>{{name}}</div><div><label>Role</label>{{#owner}}Owner{{/owner}}{{^owner}}Member of the apps listed on the home page{{/owner}}</div></div></section>
        {{^hasPassword}}<h2>Password</h2><section><p id="no-password">You sign in through your organisation's provider, which asks for your password and second factor.</p></section>{{/hasPassword}}
        {{#hasPassword}}<h2>Password</h2><section><form method="post" action="/account/password" id="password-change"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <div class="grid"><div><label for="current">Current password</label><input type="password" id="current" name="current" autocomplete="current-password" required></div>
        <div><label for="new-password">New password</label><input type="password" id="new-password" name="password" autocomplete="new-password" minlength="10" required></div>
        <div><label for="confirm">New password again</label><input type="password" id="confirm" name="confirm" autocomplete="new-password" minlength="10" required></div></div>
        <p><button type="submit">Change password</button></p></form></section>
        <h2>Two-factor sign-in</h2><section>{{#twoFactor}}<p id="two-factor-state">On: signing in asks for a code from your authenticator app.</p>
        <form method="post" action="/account/two-factor/disable" class="row"><input type="hidden" name="csrf" value="{{session.csrf}}"><input type="password" name="current" placeholder="Your password" aria-label="Your password" style="flex:1" required><button class="secondary">Turn off</button></form>{{/twoFactor}}
        {{^twoFactor}}<p id="two-factor-state">Off.</p><a class="button" href="/account/two-factor" id="two-factor-on">Turn on</a>{{/twoFactor}}</section>{{/hasPassword}}
        <h2>Where you are signed in</h2><section><div class="table-wrap" role="region" tabindex="0" aria-label="Sessions"><table id="sessions"><thead><tr><th>Signed in</th><th>From</th><th>Browser</th><th></th></tr></thead><tbody>
        {{#sessions}}<tr><td><time datetime="{{opened.iso}}" title="{{opened.iso}}">{{opened.relative}}</time>{{#current}} <strong>(this one)</strong>{{/current}}</td><td><code>{{address}}</code></td><td class="muted">{{agent}}</td><td><form method="post" action="/account/sessions/{{id}}/end"><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">Sign out</button></form></td></tr>{{/sessions}}
        </tbody></table></div><form method="post" action="/account/sessions/end-others"><input type="hidden" name="csrf" value="{{session.csrf}}"><p><button class="secondary" id="end-others">Sign out everywhere else</button></p></form></section>
        <h2>API tokens</h2><section><div class="table-wrap" role="region" tabindex="0" aria-label="API tokens"><table id="tokens"><thead><tr><th>Name</th><th>Scopes</th><th>Apps</th><th>Expires</th><th>Last used</th><th>State</th><th></th></tr></thead><tbody>
        {{#tokens}}<tr><td>{{name}}<br><code class="muted">{{id}} · {{hint}}</code></td><td><code>{{scopes}}</code></td><td>{{apps}}</td><td>{{#expires}}<time datetime="{{expires.iso}}" title="{{expires.iso}}">{{expires.relative}}</time>{{/expires}}{{^expires}}never{{/expires}}</td><td>{{#lastUsed}}<time datetime="{{lastUsed.iso}}" title="{{lastUsed.iso}}">{{lastUsed.relative}}</time>{{/lastUsed}}{{^lastUsed}}never{{/lastUsed}}</td><td>{{state}}</td><td>{{#usable}}<form method="post" action="/account/tokens/{{id}}/revoke" data-confirm="Revoke {{name}}? Whatever uses it stops working."><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">Revoke</button></form>{{/usable}}</td></tr>{{/tokens}}
        {{^tokens}}<tr><td colspan="7" class="muted">No tokens yet.</td></tr>{{/tokens}}</tbody></table></div>
        <form method="post" action="/account/tokens" id="new-token-form"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <label for="token-name">Name (what uses it)</label><input type="text" id="token-name" name="name" placeholder="CI: create release links" required>
        <fieldset><legend>Scopes</legend>{{#scopes}}<label style="display:inline-block;margin-right:12px;font-weight:400"><input type="checkbox" name="scopes[]" value="{{value}}"> <code>{{value}}</code></label>{{/scopes}}</fieldset>
        <fieldset><legend>Apps (none ticked: all of yours)</legend>{{#apps}}<label style="display:inline-block;margin-right:12px;font-weight:400"><input type="checkbox" name="apps[]" value="{{id}}"> {{name}}</label>{{/apps}}</fieldset>
        <label for="days">Expires after (days; 0 never)</label><input type="number" id="days" name="days" value="90" min="0" max="3650">
        <p><button type="submit">Create token</button></p></form></section>{{> foot}}
        """#

    static let twoFactor = #"""
        {{> head}}<h1>Two-factor sign-in</h1><section><p>Scan this with your authenticator app, or type the key in.</p><div>{{{qr}}}</div>
        <p><label>Key</label><code id="totp-key">{{typed}}</code></p>
        <form method="post" action="/account/two-factor" id="two-factor-form"><input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="secret" value="{{secret}}">
        <label for="code">The code the app shows now</label><input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
        <p><button type="submit">Turn on</button></p></form></section>{{> foot}}
        """#

    static let people = #"""
        {{> head}}<h1>People</h1>{{#invitationURL}}<section class="notice"><strong>One-time link for {{invitedEmail}} (valid 7 days; pass it on):</strong> <code id="invitation-url">{{invitationURL}}</code> <button class="secondary" data-copy="{{invitationURL}}">Copy</button></section>{{/invitationURL}}
        <section><div class="table-wrap" role="region" tabindex="0" aria-label="People"><table id="people"><thead><tr><th>Person</th><th>Apps</th><th>State</th><th></th></tr></thead><tbody>
        {{#people}}<tr><td>{{name}} <span class="muted">{{email}}</span></td><td>{{apps}}</td><td>{{#disabled}}disabled{{/disabled}}{{^disabled}}{{#pending}}invited{{/pending}}{{^pending}}active{{#twoFactor}} · 2FA{{/twoFactor}}{{/pending}}{{/disabled}}</td>
        <td><div class="row"><form method="post" action="/people/{{id}}/owner"><input type="hidden" name="csrf" value="{{session.csrf}}">{{#owner}}<input type="hidden" name="value" value="false"><button class="secondary">Remove owner</button>{{/owner}}{{^owner}}<input type="hidden" name="value" value="true"><button class="secondary">Make owner</button>{{/owner}}</form>
        <form method="post" action="/people/{{id}}/disabled"><input type="hidden" name="csrf" value="{{session.csrf}}">{{#disabled}}<input type="hidden" name="value" value="false"><button class="secondary">Enable</button>{{/disabled}}{{^disabled}}<input type="hidden" name="value" value="true"><button class="secondary">Disable</button>{{/disabled}}</form>
        <form method="post" action="/people/{{id}}/invitation"><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">New password link</button></form></div></td></tr>{{/people}}
        </tbody></table></div></section>
        <h2>Invite someone</h2><section><form method="post" action="/people" id="invite"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <div class="grid"><div><label for="invite-email">E-mail address</label><input type="email" id="invite-email" name="email" required></div><div><label for="invite-name">Name</label><input type="text" id="invite-name" name="name"></div></div>
        <label style="font-weight:400"><input type="checkbox" name="owner"> Owner (everything, people included)</label>
        <p class="muted">Then add them to apps on each app's page.</p><button type="submit">Invite</button></form></section>{{> foot}}
        """#

    static let audit = #"""
        {{> head}}<h1>{{heading}}</h1><section><div class="table-wrap" role="region" tabindex="0" aria-label="Audit log"><table id="audit"><thead><tr><th>When</th><th>Who</th><th>What</th><th>Changes</th><th>From</th></tr></thead><tbody>
        {{#entries}}<tr><td class="muted"><time datetime="{{time.iso}}" title="{{time.iso}}">{{time.relative}}</time></td><td>{{actor}}</td><td><code>{{action}}</code><br><span class="muted">{{object}}</span></td><td class="changes">{{changes}}</td><td><code>{{address}}</code></td></tr>{{/entries}}
        {{^entries}}<tr><td colspan="5" class="muted">Nothing yet.</td></tr>{{/entries}}</tbody></table></div>{{#next}}<p><a href="{{next}}">Older →</a></p>{{/next}}</section>{{> foot}}
        """#
}
