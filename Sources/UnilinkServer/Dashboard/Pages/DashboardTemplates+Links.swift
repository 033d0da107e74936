/// A link's page and its form.
extension DashboardTemplates {
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
}
