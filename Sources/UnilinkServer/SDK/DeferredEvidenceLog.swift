import Foundation
import Logging
import Synchronization
import UnilinkCore

/// `UNILINK_DEFERRED_EVIDENCE_LOG`: one JSON line per first launch matched by the model,
/// with what each candidate's evidence was made of, for fitting the model's weights
/// (`Benchmarks/deferred_fit.py`). Ids only, no address or device; it stops writing at
/// `limit` bytes so it cannot fill the disk.
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

    static let limit: UInt64 = 256 << 20

    private let file: Mutex<FileHandle?>
    private let logger: Logger

    init?(path: String, logger: Logger) {
        guard FileManager.default.fileExists(atPath: path) || FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            logger.warning("UNILINK_DEFERRED_EVIDENCE_LOG '\(path)' cannot be written; no evidence is logged")
            return nil
        }
        handle.seekToEndOfFile()
        file = Mutex(handle)
        self.logger = logger
    }

    /// The evidence for each candidate the matcher weighed for this install.
    func record(installID: String, fingerprint: InstallFingerprint, candidates: [PendingClick], answer: String?) {
        guard !candidates.isEmpty else { return }
        let matcher = DeferredMatcher(recordsTerms: true)
        let crowds = DeferredMatcher.Crowds(candidates, for: fingerprint)
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
        file.withLock { handle in
            guard let current = handle else { return }
            if current.offsetInFile + UInt64(data.count) > Self.limit {
                logger.warning("UNILINK_DEFERRED_EVIDENCE_LOG reached \(Self.limit >> 20) MiB; no more evidence is logged")
                try? current.close()
                handle = nil
                return
            }
            current.write(data)
        }
    }
}
