import Testing
import UnilinkCore

@testable import UnilinkServer

/// Reloads of the host directory overlap (an instance's own change, another instance's
/// announcement, the periodic one): what a later reload read is never replaced by what an
/// earlier one read, whichever finishes last.
@Suite("The host directory's reloads")
struct HostDirectoryTests {
    static let shop = App(id: "app_shop", name: "Shop", domains: [App.Domain(host: "exm.pl", role: .short)])

    @Test func anEarlierReadFinishingLastChangesNothing() {
        let directory = HostDirectory()
        let early = directory.startReload()
        let late = directory.startReload()
        directory.apply(HostDirectory.read(apps: [Self.shop], keys: [], adminHash: nil), generation: late)
        directory.apply(HostDirectory.read(apps: [], keys: [], adminHash: nil), generation: early)
        #expect(directory.host("exm.pl")?.app.id == "app_shop")
    }

    @Test func inOrderEachReadReplacesTheLast() {
        let directory = HostDirectory()
        let first = directory.startReload()
        directory.apply(HostDirectory.read(apps: [Self.shop], keys: [], adminHash: nil), generation: first)
        let second = directory.startReload()
        directory.apply(HostDirectory.read(apps: [], keys: [], adminHash: nil), generation: second)
        #expect(directory.host("exm.pl") == nil, "the app was deleted since")
    }
}
