import Foundation
import Logging

/// The server's log lines, in swift-log's `StreamLogHandler` format (`<time> <level>
/// <label>: <metadata> [<source>] <message>` on standard error), without its eager work:
/// `StreamLogHandler` formats the whole metadata every time one key is set, and
/// Hummingbird sets a request id on every request's logger, while almost no request
/// writes a line. Here metadata is formatted when a line is written (5 % of an
/// association file's CPU went to the eager formatting).
struct LogLineHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String) -> Void

    init(
        label: String, metadataProvider: Logger.MetadataProvider? = nil,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let pretty = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        write("\(Self.timestamp()) \(event.level) \(label):\(pretty.isEmpty ? "" : " " + pretty) [\(event.source)] \(event.message)\n")
    }

    /// Local time, as `StreamLogHandler` writes it.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
