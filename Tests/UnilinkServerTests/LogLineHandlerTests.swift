import Foundation
import Logging
import Synchronization
import Testing

@testable import UnilinkServer

/// The server's log lines keep `StreamLogHandler`'s format, and metadata costs nothing
/// until a line is written (every request's logger gets a request id).
@Suite("Log lines")
struct LogLineHandlerTests {
    final class Lines: Sendable {
        let written = Mutex<[String]>([])
    }

    final class CountedValue: CustomStringConvertible, Sendable {
        let reads = Mutex(0)
        var description: String {
            reads.withLock { $0 += 1 }
            return "req-1"
        }
    }

    static func logger(_ lines: Lines) -> Logger {
        Logger(label: "unilink") { label in LogLineHandler(label: label) { line in lines.written.withLock { $0.append(line) } } }
    }

    @Test func aLineHasTheStreamHandlersFormatWithSortedMetadata() throws {
        let lines = Lines()
        var logger = Self.logger(lines)
        logger[metadataKey: "b"] = "2"
        logger[metadataKey: "a"] = "1"
        logger.info("hello", metadata: ["c": "3"])
        let line = try #require(lines.written.withLock { $0 }.first)
        #expect(
            line.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info unilink: a=1 b=2 c=3 \[UnilinkServerTests\] hello\n/) != nil, "\(line)")
        logger.logLevel = .error
        logger.info("quiet")
        logger.error("loud")
        #expect(lines.written.withLock { $0 }.count == 2)
        #expect(lines.written.withLock { $0 }.last?.contains("error unilink: a=1 b=2 [UnilinkServerTests] loud") == true)
    }

    @Test func metadataIsFormattedOnlyWhenALineIsWritten() {
        let lines = Lines()
        let value = CountedValue()
        var logger = Self.logger(lines)
        for _ in 0..<1000 {
            var request = logger
            request[metadataKey: "hb.request.id"] = .stringConvertible(value)
            request.debug("below the level")
        }
        #expect(value.reads.withLock { $0 } == 0, "setting metadata or a filtered line formats nothing")
        logger[metadataKey: "hb.request.id"] = .stringConvertible(value)
        logger.warning("written")
        #expect(value.reads.withLock { $0 } == 1)
        #expect(lines.written.withLock { $0 }.count == 1)
    }
}
