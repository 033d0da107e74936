import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `POST /v1/clicks/{click_id}/signals`: the preview page's script, once per click,
/// within minutes. No key: the click id is the credential, and a click takes one report.
struct SignalsController {
    let store: any PendingClickStore
    let clicks: ClickQueue
    let recorder: ClickRecorderService
    static let deadline: TimeInterval = 600
    static let maxBodyBytes = 4096

    /// `group` is `/v1/clicks`: no key, its own rate limit and body limit.
    func register(on group: RouterGroup<AppRequestContext>) {
        group.post(RouterPath(APIPath.relative(APIPath.clickSignals, to: APIPath.clicks)), use: signals)
    }

    @Sendable func signals(_ request: Request, context: AppRequestContext) async throws -> Response {
        let clickID = try context.parameters.require("click_id")
        guard ClickID.isWellFormed(Substring(clickID)) else { throw APIError.notFound("no click has the id '\(clickID.prefix(40))'") }
        let body = try await request.decode(as: ClickSignals.self, context: context)
        let signals = try Self.validate(body)
        var result = try await store.attach(signals: signals, toClick: clickID, now: .now, deadline: Self.deadline)
        if result == .unknownClick {
            // The page was quicker than the recorder: its click was queued before the page
            // was answered, so once what is queued now is stored, the click is there.
            await recorder.flush()
            await clicks.waitUntilStored(clicks.acceptedMark, timeout: .seconds(2))
            result = try await store.attach(signals: signals, toClick: clickID, now: .now, deadline: Self.deadline)
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
            timeZone: body.timeZone, languages: body.languages ?? [], field: "", dropImpossible: true
        )
    }
}
