/// A link's QR block (a partial of the link's page) and the page of an app's QR design.
extension DashboardTemplates {
    /// Needs `link.id`, `link.shortURL` and `appID` of the page that includes it.
    static let linkQR = #"""
        <div id="link-qr"><label>QR code</label><img id="qr" src="/links/{{link.id}}/qr.png?size=240" width="240" height="240" alt="QR code of {{link.shortURL}}">
        <p id="qr-downloads">In the app's design: <a href="/links/{{link.id}}/qr.png?size=1024" download>PNG 1024</a> · <a href="/links/{{link.id}}/qr.png?size=2048" download>PNG 2048 (print)</a> · <a href="/links/{{link.id}}/qr.png?size=4096" download>PNG 4096 (print)</a> · <a href="/links/{{link.id}}/qr.svg?size=1024" download>SVG</a><br>
        Plain black on white: <a href="/links/{{link.id}}/qr.png?size=1024&amp;fg=000000&amp;bg=ffffff&amp;logo=0" download>PNG 1024</a> · <a href="/links/{{link.id}}/qr.png?size=4096&amp;fg=000000&amp;bg=ffffff&amp;logo=0" download>PNG 4096</a> · <a href="/links/{{link.id}}/qr.svg?size=1024&amp;fg=000000&amp;bg=ffffff&amp;logo=0" download>SVG</a><br>
        <a href="/apps/{{appID}}/qr" id="qr-design-link">QR design of the app</a></p></div>
        """#

    static let qrDesign = #"""
        {{> head}}<h1>{{title}}</h1><p><a href="/apps/{{appID}}">← {{appName}}</a></p>
        <form method="post" action="/apps/{{appID}}/qr" id="qr-design-form"><input type="hidden" name="csrf" value="{{session.csrf}}">
        <section class="grid"><div><fieldset><legend>Colours</legend>
        <label for="foreground">Modules (dark), #rrggbb</label><div class="row"><input type="color" id="foreground-picker" value="{{form.foreground}}" aria-label="Pick the modules' colour" style="width:48px"><input type="text" id="foreground" name="foreground" value="{{form.foreground}}" placeholder="#000000" style="flex:1;width:auto"></div>
        {{#foregroundError}}<p class="error" id="foreground-error">{{foregroundError}}</p>{{/foregroundError}}
        <label for="background">Background (light), #rrggbb</label><div class="row"><input type="color" id="background-picker" value="{{form.background}}" aria-label="Pick the background colour" style="width:48px"><input type="text" id="background" name="background" value="{{form.background}}" placeholder="#ffffff" style="flex:1;width:auto"></div>
        {{#backgroundError}}<p class="error" id="background-error">{{backgroundError}}</p>{{/backgroundError}}
        {{#coloursError}}<p class="error" id="colours-error">{{coloursError}}</p>{{/coloursError}}
        <p class="muted">Dark on light, with a contrast of at least 4.5:1: scanners do not read codes that are too faint or inverted.</p></fieldset>
        <fieldset><legend>Logo</legend><label for="logo-file">A PNG of at most 64 KiB and 512×512 pixels, drawn in the centre (the code then uses error correction H)</label>
        <input type="file" id="logo-file" accept="image/png">
        <details{{#logoError}} open{{/logoError}}><summary class="muted">Or paste the PNG as base64</summary><textarea id="logo_png" name="logo_png" aria-label="The logo as base64">{{form.logo}}</textarea></details>
        {{#logoError}}<p class="error" id="logo-error">{{logoError}}</p>{{/logoError}}
        {{#hasLogo}}<label style="font-weight:400"><input type="checkbox" name="remove_logo" id="remove_logo"{{#form.removeLogo}} checked{{/form.removeLogo}}> Remove the logo</label>{{/hasLogo}}</fieldset></div>
        <div><label>Preview of {{previewURL}}</label><div id="qr-preview">{{{preview}}}</div></div></section>
        <div class="row"><button type="submit" id="save-qr-design">Save</button><button type="submit" class="secondary" name="preview" value="1" id="preview-qr-design">Preview</button></div></form>
        <script>
        (function(){var hex=/^#?[0-9a-fA-F]{6}$/;function paint(){var f=document.getElementById('foreground').value,b=document.getElementById('background').value,s=document.querySelector('#qr-preview svg');if(!s)return;
        if(hex.test(f)){s.querySelector('path').setAttribute('fill',f.charAt(0)=='#'?f:'#'+f);document.getElementById('foreground-picker').value=f.charAt(0)=='#'?f:'#'+f}
        if(hex.test(b)){s.querySelector('rect').setAttribute('fill',b.charAt(0)=='#'?b:'#'+b);document.getElementById('background-picker').value=b.charAt(0)=='#'?b:'#'+b}}
        ['foreground','background'].forEach(function(n){document.getElementById(n).addEventListener('input',paint);document.getElementById(n+'-picker').addEventListener('input',function(e){document.getElementById(n).value=e.target.value;paint()})});
        document.getElementById('logo-file').addEventListener('change',function(e){var file=e.target.files[0];if(!file)return;var r=new FileReader();r.onload=function(){document.getElementById('logo_png').value=String(r.result).split(',')[1]||'';document.getElementById('preview-qr-design').click()};r.readAsDataURL(file)});})();
        </script>{{> foot}}
        """#
}
