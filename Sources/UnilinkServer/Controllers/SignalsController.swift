import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `POST /v1/clicks/{click_id}/signals`: the preview page's script, once per click,
/// within minutes. No key: the click id is the credential, and a click takes one report.
struct SignalsController {
    let state: ServerState
    static let deadline: TimeInterval = 600
    static let maxBodyBytes = 4096

    func register(in table: RouteTable) {
        table.add(.post, "/v1/clicks/{click_id}/signals", use: signals)
    }

    @Sendable func signals(_ request: Request, context: AppRequestContext) async throws -> Response {
        let clickID = try context.parameters.require("click_id")
        guard Identifiers.isClickID(Substring(clickID)) else { throw APIError.notFound("no click has the id '\(clickID.prefix(40))'") }
        let body = try await HTTPBody(maxBytes: Self.maxBodyBytes).decode(ClickSignals.self, from: request)
        let signals = try Self.validate(body)
        var result = try await state.store.attach(signals: signals, toClick: clickID, now: .now, deadline: Self.deadline)
        if result == .unknownClick, state.clicks.contains(clickID: clickID) {
            // The page was quicker than the recorder: store the queue now and try again.
            await ClickRecorderService(queue: state.clicks, store: state.store, logger: context.logger).flush()
            result = try await state.store.attach(signals: signals, toClick: clickID, now: .now, deadline: Self.deadline)
        }
        switch result {
        case .accepted: return Response(status: .noContent)
        case .unknownClick: throw APIError.notFound("no pending click has the id '\(clickID)'")
        case .alreadyReceived: throw APIError.conflict("signals_already_received", "this click's signals were already received")
        case .tooLate: throw APIError(.gone, "click_too_old", "signals are accepted only within \(Int(Self.deadline / 60)) minutes of the click")
        }
    }

    static func validate(_ body: ClickSignals) throws -> DeviceSignals {
        try DeviceInput.signals(
            width: body.screenWidth, height: body.screenHeight, scale: body.screenScale,
            timeZone: body.timeZone, languages: body.languages ?? [], field: ""
        )
    }
}

/// Range checks shared by the page's signals and the SDK's device description.
enum DeviceInput {
    static func signals(width: Int?, height: Int?, scale: Double?, timeZone: String?, languages: [String], field: String) throws -> DeviceSignals {
        for (name, value) in [("screen_width", width), ("screen_height", height)] {
            if let value, !(1...20_000).contains(value) { throw APIError.badRequest("'\(field)\(name)' must be between 1 and 20000") }
        }
        if let scale, !(0.5...10).contains(scale) { throw APIError.badRequest("'\(field)screen_scale' must be between 0.5 and 10") }
        if let timeZone {
            guard (1...64).contains(timeZone.count), timeZone.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) }) else {
                throw APIError.badRequest("'\(field)time_zone' must be an IANA time zone name like Europe/Berlin")
            }
        }
        guard languages.count <= 10, languages.allSatisfy({ (1...35).contains($0.count) }) else {
            throw APIError.badRequest("'\(field)languages' takes at most 10 language tags of up to 35 characters")
        }
        return DeviceSignals(screenWidth: width, screenHeight: height, screenScale: scale, timeZone: timeZone, languages: languages)
    }
}
