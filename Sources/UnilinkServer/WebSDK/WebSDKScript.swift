/// `/sdk/web.js`: the web SDK for the team's own site, plain JavaScript with no
/// dependencies. `unilink.init({...})` shows an "Open in the app" banner to iOS and
/// Android visitors that points to the alternate host with the page's own path (so the
/// tap, a user gesture, lets universal links and App Links fire; without the app the
/// alternate host sends the visitor to the store and the click waits for the install);
/// the close button hides it for `days` days. `unilink.link({...})` makes a short link
/// for the page (for share buttons) with the publishable key.
enum WebSDKScript {
    static let version = "1.0.0"

    static let source = #"""
        /*! Unilink web SDK 1.0.0 */
        (function (window, document) {
          "use strict";
          var config = null;
          var KEY = "unilink_banner_closed_until";

          function platform() {
            var ua = navigator.userAgent || "";
            if (/iPhone|iPod/.test(ua) || (/iPad/.test(ua) && /Mobile/.test(ua))) return "ios";
            if (/Android/.test(ua) && /Mobile/.test(ua)) return "android";
            return null;
          }

          function closedUntil() {
            try { return parseInt(window.localStorage.getItem(KEY) || "0", 10) || 0; } catch (e) { return 0; }
          }

          function remember(days) {
            try { window.localStorage.setItem(KEY, String(Date.now() + days * 86400000)); } catch (e) {}
          }

          function openURL(path) {
            var target = path || (window.location.pathname + window.location.search);
            return config.openHost.replace(/\/+$/, "") + (target.charAt(0) === "/" ? target : "/" + target);
          }

          function element(tag, attributes, text) {
            var node = document.createElement(tag);
            for (var name in attributes) { if (Object.prototype.hasOwnProperty.call(attributes, name)) node.setAttribute(name, attributes[name]); }
            if (text) node.textContent = text;
            return node;
          }

          function showBanner() {
            var banner = config.banner;
            if (!banner || !platform() || closedUntil() > Date.now() || document.getElementById("unilink-banner")) return;
            var bar = element("div", {
              id: "unilink-banner", role: "region", "aria-label": banner.title || "Open in the app",
              style: "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;display:flex;align-items:center;gap:12px;padding:12px 16px;" +
                     "background:#fff;color:#111;box-shadow:0 -2px 12px rgba(0,0,0,.15);font:15px/1.3 -apple-system,system-ui,sans-serif"
            });
            var words = element("div", { style: "flex:1" });
            words.appendChild(element("strong", { style: "display:block" }, banner.title || "Open in the app"));
            if (banner.text) words.appendChild(element("span", { style: "color:#555" }, banner.text));
            var open = element("a", {
              id: "unilink-banner-open", href: openURL(banner.path),
              style: "padding:8px 14px;border-radius:8px;background:#0071e3;color:#fff;text-decoration:none;font-weight:600"
            }, banner.button || "Open");
            var close = element("button", {
              id: "unilink-banner-close", type: "button", "aria-label": "Close",
              style: "border:0;background:none;font-size:22px;line-height:1;color:#888;cursor:pointer"
            }, "\u00d7");
            close.addEventListener("click", function () {
              remember(banner.days === undefined ? 7 : banner.days);
              bar.parentNode.removeChild(bar);
            });
            bar.appendChild(words);
            bar.appendChild(open);
            bar.appendChild(close);
            document.body.appendChild(bar);
          }

          var unilink = {
            version: "1.0.0",
            /** key: the app's publishable key; api: a host of the app serving the API
                (https://link.example.com); openHost: the app's alternate host; banner:
                {title, text, button, days, path} or false. */
            init: function (options) {
              config = {
                key: options.key, api: (options.api || "").replace(/\/+$/, ""),
                openHost: options.openHost || options.api, banner: options.banner === false ? null : (options.banner || {})
              };
              if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showBanner);
              else showBanner();
              return unilink;
            },
            /** A short link for this page (or options.path): resolves to {short_url, long_url}.
                The page's address becomes the link's web page (options.web_url, null for none):
                its host must be on the app's allow-list. */
            link: function (options) {
              options = options || {};
              var body = {
                path: options.path || window.location.pathname,
                deep_link_value: options.deep_link_value, campaign: options.campaign,
                social: options.social || { title: document.title },
                web_url: "web_url" in options ? options.web_url : window.location.href, data: options.data
              };
              return fetch(config.api + "/v1/sdk/links", {
                method: "POST", headers: { "Content-Type": "application/json", "X-Unilink-Key": config.key }, body: JSON.stringify(body)
              }).then(function (response) {
                return response.json().then(function (answer) {
                  if (!response.ok) throw new Error((answer.error && answer.error.message) || ("HTTP " + response.status));
                  return answer;
                });
              });
            }
          };
          window.unilink = unilink;
        })(window, document);
        """#
}
