import Foundation
import UnilinkAPI
import UnilinkCore

/// A pending click's stored document, written straight into bytes: what its row's columns
/// do not hold (ids, times, network keys, store and consumption are columns), as the
/// synthesized `Codable` conformance of `Stored` writes it (keys, omitted `nil`s). Every
/// mobile click writes one: Foundation's `JSONEncoder` cost a preview page more (11.6 %
/// of its CPU) than classifying, deciding and rendering it together, and repeating the
/// columns made the row a third longer (its pages and the WAL's are most of a preview's
/// writing). A test holds this writer to the encoder's output field by field, and one the
/// row to the click it was made from.
enum PendingClickDocument {
    /// The document's fields. Rows written before the columns were left out of it carry
    /// them as well; decoding ignores them.
    struct Stored: Codable, Equatable {
        var content: LinkContent
        var os: UserAgent.OS
        var osVersion: String?
        var model: String?
        var acceptLanguages: [String]
        var signals: DeviceSignals?
        var safariVersion: String?
        /// IPv6 or relayed; absent for IPv4 (and in rows written before it).
        var network: VisitorNetwork.Kind?
        var relayRegion: String?
        var variant: String?
        /// Android; absent in rows written before it (unknown).
        var referredToPlay: Bool?

        init(_ click: PendingClick) {
            content = click.content
            os = click.os
            osVersion = click.osVersion
            model = click.model
            acceptLanguages = click.acceptLanguages
            signals = click.signals
            safariVersion = click.safariVersion
            network = click.network == .ipv4 ? nil : click.network
            relayRegion = click.relayRegion
            variant = click.variant
            referredToPlay = click.referredToPlay
        }
    }

    static func encode(_ click: PendingClick) -> String {
        var json = JSONWriter()
        json.open()
        content(click.content, into: &json)
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
        json.field("network", click.network == .ipv4 ? nil : click.network.rawValue)
        json.field("relayRegion", click.relayRegion)
        json.field("variant", click.variant)
        json.field("referredToPlay", click.referredToPlay)
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
            json.field("image_url", social.imageURL)
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
