import Foundation
import Testing
import UnilinkCore

/// Impossible device signals are dropped and named, never errors, never evidence.
@Suite("A first launch's impossible signals")
struct InstallSignalCheckTests {
    static func install(_ change: (inout InstallFingerprint) -> Void) -> InstallFingerprint {
        var install = DeferredMatcherTests.install()
        change(&install)
        return install
    }

    @Test(arguments: [
        ("a 0 px screen", install { $0.signals.screenWidth = 0 }, [InstallSignalCheck.Ignored.screen]),
        ("a screen of 3 points", install { $0.signals.screenHeight = 3 }, [.screen]),
        ("a scale of 40", install { $0.signals.screenScale = 40 }, [.screen]),
        ("a zone that does not exist", install { $0.signals.timeZone = "Mars/Olympus_Mons" }, [.timeZone]),
        ("an Android model on iOS", install { $0.model = "SM-S918B" }, [.model]),
        (
            "an iPhone on Android",
            install {
                $0.os = .android; $0.osVersion = "14"; $0.model = "iPhone15,2"
            }, [.model]
        ),
        ("iOS 3", install { $0.osVersion = "3.1" }, [.osVersion]),
        ("a version that is none", install { $0.osVersion = "latest" }, [.osVersion]),
        ("a language that is no tag", install { $0.signals.languages = ["de-DE", "<script>"] }, [.languages]),
        (
            "everything at once",
            install {
                $0.signals.screenWidth = 0; $0.signals.timeZone = "Nowhere"; $0.model = "Pixel 8"
            }, [.screen, .timeZone, .model]
        ),
        ("nothing wrong", install { _ in }, []),
    ])
    func impossibleSignalsAreDroppedAndNamed(_ name: String, install: InstallFingerprint, ignored: [InstallSignalCheck.Ignored]) {
        var checked = install
        #expect(InstallSignalCheck.sanitize(&checked) == ignored, "\(name)")
        if ignored.contains(.screen) { #expect(checked.signals.screenWidth == nil && checked.signals.screenScale == nil) }
        if ignored.contains(.timeZone) { #expect(checked.signals.timeZone == nil) }
        if ignored.contains(.model) { #expect(checked.model == nil) }
        if ignored.contains(.languages) { #expect(checked.signals.languages == ["de-DE"]) }
        if ignored.isEmpty { #expect(checked == install) }
    }

    /// Dropped, an impossible signal never raises the confidence: the same click matched
    /// with it is never surer than without it.
    @Test func anImpossibleSignalNeverRaisesTheConfidence() {
        let click = DeferredMatcherTests.click("c", model: nil)
        var lying = DeferredMatcherTests.install()
        lying.signals.timeZone = "Mars/Olympus_Mons"
        lying.model = "SM-S918B"
        _ = InstallSignalCheck.sanitize(&lying)
        var honest = DeferredMatcherTests.install()
        honest.signals.timeZone = nil
        honest.model = nil
        #expect(
            DeferredMatcherTests.confidence(DeferredMatcherTests.decide(lying, [click]))
                <= DeferredMatcherTests.confidence(DeferredMatcherTests.decide(honest, [click])))
    }
}
