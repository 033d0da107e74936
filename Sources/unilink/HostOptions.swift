import ArgumentParser

/// `--connect-to` and `--ca-file`, for every command that reaches a live host.
struct HostOptions: ParsableArguments {
    @Option(
        name: .customLong("connect-to"),
        help:
            "Connect to this address (or host name) instead of the host's own DNS; TLS and Host stay the host's. For a server before DNS points at it."
    )
    var connectTo: String?

    @Option(name: .customLong("ca-file"), help: "Trust only the certificates in this PEM file (a staging or internal CA) instead of the system's.")
    var caFile: String?

    var fetch: HostFetch { HostFetch(connectTo: connectTo, trustedRoots: caFile) }

    /// Said with every verdict reached through another CA: devices trust only the system's roots.
    var caution: String? {
        caFile.map { "note: trusted through --ca-file \($0): Apple's and Google's fetchers trust only public CAs" }
    }
}
