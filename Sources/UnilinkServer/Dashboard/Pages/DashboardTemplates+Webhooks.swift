/// The pages of an app's webhooks: the list, the form, and a webhook's delivery log.
extension DashboardTemplates {
    static let webhooks = #"""
        {{> head}}<div class="row"><h1 style="flex:1">Webhooks of {{appName}}</h1><a class="button" href="/apps/{{appID}}/webhooks/new" id="new-webhook">New webhook</a></div>
        <p><a href="/apps/{{appID}}">← {{appName}}</a></p>
        {{#secret}}<section class="notice" id="new-secret"><strong>Signing secret of {{url}}, shown once:</strong> <code id="secret">{{value}}</code> <button class="secondary" data-copy="{{value}}">Copy</button><br>{{note}}</section>{{/secret}}
        <section><div class="table-wrap" role="region" tabindex="0" aria-label="Webhooks"><table id="webhooks"><thead><tr><th>URL</th><th>Events</th><th>Filters</th><th>State</th><th></th></tr></thead><tbody>
        {{#webhooks}}<tr id="{{id}}"><td><a href="/apps/{{appID}}/webhooks/{{id}}">{{url}}</a><br><code class="muted">{{id}}</code></td><td><code>{{events}}</code></td><td>{{filters}}</td>
        <td>{{#enabled}}On{{/enabled}}{{^enabled}}<strong>Off</strong>{{/enabled}}{{#turnedOff}}<p class="error" role="alert">{{turnedOff}}</p>{{/turnedOff}}{{#failing}}<p class="error">{{failing}}</p>{{/failing}}</td>
        <td><div class="row"><a class="button secondary" href="/apps/{{appID}}/webhooks/{{id}}">Deliveries</a><a class="button secondary" href="/apps/{{appID}}/webhooks/{{id}}/edit">Edit</a>
        <form method="post" action="/apps/{{appID}}/webhooks/{{id}}/enabled"><input type="hidden" name="csrf" value="{{session.csrf}}">{{#enabled}}<input type="hidden" name="value" value="false"><button class="secondary">Turn off</button>{{/enabled}}{{^enabled}}<input type="hidden" name="value" value="true"><button class="secondary">Turn on</button>{{/enabled}}</form>
        <form method="post" action="/apps/{{appID}}/webhooks/{{id}}/secret/rotate" data-confirm="Make a new secret for {{url}}? The old one keeps signing beside it for 24 hours."><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">New secret</button></form>
        <form method="post" action="/apps/{{appID}}/webhooks/{{id}}/delete" data-confirm="Delete the webhook to {{url}}? What it has still to send is not sent."><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="danger">Delete</button></form></div></td></tr>{{/webhooks}}
        {{^webhooks}}<tr><td colspan="5" class="muted">No webhooks yet: a webhook tells another system of the app's clicks, installs, opens, custom events and link changes as they happen.</td></tr>{{/webhooks}}</tbody></table></div></section>{{> foot}}
        """#

    static let webhookForm = #"""
        {{> head}}<h1>{{heading}}</h1><p><a href="/apps/{{appID}}/webhooks">← Webhooks of {{appName}}</a></p>
        <form method="post" action="{{action}}" id="webhook-form"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <section><label for="url">URL (https; each event is POSTed to it, signed as Standard Webhooks says)</label><input type="url" id="url" name="url" value="{{form.url}}" placeholder="https://crm.example.com/hooks/unilink" required>
        {{#urlError}}<p class="error" id="url-error">{{urlError}}</p>{{/urlError}}</section>
        <fieldset><legend>Events</legend>{{#form.events}}<label style="display:inline-block;margin-right:12px;font-weight:400"><input type="checkbox" name="events[]" value="{{value}}"{{#checked}} checked{{/checked}}> <code>{{value}}</code></label>{{/form.events}}</fieldset>
        <fieldset><legend>Custom events</legend><label for="custom">Custom events, by the name the SDK reports them with (purchase, sign_up), separated by spaces or commas</label><input type="text" id="custom" name="custom" value="{{form.custom}}">
        {{#eventsError}}<p class="error" id="events-error">{{eventsError}}</p>{{/eventsError}}</fieldset>
        <fieldset><legend>Filters (empty: every link, any campaign)</legend><div class="grid"><div><label for="link_id">Only this link (its id, lnk_…)</label><input type="text" id="link_id" name="link_id" value="{{form.linkID}}">
        {{#linkIDError}}<p class="error" id="link-id-error">{{linkIDError}}</p>{{/linkIDError}}</div>
        <div><label for="campaign">Only links of this campaign</label><input type="text" id="campaign" name="campaign" value="{{form.campaign}}">
        {{#campaignError}}<p class="error" id="campaign-error">{{campaignError}}</p>{{/campaignError}}</div></div>
        <label style="font-weight:400"><input type="checkbox" name="automated"{{#form.automated}} checked{{/form.automated}}> Include scanners and bots (clicks of mail scanners, link previews and other robots)</label></fieldset>
        <button type="submit" id="save-webhook">Save webhook</button></form>{{> foot}}
        """#

    static let webhookLog = #"""
        {{> head}}<div class="row"><h1 style="flex:1">Deliveries to {{webhook.url}}</h1><a class="button secondary" href="/apps/{{appID}}/webhooks/{{webhook.id}}/edit">Edit</a></div>
        <p><a href="/apps/{{appID}}/webhooks">← Webhooks of {{appName}}</a></p>
        {{#webhook}}<section><div class="grid"><div><label>Events</label><code>{{events}}</code></div><div><label>Filters</label>{{filters}}</div><div><label>State</label>{{#enabled}}On{{/enabled}}{{^enabled}}<strong>Off</strong>{{/enabled}}</div></div>
        {{#turnedOff}}<p class="error" role="alert" id="turned-off">{{turnedOff}}</p>{{/turnedOff}}{{#failing}}<p class="error" id="failing">{{failing}}</p>{{/failing}}</section>{{/webhook}}
        <section><div class="row"><form method="post" action="/apps/{{appID}}/webhooks/{{webhook.id}}/test"><input type="hidden" name="csrf" value="{{session.csrf}}"><button id="send-test">Send test event</button></form>
        <form method="post" action="/apps/{{appID}}/webhooks/{{webhook.id}}/retry" data-confirm="Send every failed message again now?"><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary" id="retry-failed">Retry all failed</button></form>
        <form method="get" action="/apps/{{appID}}/webhooks/{{webhook.id}}" class="row" style="margin-left:auto"><label for="state">State</label><select id="state" name="state" style="width:auto">{{#states}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/states}}</select><button class="secondary">Show</button></form></div>
        <div class="table-wrap" role="region" tabindex="0" aria-label="Deliveries"><table id="messages"><thead><tr><th>Created</th><th>Event</th><th>State</th><th>Attempts</th><th>Last attempt</th><th>Last answer</th><th></th></tr></thead><tbody>
        {{#messages}}<tr><td class="muted"><time datetime="{{created.iso}}" title="{{created.iso}}">{{created.relative}}</time><br><code>{{id}}</code></td><td><code>{{type}}</code></td><td>{{state}}{{#nextAttempt}}<br><span class="muted">next <time datetime="{{nextAttempt.iso}}" title="{{nextAttempt.iso}}">{{nextAttempt.relative}}</time></span>{{/nextAttempt}}{{#delivered}}<br><span class="muted"><time datetime="{{delivered.iso}}" title="{{delivered.iso}}">{{delivered.relative}}</time></span>{{/delivered}}</td>
        <td>{{attempts}}</td><td>{{#lastAttempt}}<time datetime="{{lastAttempt.iso}}" title="{{lastAttempt.iso}}">{{lastAttempt.relative}}</time>{{/lastAttempt}}{{#duration}}<br><span class="muted">{{duration}}</span>{{/duration}}</td>
        <td>{{#lastStatus}}HTTP {{lastStatus}}{{/lastStatus}}{{#lastError}}<br><span class="error">{{lastError}}</span>{{/lastError}}{{#response}}<pre>{{response}}</pre>{{/response}}</td>
        <td><form method="post" action="/apps/{{appID}}/webhooks/{{webhook.id}}/messages/{{id}}/retry"><input type="hidden" name="csrf" value="{{session.csrf}}"><button class="secondary">Retry</button></form></td></tr>{{/messages}}
        {{^messages}}<tr><td colspan="7" class="muted">No messages{{#filtered}} are {{filtered}}{{/filtered}}{{^filtered}} yet{{/filtered}}.</td></tr>{{/messages}}</tbody></table></div>
        {{#next}}<p><a href="{{next}}">Older →</a></p>{{/next}}</section>{{> foot}}
        """#
}
