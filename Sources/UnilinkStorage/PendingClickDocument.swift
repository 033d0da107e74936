import Foundation
import UnilinkCore

/// A pending click's stored document, written straight into bytes: the same JSON the
/// synthesized `Codable` conformance produces (keys, omitted `nil`s, dates as epoch
/// milliseconds), so rows are read back with `JSONDocument.decode` as before. Every
/// mobile click writes one, and Foundation's `JSONEncoder` cost a preview page more
/// (11.6 % of its CPU) than classifying, deciding and rendering it together; a test holds
/// this writer to the encoder's output field by field.
enum PendingClickDocument {
    static func encode(_ click: PendingClick) -> String {
        var json = JSONWriter()
        json.open()
        json.field("clickID", click.clickID)
        json.field("appID", click.appID)
        json.field("linkID", click.linkID)
        content(click.content, into: &json)
        json.field("time", milliseconds: click.time)
        json.field("expiresAt", milliseconds: click.expiresAt)
        json.field("networkKey", click.networkKey)
        json.field("prefixKey", click.prefixKey)
        json.field("os", click.os.rawValue)
        json.field("osVersion", click.osVersion)
        json.field("model", click.model)
        json.field("acceptLanguages", click.acceptLanguages)
        if let signals = click.signals {
            json.open("signals")
            json.field("screenWidth", signals.screenWidth.map(Double.init))
            json.field("screenHeight", signals.screenHeight.map(Double.init))
            json.field("screenScale", signals.screenScale)
            json.field("timeZone", signals.timeZone)
            json.field("languages", signals.languages)
            json.close()
        }
        json.field("safariVersion", click.safariVersion)
        json.field("reachedStore", click.reachedStore)
        json.field("consumedBy", click.consumedBy)
        json.close()
        return json.text
    }

    private static func content(_ content: LinkContent, into json: inout JSONWriter) {
        json.open("content")
        json.field("path", content.path)
        json.field("deepLinkValue", content.deepLinkValue)
        json.open("deepLinkSubs")
        for (number, value) in content.deepLinkSubs { json.field(String(number), value) }
        json.close()
        json.field("ref", content.ref)
        json.field("webURL", content.webURL)
        json.field("iosURL", content.iosURL)
        json.field("androidURL", content.androidURL)
        json.field("desktopURL", content.desktopURL)
        json.field("webOnly", content.webOnly)
        if let versions = content.minAppVersion {
            json.open("minAppVersion")
            json.field("ios", versions.ios)
            json.field("android", versions.android)
            json.close()
        }
        if let social = content.social {
            json.open("social")
            json.field("title", social.title)
            json.field("description", social.description)
            json.field("imageURL", social.imageURL)
            json.close()
        }
        if let campaign = content.campaign {
            json.open("campaign")
            json.field("channel", campaign.channel)
            json.field("campaign", campaign.campaign)
            json.field("feature", campaign.feature)
            json.field("source", campaign.source)
            json.field("medium", campaign.medium)
            json.close()
        }
        json.open("data")
        for (name, value) in content.data { json.field(name, value) }
        json.close()
        json.field("dynamicLinkQuery", content.dynamicLinkQuery)
        json.close()
    }
}
