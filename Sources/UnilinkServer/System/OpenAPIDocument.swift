/// The v1 contract (API.md) as OpenAPI 3.1. Written by hand, not generated from the
/// routes, so the test that compares the two can catch a route nobody described.
enum OpenAPIDocument {
    static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Unilink", "version": "1.0.0", "description": "Self-hosted universal links and deferred deep links."},
      "components": {
        "securitySchemes": {
          "admin": {"type": "http", "scheme": "bearer", "description": "The admin token (UNILINK_ADMIN_TOKEN)."},
          "secretKey": {"type": "http", "scheme": "bearer", "description": "An app's secret key, sk_..."},
          "publishableKey": {"type": "apiKey", "in": "header", "name": "X-Unilink-Key", "description": "An app's publishable key, pk_..."}
        },
        "parameters": {
          "id": {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}
        },
        "responses": {
          "Error": {"description": "A problem with the request", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "BranchError": {"description": "Branch's error shape", "content": {"application/json": {"schema": {"type": "object", "required": ["error"],
            "properties": {"error": {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}}}}}}
        },
        "schemas": {
          "GoogleError": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["code", "message", "status"],
            "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "status": {"type": "string"}}}}},
          "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}},
          "App": {"type": "object", "properties": {
            "id": {"type": "string", "readOnly": true},
            "name": {"type": "string", "maxLength": 200},
            "ios": {"type": "object", "properties": {"team_id": {"type": "string", "pattern": "^[A-Z0-9]{10}$"}, "bundle_id": {"type": "string"},
              "app_store_id": {"type": "string", "pattern": "^[0-9]+$"}, "scheme": {"type": "string"}, "additional_app_ids": {"type": "array", "items": {"type": "string"}}}},
            "android": {"type": "object", "properties": {"package": {"type": "string"}, "scheme": {"type": "string"},
              "sha256_cert_fingerprints": {"type": "array", "items": {"type": "string"}}}},
            "web": {"type": "object", "properties": {"fallback_url": {"type": "string", "format": "uri"}, "allowed_hosts": {"type": "array", "items": {"type": "string"}}}},
            "domains": {"type": "array", "items": {"type": "object", "required": ["host", "role"], "properties": {
              "host": {"type": "string"}, "role": {"type": "string", "enum": ["primary", "alternate", "short"]}}}},
            "paths": {"type": "array", "items": {"type": "string"}},
            "exclude_paths": {"type": "array", "items": {"type": "string"}},
            "match_window_seconds": {"type": "integer", "minimum": 60, "maximum": 604800},
            "pasteboard_token": {"type": "boolean"},
            "min_match_confidence": {"type": "number", "minimum": 0.5, "maximum": 1, "default": 0.9,
              "description": "How sure a probabilistic deferred match must be; below it the answer is not_found unless the SDK asks for weak matches."},
            "secret_key": {"type": "string", "readOnly": true, "description": "Only in the answer to POST /v1/apps."},
            "publishable_key": {"type": "string", "readOnly": true},
            "created_at": {"type": "string", "format": "date-time", "readOnly": true}}},
          "AppList": {"type": "object", "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/App"}}}},
          "Link": {"type": "object", "properties": {
            "id": {"type": "string", "readOnly": true}, "code": {"type": "string", "readOnly": true},
            "short_url": {"type": "string", "readOnly": true, "description": "Ends in the alias when the link has one, else the code."},
            "long_url": {"type": "string", "readOnly": true},
            "known_user_url": {"type": "string", "readOnly": true,
              "description": "The link with a signed ul_installed marker, for people known to have the app: where universal links do not fire it opens the app's scheme."},
            "path": {"type": "string"}, "deep_link_value": {"type": "string"},
            "deep_link_sub1": {"type": "string"}, "deep_link_sub2": {"type": "string"}, "deep_link_sub3": {"type": "string"},
            "deep_link_sub4": {"type": "string"}, "deep_link_sub5": {"type": "string"}, "deep_link_sub6": {"type": "string"},
            "deep_link_sub7": {"type": "string"}, "deep_link_sub8": {"type": "string"}, "deep_link_sub9": {"type": "string"},
            "deep_link_sub10": {"type": "string"},
            "ref": {"type": "string"}, "alias": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
            "web_url": {"type": "string"}, "ios_url": {"type": "string"}, "android_url": {"type": "string"}, "desktop_url": {"type": "string"},
            "web_only": {"type": "boolean"},
            "min_app_version": {"type": "object", "properties": {"ios": {"type": "string"}, "android": {"type": "string"}}},
            "social": {"type": "object", "properties": {"title": {"type": "string"}, "description": {"type": "string"}, "image_url": {"type": "string"}}},
            "campaign": {"type": "object", "properties": {"channel": {"type": "string"}, "campaign": {"type": "string"}, "feature": {"type": "string"},
              "source": {"type": "string"}, "medium": {"type": "string"}}},
            "data": {"type": "object", "additionalProperties": {"type": "string"}},
            "expires_at": {"type": "string", "format": "date-time"},
            "match_window_seconds": {"type": "integer", "minimum": 60, "maximum": 604800},
            "created_at": {"type": "string", "format": "date-time", "readOnly": true},
            "updated_at": {"type": "string", "format": "date-time", "readOnly": true}}},
          "LinkPage": {"type": "object", "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}}, "next_cursor": {"type": "string"}}},
          "LinkBatch": {"type": "object", "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}}}},
          "LinkStats": {"type": "object", "properties": {"link_id": {"type": "string"}, "clicks": {"type": "integer"},
            "by_platform": {"type": "object", "additionalProperties": {"type": "integer"}},
            "by_outcome": {"type": "object", "additionalProperties": {"type": "integer"}},
            "installs": {"type": "integer"}, "opens": {"type": "integer"},
            "daily": {"type": "array", "items": {"type": "object", "properties": {"date": {"type": "string", "format": "date"}, "clicks": {"type": "integer"}}}}}},
          "DeepLinkResult": {"type": "object", "required": ["status"], "properties": {
            "status": {"type": "string", "enum": ["found", "not_found"]},
            "deep_link": {"type": "object", "properties": {"url": {"type": "string"}, "path": {"type": "string"}, "deep_link_value": {"type": "string"},
              "is_deferred": {"type": "boolean"}, "match_type": {"type": "string", "enum": ["deterministic", "probabilistic", "weak"]},
              "confidence": {"type": "number", "minimum": 0, "maximum": 1}, "click_id": {"type": "string"},
              "min_app_version": {"type": "string"}, "requires_update": {"type": "boolean"},
              "store_url": {"type": "string"}, "fallback_url": {"type": "string"},
              "click_event": {"type": "object", "additionalProperties": {"type": "string"}}}}}}
        }
      },
      "paths": {
        "/v1/apps": {
          "post": {"summary": "Create an app with its hosts", "security": [{"admin": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/App"}}}},
            "responses": {"201": {"description": "Created; the only answer that shows the secret key", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/App"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}, "409": {"$ref": "#/components/responses/Error"}}},
          "get": {"summary": "List apps", "security": [{"admin": []}],
            "responses": {"200": {"description": "Apps", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AppList"}}}}, "401": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/apps/{id}": {
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "get": {"summary": "Get an app", "security": [{"admin": []}],
            "responses": {"200": {"description": "The app", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/App"}}}}, "404": {"$ref": "#/components/responses/Error"}}},
          "patch": {"summary": "Change an app (fields given replace the stored ones)", "security": [{"admin": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/App"}}}},
            "responses": {"200": {"description": "The app", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/App"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}, "409": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/apps/{id}/keys/rotate": {
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "post": {"summary": "A new secret or publishable key; the old one works until its grace period ends", "security": [{"admin": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {
              "kind": {"type": "string", "enum": ["secret", "publishable"], "default": "secret"},
              "grace_seconds": {"type": "integer", "minimum": 0, "maximum": 2592000, "default": 86400}}}}}},
            "responses": {"201": {"description": "The new key, shown once", "content": {"application/json": {"schema": {"type": "object", "properties": {
              "kind": {"type": "string"}, "secret_key": {"type": "string"}, "publishable_key": {"type": "string"},
              "previous_key_expires_at": {"type": "string", "format": "date-time"}}}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/links": {
          "post": {"summary": "Create a link (same alias and content: the existing link)", "security": [{"secretKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
            "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "200": {"description": "An identical link with this alias exists", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}, "409": {"$ref": "#/components/responses/Error"},
              "413": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}},
          "get": {"summary": "List links, newest first", "security": [{"secretKey": []}],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}, {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}}],
            "responses": {"200": {"description": "A page", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkPage"}}}}, "400": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/links/batch": {
          "post": {"summary": "Create up to 1000 links, all or none", "security": [{"secretKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "array", "maxItems": 1000, "items": {"$ref": "#/components/schemas/Link"}}}}},
            "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkBatch"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "409": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/links/{id}": {
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "get": {"summary": "Get a link", "security": [{"secretKey": []}],
            "responses": {"200": {"description": "The link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}},
          "patch": {"summary": "Change a link", "security": [{"secretKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
            "responses": {"200": {"description": "The link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
              "409": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}},
          "delete": {"summary": "Delete a link", "security": [{"secretKey": []}],
            "responses": {"204": {"description": "Deleted"}, "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/links/{id}/stats": {
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "get": {"summary": "Clicks by platform, outcome and day", "security": [{"secretKey": []}],
            "parameters": [{"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}}, {"name": "to", "in": "query", "schema": {"type": "string", "format": "date"}}],
            "responses": {"200": {"description": "Stats", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkStats"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/links/{id}/qr": {
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "get": {"summary": "The link's short URL (or long URL) as a QR code", "security": [{"secretKey": []}],
            "parameters": [{"name": "format", "in": "query", "schema": {"type": "string", "enum": ["svg", "png"], "default": "svg"}},
              {"name": "size", "in": "query", "schema": {"type": "integer", "minimum": 64, "maximum": 2048, "default": 256}},
              {"name": "level", "in": "query", "schema": {"type": "string", "enum": ["L", "M", "Q", "H"], "default": "M"}}],
            "responses": {"200": {"description": "The image", "content": {"image/svg+xml": {"schema": {"type": "string"}}, "image/png": {"schema": {"type": "string", "format": "binary"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/shortLinks": {
          "post": {"summary": "Firebase Dynamic Links' REST shape: a short link for a long dynamic link (same input, same short link)",
            "parameters": [{"name": "key", "in": "query", "required": true, "description": "The app's publishable key", "schema": {"type": "string"}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {
              "longDynamicLink": {"type": "string"}, "dynamicLinkInfo": {"type": "object"},
              "suffix": {"type": "object", "properties": {"option": {"type": "string", "enum": ["SHORT", "UNGUESSABLE"]}}}}}}}},
            "responses": {"200": {"description": "The short link", "content": {"application/json": {"schema": {"type": "object", "required": ["shortLink", "previewLink", "warning"],
                "properties": {"shortLink": {"type": "string"}, "previewLink": {"type": "string"}, "warning": {"type": "array", "items": {"type": "object",
                  "properties": {"warningCode": {"type": "string"}, "warningMessage": {"type": "string"}}}}}}}}},
              "400": {"description": "FDL's error shape", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GoogleError"}}}}}}
        },
        "/v1/url": {
          "post": {"summary": "Branch's link API shape: a short link from branch_key, alias and data",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {
              "branch_key": {"type": "string"}, "alias": {"type": "string"}, "data": {"type": "object"}, "channel": {"type": "string"},
              "feature": {"type": "string"}, "campaign": {"type": "string"}, "stage": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}}}},
            "responses": {"200": {"description": "The URL", "content": {"application/json": {"schema": {"type": "object", "properties": {"url": {"type": "string"}}}}}},
              "400": {"$ref": "#/components/responses/BranchError"}, "401": {"$ref": "#/components/responses/BranchError"},
              "409": {"$ref": "#/components/responses/BranchError"}, "422": {"$ref": "#/components/responses/BranchError"}}},
          "get": {"summary": "Branch's link read: a short link's data in Branch's keys",
            "parameters": [{"name": "url", "in": "query", "required": true, "schema": {"type": "string"}},
              {"name": "branch_key", "in": "query", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "The link", "content": {"application/json": {"schema": {"type": "object"}}}},
              "401": {"$ref": "#/components/responses/BranchError"}, "404": {"$ref": "#/components/responses/BranchError"}}}
        },
        "/v1/url/bulk/{branch_key}": {
          "parameters": [{"name": "branch_key", "in": "path", "required": true, "schema": {"type": "string"}}],
          "post": {"summary": "Branch's bulk link creation: one answer per link, in order",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "array", "maxItems": 1000, "items": {"type": "object"}}}}},
            "responses": {"200": {"description": "A URL or an error per link", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}},
              "400": {"$ref": "#/components/responses/BranchError"}, "401": {"$ref": "#/components/responses/BranchError"}}}
        },
        "/v1/sdk/links": {
          "post": {"summary": "A short link made by the web SDK on the team's site (content, campaign and card; no alias, destinations through the allow-list)",
            "security": [{"publishableKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
            "responses": {"201": {"description": "The link's addresses", "content": {"application/json": {"schema": {"type": "object",
                "properties": {"short_url": {"type": "string"}, "long_url": {"type": "string"}}}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}},
          "options": {"summary": "CORS preflight for the team's own origin", "responses": {"204": {"description": "Allowed"}}}
        },
        "/sdk/web.js": {
          "get": {"summary": "The web SDK (plain JavaScript), cached an hour", "responses": {"200": {"description": "The script", "content": {"text/javascript": {"schema": {"type": "string"}}}}}}
        },
        "/sdk/web-\#(WebSDKScript.version).js": {
          "get": {"summary": "The web SDK at a versioned address, cached a year", "responses": {"200": {"description": "The script", "content": {"text/javascript": {"schema": {"type": "string"}}}}}}
        },
        "/sdk/try": {
          "get": {"summary": "A page to try the web SDK (on a host no app claims)",
            "parameters": [{"name": "key", "in": "query", "schema": {"type": "string"}}, {"name": "api", "in": "query", "schema": {"type": "string"}},
              {"name": "open", "in": "query", "schema": {"type": "string"}}, {"name": "path", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "The page", "content": {"text/html": {"schema": {"type": "string"}}}}}}
        },
        "/v1/sdk/resolve": {
          "post": {"summary": "What a URL the app was opened with points to", "security": [{"publishableKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["url"],
              "properties": {"url": {"type": "string"}, "app_version": {"type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*$"},
                "os": {"type": "string", "enum": ["ios", "android"], "default": "ios"}}}}}},
            "responses": {"200": {"description": "The result", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DeepLinkResult"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/sdk/deferred": {
          "post": {"summary": "First launch after install: the link the app was installed from, once per install", "security": [{"publishableKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["install_id", "device"], "properties": {
              "install_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,128}$"}, "app_version": {"type": "string"},
              "device": {"type": "object", "required": ["os"], "properties": {"os": {"type": "string", "enum": ["ios", "android"]}, "os_version": {"type": "string"},
                "model": {"type": "string"}, "screen_width": {"type": "integer", "minimum": 1, "maximum": 20000}, "screen_height": {"type": "integer", "minimum": 1, "maximum": 20000},
                "screen_scale": {"type": "number", "minimum": 0.5, "maximum": 10}, "languages": {"type": "array", "maxItems": 10, "items": {"type": "string"}},
                "time_zone": {"type": "string"}}},
              "install_referrer": {"type": "string"}, "pasteboard_token": {"type": "string"},
              "allow_weak_match": {"type": "boolean", "description": "Also answer matches below the app's min_match_confidence, as match_type weak."}}}}}},
            "responses": {"200": {"description": "found (content parameters only) or not_found", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DeepLinkResult"}}}},
              "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/sdk/events": {
          "post": {"summary": "Record an open, install or custom event", "security": [{"publishableKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["install_id", "type"], "properties": {
              "install_id": {"type": "string"}, "type": {"type": "string", "enum": ["open", "install", "custom"]}, "name": {"type": "string"},
              "click_id": {"type": "string"}, "link_id": {"type": "string"}, "properties": {"type": "object", "additionalProperties": {"type": "string"}}}}}}},
            "responses": {"202": {"description": "Recorded"}, "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
              "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/v1/clicks/{click_id}/signals": {
          "parameters": [{"name": "click_id", "in": "path", "required": true, "schema": {"type": "string"}}],
          "post": {"summary": "The preview page reports what only the browser knows, once, within 10 minutes",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {
              "screen_width": {"type": "integer", "minimum": 1, "maximum": 20000}, "screen_height": {"type": "integer", "minimum": 1, "maximum": 20000},
              "screen_scale": {"type": "number", "minimum": 0.5, "maximum": 10}, "time_zone": {"type": "string"},
              "languages": {"type": "array", "maxItems": 10, "items": {"type": "string"}}}}}}},
            "responses": {"204": {"description": "Accepted"}, "400": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
              "409": {"$ref": "#/components/responses/Error"}, "410": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}}}
        },
        "/.well-known/apple-app-site-association": {
          "get": {"summary": "The host's AASA file", "responses": {"200": {"description": "AASA", "content": {"application/json": {}}}, "404": {"$ref": "#/components/responses/Error"}}},
          "head": {"summary": "The host's AASA file, headers only", "responses": {"200": {"description": "AASA headers"}, "404": {"description": "No app serves the host"}}}
        },
        "/apple-app-site-association": {
          "get": {"summary": "The host's AASA file (old iOS path)", "responses": {"200": {"description": "AASA", "content": {"application/json": {}}}, "404": {"$ref": "#/components/responses/Error"}}},
          "head": {"summary": "The AASA file at the old path, headers only", "responses": {"200": {"description": "AASA headers"}, "404": {"description": "No app serves the host"}}}
        },
        "/.well-known/assetlinks.json": {
          "get": {"summary": "The host's Digital Asset Links", "responses": {"200": {"description": "assetlinks", "content": {"application/json": {}}}, "404": {"$ref": "#/components/responses/Error"}}},
          "head": {"summary": "Digital Asset Links, headers only", "responses": {"200": {"description": "assetlinks headers"}, "404": {"description": "No app serves the host"}}}
        },
        "/robots.txt": {"get": {"summary": "Crawlers may read everything", "responses": {"200": {"description": "robots.txt", "content": {"text/plain": {}}}}}},
        "/healthz": {"get": {"summary": "Liveness", "responses": {"200": {"description": "ok", "content": {"application/json": {}}}}}},
        "/readyz": {"get": {"summary": "Readiness: the database answers", "responses": {"200": {"description": "ready, or degraded: the storage refuses writes (full, read-only) while clicks are answered", "content": {"application/json": {}}}, "503": {"description": "The database does not answer", "content": {"application/json": {}}}}}},
        "/metrics": {"get": {"summary": "Prometheus metrics", "responses": {"200": {"description": "Text exposition format", "content": {"text/plain": {}}}}}},
        "/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI", "content": {"application/json": {}}}}}},
        "/{path}": {
          "parameters": [{"name": "path", "in": "path", "required": true, "schema": {"type": "string"}, "description": "A short code, alias or claimed path on an app's host"}],
          "get": {"summary": "A click: redirect, preview page or crawler page",
            "responses": {"200": {"description": "Preview or crawler page", "content": {"text/html": {}}}, "302": {"description": "Redirect"},
              "404": {"description": "No such link or host"}, "410": {"description": "Expired link"}, "414": {"$ref": "#/components/responses/Error"}}},
          "head": {"summary": "A link check: never counted", "responses": {"200": {"description": "Headers of the crawler page"}, "404": {"description": "No such link"}}}
        }
      }
    }
    """#
}
