import Foundation
import Logging
import Synchronization
import UnilinkCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `UNILINK_DEFERRED_EVIDENCE_LOG`: one JSON line per first launch matched by the model,
/// with what each candidate's evidence was made of, for fitting the model's weights
/// (`Benchmarks/deferred_fit.py`). A benchmark and diagnostic setting, not for production:
/// its click ids stay live tokens for the match window (`/v1/sdk/...` answers them), and a
/// line ties an install to other people's clicks. The file is created `0600` and appended
/// to (`O_APPEND`: two processes on one file interleave whole lines, never overwrite each
/// other); it stops at `limit` bytes, and at the first error (a full disk, a closed pipe)
/// with one warning, so it can neither fill the disk nor take the server down.
final class DeferredEvidenceLog: Sendable {
    struct Line: Encodable {
        let installID: String
        let answer: String?
        let candidates: [Candidate]
    }

    struct Candidate: Encodable {
        let clickID: String
        let terms: [String: Double]
        let corroborated: Bool
    }

    static let limit = 256 << 20

    /// The open descriptor and the bytes this process wrote to it; `nil` once it stopped.
    private struct Output {
        var descriptor: Int32
        var written: Int
    }

    private let output: Mutex<Output?>
    private let logger: Logger
    private let path: String

    init?(path: String, logger: Logger) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            logger.warning("UNILINK_DEFERRED_EVIDENCE_LOG '\(path)' cannot be opened (\(reason)); no evidence is logged")
            return nil
        }
        output = Mutex(Output(descriptor: descriptor, written: 0))
        self.logger = logger
        self.path = path
    }

    deinit {
        output.withLock { output in
            if let descriptor = output?.descriptor { close(descriptor) }
        }
    }

    /// The evidence for each candidate the matcher weighed for this install.
    func record(installID: String, fingerprint: InstallFingerprint, candidates: [PendingClick], history: [NetworkCrowd] = [], answer: String?) {
        guard !candidates.isEmpty, output.withLock({ $0 != nil }) else { return }
        let matcher = DeferredMatcher(recordsTerms: true)
        let crowds = DeferredMatcher.Crowds(candidates, for: fingerprint, history: history)
        let weighed = candidates.compactMap { click in
            matcher.evidence(fingerprint, click, crowds: crowds).map {
                Candidate(
                    clickID: click.clickID, terms: Dictionary(uniqueKeysWithValues: ($0.terms ?? [:]).map { ($0.key.rawValue, $0.value) }),
                    corroborated: $0.corroborated)
            }
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        guard !weighed.isEmpty, var data = try? encoder.encode(Line(installID: installID, answer: answer, candidates: weighed)) else { return }
        data.append(0x0A)
        write(data)
    }

    /// Appends one whole line, or stops logging: at the limit, or at any error.
    private func write(_ data: Data) {
        output.withLock { output in
            guard let current = output else { return }
            if current.written + data.count > Self.limit {
                logger.warning("UNILINK_DEFERRED_EVIDENCE_LOG reached \(Self.limit >> 20) MiB; no more evidence is logged")
                return stop(&output)
            }
            var offset = 0
            while offset < data.count {
                let result = data.withUnsafeBytes { bytes in
                    systemWrite(current.descriptor, bytes.baseAddress! + offset, data.count - offset)
                }
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    let reason = result < 0 ? String(cString: strerror(errno)) : "nothing written"
                    logger.warning("UNILINK_DEFERRED_EVIDENCE_LOG '\(path)' cannot be written (\(reason)); no more evidence is logged")
                    return stop(&output)
                }
                offset += result
            }
            output?.written += data.count
        }
    }

    private func stop(_ output: inout Output?) {
        if let descriptor = output?.descriptor { close(descriptor) }
        output = nil
    }
}

/// write(2), which the log's own `write(_:)` would shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
